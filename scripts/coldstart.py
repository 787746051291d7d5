"""Cold start to the first painted page, next to an empty PySide6 window.

Each mode runs in a fresh interpreter (``python -X importtime`` style: nothing imported yet) and
prints the seconds from the parent's ``Popen`` to the event-loop turn after the window's first
Paint event (the frame is drawn by then), so interpreter start-up counts for both:

* ``empty``: ``QApplication`` + an empty ``QMainWindow`` (the floor any PySide6 app pays),
  until the turn after its first Paint event, as the app's page;
* ``app``: ``gpupicker`` as a user starts it (``gpupicker.cli.main([])``): application,
  translators, the main window with its first (task) page painted — the catalog, controller,
  other pages and first recommendation are built right after, one step per event-loop turn
  (``ui.app.startup``). The child also reports when all of that is built, how long the
  model page then takes to appear after Next, and then the results page on its first visit
  (Next on the budget page).

The user's folders are platform folders in a temporary directory (never the user's files):
on Linux and other XDG systems ``HOME`` and ``XDG_{DATA,CONFIG,STATE,CACHE}_HOME`` point there,
so the app resolves its folders with platformdirs as a user's start does (``GPUPICKER_HOME``,
which skips platformdirs, would leave that cost out); elsewhere ``GPUPICKER_HOME`` points there.
The first ``app`` run creates that catalog and is not counted.

``--platform``: Qt's platform plugin for every child, ``offscreen`` (default) or ``xcb``, a
real X11 window: with no ``DISPLAY`` this script starts its own ``Xvfb`` (as ``xvfb-run``
would) for the runs.

``--bytecode``: that first run also writes gpupicker's ``__pycache__`` (``PYTHONDONTWRITEBYTECODE``
unset for it), as a user's first start of a source checkout or any installed wheel has it, so
the counted runs load compiled modules. Without it, where ``PYTHONDONTWRITEBYTECODE=1`` is set
(this machine's environment), every counted start compiles the ~95 KB of gpupicker source it
imports before the first paint (about 9 ms), which the empty window, importing only
precompiled PySide6, never pays.

Usage: ``python scripts/coldstart.py [--runs N] [--bytecode] [--platform offscreen|xcb]``
(prints medians), or ``--child MODE``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

ROOT = Path(__file__).resolve().parents[1]


def _child(mode: str) -> int:
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    if mode in ("empty", "empty_pg"):
        app = QApplication([sys.argv[0]])
        if mode == "empty_pg":
            import pyqtgraph  # noqa: F401 - the issue's reference: PySide6 + pyqtgraph
        win = QMainWindow()
        win.resize(1240, 860)
    else:
        return _app_child()
    # the app's milestone (ui.app.startup._FirstPaint): the event-loop turn after the window's
    # first Paint event. A zero timer set at show() fired before the empty window was painted
    # at all (an event filter saw the quit and no Paint), so the reference was a window that
    # was never drawn.
    from PySide6.QtCore import QEvent, QObject

    class _FirstPaint(QObject):
        painted = False

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                obj.removeEventFilter(self)
                self.painted = True
                QTimer.singleShot(0, app.quit)
            return False

    first = _FirstPaint()
    win.installEventFilter(first)
    QTimer.singleShot(10_000, app.quit)  # never painted: no figure, the parent says so
    win.show()
    app.exec()
    if not first.painted:
        os._exit(1)
    print("PAINTED", flush=True)
    os._exit(0)  # the figure is taken; no teardown in the measurement


def _app_child() -> int:
    """``gpupicker`` as a user starts it (``cli.main([])``: launch, first page, staged start),
    reporting each start milestone; once all is built, presses Next and times the model page
    until painted, then quits the way the window does."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from gpupicker.cli import main as cli_main
    from gpupicker.ui.app import startup

    marks: list[tuple[str, float]] = []

    class _Painted(QObject):
        """Times Next → model page painted, then (from the budget page) Next → the results
        page painted on its first visit (its table and plots are built at start: a page
        switch)."""

        def __init__(self) -> None:
            super().__init__()
            self.t0 = 0.0
            self.win: Any = None

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                obj.removeEventFilter(self)
                QTimer.singleShot(0, self.done if obj is self.win.wizard.results_page else self.model_done)
            return False

        def model_done(self) -> None:
            print(f"NEXT {(time.perf_counter() - self.t0) * 1e3:.1f}", flush=True)
            self.win.wizard.show_page("budget")  # the last input page, not timed
            QTimer.singleShot(0, self.open_results)

        def open_results(self) -> None:
            self.win.wizard.results_page.installEventFilter(self)
            self.t0 = time.perf_counter()
            self.win.wizard.next()  # Next on the budget page: the results page's first visit

        def done(self) -> None:
            print(f"RESULTS {(time.perf_counter() - self.t0) * 1e3:.1f}", flush=True)
            print("GAPS " + " ".join(f"{n}:{(t - marks[0][1]) * 1e3:.1f}" for n, t in marks), flush=True)
            QApplication.instance().quit()

    painted = _Painted()

    def on_mark(name: str) -> None:
        marks.append((name, time.perf_counter()))
        if name == "painted":
            print("PAINTED", flush=True)
        elif name == "settled":
            print("READY", flush=True)
            win = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
            painted.win = win
            painted.t0 = time.perf_counter()
            win.wizard.model_page.installEventFilter(painted)
            win.wizard.next()  # what the Next button does

    startup.MILESTONES.append(on_mark)
    code = cli_main([])
    sys.stdout.flush()
    os._exit(code)


