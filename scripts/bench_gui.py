"""Input change → results and plots painted, offscreen (``scripts/bench.py`` runs it).

Opens the main window on the results page over a temporary ``GPUPICKER_HOME``, then changes
the batch size N times through the controller (what a spin box does) and times each change
until the recommendation is back and the results page (table and both plots) has processed
the repaint its new rows and points posted. Prints ``PAINTED_MS t1 t2 …`` and ``SPANS_MS``
(per change: the recompute, the rest until the results page has taken the results —
scheduling, table and plot data — and the paint).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with tempfile.TemporaryDirectory(prefix="gpupicker-bench-") as home:
        os.environ["GPUPICKER_HOME"] = home
        from PySide6.QtWidgets import QApplication

        from gpupicker.ui.app.launch import _app, _open_repo, build_window

        app = _app(None)
        win = build_window(_open_repo(None, interactive=False))
        win.resize(1240, 860)
        win.show()
        from gpupicker.ui.app.startup import settle_heap

        settle_heap()  # as the app does once its window is built
        win.wizard.show_page("results")
        page = win.wizard.results_page
        ctl = win.controller
        done = []
        ctl.resultsChanged.connect(lambda _v: done.append(time.perf_counter()))
        for _ in range(10):
            app.processEvents()
        page.grab()
        times = []
        spans: list[tuple[float, float, float]] = []  # compute, results handled, paint
        for i in range(runs + 2):
            n = len(done)
            t0 = time.perf_counter()
            ctl.update(batch=2 + i % 4)
            while len(done) == n:
                app.processEvents()
                time.sleep(0.0005)
            t_shown = done[-1]  # the page's show_results ran before this (connected first)
            app.processEvents()  # the repaint the new results posted (table and plots),
            app.processEvents()  # and what the plots' scene posted while painting
            t_end = time.perf_counter()
            if i >= 2:  # warm-up
                times.append((t_end - t0) * 1e3)
                compute = ctl.last_compute_s * 1e3
                spans.append((compute, (t_shown - t0) * 1e3 - compute, (t_end - t_shown) * 1e3))
        print("PAINTED_MS " + " ".join(f"{t:.2f}" for t in times), flush=True)
        print("SPANS_MS " + " ".join(f"{a:.2f},{b:.2f},{c:.2f}" for a, b, c in spans),
              flush=True)
        ctl.wait_idle()
        win.close()
        del QApplication
    os._exit(0)


if __name__ == "__main__":
    raise SystemExit(main())
