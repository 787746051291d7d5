"""A long session of input changes through the real wizard, with leak measurements.

PySide6 6.12.0 dropped one reference to ``None`` per void Qt call; a results redraw makes
hundreds, so the app aborted ("none_dealloc: deallocating None") after ~75 input changes.
:func:`run_session` turns the wizard's own widgets (task, model, batch, context length,
preferred GPU and GPU count) ``changes`` times with the keyboard, as a user does — key
events to the focused widget: Ctrl+1 … Ctrl+4 / Ctrl+R to a page, Space on a task, Ctrl+Home
and Down in the model table and the GPU list, digits and Enter in the number boxes — checks
that each change reached the workload, recomputes and repaints the results page and both
plots after each, and reports the drift of ``sys.getrefcount(None)`` and of Python-traced
memory.

Used by ``tests/ui/test_long_session.py`` (100 changes after the warm-up, in a subprocess
so an abort is a test failure, not a dead test run), by ``make bench`` (500) and by
``gpupicker --selftest --selftest-changes N`` (the bundle's smoke test runs 200). Run by hand::

    QT_QPA_PLATFORM=offscreen python -m gpupicker.ui.app.long_session --changes 500

prints one JSON line; exit 1 when a limit is broken. The recommendation runs synchronously
(``controller.background = False`` and an explicit ``recompute()``) so every change is
computed and drawn, with no debounce timer or worker thread to wait on.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Qt and the window load in main(), after the arguments are read
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    from ..main_window import MainWindow

#: Limits checked by :func:`problems`.
#: ``sys.getrefcount(None)`` may fall by less than one per change (6.12.0: about −670). It
#: may rise: PySide6 itself (6.11.3 and 6.12.0) keeps lasting references to ``None`` in some
#: paths — 6 per text drawn on a fresh paint device (pyqtgraph's axis pictures), 3 per new
#: QGraphicsWidget added to a scene — about +29 per change here. An extra reference to a
#: singleton that is never freed harms nothing; memory is checked on its own below.
MAX_NONE_LOSS_PER_CHANGE = 1.0
#: Python memory: tracemalloc's traced size may grow by at most this over the last PERIOD
#: changes, and live blocks by this per change (measured ~1). Keeping one recommendation per
#: change would be ~1 MiB and ~5,000 blocks per change. Measured growth: ~62 KiB after 500
#: changes: core's bounded memos (the last jobs' GPU × count evaluations, ~250 options with
#: their sentences each; the clause and sentence memos) turn over within the 20-change cycle,
#: and what they keep replaces objects made before tracing began (see TRACED_PERIODS).
MAX_TRACED_GROWTH_BYTES = 128 * 1024
MAX_BLOCKS_PER_CHANGE = 25.0
PERIOD = 20
WARMUP_CHANGES = 3 * PERIOD
"""Changes before anything is measured: three rounds of the workloads, so the bounded memos of
core's sentences (recommend, cost, speed) and the UI's rendered-message cache are full (one
round left ~7,600 blocks of them filling during a 200-change self-test)."""
#: tracemalloc runs over the last TRACED_PERIODS periods and compares the ends of the last
#: one: in the first traced periods, objects made before tracing are freed untraced while
#: their replacements are traced, which reads as growth. Measured per traced period (KiB):
#: 5,930, 140, 106, 78, 62, 51 — falling as the bounded memos turn over, where a leak would
#: stay level; the fifth period is the one compared.
TRACED_PERIODS = 5

# one entry per round of 5 changes; PERIOD // 5 rounds
_TASKS = ("qlora", "inference", "lora", "full_ft")
_BATCHES = (1, 4, 16, 3)
_CONTEXTS = (512, 4096, 1024, 8192)


@dataclass
class SessionReport:
    """What one session measured.

    Attributes:
        changes: input changes made (each one recomputed and repainted).
        seconds: wall time of the whole session.
        none_refcount_start / none_refcount_end: ``sys.getrefcount(None)`` after warm-up and
            at the end.
        none_drift_per_change: (end − start) / changes after warm-up (0 when nothing leaks).
        blocks_drift_per_change: change of ``sys.getallocatedblocks()`` (live Python memory
            blocks) per change over the same span.
        traced_start_bytes / traced_end_bytes: ``tracemalloc`` traced size at the start and
            the end of the last :data:`PERIOD` changes (after ``gc.collect()``), bytes.
        options_last: options in the last recommendation (a sign the session did real work).
    """

    changes: int
    seconds: float
    none_refcount_start: int
    none_refcount_end: int
    none_drift_per_change: float
    blocks_drift_per_change: float
    traced_start_bytes: int
    traced_end_bytes: int
    options_last: int

    @property
    def traced_growth_bytes(self) -> int:
        """Growth of traced Python memory over the last :data:`PERIOD` changes, bytes."""
        return self.traced_end_bytes - self.traced_start_bytes


class SessionError(RuntimeError):
    """A key the session pressed did not make the change it makes for a user."""


def _expect(what: str, got: object, wanted: object) -> None:
    if got != wanted:
        raise SessionError(f"{what}: the keys left {got!r}, not {wanted!r}")


def _send_key(
    widget: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier | None = None, text: str = ""
) -> None:
    """Press and release ``key`` on ``widget`` as the keyboard does: a key event Qt delivers
    (shortcuts first, then the widget, then its parents: the wizard's Enter = Next), not a
    slot call. QtTest's ``keyClick`` does the same; the bundle has no QtTest (the
    self-test runs this session there)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    mods = modifiers if modifiers is not None else Qt.KeyboardModifier.NoModifier
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, key, mods, text))


