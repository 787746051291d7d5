"""Cold start to the first painted page, next to an empty PySide6 window (issue 17).

Each mode runs in a fresh interpreter (``python -X importtime`` style: nothing imported yet) and
prints the seconds from the parent's ``Popen`` to the first event-loop turn after ``show()``
(the window exposed and painted), so interpreter start-up counts for both:

* ``empty``: ``QApplication`` + an empty ``QMainWindow`` (the floor any PySide6 app pays);
* ``app``: what ``gpupicker`` does on start-up (application, translators, catalog, main window
  with its first page, the first recommendation scheduled).

``GPUPICKER_HOME`` points at a temporary folder (never the user's files); the first ``app``
run creates that catalog and is not counted.

Usage: ``python scripts/coldstart.py [--runs N]`` (prints medians), or ``--child MODE``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
        from gpupicker.ui.app.launch import _app, _open_repo, build_window

        app = _app(None)
        repo = _open_repo(None, interactive=False)
        win = build_window(repo)
    win.show()
    QTimer.singleShot(0, app.quit)
    app.exec()
    print("PAINTED", flush=True)
    os._exit(0)  # the figure is taken; no teardown in the measurement


def measure(mode: str, env: dict[str, str]) -> float:
    """Seconds from spawning ``python scripts/coldstart.py --child MODE`` to its first paint."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, __file__, "--child", mode], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("PAINTED"):
            elapsed = time.perf_counter() - t0
            break
    else:
        err = proc.stderr.read() if proc.stderr else ""
        proc.wait()
        raise RuntimeError(f"{mode} child failed: {err[-2000:]}")
    proc.wait()
    return elapsed


def run(runs: int = 5) -> dict[str, list[float]]:
    """Alternate empty/app children ``runs`` times; returns the seconds of each."""
    with tempfile.TemporaryDirectory(prefix="gpupicker-coldstart-") as home:
        env = {**os.environ, "GPUPICKER_HOME": home,
               "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
        measure("app", env)  # creates the catalog: first-run cost, not counted
        out: dict[str, list[float]] = {"empty": [], "empty_pg": [], "app": []}
        for _ in range(runs):
            for mode in out:
                out[mode].append(measure(mode, env))
        return out


def summary(res: dict[str, list[float]]) -> str:
    """One line: medians of the app, the empty window and the empty window with pyqtgraph."""
    e, g, a = (statistics.median(res[k]) for k in ("empty", "empty_pg", "app"))
    return (f"cold start to first page: {a:.3f} s median; empty PySide6 window {e:.3f} s "
            f"({a / e:.2f}×), empty PySide6 + pyqtgraph window {g:.3f} s ({a / g:.2f}×); "
            f"{len(res['app'])} runs each, alternating")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--child", choices=("empty", "empty_pg", "app"))
    args = ap.parse_args(argv)
    if args.child:
        return _child(args.child)
    res = run(args.runs)
    print(summary(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
