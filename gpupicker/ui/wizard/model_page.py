"""The wizard's model page: search the catalog's models, import one from a file or folder, or give
its size; the context length when the task needs one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError
from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QSignalBlocker,
    QSortFilterProxyModel,
    Qt,
    Slot,
)
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from ...core.model_arch import ModelArch
from ...core.report.zh_names import model_matches, model_search_terms
from ...core.workload import Workload
from ..controller import WorkloadController
from ..i18n.formatting import error_messages, fmt_count
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import glossary
from ..widgets.file_dialogs import ask_path
from ..widgets.file_drop import accept_url_drag, dropped_local_file
from ..widgets.number_input import IntSpinBox, NumberSpinBox
from ..widgets.table_model import ModelIndex
from .model_list_model import ModelListModel

if TYPE_CHECKING:  # the dialog is imported when first opened
    from ...catalog.records import CatalogModel
    from .model_import_dialog import ModelImportDialog
from .page_base import (
    Page,
    buddy,
    set_spin,
)


class ModelFilter(QSortFilterProxyModel):
    """Text filter over all columns plus a model-kind filter (LLM vs diffusion per task)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = "llm"
        self.terms: tuple[str, ...] = ()
        """The search's words (:func:`~gpupicker.core.report.zh_names.model_search_terms`)."""

    def set_query(self, text: str) -> None:
        """Show only models whose id, name or family hold every word of ``text`` (any order;
        Chinese names such as 千问 count as the catalog's word)."""
        terms = model_search_terms(text)
        if terms != self.terms:
            self.beginFilterChange()
            self.terms = terms
            self.endFilterChange()

    def set_kind(self, kind: str) -> None:
        """Show only models of ``kind``."""
        if kind != self.kind:
            self.beginFilterChange()
            self.kind = kind
            self.endFilterChange()

    @override
    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, ModelListModel):
            return super().filterAcceptsRow(source_row, source_parent)
        m = model.model_at(source_row)
        if m.kind != self.kind:
            return False
        return model_matches(self.terms, m.id, m.name, m.family)


