"""Main window: the wizard (task → model → quantization → budget → results), menus, status bar.

Importing this module loads Qt and the first (task) page only: the window can be shown, and
its first page painted, before pydantic, core, the catalog and the other pages are loaded
(cold start). ``MainWindow(repo)`` builds everything at once; ``MainWindow()``
builds the window with its first page, and :meth:`MainWindow.start_steps` the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, QTimer, Slot
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from .. import paths
from ..typing_override import override
from .i18n.placeholders import tr_fmt
from .settings.window_state import save_geometry, saved_geometry
from .widgets.actions import new_action, set_shortcut
from .wizard.plan_wizard import PAGE_NAMES, PlanWizard

if TYPE_CHECKING:  # imported after the first paint (cold start)
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMessageBox

    from ..catalog import CatalogRepository
    from .catalog_editor.window import CatalogWindow
    from .compare_dialog import CompareDialog
    from .compute import RecommendationView
    from .controller import WorkloadController
    from .settings.dialogs import PreferencesDialog
    from .settings.preferences import Preferences

DEFAULT_SIZE = QSize(1240, 860)
MIN_SIZE = QSize(960, 600)
WATCH_INTERVAL_MS = 2000
"""How often the catalog's data_version is polled (only while someone looks)."""


class MainWindow(QMainWindow):
    """Holds the wizard, the menus and the status bar; opens the catalog editor.

    Signals are on the controller; the window wires them in :meth:`_connect`.
    """

    def __init__(
        self,
        repo: CatalogRepository | None = None,
        controller: WorkloadController | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.repo = repo
        self.open_warning = ""
        """The last File › Open warning (unknown fields named); empty when none."""
        self.remember_geometry = True
        """Save the window's size and place on close (off for --screenshot / --selftest, whose
        sizes are the render's, not the user's)."""
        self.open_warning_label = QLabel()  # plain text from finish_menus on
        self.open_warning_label.setObjectName("warning")
        self._unknown_fields_tip = self.tr(
            "These keys are not gpupicker workload fields (a typo or another tool's setting); "
            "the estimate does not use them."
        )
        self.open_warning_label.setToolTip(self._unknown_fields_tip)
        self.open_warning_label.hide()
        self.statusBar().addPermanentWidget(self.open_warning_label)
        self.prefs: Preferences | None = None
        self.controller: WorkloadController | None = None
        """None until :meth:`start_steps` made it; :attr:`live` is it, where it must exist."""
        self.setWindowTitle(self.tr("gpupicker — which GPU for your AI job"))
        self.wizard = PlanWizard(None, self)
        self.setCentralWidget(self.wizard)
        self.catalog_window: CatalogWindow | None = None
        self.last_error: QMessageBox | None = None
        """The last error box (a QMessageBox) :meth:`show_error` opened."""
        self.status_label = QLabel()  # plain text, as the warning label
        self.statusBar().addPermanentWidget(self.status_label)
        self._build_menus()
        self._restore_state()
        self.data_version: int | None = None
        self._ready = False
        self.watch_timer = QTimer(self)
        self.watch_timer.setInterval(WATCH_INTERVAL_MS)
        self.watch_timer.timeout.connect(self._on_watch_tick)
        if repo is not None:
            for _step in self.start_steps(repo, controller):
                pass

    def start_steps(
        self, repo: CatalogRepository, controller: WorkloadController | None = None
    ) -> Iterator[str]:
        """Build what the first page does not need, one step per ``next()`` (the launcher
        runs each on its own event-loop turn so the shown page keeps answering clicks):
        preferences and controller (the first page starts editing), the input pages (Next
        works), then the results page, the menus' actions, the catalog watch and the first
        recommendation, then the results page's plots. Yields the name of the step done."""
        from .catalog_access import is_read_only
        from .controller import WorkloadController
        from .settings.preferences import Preferences

        self.repo = repo
        self.finish_menus()
        icon = paths.resources_dir() / "icons" / "gpupicker.svg"
        if icon.exists():  # after the first paint: the SVG icon engine loads with it
            from PySide6.QtGui import QIcon  # its Python type alone: 1 ms

            self.setWindowIcon(QIcon(str(icon)))
        self.prefs = Preferences.load()
        self.controller = controller or WorkloadController(repo, prefs=self.prefs, parent=self)
        self.wizard.task_page.attach(self.controller)
        yield "controller"
        self.wizard.add_input_pages(self.controller)
        yield "pages"
        self.wizard.add_results_page(self.controller)
        self._connect()
        for action in self._needs_catalog:
            action.setEnabled(True)
        self.status_label.setText(tr_fmt(self.tr("Catalog: %1"), str(repo.path)))
        if is_read_only(repo):
            self.status_label.setText(self.tr("Catalog: read-only"))
        self.data_version = self._read_data_version()
        self.watch_timer.start()
        self.controller.recompute()
        self._ready = True
        yield "ready"
        # the results page's plots (pyqtgraph and numpy: ~170 ms to import, then their
        # widgets) on a turn of their own once the window works, not on the first visit
        # of that page: that visit is a page switch
        self.wizard.results_page.build_plots()
        yield "plots"

    @property
    def live(self) -> WorkloadController:
        """The controller, for the slots and actions :meth:`start_steps` enables once it
        exists. Raises AssertionError before that."""
        assert self.controller is not None
        return self.controller

    @property
    def live_repo(self) -> CatalogRepository:
        """The catalog, for the code that runs once :meth:`start_steps` opened it. Raises
        AssertionError before that."""
        assert self.repo is not None
        return self.repo

    def is_ready(self) -> bool:
        """True once every page, the controller and the first recommendation are there."""
        return self._ready

    # ---- external catalog changes -------------------------------------------------------
    def _read_data_version(self) -> int | None:
        try:
            return int(self.live_repo.data_version())
        except Exception:  # noqa: BLE001 - a closed or unreadable catalog: stop noticing
            return None

    def _should_watch(self) -> bool:
        if self.controller is None:
            return False
        catalog_visible = self.catalog_window is not None and self.catalog_window.isVisible()
        return catalog_visible or self.isActiveWindow() or self.controller.is_pending()

    @Slot()
    def _on_watch_tick(self) -> None:
        if self._should_watch():
            self.check_external_changes()

    def check_external_changes(self) -> bool:
        """Reload the tables and the results if another program wrote the catalog."""
        version = self._read_data_version()
        if version is None or version == self.data_version:
            return False
        self.data_version = version
        if self.catalog_window is not None:
            self.catalog_window.reload_all()
        self.live.on_catalog_changed()
        self.statusBar().showMessage(
            self.tr("The catalog was changed by another program: tables and results reloaded."), 8000
        )
        return True

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.catalog_action = new_action(self.tr("Edit &catalog…"), self)
        self.prefs_action = new_action(self.tr("&Preferences…"), self)
        self.quit_action = new_action(self.tr("&Quit"), self)
        self.open_action = new_action(self.tr("&Open workload…"), self)
        self.save_action = new_action(self.tr("&Save workload…"), self)
        self.export_action = new_action(self.tr("&Export results…"), self)
        self.compare_action = new_action(self.tr("Co&mpare with…"), self)
        for a in (self.open_action, self.save_action, self.export_action, self.compare_action):
            file_menu.addAction(a)
        self.file_menu = file_menu
        # File › Export report… goes here, added by finish_menus() after the first paint
        self._report_slot = file_menu.addSeparator()
        self.report_action: QAction | None = None
        file_menu.addAction(self.catalog_action)
        file_menu.addAction(self.prefs_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        go = self.menuBar().addMenu(self.tr("&Go"))
        # every wizard page (the Go menu listed only Results); Ctrl+1 … Ctrl+4, Ctrl+R
        self.go_actions: dict[str, QAction] = {}
        for name, text in (
            ("task", self.tr("&Task")),
            ("model", self.tr("&Model")),
            ("quantization", self.tr("&Precision and batch")),
            ("budget", self.tr("&Budget and time")),
        ):
            action = new_action(text, self)
            action.triggered.connect(lambda _=False, page=name: self.wizard.show_page(page))
            go.addAction(action)
            self.go_actions[name] = action
        self.results_action = new_action(self.tr("&Results"), self)
        go.addAction(self.results_action)
        self.go_actions["results"] = self.results_action
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self.about_action = new_action(self.tr("&About gpupicker"), self)
        help_menu.addAction(self.about_action)
        self.quit_action.triggered.connect(self.close)
        self.about_action.triggered.connect(self._on_about)
        # enabled by start_steps once the catalog, the controller and the pages are there
        self._needs_catalog = [
            self.open_action,
            self.save_action,
            self.export_action,
            self.catalog_action,
            self.prefs_action,
            *(a for n, a in self.go_actions.items() if n != "task"),
        ]
        for action in self._needs_catalog:
            action.setEnabled(False)

    def finish_menus(self) -> None:
        """Give the menu actions their shortcuts and add File › Export report… (once; the
        launcher calls this right after the first paint, :meth:`start_steps` in any case):
        the report's module and its shortcut (set with ``setShortcut``, which builds Qt's
        ``Qt`` enums: :func:`set_shortcut`) cost 16 ms, QKeySequence's type and the other
        shortcuts 0.7 ms, that the first page need not wait for (cold start)."""
        if self.report_action is not None:
            return
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QKeySequence

        # names, not markup; set after the first paint: ``Qt`` builds ~100 enums (page_base)
        for label in (self.open_warning_label, self.status_label):
            label.setTextFormat(Qt.TextFormat.PlainText)
        std = QKeySequence.StandardKey
        for action, keys in (
            (self.catalog_action, QKeySequence(self.tr("Ctrl+K"))),
            (self.prefs_action, QKeySequence(std.Preferences)),
            (self.quit_action, QKeySequence(std.Quit)),
            (self.open_action, QKeySequence(std.Open)),
            (self.save_action, QKeySequence(std.Save)),
            (self.export_action, QKeySequence(self.tr("Ctrl+E"))),
            *(
                (a, QKeySequence(f"Ctrl+{n}"))
                for n, a in enumerate((self.go_actions[p] for p in PAGE_NAMES[:4]), start=1)
            ),
            (self.results_action, QKeySequence(self.tr("Ctrl+R"))),
        ):
            set_shortcut(action, keys)
        from .results.report_export import add_report_action  # File › Export report

        action = add_report_action(self, self.file_menu)  # appended: moved to its place
        self.file_menu.removeAction(action)
        self.file_menu.insertAction(self._report_slot, action)
        action.setEnabled(self._ready)
        self.report_action = action
        self._needs_catalog.append(action)

    def _connect(self) -> None:
        self.live.inputRejected.connect(self._on_input_rejected)
        self.live.resultsChanged.connect(self._on_results)
        self.catalog_action.triggered.connect(self.open_catalog_editor)
        self.open_action.triggered.connect(self._on_open_workload)
        self.save_action.triggered.connect(self._on_save_workload)
        self.export_action.triggered.connect(self._on_export_results)
        self.compare_action.triggered.connect(self.open_compare)
        self.prefs_action.triggered.connect(self.open_preferences)
        self.results_action.triggered.connect(lambda: self.wizard.show_page("results"))

    @Slot(str)
    def _on_input_rejected(self, msg: str) -> None:
        self.statusBar().showMessage(tr_fmt(self.tr("Not applied: %1"), msg), 8000)

    @Slot(object)
    def _on_results(self, view: RecommendationView) -> None:
        fits, ranked = view.fit_count()
        self.statusBar().showMessage(
            tr_fmt(
                self.tr("%1 of %2 GPU options fit · computed in %3 ms"),
                str(fits),
                str(ranked),
                f"{self.live.last_compute_s * 1000:.1f}",
            ),
            5000,
        )

    # ---- files ------------------------------------------------------------------------
    def ask_path(self, kind: str, title: str, name_filter: str, default: str = "") -> str:
        """Ask for a file name (``kind`` "open" or "save"); "" when cancelled.

        Through :func:`gpupicker.ui.widgets.file_dialogs.ask_path`, the one place that runs a
        modal file dialog; tests replace this method or that function.
        """
        from .widgets.file_dialogs import ask_path

        return ask_path(self, "open" if kind == "open" else "save", title, name_filter, default)

    def show_error(self, title: str, text: str, details: str = "") -> QMessageBox:
        """A non-modal error box (a QMessageBox, kept in :attr:`last_error` for tests)."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # an error names files and catalog rows
        if details:
            box.setDetailedText(details)
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.show()
        self.last_error = box
        return box

    @Slot()
    def _on_open_workload(self) -> None:
        path = self.ask_path(
            "open",
            self.tr("Open workload"),
            self.tr("Workload and job files (*.json *.yml *.yaml *.sh *.txt);;All files (*)"),
        )
        if path:
            self.open_workload(path)

    @Slot()
    def _on_save_workload(self) -> None:
        path = self.ask_path(
            "save", self.tr("Save workload"), self.tr("Workload files (*.json)"), "workload.json"
        )
        if path:
            self.save_workload(path)

    @Slot()
    def _on_export_results(self) -> None:
        path = self.ask_path(
            "save", self.tr("Export results"), self.tr("CSV files (*.csv)"), "gpupicker-results.csv"
        )
        if path:
            self.export_results(path)

    def open_workload(self, path: str) -> bool:
        """Load a workload JSON file (the format of ``gpupicker estimate --workload``).

        A bad file gets an error box naming the problem; nothing changes then.
        """
        from ..importers.jobs import is_job_file
        from .wizard.workload_files import WorkloadFileError, job_summary, read_job_workload, read_workload
        from .wizard.workload_reading import open_warning

        title = self.tr("Cannot open workload")
        job = None
        try:
            if is_job_file(path):
                w, job = read_job_workload(path, self.live_repo)
            else:
                w = read_workload(path, self.live_repo)
        except WorkloadFileError as exc:
            self.show_error(title, tr_fmt(self.tr("%1 is not a usable workload file."), path), str(exc))
            self.statusBar().showMessage(str(exc), 10000)
            return False
        self.live.set_workload(w)
        self.open_warning = ""
        tooltip = self._unknown_fields_tip
        if job is not None:  # a job file: what was read and what was not, until the next Open
            self.open_warning, tooltip = job_summary(job)
        else:
            self.open_warning = open_warning(path)  # never dropped silently: a permanent label
        self.open_warning_label.setText(self.open_warning)
        self.open_warning_label.setToolTip(tooltip)
        self.open_warning_label.setVisible(bool(self.open_warning))
        self.statusBar().showMessage(tr_fmt(self.tr("Opened %1"), path), 8000)
        return True

    def open_compare(self) -> CompareDialog:
        """File › Compare with…: the current job beside workloads or job files the user adds."""
        from .compare_dialog import CompareDialog
        from .wizard.workload_reading import compare_reader

        dialog = CompareDialog(
            self.live_repo, self.live.workload, self.ask_path, compare_reader(self.live_repo), self
        )
        dialog.show()
        dialog.add_from_file()
        self.compare_dialog = dialog
        return dialog

    def save_workload(self, path: str) -> bool:
        """Save the current workload as JSON (fields left at their defaults are omitted)."""
        from .wizard.workload_files import write_workload

        try:
            write_workload(path, self.live.workload, self.live_repo)
        except OSError as exc:
            self.show_error(self.tr("Cannot save workload"), str(exc))
            return False
        self.statusBar().showMessage(tr_fmt(self.tr("Saved %1"), path), 8000)
        return True

    def export_results(self, path: str) -> int:
        """Write the results table (shown rows, shown order) as CSV; returns the row count."""
        from .wizard.workload_files import write_results_csv

        page = self.wizard.results_page
        try:
            n = write_results_csv(path, page.visible_options(), page.options_model)
        except OSError as exc:
            self.show_error(self.tr("Cannot export results"), str(exc))
            return -1
        self.statusBar().showMessage(tr_fmt(self.tr("Exported %1 rows to %2"), str(n), path), 8000)
        return n

    @Slot()
    def open_catalog_editor(self) -> CatalogWindow:
        """Show the catalog window (created once)."""
        from .catalog_editor.window import CatalogWindow

        if self.catalog_window is None:
            self.catalog_window = CatalogWindow(self.live_repo, self.live.prefs, self)
            self.catalog_window.catalogChanged.connect(self.live.on_catalog_changed)
        self.catalog_window.show()
        self.catalog_window.raise_()
        return self.catalog_window

    @Slot()
    def open_preferences(self) -> PreferencesDialog:
        """Show the preferences dialog (non-modal)."""
        from .settings.dialogs import PreferencesDialog

        dlg = PreferencesDialog(self.live.prefs, self)
        dlg.prefsAccepted.connect(self._apply_prefs)
        dlg.show()
        return dlg

    @Slot(object)
    def _apply_prefs(self, prefs: Preferences) -> None:
        # the dialog started from a copy: keep the region the budget page remembered since
        if self.controller is not None:
            prefs = prefs.model_copy(update={"region": self.controller.prefs.region})
        prefs.save()
        self.prefs = prefs
        self.live.set_prefs(prefs)
        if self.catalog_window is not None:
            self.catalog_window.set_prefs(prefs)

    @Slot()
    def _on_about(self) -> None:
        from .settings.dialogs import show_about

        show_about(self)

    # ---- geometry ---------------------------------------------------------------------
    def _restore_state(self) -> None:
        geo = saved_geometry()
        if geo is not None:
            self.restoreGeometry(geo)
        else:
            self.resize(DEFAULT_SIZE)
        self.fit_to_screen()

    def fit_to_screen(self, available: QRect | None = None) -> QSize:
        """Clamp the window to the screen's available area (e.g. 1366×768 minus panels)."""
        if available is None:
            screen = self.screen() or QGuiApplication.primaryScreen()
            if screen is None:
                return self.size()
            available = screen.availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()
        w = min(self.width(), max(MIN_SIZE.width(), available.width() - frame.width()))
        h = min(self.height(), max(MIN_SIZE.height(), available.height() - frame.height()))
        if (w, h) != (self.width(), self.height()):
            self.resize(w, h)
        if not available.contains(self.frameGeometry().topLeft()):
            self.move(available.topLeft())
        return self.size()

    @override
    def closeEvent(self, event: QCloseEvent) -> None:
        if self.controller is not None:
            self.controller.wait_idle()
        self.watch_timer.stop()
        if self.remember_geometry:
            save_geometry(self.saveGeometry())
        if self.catalog_window is not None:
            self.catalog_window.close()
        super().closeEvent(event)
