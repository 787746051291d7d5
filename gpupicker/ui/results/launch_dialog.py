"""Launch config… on the results page: the command line and SkyPilot / dstack YAML for the
selected option (``core.launch_config``), each with a Copy button."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...catalog import CatalogRepository
from ...core.planners.launch_config import LaunchConfig, launch_config, model_repo
from ...core.results import Option
from ...core.workload import Workload
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt

translate = QCoreApplication.translate


def config_for(window_repo: CatalogRepository, w: Workload, option: Option) -> LaunchConfig:
    """The launch config of ``option`` for workload ``w`` (model repo from the catalog).

    Raises:
        ValueError: a framework or task gpupicker has no launcher for.
    """
    ref = ms_id = family = None
    if w.model_id:
        cm = window_repo.get_catalog_model(w.model_id)
        if cm is not None:
            ref = model_repo(cm.hf_repo, cm.source)
            ms_id, family = cm.modelscope_id or None, cm.family
    gpu = window_repo.get_gpu(option.gpu_id)
    return launch_config(
        w,
        option,
        ref,
        gpu_memory_gb=gpu.memory_gb if gpu is not None else None,
        modelscope_id=ms_id,
        family=family,
        gpu=gpu,
    )


class LaunchDialog(QDialog):
    """Three read-only texts (command, SkyPilot, dstack), each with Copy; assumptions and
    warnings listed above. Public: ``texts`` (name → QPlainTextEdit), ``copy_buttons``."""

    def __init__(self, cfg: LaunchConfig, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr_fmt(translate("LaunchDialog", "Launch config: %1"), title))
        self.resize(820, 520)
        lay = QVBoxLayout(self)
        notes = [tr_fmt(translate("LaunchDialog", "Assumes: %1"), tr_message(a)) for a in cfg.assumptions]
        notes += [tr_fmt(translate("LaunchDialog", "Check: %1"), tr_message(x)) for x in cfg.warnings]
        info = QLabel("\n".join(notes))
        info.setTextFormat(Qt.TextFormat.PlainText)  # the notes name GPUs, models, providers
        info.setWordWrap(True)
        lay.addWidget(info)
        tabs = QTabWidget()
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.texts: dict[str, QPlainTextEdit] = {}
        self.copy_buttons: dict[str, QPushButton] = {}
        for key, label, text in (
            ("command", tr_fmt(translate("LaunchDialog", "Command (%1)"), cfg.engine), cfg.command),
            *(
                [("download", translate("LaunchDialog", "Download the weights"), cfg.download)]
                if cfg.download
                else []
            ),
            ("skypilot", translate("LaunchDialog", "SkyPilot task.yaml"), cfg.skypilot_yaml),
            ("dstack", translate("LaunchDialog", "dstack .dstack.yml"), cfg.dstack_yaml),
        ):
            page = QWidget()
            pl = QVBoxLayout(page)
            edit = QPlainTextEdit(text)
            edit.setReadOnly(True)
            edit.setFont(mono)
            pl.addWidget(edit)
            row = QHBoxLayout()
            row.addStretch(1)
            copy = QPushButton(translate("LaunchDialog", "&Copy"))
            copy.clicked.connect(lambda _=False, t=text: QGuiApplication.clipboard().setText(t))
            row.addWidget(copy)
            pl.addLayout(row)
            tabs.addTab(page, label)
            self.texts[key] = edit
            self.copy_buttons[key] = copy
        lay.addWidget(tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