class ModelPage(Page):
    """Pick a catalog model (searchable) or describe a custom one."""

    controller: WorkloadController  # built with the controller (Page allows None)

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setTitle(self.tr("Which model?"))
        self.setSubTitle(
            self.tr("Search the catalog, or enter a custom parameter count or config.json fields.")
        )
        self.list_model = ModelListModel(self._models(), self)
        self.proxy = ModelFilter(self)
        self.proxy.setSourceModel(self.list_model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)

        self.catalog_radio = QRadioButton(self.tr("&Catalog model"))
        self.custom_radio = QRadioButton(self.tr("C&ustom model"))
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search by name or family, e.g. mistral, qwen, 70b"))
        self.search.setClearButtonEnabled(True)
        self.no_match = QLabel()
        self.no_match.setObjectName("warning")
        self.no_match.setWordWrap(True)
        self.no_match.hide()
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        hh = self.view.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in (1, 2, 3):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)

        self._build_custom_box()

        self.selected_label = QLabel()
        self.selected_label.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.selected_label.setObjectName("selection")
        self.import_button = QPushButton(self.tr("&Import model files…"))
        self.import_button.setToolTip(
            self.tr(
                "Read a model folder, .safetensors, .gguf, "
                "config.json or the Hugging Face cache (or drop "
                "a file or folder on this page)"
            )
        )
        self.import_dialog: ModelImportDialog | None = None
        self.setAcceptDrops(True)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.catalog_radio)
        top.addWidget(self.custom_radio)
        top.addWidget(self.import_button)
        top.addStretch(1)
        top.addWidget(self.selected_label)
        layout.addLayout(top)
        layout.addWidget(self.search)
        layout.addWidget(self.no_match)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.custom_box)
        layout.addWidget(self.live)
        # Tab or Down from the search goes on to the list it filters (the wizard puts the
        # keyboard in the search on arrival: focus_on_arrival)
        QWidget.setTabOrder(self.search, self.view)
        self.search.installEventFilter(self)
        self._connect()

    def _build_custom_box(self) -> None:
        """The Custom model group: parameter count, architecture fields, load config.json, apply."""
        self.custom_box = QGroupBox(self.tr("Custom model"))
        self.params_b = NumberSpinBox()
        self.params_b.setRange(0.0, 5000.0)
        self.params_b.setDecimals(2)
        self.params_b.setSuffix(self.tr(" B"))
        self.params_b.setSpecialValueText(self.tr("from the fields below"))
        self.params_b.setToolTip(
            self.tr(
                "Exact parameter count in billions (optional: computed from the architecture fields when 0)."
            )
        )
        self.fields: dict[str, IntSpinBox] = {}
        form = QGridLayout(self.custom_box)
        form.addWidget(buddy(self.tr("&Parameters:"), self.params_b), 0, 0)
        form.addWidget(self.params_b, 0, 1)
        field_names = {
            "num_hidden_layers": self.tr("Layers:"),
            "hidden_size": self.tr("Hidden size:"),
            "num_attention_heads": self.tr("Attention heads:"),
            "num_key_value_heads": self.tr("KV heads (GQA):"),
            "intermediate_size": self.tr("MLP size:"),
            "vocab_size": self.tr("Vocabulary:"),
        }
        for i, (name, text) in enumerate(field_names.items()):
            spin = IntSpinBox()
            spin.setRange(0, 10_000_000)
            spin.setGroupSeparatorShown(True)
            self.fields[name] = spin
            row, col = 1 + i // 2, (i % 2) * 2
            label = buddy(text, spin)
            if name == "num_key_value_heads":
                label.setToolTip(glossary()["gqa"])
            form.addWidget(label, row, col)
            form.addWidget(spin, row, col + 1)
        self.load_config_button = QPushButton(self.tr("Load config.&json…"))
        self.apply_custom_button = QPushButton(self.tr("Use &these values"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.load_config_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_custom_button)
        form.addLayout(buttons, 5, 0, 1, 4)

    def _models(self) -> list[CatalogModel]:
        return list(self.controller.repo.models())

    def _connect(self) -> None:
        spins: list[IntSpinBox | NumberSpinBox] = [self.params_b, *self.fields.values()]
        for spin in spins:
            spin.rejected.connect(self.controller.inputRejected)
        self.search.textChanged.connect(self._on_search)
        self.view.selectionModel().currentRowChanged.connect(self._on_row_changed)
        self.catalog_radio.toggled.connect(self._on_mode_changed)
        self.apply_custom_button.clicked.connect(self.apply_custom)
        self.load_config_button.clicked.connect(self._on_load_config)
        self.import_button.clicked.connect(lambda: self.open_import())
        self.controller.modelsChanged.connect(self._on_models_changed)
        self._connect_sync()

    @Slot()
    def _on_models_changed(self) -> None:
        self.list_model.set_models(self._models())
        self.sync_from(self.controller.workload)

    @Slot(bool)
    def _on_mode_changed(self, catalog: bool) -> None:
        self.search.setEnabled(catalog)
        self.view.setEnabled(catalog)
        self.custom_box.setEnabled(not catalog)
        if catalog:
            self._on_row_changed(self.view.currentIndex())
        self.completeChanged.emit()

    def focus_on_arrival(self) -> None:
        """Put the keyboard in the search (catalog mode), so typing on arrival searches:
        QWizard focuses the page's first tab stop, the Catalog model radio, where typed
        letters did nothing (real window, Xvfb)."""
        if self.catalog_radio.isChecked():
            self.search.setFocus(Qt.FocusReason.OtherFocusReason)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Down in the search goes into the list, on the selected (first visible) model."""
        if (
            watched is self.search
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Down
            and self.proxy.rowCount() > 0
        ):
            if not self.view.currentIndex().isValid():
                self.view.setCurrentIndex(self.proxy.index(0, 0))
            self.view.setFocus(Qt.FocusReason.TabFocusReason)
            return True
        return super().eventFilter(watched, event)

    @Slot(str)
    def _on_search(self, text: str) -> None:
        """Filter the table. The selected model stays while the filter lists it; when the
        filter hides it, the first visible match becomes the model, so "Selected: …", Enter
        and Next use a model the user sees, never a hidden one (Qt's own move of the current
        row is not used: it picked a neighbour of the hidden row)."""
        self._filtering = True
        try:
            with QSignalBlocker(self.view.selectionModel()):
                # words in any order over ids, names and families; Chinese names people
                # search with (千问, 深度求索 …) count as the catalog's words
                self.proxy.set_query(text)
                self.view.selectionModel().clearCurrentIndex()
                self.view.clearSelection()
            self.sync_from(self.controller.workload)  # re-select it if still listed
        finally:
            self._filtering = False
        if not self.view.currentIndex().isValid() and self.proxy.rowCount() > 0:
            self.view.setCurrentIndex(self.proxy.index(0, 0))  # sets the model (_on_row_changed)
        self._show_no_match(text)
        self.completeChanged.emit()

    @override
    def isComplete(self) -> bool:
        """Next (and Enter) wait while the search hides every catalog model: the selected
        model is not one the user sees (the line under the search says so)."""
        return not (self.catalog_radio.isChecked() and bool(self.proxy.terms) and self.proxy.rowCount() == 0)

    def _show_no_match(self, text: str) -> None:
        """The line under the search when it hides every model (else hidden)."""
        none = bool(self.proxy.terms) and self.proxy.rowCount() == 0
        if none:
            self.no_match.setText(
                tr_fmt(
                    self.tr(
                        "No model matches “%1”. Try fewer words or a family (qwen, llama, sdxl), or "
                        "describe it under Custom model."
                    ),
                    text.strip(),
                )
            )
        self.no_match.setVisible(none)

    @Slot()
    def _on_row_changed(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        if getattr(self, "_filtering", False) or not current.isValid() or not self.catalog_radio.isChecked():
            return
        m = self.list_model.model_at(self.proxy.mapToSource(current).row())
        self.controller.set_model(m.id, m.arch)

    @Slot()
    def apply_custom(self) -> bool:
        """Build a ModelArch from the custom fields and use it."""
        data: dict[str, object] = {k: s.value() for k, s in self.fields.items() if s.value() > 0}
        if self.params_b.value() > 0:
            data["params"] = int(round(self.params_b.value() * 1e9))
        data["name"] = self.tr("Custom model")
        try:
            arch = ModelArch.model_validate(data)
        except ValidationError as exc:
            self.controller.inputRejected.emit(error_messages(exc))
            return False
        return self.controller.set_model(None, arch)

    def load_config(self, path: str) -> bool:
        """Fill the custom fields from a Hugging Face config.json (read as JSON only)."""
        from ...importers import ModelImportError
        from ...importers.safetensors_reader import read_json
        from ..i18n.core_messages import tr_message

        try:
            # the importers' reader: regular files only, size cap, bounded JSON (a FIFO or a
            # link to /dev/zero would block or fill memory); its errors are ValueErrors
            cfg = read_json(Path(path))
            arch = ModelArch.from_config(cfg)
        except ModelImportError as exc:  # its Message, in the UI's language
            self.controller.inputRejected.emit(
                tr_fmt(self.tr("Cannot read %1: %2"), path, tr_message(exc.args[0]))
            )
            return False
        except (OSError, ValueError, ValidationError) as exc:
            self.controller.inputRejected.emit(tr_fmt(self.tr("Cannot read %1: %2"), path, str(exc)))
            return False
        self.custom_radio.setChecked(True)
        self._fill_fields(arch)
        return self.apply_custom()

    @Slot()
    def _on_load_config(self) -> None:
        path = ask_path(self, "open", self.tr("Open config.json"), self.tr("JSON files (*.json)"))
        if path:
            self.load_config(path)

    def open_import(self, path: str | None = None) -> ModelImportDialog:
        """Open the import dialog (non-blocking), reading ``path`` first when given."""
        from .model_import_dialog import ModelImportDialog

        if self.import_dialog is None:
            self.import_dialog = ModelImportDialog(self.controller.repo, self)
            self.import_dialog.imported.connect(self._on_imported)
        if path:
            self.import_dialog.inspect(path)
        self.import_dialog.open()
        return self.import_dialog

    @Slot(str)
    def _on_imported(self, model_id: str) -> None:
        self.controller.on_catalog_changed()
        arch = self.controller.repo.get_model(model_id)
        if arch is not None:
            self.catalog_radio.setChecked(True)
            self.controller.set_model(model_id, arch)
        # a quantized checkpoint (GGUF file type, GPTQ/AWQ/bnb/fp8 config) sets the weights
        # format of an inference plan; training tasks keep their own (QLoRA: NF4)
        from ...core.dtypes import known_weight_dtypes

        model = self.import_dialog.model if self.import_dialog is not None else None
        dtype = model.quantization.get("weights_dtype") if model is not None else None
        if dtype in known_weight_dtypes() and self.controller.workload.is_text_inference:
            self.controller.update(weights_dtype=dtype)

    @override
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: D102 - Qt override
        accept_url_drag(event)

    @override
    def dropEvent(self, event: QDropEvent) -> None:  # noqa: D102 - Qt override
        path = dropped_local_file(event)
        if path is not None:
            self.open_import(path)

    def _fill_fields(self, arch: ModelArch) -> None:
        for k, spin in self.fields.items():
            set_spin(spin, int(getattr(arch, k) or 0))
        set_spin(self.params_b, (arch.params or 0) / 1e9)

    @override
    def sync_from(self, w: Workload) -> None:
        self.proxy.set_kind("diffusion" if w.is_image else "llm")
        catalog = w.model_id is not None
        radio = self.catalog_radio if catalog else self.custom_radio
        if not radio.isChecked():
            with QSignalBlocker(radio):
                radio.setChecked(True)
            self.search.setEnabled(catalog)
            self.view.setEnabled(catalog)
            self.custom_box.setEnabled(not catalog)
        if catalog and w.model_id is not None:
            row = self.list_model.row_of(w.model_id)
            cur = self.view.currentIndex()
            if row >= 0 and (not cur.isValid() or self.proxy.mapToSource(cur).row() != row):
                idx = self.proxy.mapFromSource(self.list_model.index(row, 0))
                if idx.isValid():
                    with QSignalBlocker(self.view.selectionModel()):
                        self.view.setCurrentIndex(idx)
        if w.model is not None:
            if catalog:
                self._fill_fields(w.model)
            n = w.model.param_count() if w.model.kind == "llm" else (w.model.params or 0)
            # %3, the count in the UI's units, is for translations that write it (zh_CN:
            # 7.24B 参数，约 72.4 亿)
            self.selected_label.setText(
                tr_fmt(
                    self.tr("Selected: %1 (%2 B parameters)"),
                    w.model.name or w.model_id or "",
                    f"{n / 1e9:.2f}",
                    fmt_count(n),
                )
            )