LAST_APP: dict[str, float | str] = {}
"""The last ``app`` child's other figures: ``ready`` (s from spawn until every page, the
controller and the first recommendation are built), ``next_ms`` (Next pressed then → model
page painted), ``results_ms`` (then Next on the budget page → results page painted, its first visit),
``steps`` (ms of each start step after the first paint)."""


def measure(mode: str, env: dict[str, str]) -> float:
    """Seconds from spawning ``python scripts/coldstart.py --child MODE`` to its first paint."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, __file__, "--child", mode],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    elapsed = None
    for line in proc.stdout:
        if line.startswith("PAINTED"):
            elapsed = time.perf_counter() - t0
            if mode != "app":
                break
        elif line.startswith("READY"):
            LAST_APP["ready"] = time.perf_counter() - t0
        elif line.startswith("NEXT "):
            LAST_APP["next_ms"] = float(line.split()[1])
        elif line.startswith("RESULTS "):
            LAST_APP["results_ms"] = float(line.split()[1])
        elif line.startswith("GAPS "):
            LAST_APP["steps"] = line.split(maxsplit=1)[1].strip()
    if elapsed is None:
        err = proc.stderr.read() if proc.stderr else ""
        proc.wait()
        raise RuntimeError(f"{mode} child failed: {err[-2000:]}")
    proc.wait()
    return elapsed


def user_dirs_env(home: str) -> dict[str, str]:
    """The environment that puts every user folder of gpupicker (and Qt's caches) under
    ``home``: platform folders there on XDG systems, else ``GPUPICKER_HOME`` (module
    docstring)."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return {
            "HOME": home,
            **{f"XDG_{k}_HOME": os.path.join(home, k.lower()) for k in ("DATA", "CONFIG", "STATE", "CACHE")},
        }
    return {"GPUPICKER_HOME": home}


@contextlib.contextmanager
def display(platform: str) -> Iterator[dict[str, str]]:
    """The children's ``QT_QPA_PLATFORM`` (and ``DISPLAY``): for ``xcb`` without a display,
    an ``Xvfb`` server of this script's own (``-displayfd`` says its number) until the end."""
    env = {"QT_QPA_PLATFORM": platform}
    if platform != "xcb" or os.environ.get("DISPLAY"):
        yield env
        return
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as f:
            number = f.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start (is it installed? apt install xvfb)")
        yield {**env, "DISPLAY": f":{number}"}
    finally:
        server.terminate()
        server.wait()


