"""The catalog window's "Owned GPUs" tab: enter the hardware you own, see its hourly cost.

The hourly cost comes from :func:`gpupicker.core.pricing.owned.owned_cost`; the rows are the
catalog's ``owned_gpus`` table. Owned GPUs then rank alongside rentals on the results page.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from ...catalog import CatalogRepository
from ...core.hardware.detect import DetectedMachine
from ...core.hardware.specs import GpuSpec
from ...core.pricing.money import USD, Money
from ...core.pricing.owned import OwnedGpu, owned_cost
from ...core.units import GiB
from ...service import this_computer
from ..catalog_access import write_error_message
from ..i18n.core_messages import tr_message
from ..i18n.formatting import display_name
from ..i18n.placeholders import tr_fmt


class _DetectSignals(QObject):
    """Carries a finished detection from the worker thread to the tab."""

    done = Signal(object)  # DetectedMachine


class _DetectJob(QRunnable):
    """Runs the vendors' tools off the UI thread (nvidia-smi may take seconds to answer)."""

    def __init__(self, repo_gpus: list[GpuSpec], signals: _DetectSignals) -> None:
        super().__init__()
        self._gpus = repo_gpus
        self._signals = signals

    @override
    def run(self) -> None:
        """Detect and hand the machine to the UI thread."""
        self._signals.done.emit(this_computer.detect(self._gpus))


