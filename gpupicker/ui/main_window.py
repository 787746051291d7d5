"""Main window: the wizard (task → model → quantization → budget → results), menus, status bar."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QSettings, Qt, Slot
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget, QWizard

from .. import paths
from .catalog_access import is_read_only
from .controller import WorkloadController
from .preferences import Preferences, window_state_path
from .results_page import ResultsPage
from .wizard_pages import BudgetPage, ModelPage, QuantizationPage, TaskPage

PAGE_NAMES = ("task", "model", "quantization", "budget", "results")


class PlanWizard(QWizard):
    """The wizard embedded in the main window; Back/Next only, Enter = Next."""

    def __init__(self, controller: WorkloadController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlags(Qt.WindowType.Widget)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoCancelButton, True)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setButtonLayout([QWizard.WizardButton.Stretch, QWizard.WizardButton.BackButton,
                              QWizard.WizardButton.NextButton])
        self.task_page = TaskPage(controller)
        self.model_page = ModelPage(controller)
        self.quant_page = QuantizationPage(controller)
        self.budget_page = BudgetPage(controller)
        self.results_page = ResultsPage(controller)
        self.page_ids: dict[str, int] = {}
        for name, page in zip(PAGE_NAMES, (self.task_page, self.model_page, self.quant_page,
                                           self.budget_page, self.results_page), strict=True):
            self.page_ids[name] = self.addPage(page)

    def show_page(self, name: str) -> None:
        """Jump to a page by name (task, model, quantization, budget, results)."""
        target = self.page_ids[name]
        if self.currentId() == -1:
            self.setStartId(target)
            self.restart()
            return
        while self.currentId() > target:
            self.back()
        while self.currentId() < target:
            self.next()

    def done(self, result: int) -> None:  # noqa: D102 - embedded: never close
        return None


class MainWindow(QMainWindow):
    """Holds the wizard, the menus and the status bar; opens the catalog editor.

    Signals are on the controller; the window wires them in :meth:`_connect`.
    """

    def __init__(self, repo: Any, controller: WorkloadController | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = repo
        self.prefs = Preferences.load()
        self.controller = controller or WorkloadController(repo, prefs=self.prefs, parent=self)
        self.setWindowTitle(self.tr("gpupicker — which GPU for your AI job"))
        icon = paths.resources_dir() / "icons" / "gpupicker.svg"
        if icon.exists():
            self.setWindowIcon(QIcon(str(icon)))
        self.wizard = PlanWizard(self.controller, self)
        self.setCentralWidget(self.wizard)
        self.catalog_window: Any = None
        self.status_label = QLabel()
        self.statusBar().addPermanentWidget(self.status_label)
        self._build_menus()
        self._connect()
        self._restore_state()
        where = getattr(repo, "path", None)
        self.status_label.setText(self.tr("Catalog: %1").replace("%1", str(where))
                                  if where else "")
        if is_read_only(repo):
            self.status_label.setText(self.tr("Catalog: read-only"))
        self.controller.recompute()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.catalog_action = QAction(self.tr("Edit &catalog…"), self)
        self.catalog_action.setShortcut(QKeySequence(self.tr("Ctrl+K")))
        self.prefs_action = QAction(self.tr("&Preferences…"), self)
        self.prefs_action.setShortcut(QKeySequence.StandardKey.Preferences)
        self.quit_action = QAction(self.tr("&Quit"), self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        file_menu.addAction(self.catalog_action)
        file_menu.addAction(self.prefs_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        go = self.menuBar().addMenu(self.tr("&Go"))
        self.results_action = QAction(self.tr("&Results"), self)
        self.results_action.setShortcut(QKeySequence(self.tr("Ctrl+R")))
        go.addAction(self.results_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.about_action = QAction(self.tr("&About gpupicker"), self)
        help_menu.addAction(self.about_action)

    def _connect(self) -> None:
        self.controller.inputRejected.connect(self._on_input_rejected)
        self.controller.resultsChanged.connect(self._on_results)
        self.catalog_action.triggered.connect(self.open_catalog_editor)
        self.prefs_action.triggered.connect(self.open_preferences)
        self.quit_action.triggered.connect(self.close)
        self.results_action.triggered.connect(lambda: self.wizard.show_page("results"))
        self.about_action.triggered.connect(self._on_about)

    @Slot(str)
    def _on_input_rejected(self, msg: str) -> None:
        self.statusBar().showMessage(self.tr("Not applied: %1").replace("%1", msg), 8000)

    @Slot(object)
    def _on_results(self, view: Any) -> None:
        fits = sum(1 for o in view.options if o.fits)
        self.statusBar().showMessage(
            self.tr("%1 of %2 GPU options fit · computed in %3 ms")
            .replace("%1", str(fits)).replace("%2", str(len(view.options)))
            .replace("%3", f"{self.controller.last_compute_s * 1000:.1f}"), 5000)

    @Slot()
    def open_catalog_editor(self) -> Any:
        """Show the catalog window (created once)."""
        from .catalog_window import CatalogWindow

        if self.catalog_window is None:
            self.catalog_window = CatalogWindow(self.repo, self.controller.prefs, self)
            self.catalog_window.catalogChanged.connect(self.controller.on_catalog_changed)
        self.catalog_window.show()
        self.catalog_window.raise_()
        return self.catalog_window

    @Slot()
    def open_preferences(self) -> Any:
        """Show the preferences dialog (non-modal)."""
        from .dialogs import PreferencesDialog

        dlg = PreferencesDialog(self.controller.prefs, self)
        dlg.prefsAccepted.connect(self._apply_prefs)
        dlg.show()
        return dlg

    @Slot(object)
    def _apply_prefs(self, prefs: Preferences) -> None:
        prefs.save()
        self.prefs = prefs
        self.controller.set_prefs(prefs)
        if self.catalog_window is not None:
            self.catalog_window.set_prefs(prefs)

    @Slot()
    def _on_about(self) -> None:
        from .dialogs import show_about

        show_about(self)

    # ---- geometry ---------------------------------------------------------------------
    def _settings(self) -> QSettings:
        return QSettings(str(window_state_path()), QSettings.Format.IniFormat)

    def _restore_state(self) -> None:
        s = self._settings()
        geo = s.value("main/geometry", type=QByteArray)
        if isinstance(geo, QByteArray) and not geo.isEmpty():
            self.restoreGeometry(geo)
        else:
            self.resize(1240, 860)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.controller.wait_idle()
        s = self._settings()
        s.setValue("main/geometry", self.saveGeometry())
        s.sync()
        if self.catalog_window is not None:
            self.catalog_window.close()
        super().closeEvent(event)
