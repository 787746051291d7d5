"""The wizard's controller: one shared Workload, a debounced recompute, the catalog snapshot."""

from __future__ import annotations

import gc
import logging
import time
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot
from typing_extensions import override

from ..core.model_arch import ModelArch
from ..core.tasks.defaults import model_kind_for, task_start_fields
from ..core.workload import Workload
from ..service.recommendation import CatalogSnapshot
from .catalog_access import write_error_types
from .compute import RecommendationView, run_recommendation
from .i18n.formatting import error_messages, ui_is_chinese
from .initial_task import INITIAL_TASK
from .settings.heap import settle_heap
from .settings.preferences import Preferences

if TYPE_CHECKING:  # the catalog package is imported by the launcher, not by this module
    from ..catalog import CatalogRepository

log = logging.getLogger(__name__)

DEBOUNCE_MS = 30
"""Wait before recomputing an edit that follows another within this time while the last
recompute was slow (a burst of edits, spin-box auto-repeat, then costs one recompute). A single
edit, or any edit while recomputes take less than ``FAST_COMPUTE_S``, starts on the next
event-loop turn instead: waiting would coalesce nothing and only add latency (a fixed 50 ms was
most of the 81–86 ms from an input change to the repaint)."""
FAST_COMPUTE_S = 0.033
"""Recomputes (typically) faster than this are not debounced: they keep up with the fastest
input a user makes — keyboard auto-repeat at 30 per second (33 ms; X11's default is 25/s,
Windows' fastest ~30/s) and a spin box's 100 ms auto-repeat — so waiting would only add
latency. It was one 60 Hz frame (16 ms), which a recompute of 12 ms crossed whenever the
machine was busy: every change then waited the 30 ms debounce too."""

DEFAULT_MODEL_ID = "mistral_7b_v0_1"
DEFAULT_DIFFUSION_ID = "sdxl_base"