def _focus(widget: QWidget) -> QWidget:
    """Give ``widget`` the keyboard focus; returns the widget that has it now (keys go
    there), or ``widget`` itself where the window is not active (no focus to give)."""
    from PySide6.QtWidgets import QApplication

    widget.setFocus()
    focused = QApplication.focusWidget()
    if focused is not None and (focused is widget or widget.isAncestorOf(focused)):
        return focused
    return widget


def _type(widget: QWidget, text: str) -> None:
    """Select what ``widget`` (a spin box) holds and type ``text`` (digits), then Enter: the
    box applies its value (and the wizard goes to the next page)."""
    from PySide6.QtCore import Qt

    target = _focus(widget)
    _send_key(target, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    for ch in text:
        _send_key(target, Qt.Key(ord(ch)), text=ch)
    _send_key(target, Qt.Key.Key_Return)


def _go(window: MainWindow, page: str) -> None:
    """Show ``page`` with its Go-menu shortcut (Ctrl+1 … Ctrl+4, Ctrl+R), pressed where the
    focus is."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    key = {
        "task": Qt.Key.Key_1,
        "model": Qt.Key.Key_2,
        "quantization": Qt.Key.Key_3,
        "budget": Qt.Key.Key_4,
        "results": Qt.Key.Key_R,
    }[page]
    _send_key(QApplication.focusWidget() or window, key, Qt.KeyboardModifier.ControlModifier)


def _activate(window: MainWindow, timeout_s: float = 5.0) -> bool:
    """Make ``window`` the active window (keys go to its focus widget), waiting up to
    ``timeout_s``; False where the platform never activates it (keys then go to the widgets
    themselves)."""
    from PySide6.QtWidgets import QApplication

    window.activateWindow()
    window.raise_()
    deadline = time.perf_counter() + timeout_s
    while not window.isActiveWindow() and time.perf_counter() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    return window.isActiveWindow()


def _change(window: MainWindow, i: int) -> str:
    """Make input change number ``i`` with the keyboard, on the page that shows the input;
    returns what was changed.

    The script repeats every :data:`PERIOD` changes and sets every field it touches within
    one period, so the workload (and the results) after change ``k * PERIOD`` are the same
    for every ``k``: refcounts and memory compared there differ only by what leaked."""
    from PySide6.QtCore import Qt

    wiz = window.wizard
    c = window.live
    i %= PERIOD
    kind = i % 5
    if kind == 0:  # task: its radio button, Space
        task = _TASKS[(i // 5) % len(_TASKS)]
        if c.workload.task == task:
            task = "lora" if task != "lora" else "qlora"
        _go(window, "task")
        _send_key(_focus(wiz.task_page.buttons[task]), Qt.Key.Key_Space, text=" ")
        _expect("task", c.workload.task, task)
        return f"task={task}"
    if kind == 1:  # model: a row of the catalog table (the filtered, visible list)
        _go(window, "model")
        page = wiz.model_page
        if not page.catalog_radio.isChecked():
            _send_key(_focus(page.catalog_radio), Qt.Key.Key_Space, text=" ")
        rows = page.proxy.rowCount()
        row = (i * 7) % max(1, min(rows, 12))  # deterministic: rows depend on task kind only
        view = _focus(page.view)
        _send_key(view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
        for _ in range(row):
            _send_key(view, Qt.Key.Key_Down)
        picked = page.list_model.model_at(page.proxy.mapToSource(page.proxy.index(row, 0)).row())
        _expect("model", c.workload.model_id, picked.id)
        return f"model row {row}"
    q = wiz.quant_page
    inference = c.workload.is_text_inference
    if kind == 2:  # batch
        _go(window, "quantization")
        spin = q.infer_batch if inference else q.batch
        batch = _BATCHES[(i // 5) % len(_BATCHES)]
        _type(spin, str(batch))
        _expect("batch", c.workload.batch, batch)
        return f"batch={batch}"
    if kind == 3:  # context length
        _go(window, "quantization")
        spin = q.prompt_tokens if inference else q.seq_len
        tokens = _CONTEXTS[(i // 5) % len(_CONTEXTS)]
        _type(spin, str(tokens))
        _expect("context", c.workload.prompt_len if inference else c.workload.seq_len, tokens)
        return f"context={tokens}"
    # GPU: the preferred-GPU combo and the GPU count of the budget page
    _go(window, "budget")
    budget = wiz.budget_page
    gpus = budget.preferred_gpu
    combo = _focus(gpus)
    index = 0
    if gpus.count() > 1:
        index = 1 + (i // 5) % min(gpus.count() - 1, 8)
        _send_key(combo, Qt.Key.Key_Home)  # "Any GPU", then down to the one of this change
        for _ in range(index):
            _send_key(combo, Qt.Key.Key_Down)
    count = 1 + (i // 5) % 4
    _type(budget.gpu_count, str(count))
    _expect("preferred GPU", c.workload.gpu, gpus.itemData(index))
    _expect("GPU count", c.workload.num_gpus, count)
    return f"gpu={c.workload.gpu} x{count}"


def _redraw(window: MainWindow) -> int:
    """Show the results page (Ctrl+R), recompute now and paint it (table, notes, both plots'
    axes)."""
    from PySide6.QtWidgets import QApplication

    _go(window, "results")
    view = window.live.recompute()
    QApplication.processEvents()  # the shown window paints: table, notes, plots and their axes
    return len(view.options)


def run_session(
    window: MainWindow, changes: int, progress: Callable[[str], None] | None = None
) -> SessionReport:
    """Make ``changes`` input changes in ``window`` (a shown :class:`MainWindow`), each one
    recomputed and repainted, after a warm-up of :data:`WARMUP_CHANGES` changes (caches fill).

    ``changes`` is rounded up to a multiple of :data:`PERIOD` (at least
    :data:`TRACED_PERIODS`) so every measurement sees the same workload.
    ``sys.getrefcount(None)`` and ``sys.getallocatedblocks()`` are compared over all
    ``changes``; ``tracemalloc`` (which slows Python down several times) traces the last
    :data:`TRACED_PERIODS` periods and compares the traced size at the ends of the last one.
    ``progress`` (e.g. ``print``) gets one line per 10 changes with the drift so far, so a
    run that aborts still shows the figure. Raises nothing itself; a PySide6 that
    drops references aborts the process (that is what the test catches).

    Raises:
        SessionError: when a key did not make its change (the keyboard path is broken).
    """
    window.live.background = False
    _activate(window)
    _go(window, "results")
    changes = max(TRACED_PERIODS, -(-max(changes, 1) // PERIOD)) * PERIOD
    trace_from = WARMUP_CHANGES + changes - TRACED_PERIODS * PERIOD
    was_tracing = tracemalloc.is_tracing()
    t0 = time.perf_counter()
    options = 0
    none_first = sys.getrefcount(None)
    try:
        for i in range(WARMUP_CHANGES + changes):
            if i == WARMUP_CHANGES:
                gc.collect()
                none0, blocks0 = sys.getrefcount(None), sys.getallocatedblocks()
            if i == trace_from and not was_tracing:
                tracemalloc.start()
            if i == WARMUP_CHANGES + changes - PERIOD:
                gc.collect()
                traced0 = tracemalloc.get_traced_memory()[0]
            _change(window, i)
            options = _redraw(window)
            if progress is not None and (i + 1) % 10 == 0:
                now = sys.getrefcount(None)
                progress(
                    f"change {i + 1}: sys.getrefcount(None) {now} "
                    f"({(now - none_first) / (i + 1):+.1f} per change since the first)"
                )
        gc.collect()
        traced1 = tracemalloc.get_traced_memory()[0]
        none1, blocks1 = sys.getrefcount(None), sys.getallocatedblocks()
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return SessionReport(
        changes=changes,
        seconds=round(time.perf_counter() - t0, 2),
        none_refcount_start=none0,
        none_refcount_end=none1,
        none_drift_per_change=(none1 - none0) / changes,
        blocks_drift_per_change=(blocks1 - blocks0) / changes,
        traced_start_bytes=traced0,
        traced_end_bytes=traced1,
        options_last=options,
    )


def problems(report: SessionReport) -> list[str]:
    """The limits a session broke (empty = healthy)."""
    out = []
    if report.none_drift_per_change <= -MAX_NONE_LOSS_PER_CHANGE:
        out.append(
            f"sys.getrefcount(None) fell by {-report.none_drift_per_change:.1f} per change "
            f"(limit {MAX_NONE_LOSS_PER_CHANGE:g}): PySide6 drops references and the "
            "app will abort (see scripts/pyside_refcount_check.py)"
        )
    if report.traced_growth_bytes > MAX_TRACED_GROWTH_BYTES:
        out.append(
            f"traced Python memory grew by {report.traced_growth_bytes / 1024:.0f} KiB over "
            f"the last {PERIOD} changes (limit {MAX_TRACED_GROWTH_BYTES / 1024:g} KiB)"
        )
    if report.blocks_drift_per_change > MAX_BLOCKS_PER_CHANGE:
        out.append(
            f"live Python memory blocks grew by {report.blocks_drift_per_change:.0f} per "
            f"change (limit {MAX_BLOCKS_PER_CHANGE:g})"
        )
    if report.options_last == 0:
        out.append("the last recommendation had no options")
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m gpupicker.ui.app.long_session [--changes N]``: one JSON line, exit 1 on a problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=500)
    parser.add_argument(
        "--progress",
        action="store_true",
        help="a line on stderr per 10 changes (the figure survives an abort)",
    )
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication

    from ...catalog import open_catalog
    from ..main_window import MainWindow

    app = QApplication.instance() or QApplication(["gpupicker-long-session"])
    window = MainWindow(open_catalog())
    window.resize(1024, 700)  # a laptop screen; painting is most of the time per change
    window.show()
    report = run_session(
        window,
        args.changes,
        progress=((lambda line: print(line, file=sys.stderr, flush=True)) if args.progress else None),
    )
    found = problems(report)
    print(
        json.dumps({**asdict(report), "traced_growth_bytes": report.traced_growth_bytes, "problems": found}),
        flush=True,
    )
    window.close()
    del app
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