def run(runs: int = 5, bytecode: bool = False, platform: str = "offscreen") -> dict[str, list[float]]:
    """Alternate empty/app children ``runs`` times under Qt's ``platform`` plugin; returns
    the seconds of each. With ``bytecode`` the uncounted first run writes ``__pycache__``
    (module docstring)."""
    with tempfile.TemporaryDirectory(prefix="gpupicker-coldstart-") as home, display(platform) as shown:
        env = {k: v for k, v in os.environ.items() if k != "GPUPICKER_HOME"}
        env.update(user_dirs_env(home))
        env.update(shown)
        first = dict(env)
        if bytecode:
            first.pop("PYTHONDONTWRITEBYTECODE", None)
        had = set((ROOT / "gpupicker").rglob("*.pyc"))
        try:
            measure("app", first)  # creates the catalog: first-run cost, not counted
            return _alternate(runs, env)
        finally:  # a later run without --bytecode must not find this run's bytecode
            for pyc in set((ROOT / "gpupicker").rglob("*.pyc")) - had:
                pyc.unlink(missing_ok=True)
                with contextlib.suppress(OSError):
                    pyc.parent.rmdir()  # only if empty: this run made it


def _alternate(runs: int, env: dict[str, str]) -> dict[str, list[float]]:
    """``runs`` rounds of an empty window, an empty window with pyqtgraph and the app."""
    out: dict[str, list[float]] = {
        "empty": [],
        "empty_pg": [],
        "app": [],
        "ready": [],
        "next_ms": [],
        "results_ms": [],
    }
    for _ in range(runs):
        for mode in ("empty", "empty_pg", "app"):
            out[mode].append(measure(mode, env))
        out["ready"].append(float(LAST_APP.get("ready", float("nan"))))
        out["next_ms"].append(float(LAST_APP.get("next_ms", float("nan"))))
        out["results_ms"].append(float(LAST_APP.get("results_ms", float("nan"))))
    return out


def summary(res: dict[str, list[float]], platform: str = "offscreen", bytecode: bool = False) -> str:
    """One line: medians of the app, the empty window and the empty window with pyqtgraph
    (under Qt's ``platform`` plugin, with or without gpupicker's bytecode cached)."""
    e, g, a = (statistics.median(res[k]) for k in ("empty", "empty_pg", "app"))
    how = f"{platform}, " + (
        "bytecode cached as an installed wheel or bundle has it"
        if bytecode
        else "source compiled each start (PYTHONDONTWRITEBYTECODE)"
        if os.environ.get("PYTHONDONTWRITEBYTECODE")
        else "bytecode as this checkout has it"
    )
    line = (
        f"cold start to first page ({how}): {a:.3f} s median; empty PySide6 window {e:.3f} s "
        f"({a / e:.2f}×), empty PySide6 + pyqtgraph window {g:.3f} s ({a / g:.2f}×); "
        f"{len(res['app'])} runs each, alternating"
    )
    if res.get("ready"):
        line += (
            f"\n  then every page built {statistics.median(res['ready']):.3f} s after "
            f"the start (steps after the first paint, ms: {LAST_APP.get('steps', '?')}); "
            f"Next → model page painted {statistics.median(res['next_ms']):.1f} ms; Next on the "
            f"budget page → results page painted (its first visit) "
            f"{statistics.median(res['results_ms']):.1f} ms"
        )
    return line


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--child", choices=("empty", "empty_pg", "app"))
    ap.add_argument(
        "--bytecode",
        action="store_true",
        help="let the uncounted first start write __pycache__ (module docstring)",
    )
    ap.add_argument(
        "--platform",
        choices=("offscreen", "xcb"),
        default="offscreen",
        help="Qt platform plugin of the children; xcb starts an Xvfb when DISPLAY is unset",
    )
    args = ap.parse_args(argv)
    if args.child:
        return _child(args.child)
    res = run(args.runs, bytecode=args.bytecode, platform=args.platform)
    print(summary(res, platform=args.platform, bytecode=args.bytecode))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