class WorkloadController(QObject):
    """Holds the Workload the pages edit and recomputes the recommendation, debounced.

    Signals:
        workloadChanged(object): the Workload after a successful edit.
        inputRejected(str): an edit was invalid (message for the status bar); nothing changed.
        resultsChanged(object): a new :class:`RecommendationView`.
        modelsChanged(): the catalog's model list changed.
    """

    workloadChanged = Signal(object)
    inputRejected = Signal(str)
    resultsChanged = Signal(object)
    modelsChanged = Signal()

    def __init__(
        self,
        repo: CatalogRepository,
        workload: Workload | None = None,
        prefs: Preferences | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.repo = repo
        self.prefs = prefs or Preferences()
        self.goal = "cheapest"
        self.all_offers = False
        _first_run_currency(repo)
        self.snapshot = CatalogSnapshot.from_repo(repo)
        self.results = RecommendationView()
        self.last_compute_s = 0.0
        self._recent_s: list[float] = []
        self._last_edit_s = float("-inf")  # perf_counter() of the last schedule()
        self._workload = workload or self._initial_workload()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._generation = 0
        self.background = True
        self._snapshot_generation = 0
        self._snapshots_loading = 0
        self._connect()

    def _connect(self) -> None:
        self._timer.timeout.connect(self._on_timer)
        self._relay.done.connect(self._on_background_done)
        self._relay.snapshot.connect(self._on_snapshot_loaded)

    # ---- state ------------------------------------------------------------------------
    def _initial_workload(self) -> Workload:
        arch = self.repo.get_model(DEFAULT_MODEL_ID)
        model_id = DEFAULT_MODEL_ID
        if arch is None:
            models = [m for m in self.repo.models() if m.kind == "llm"]
            if not models:
                raise ValueError("the catalog has no language models")
            arch, model_id = models[0].arch, models[0].id
        return Workload.model_validate(
            {
                **task_start_fields(INITIAL_TASK),
                "model": arch,
                "model_id": model_id,
                "region": self.start_region(),
            }
        )

    def start_region(self) -> str | None:
        """The region filter a new job starts with: the one last chosen on the budget page
        (``Preferences.region``), else China in a Chinese UI — a team in China rents at home
        (cross-border payment, data export rules) — and anywhere in any other language."""
        if self.prefs.region is not None:
            return self.prefs.region or None
        return "CN" if ui_is_chinese() else None

    def remember_region(self, region: str | None) -> None:
        """Keep ``region`` (None: anywhere) as the next start's region, in the preferences
        file; a folder that cannot be written keeps it for this session only."""
        self.prefs = self.prefs.model_copy(update={"region": region or ""})
        try:
            self.prefs.save()
        except OSError as exc:
            log.info("preferences not saved: %s", exc)

    @property
    def workload(self) -> Workload:
        """The current Workload (frozen)."""
        return self._workload

    def set_workload(self, w: Workload) -> None:
        """Replace the whole Workload (e.g. from a --workload file) and recompute soon."""
        self._workload = w
        self.workloadChanged.emit(w)
        self.schedule()

    def update(self, **changes: Any) -> bool:  # Any: any Workload field's value, validated
        """Apply field changes (validated like any Workload); False and inputRejected if invalid.

        Raises:
            TypeError: a name in ``changes`` is not a :class:`Workload` field (a typo such as
                ``seq_lenn`` would otherwise be dropped by validation and change nothing).
        """
        unknown = sorted(set(changes) - set(Workload.model_fields))
        if unknown:
            raise TypeError(f"WorkloadController.update(): not Workload fields: {', '.join(unknown)}")
        current = self._workload
        if all(getattr(current, k, object()) == v for k, v in changes.items()):
            return True
        # Unchanged nested models (the ModelArch above all) are passed on as the same objects,
        # not dumped and rebuilt: core caches per-model facts by identity, and a new object per
        # edit filled those caches on every change of a long session.
        # only the fields the job set (and the changes): a field left at its default stays
        # unset, as core reads it (SGLang's, LMDeploy's and TensorRT-LLM's own memory
        # fraction while gpu_memory_utilization is unset: core.memory.fraction_pool)
        data = {k: v for k, v in current if k in current.model_fields_set}
        for key, value in changes.items():
            old = data.get(key)
            if isinstance(value, dict) and isinstance(old, BaseModel):
                value = {**old.model_dump(), **value}  # partial nested edit, e.g. lora={"r": 32}
            data[key] = value
        if "framework" in changes and "grad_ckpt" not in changes:
            from ..core.stacks.training_frameworks import grad_ckpt_default

            if grad_ckpt_default(changes["framework"]):  # LLaMA-Factory, ms-swift default
                data["grad_ckpt"] = True
        return self._apply(data)

    def set_task(self, task: str) -> bool:
        """Switch task: the new task starts from its own starting values
        (:func:`~gpupicker.core.tasks.defaults.task_start_fields`), keeping only what every
        task shares (model of the right kind, money limits, currency, region); a model of the
        wrong kind is replaced by the catalog's default one. False and ``inputRejected`` when
        the result is not a valid workload."""
        if task == self._workload.task:
            return True
        data = task_start_fields(task, keep=self._workload)
        if "model" not in data and "model_id" not in data:
            model_id = self._default_model_id(model_kind_for(task))
            if model_id is None:
                self.inputRejected.emit(self.tr("The catalog has no model for this task."))
                return False
            data.update(model=self.repo.get_model(model_id), model_id=model_id)
        return self._apply(data)

    def _apply(self, data: dict[str, Any]) -> bool:
        """Make ``data`` the workload (and recompute soon); False and ``inputRejected`` when it
        is not a valid one."""
        try:
            new = Workload.model_validate(data)
        except ValidationError as exc:
            self.inputRejected.emit(error_messages(exc))
            return False
        self._workload = new
        self.workloadChanged.emit(new)
        self.schedule()
        return True

    def _default_model_id(self, kind: str) -> str | None:
        """A sensible catalog model of ``kind`` ("llm" or "diffusion") for a task switch."""
        preferred = DEFAULT_DIFFUSION_ID if kind == "diffusion" else DEFAULT_MODEL_ID
        if self.repo.get_model(preferred) is not None:
            return preferred
        for m in self.repo.models():
            if m.kind == kind:
                return str(m.id)
        return None

    def set_model(self, model_id: str | None, arch: ModelArch | None) -> bool:
        """Use a catalog model (``model_id``) or a custom architecture (``model_id`` None)."""
        return self.update(model=arch, model_id=model_id)

    def set_goal(self, goal: str) -> None:
        """Ranking goal: cheapest, fastest, value or headroom."""
        if goal != self.goal:
            self.goal = goal
            self.schedule()

    def set_all_offers(self, on: bool) -> None:
        """Rank every provider's offer (True) or the cheapest offer per pricing type (False)."""
        if on != self.all_offers:
            self.all_offers = on
            self.schedule()

    def set_prefs(self, prefs: Preferences) -> None:
        """New display preferences; recompute so every view re-renders."""
        self.prefs = prefs
        self.schedule()

    # ---- compute ----------------------------------------------------------------------
    def schedule(self) -> None:
        """Recompute after the debounce interval (restarts on every edit): the next event-loop
        turn when the last recompute took under ``FAST_COMPUTE_S`` or when this edit is the
        first for ``DEBOUNCE_MS`` (a single edit: waiting would coalesce nothing, and the
        30 ms wait was most of the time from an edit to the results page when recomputes
        were slow), else ``DEBOUNCE_MS`` (the edits of a burst after its first become one
        recompute)."""
        now = time.perf_counter()
        quiet = now - self._last_edit_s >= DEBOUNCE_MS / 1000
        self._last_edit_s = now
        fast = quiet or self.typical_compute_s() < FAST_COMPUTE_S
        self._timer.setInterval(0 if fast else DEBOUNCE_MS)
        self._timer.start()

    def _job(self) -> tuple[Workload, CatalogSnapshot, str, float, bool]:
        return (self._workload, self.snapshot, self.goal, float(self.prefs.hours_per_month), self.all_offers)

    @Slot()
    def recompute(self) -> RecommendationView:
        """Recompute now, in this thread, and emit resultsChanged."""
        self._timer.stop()
        self._generation += 1
        t0 = time.perf_counter()
        self.results = _compute(*self._job())
        self._took(time.perf_counter() - t0)
        self.resultsChanged.emit(self.results)
        return self.results

    def _took(self, seconds: float) -> None:
        self.last_compute_s = seconds
        self._recent_s = [*self._recent_s[-2:], seconds]

    def typical_compute_s(self) -> float:
        """The median of the last three recomputes (seconds): what decides between the
        next-turn recompute in this thread and the debounced one in the worker. One slow
        recompute (a cache refill: ~30 ms about once in 15 changes) no longer delays the
        next change by ``DEBOUNCE_MS``."""
        recent = sorted(self._recent_s)
        return recent[len(recent) // 2] if recent else 0.0

    @Slot()
    def _on_timer(self) -> None:
        """The debounce ran out: recompute here when recomputes are fast (typically under
        ``FAST_COMPUTE_S``: the window waits less than a frame, and no thread hand-off or
        GIL contention with a worker is paid), else in the worker thread."""
        if self.typical_compute_s() < FAST_COMPUTE_S and not self._snapshots_loading:
            self.recompute()
        else:
            self._start_background()

    @Slot()
    def _start_background(self) -> None:
        """Debounced path: compute in a worker thread so the window never waits on core."""
        if not self.background:
            self.recompute()
            return
        self._generation += 1
        self._pool.start(_RecommendTask(self._relay, self._generation, *self._job()))

    @Slot(int, object, float)
    def _on_background_done(self, generation: int, view: RecommendationView, seconds: float) -> None:
        if generation != self._generation or self._snapshots_loading:
            return  # a newer edit, or a newer catalog snapshot, is on its way
        self.results = view
        self._took(seconds)
        self.resultsChanged.emit(view)

    def is_pending(self) -> bool:
        """True while a debounced recompute is waiting to start or a catalog snapshot is
        being read."""
        return self._timer.isActive() or self._snapshots_loading > 0

    def wait_idle(self, msecs: int = 10_000) -> bool:
        """Wait for a running background computation (window close, tests)."""
        return bool(self._pool.waitForDone(msecs))

    @Slot()
    def on_catalog_changed(self) -> None:
        """The repository was edited: re-read GPUs and prices and recompute.

        With ``background`` the snapshot is read in the worker thread (155–300 ms
        for a catalog of 17,500 prices); results computed meanwhile from the old snapshot are
        dropped, and :meth:`is_pending` stays true until the new one is in.
        """
        if self.background:
            self._snapshot_generation += 1
            self._snapshots_loading += 1
            self._pool.start(_SnapshotTask(self._relay, self._snapshot_generation, self.repo))
        else:
            self._adopt(CatalogSnapshot.from_repo(self.repo))
        self.modelsChanged.emit()
        w = self._workload
        if w.model_id:
            arch = self.repo.get_model(w.model_id)
            if arch is not None and arch != w.model:
                self.update(model=arch)  # the user edited the model in use
        if not self.background:
            self.schedule()  # (in the background, the new snapshot's arrival schedules)

    def _adopt(self, snap: CatalogSnapshot) -> None:
        """Use ``snap`` from now on; in a window whose start-up heap was frozen, freeze again.

        A new snapshot is ~100,000 long-lived objects for a catalog of 17,500 prices: left in
        the collected generations, every full collection scans them (58 ms about once in 15
        recommendations, measured with ``gc.callbacks``); frozen, they are not
        (:func:`~gpupicker.ui.settings.heap.settle_heap`). A process that never froze its heap
        (tests, the CLI) is left as it is.
        """
        self.snapshot = snap
        if gc.get_freeze_count():
            settle_heap()

    @Slot(int, object)
    def _on_snapshot_loaded(self, generation: int, snap: CatalogSnapshot | BaseException) -> None:
        self._snapshots_loading -= 1
        if generation != self._snapshot_generation:
            return  # the catalog changed again: a newer snapshot is on its way
        if isinstance(snap, BaseException):
            # let the error surface here, in the GUI thread, as it did before
            snap = CatalogSnapshot.from_repo(self.repo)
        self._adopt(snap)
        self._generation += 1  # results computed from the old snapshot, still queued, drop
        self.modelsChanged.emit()  # pages showing snapshot facts (display currency) re-sync
        self.schedule()


def _compute(
    w: Workload, snap: CatalogSnapshot, goal: str, hours: float, all_offers: bool
) -> RecommendationView:
    return run_recommendation(w, snap, goal=goal, hours_per_month=hours, all_offers=all_offers)


class _Relay(QObject):
    """Lives in the GUI thread; a worker emits ``done`` on it (delivered queued)."""

    done = Signal(int, object, float)
    snapshot = Signal(int, object)


class _SnapshotTask(QRunnable):
    """Reads a :class:`CatalogSnapshot` in the worker thread (the repository is thread-safe:
    one lock around its connection); emits it, or the exception, on the relay."""

    def __init__(self, relay: _Relay, generation: int, repo: CatalogRepository) -> None:
        super().__init__()
        self.relay, self.generation, self.repo = relay, generation, repo

    @override
    def run(self) -> None:
        try:
            snap: CatalogSnapshot | Exception = CatalogSnapshot.from_repo(self.repo)
        except Exception as exc:  # noqa: BLE001 - re-read in the GUI thread, which reports it
            log.exception("reading the catalog snapshot failed")
            snap = exc
        self.relay.snapshot.emit(self.generation, snap)


class _RecommendTask(QRunnable):
    """One background recommendation over frozen inputs (Workload and snapshot are immutable)."""

    def __init__(
        self,
        relay: _Relay,
        generation: int,
        w: Workload,
        snap: CatalogSnapshot,
        goal: str,
        hours: float,
        all_offers: bool,
    ) -> None:
        super().__init__()
        self.relay, self.generation = relay, generation
        self.args = (w, snap, goal, hours, all_offers)

    @override
    def run(self) -> None:
        t0 = time.perf_counter()
        try:
            view = _compute(*self.args)
        except Exception as exc:  # noqa: BLE001 - shown on the results page, logged
            log.exception("background recommendation failed")
            view = RecommendationView(error=f"{type(exc).__name__}: {exc}")
        self.relay.done.emit(self.generation, view, time.perf_counter() - t0)


def _first_run_currency(repo: CatalogRepository) -> None:
    """A display currency the user never chose follows the UI's language: a Chinese UI plans
    in 元, any other in US dollars, at the catalog's stored rate; Catalog › Exchange
    rates… makes a choice, which is then kept. Without the way back, one Chinese start (even a
    ``--screenshot --lang zh_CN``) left the English UI and the CLI in yuan for good.
    A catalog that cannot be written (read-only) keeps what it has."""
    if repo.display_currency_chosen():
        return
    wanted = "CNY" if ui_is_chinese() and "CNY" in repo.get_fx_rates() else "USD"
    if repo.get_display_currency() == wanted:
        return
    try:
        repo.set_display_currency(wanted, chosen=False)
    except write_error_types():
        log.info("catalog not writable: display currency stays %s", repo.get_display_currency())
