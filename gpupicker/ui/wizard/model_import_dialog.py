"""Import a model from files: a folder, a file, or the Hugging Face cache list.

The dialog shows what :func:`gpupicker.importers.inspect_path` read (exact
parameter count, bytes per dtype, architecture fields, warnings) and saves it
as a user model of the catalog. A file that cannot be read shows its message in
the dialog; nothing is saved and the dialog stays usable.

The files are read on a worker thread (``QThreadPool``): the window keeps painting, and a
progress dialog with Cancel appears when a read takes longer than
:data:`PROGRESS_AFTER_MS` (a 72 MB header with a million tensors takes ~18 s).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QEventLoop, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from ...catalog import CatalogRepository
from ..catalog_access import write_error_message, write_error_types
from ..i18n.formatting import fmt_bytes
from ..i18n.placeholders import tr_fmt
from ..widgets.file_dialogs import ask_folder, ask_path
from ..widgets.file_drop import accept_url_drag, dropped_local_file

if TYPE_CHECKING:  # the importers load when a file is first inspected
    from ...importers import ImportedModel

PROGRESS_AFTER_MS = 400
"""A read that takes longer than this shows the progress dialog with its Cancel button."""


class _InspectSignals(QObject):
    """``done(object)``: the ImportedModel, or the exception the read raised."""

    done = Signal(object)


class _InspectJob(QRunnable):
    """One :func:`gpupicker.importers.inspect_path` call on a pool thread."""

    def __init__(self, path: str, cancel: threading.Event) -> None:
        super().__init__()
        self.path = path
        self.cancel = cancel
        self.signals = _InspectSignals()
        self.setAutoDelete(False)  # the dialog keeps it until its answer arrives

    @override
    def run(self) -> None:  # noqa: D102 - QRunnable override
        from ...importers import inspect_path

        try:
            result: object = inspect_path(self.path, cancel=self.cancel)
        except Exception as exc:  # noqa: BLE001 - handed to the UI thread, shown there
            result = exc
        self.signals.done.emit(result)


class ModelImportDialog(QDialog):
    """Pick model files, see what they hold, save them to the catalog.

    Signals:
        imported(str): the catalog id of the model just saved.
    """

    imported = Signal(str)

    def __init__(self, repo: CatalogRepository, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.model: ImportedModel | None = None
        self._jobs: set[_InspectJob] = set()  # reads in flight (kept alive until they answer)
        self.progress: QProgressDialog | None = None
        """The progress dialog of the read in flight (None when none is)."""
        self.setWindowTitle(self.tr("Import a model"))
        self.setAcceptDrops(True)
        self.folder_button = QPushButton(self.tr("&Folder…"))
        self.file_button = QPushButton(self.tr("F&ile…"))
        self.cache_list = QListWidget()
        self.cache_label = QLabel()
        self.cache_label.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.error_label = QLabel()
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)  # names are data, not markup
        self.error_label.setObjectName("error")
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.name_edit = QLineEdit()
        self.id_edit = QLineEdit()
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.addButton(
            self.tr("&Save to catalog and use"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.save_button.setEnabled(False)

        top = QHBoxLayout()
        top.addWidget(
            QLabel(self.tr("Read a model folder, .safetensors, .gguf or config.json (or drop it here):"))
        )
        top.addStretch(1)
        top.addWidget(self.folder_button)
        top.addWidget(self.file_button)
        form = QFormLayout()
        form.addRow(self.tr("&Name:"), self.name_edit)
        form.addRow(self.tr("Catalog &id:"), self.id_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.cache_label)
        layout.addWidget(self.cache_list, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(form)
        layout.addWidget(self.details, 2)
        layout.addWidget(self.buttons)
        self.resize(720, 560)

        self.folder_button.clicked.connect(self._on_folder)
        self.file_button.clicked.connect(self._on_file)
        self.cache_list.itemActivated.connect(self._on_cache_item)
        self.cache_list.currentItemChanged.connect(lambda cur, _prev: self._on_cache_item(cur))
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self.refresh_cache()

    # ---- sources ------------------------------------------------------------------------
    def refresh_cache(self) -> None:
        """List the Hugging Face cache's models ($HF_HUB_CACHE, $HF_HOME/hub or ~/.cache)."""
        from ...importers import cache_dir, list_cached_models

        self.cache_list.clear()
        found = list_cached_models()
        for m in found:
            item = QListWidgetItem(f"{m.repo_id}   ({fmt_bytes(m.size_bytes, 'GB', 2)})")
            item.setData(Qt.ItemDataRole.UserRole, str(m.snapshot))
            self.cache_list.addItem(item)
        where = str(cache_dir())
        self.cache_label.setText(
            tr_fmt(self.tr("Hugging Face cache (%1): %2 models"), where, str(len(found)))
            if found
            else tr_fmt(self.tr("No models in the Hugging Face cache (%1)."), where)
        )

    @Slot()
    def _on_folder(self) -> None:
        path = ask_folder(self, self.tr("Model folder"))
        if path:
            self.inspect(path)

    @Slot()
    def _on_file(self) -> None:
        path = ask_path(
            self,
            "open",
            self.tr("Model file"),
            self.tr("Model files (*.safetensors *.gguf *.json);;All files (*)"),
        )
        if path:
            self.inspect(path)

    def _on_cache_item(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.inspect(str(item.data(Qt.ItemDataRole.UserRole)))

    @override
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: D102 - Qt override
        accept_url_drag(event)

    @override
    def dropEvent(self, event: QDropEvent) -> None:  # noqa: D102 - Qt override
        path = dropped_local_file(event)
        if path is not None:
            self.inspect(path)

    # ---- reading and saving -------------------------------------------------------------
    def read_in_background(self, path: str) -> object:
        """Run ``inspect_path(path)`` on a pool thread and wait for it with the event loop
        running (the window repaints; Cancel works); returns the model or the exception.

        After :data:`PROGRESS_AFTER_MS` a progress dialog offers Cancel, which sets the
        reader's cancel event and answers with :class:`~gpupicker.importers.ImportCancelledError`
        at once (the worker stops at its next check and its late answer is dropped).
        """
        from ...core.messages import msg
        from ...importers import ImportCancelledError

        cancel = threading.Event()
        job = _InspectJob(path, cancel)
        loop = QEventLoop(self)
        answer: list[object] = []

        def done(result: object) -> None:
            if not answer:
                answer.append(result)
            loop.quit()

        progress = self.progress = QProgressDialog(
            tr_fmt(self.tr("Reading %1…"), path), self.tr("Cancel"), 0, 0, self
        )
        progress.setWindowTitle(self.tr("Import a model"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        # shown by this timer: a busy dialog (range 0…0) gets no setValue that would show it
        show_later = QTimer(self)
        show_later.setSingleShot(True)
        show_later.timeout.connect(lambda: progress.show() if not answer else None)
        show_later.start(PROGRESS_AFTER_MS)

        def cancelled() -> None:
            cancel.set()
            done(ImportCancelledError(msg("importers.cancelled")))

        job.signals.done.connect(done, Qt.ConnectionType.QueuedConnection)
        progress.canceled.connect(cancelled)
        self._jobs.add(job)
        job.signals.done.connect(lambda _r: self._jobs.discard(job))
        QThreadPool.globalInstance().start(job)
        if not answer:
            loop.exec()
        show_later.stop()
        show_later.deleteLater()
        progress.close()
        progress.deleteLater()
        self.progress = None
        return answer[0]

    def inspect(self, path: str) -> bool:
        """Read ``path`` (headers only, off the UI thread: :meth:`read_in_background`); show
        what it holds, or why it cannot be read. Returns True when it was read."""
        from ...importers import ModelImportError, suggest_id
        from ...importers.base import ImportedModel as Imported

        result = self.read_in_background(path)
        if not isinstance(result, Imported):
            self.model = None
            self.save_button.setEnabled(False)
            self.details.setPlainText("")
            text = (
                _error_text(result) if isinstance(result, ModelImportError) else str(result)
            )  # OSError: a race with the file system (deleted meanwhile)
            self.error_label.setText(tr_fmt(self.tr("Cannot import %1: %2"), path, text))
            return False
        model = result
        self.model = model
        self.error_label.setText("")
        self.name_edit.setText(model.name or "")
        self.id_edit.setText(suggest_id(model.name or "model"))
        self.details.setPlainText(self._describe(model))
        self.save_button.setEnabled(bool(model.params) and not self._read_only())
        return True

    def _read_only(self) -> bool:
        from ..catalog_access import is_read_only

        return is_read_only(self.repo)

    def _describe(self, m: ImportedModel) -> str:
        from ..i18n.core_messages import tr_message

        source = {"tensors": self.tr("the tensor headers"), "config": self.tr("the config.json fields")}.get(
            m.params_source or "", "?"
        )
        lines = [tr_fmt(self.tr("Parameters: %1 (from %2)"), f"{m.params:,}" if m.params else "?", source)]
        if m.weights_bytes is not None:
            lines.append(
                tr_fmt(
                    self.tr("Weights: %1 bytes (%2)"),
                    f"{m.weights_bytes:,}",
                    fmt_bytes(m.weights_bytes, "GiB", 2),
                )
            )
        for d, b in sorted(m.bytes_by_dtype.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {d}: {b:,}")
        lines.extend(f"{k}: {v}" for k, v in m.config.items())
        lines.extend(f"quantization.{k}: {v}" for k, v in m.quantization.items())
        for c in m.components:
            lines.append(
                f"{c.name} ({c.class_name}): " + (f"{c.params:,}" if c.params else self.tr("no weights read"))
            )
        lines.extend(tr_fmt(self.tr("Warning: %1"), tr_message(w)) for w in m.warnings)
        return "\n".join(lines)

    @Slot()
    def save(self) -> bool:
        """Save the inspected model as a user model (id made unique); emit ``imported``."""
        from ...importers import ModelImportError, to_record

        if self.model is None:
            return False
        try:
            record = to_record(
                self.model,
                model_id=self.id_edit.text().strip() or None,
                name=self.name_edit.text().strip() or None,
            )
            rid, n = record.id, 2
            while self.repo.get_catalog_model(rid) is not None:
                rid, n = f"{record.id}_{n}", n + 1
            record = record.model_copy(update={"id": rid})
            self.repo.upsert_model(record)
        except (ModelImportError, ValueError) as exc:
            self.error_label.setText(tr_fmt(self.tr("Cannot save: %1"), _error_text(exc)))
            return False
        except write_error_types() as exc:
            self.error_label.setText(write_error_message(exc))
            return False
        self.imported.emit(record.id)
        self.accept()
        return True


def _error_text(exc: Exception) -> str:
    """An importer's error in the UI's language: the Message it carries (``args[0]``) rendered
    by ``tr_message``; any other error (pydantic's, the file system's) as its own text."""
    from ...core.messages import Message
    from ..i18n.core_messages import tr_message

    first = exc.args[0] if exc.args else None
    return tr_message(first) if isinstance(first, Message) else str(exc)