class OwnedGpusTab(QWidget):
    """Form + table of the user's own GPUs.

    Signals:
        changed(): an owned set was added or removed (the results recompute).
    """

    changed = Signal()
    table_name = "owned_gpus"

    def __init__(self, repo: CatalogRepository, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.gpu_box = QComboBox()
        for g in repo.gpus():  # the name in the UI's language; the id (CSV, CLI) as tooltip
            self.gpu_box.addItem(display_name(g.name), g.id)
            self.gpu_box.setItemData(self.gpu_box.count() - 1, g.id, Qt.ItemDataRole.ToolTipRole)
        i = self.gpu_box.findData("rtx_4090")
        if i >= 0:
            self.gpu_box.setCurrentIndex(i)
        self.count = QSpinBox()
        self.count.setRange(1, 4096)
        self.count.setValue(1)
        self.purchase = QDoubleSpinBox()
        self.purchase.setRange(0, 1e9)
        self.purchase.setDecimals(2)
        self.purchase.setValue(1800)
        self.currency = QLineEdit("USD")
        self.currency.setMaxLength(3)
        self.power = QDoubleSpinBox()
        self.power.setRange(0, 100_000)
        self.power.setSuffix(" W")
        self.power.setSpecialValueText(self.tr("the GPU's TDP"))
        self.kwh = QDoubleSpinBox()
        self.kwh.setRange(0, 1000)
        self.kwh.setDecimals(3)
        self.kwh.setValue(0.15)
        self.years = QDoubleSpinBox()
        self.years.setRange(0.25, 50)
        self.years.setValue(3)
        self.utilization = QSpinBox()
        self.utilization.setRange(1, 100)
        self.utilization.setSuffix(" %")
        self.utilization.setValue(50)
        form = QFormLayout()
        form.addRow(self.tr("GPU"), self.gpu_box)
        form.addRow(self.tr("How many"), self.count)
        form.addRow(self.tr("Purchase price (all cards)"), self.purchase)
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow(self.tr("Power per GPU while working"), self.power)
        form.addRow(self.tr("Electricity price per kWh"), self.kwh)
        form.addRow(self.tr("Years to write off"), self.years)
        form.addRow(self.tr("Expected utilization"), self.utilization)
        self.add_button = QPushButton(self.tr("&Add owned GPUs"))
        self.remove_button = QPushButton(self.tr("&Remove selected"))
        self.detect_button = QPushButton(self.tr("This &computer…"))
        self.detect_button.setToolTip(
            self.tr(
                "Read this computer's GPUs, their free VRAM and the RAM with nvidia-smi / rocm-smi "
                "(Linux) or system_profiler (macOS). Runs only when you press it; nothing is saved "
                "until you press Save."
            )
        )
        self.save_detected_button = QPushButton(self.tr("&Save as owned GPUs"))
        self.save_detected_button.setVisible(False)
        self.detected = QLabel()
        self.detected.setWordWrap(True)
        self.detected.setTextFormat(Qt.TextFormat.PlainText)
        self._machine: DetectedMachine | None = None
        self._detect_signals = _DetectSignals(self)
        self._detect_signals.done.connect(self._show_detected)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.message.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("GPU"),
                self.tr("Count"),
                self.tr("Purchase"),
                self.tr("Use"),
                self.tr("Cost per GPU-hour"),
            ]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        buttons.addWidget(self.detect_button)
        buttons.addWidget(self.save_detected_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.detected)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        self.add_button.clicked.connect(self.add_owned)
        self.remove_button.clicked.connect(self.remove_selected)
        self.detect_button.clicked.connect(self.detect_this_computer)
        self.save_detected_button.clicked.connect(self.save_detected)
        self._ids: list[int] = []
        self.reload()

    def set_read_only(self, read_only: bool) -> None:
        """Disable the editing buttons on a read-only catalog."""
        self.add_button.setEnabled(not read_only)
        self.remove_button.setEnabled(not read_only)
        self.save_detected_button.setEnabled(not read_only)

    def reload(self) -> None:
        """Re-read the owned sets from the catalog."""
        try:
            owned = self.repo.owned_gpus()
        except Exception:  # noqa: BLE001 - an old read-only catalog without the table
            owned = []
        rates = self.repo.get_fx_rates()
        try:  # shown in the display currency, the one conversion of core.money
            money = Money.for_display(self.repo.get_display_currency(), rates)
        except ValueError:
            money = USD
        self._ids = [o.id for o in owned if o.id is not None]  # a stored row always has its id
        self.table.setRowCount(len(owned))
        for r, o in enumerate(owned):
            try:
                cost = money.fmt(owned_cost(o, self.repo.get_gpu(o.gpu_id), rates).usd_per_gpu_hour, 4)
            except ValueError as exc:
                cost = str(exc)
            gpu = self.repo.get_gpu(o.gpu_id)
            cells = (
                display_name(gpu.name) if gpu is not None else o.gpu_id,
                str(o.count),
                f"{o.purchase_price:,.2f} {o.currency}",
                tr_fmt(self.tr("%1 × %2 years"), f"{o.utilization:.0%}", f"{o.years:g}"),
                cost,
            )
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))

    def current_owned(self) -> OwnedGpu:
        """The form as an :class:`OwnedGpu` (raises ValueError for a bad figure)."""
        return OwnedGpu(
            gpu_id=self.gpu_box.currentData(),
            count=self.count.value(),
            purchase_price=self.purchase.value(),
            currency=(self.currency.text().strip() or "USD").upper(),
            power_w=self.power.value() or None,
            electricity_per_kwh=self.kwh.value(),
            years=self.years.value(),
            utilization=self.utilization.value() / 100.0,
        )

    @Slot()
    def add_owned(self) -> None:
        """Store the form's owned set."""
        try:
            o = self.current_owned()
            owned_cost(o, self.repo.get_gpu(o.gpu_id), self.repo.get_fx_rates())
            self.repo.add_owned_gpu(o)
        except ValueError as exc:
            self.message.setText(tr_fmt(self.tr("Not saved — %1"), str(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - read-only or locked catalog
            self.message.setText(write_error_message(exc))
            return
        self.message.setText("")
        self.reload()
        self.changed.emit()

    @Slot()
    def remove_selected(self) -> None:
        """Delete the selected owned sets."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()}, reverse=True)
        for r in rows:
            try:
                self.repo.remove_owned_gpu(self._ids[r])
            except Exception as exc:  # noqa: BLE001
                self.message.setText(write_error_message(exc))
                return
        if rows:
            self.reload()
            self.changed.emit()

    @Slot()
    def detect_this_computer(self) -> None:
        """Run the tools off the UI thread; the result shows below the buttons."""
        self.detect_button.setEnabled(False)
        self.save_detected_button.setVisible(False)
        self.detected.setText(self.tr("Reading this computer's GPUs and RAM…"))
        QThreadPool.globalInstance().start(_DetectJob(self.repo.gpus(), self._detect_signals))

    def _gib(self, n: int | None) -> str:
        return "?" if n is None else tr_fmt(self.tr("%1 GiB"), f"{n / GiB:.1f}")

    @Slot(object)
    def _show_detected(self, machine: DetectedMachine) -> None:
        self._machine = machine
        self.detect_button.setEnabled(True)
        lines = []
        for m in machine.gpus:
            free = m.gpu.memory_free_bytes
            mem = self._gib(m.gpu.memory_total_bytes)
            if free is not None:
                mem = tr_fmt(self.tr("%1, %2 free"), mem, self._gib(free))
            target = m.gpu_id or self.tr("not in the catalog")
            lines.append(tr_fmt(self.tr("%1 → %2 (%3)"), m.gpu.name, target, mem))
        if machine.ram_total_bytes is not None:
            ram = tr_fmt(self.tr("RAM: %1"), self._gib(machine.ram_total_bytes))
            if machine.unified_memory:
                ram += self.tr(" — one pool shared with the GPU")
            lines.append(ram)
        lines += [tr_message(n) for n in machine.notes]
        self.detected.setText("\n".join(lines))
        self.save_detected_button.setVisible(bool(machine.counts()))

    @Slot()
    def save_detected(self) -> None:
        """Save the detected GPUs as owned GPUs (purchase price 0) and the machine's RAM."""
        if self._machine is None:
            return
        try:
            res = this_computer.save_machine(self.repo, self._machine)
        except Exception as exc:  # noqa: BLE001 - read-only or locked catalog
            self.message.setText(write_error_message(exc))
            return
        self.save_detected_button.setVisible(False)
        self.message.setText("\n".join(tr_message(n) for n in res.notes))
        self.reload()
        self.changed.emit()
