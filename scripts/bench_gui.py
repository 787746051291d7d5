"""Input change → results and plots painted, offscreen (``scripts/bench.py`` runs it).

Opens the main window on the results page over a temporary ``GPUPICKER_HOME``, then changes
the batch size N times through the controller (what a spin box does) and times each change
until the recommendation is back and the results page (table and both plots) has processed
the repaint its new rows and points posted. Each batch change is a new job: the memo of
GPU × count evaluations is cleared first (it would otherwise hold the four batch sizes the
changes cycle through). Then N budget changes (money only: the evaluations are reused).
Prints ``PAINTED_MS t1 t2 …``, ``SPANS_MS`` (per change: the recompute, the rest until the
results page has taken the results — scheduling, table and plot data — and the paint) and
``MONEY_PAINTED_MS`` / ``MONEY_SPANS_MS`` for the budget changes.
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

        from gpupicker.ui.app.headless import _open_repo, build_window
        from gpupicker.ui.app.launch import _app

        app = _app(None)
        win = build_window(_open_repo(None, interactive=False))
        win.resize(1240, 860)
        win.show()
        from gpupicker.ui.settings.heap import settle_heap

        settle_heap()  # as the app does once its window is built
        win.wizard.show_page("results")
        page = win.wizard.results_page
        ctl = win.controller
        done = []
        ctl.resultsChanged.connect(lambda _v: done.append(time.perf_counter()))
        for _ in range(10):
            app.processEvents()
        page.grab()
        from gpupicker.core.ranking import evaluation

        def series(change, new_job: bool) -> tuple[list[float], list[tuple[float, ...]]]:
            times: list[float] = []
            spans: list[tuple[float, ...]] = []  # compute, results handled, paint
            for i in range(runs + 2):
                if new_job:
                    evaluation.evaluate.cache_clear()
                n = len(done)
                t0 = time.perf_counter()
                change(i)
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
            return times, spans

        for prefix, change, new_job in (
            ("", lambda i: ctl.update(batch=2 + i % 4), True),
            ("MONEY_", lambda i: ctl.update(budget_usd=50.0 + i), False),
        ):
            times, spans = series(change, new_job)
            print(f"{prefix}PAINTED_MS " + " ".join(f"{t:.2f}" for t in times), flush=True)
            print(
                f"{prefix}SPANS_MS " + " ".join(f"{a:.2f},{b:.2f},{c:.2f}" for a, b, c in spans), flush=True
            )
        ctl.wait_idle()
        win.close()
        del QApplication
    os._exit(0)


if __name__ == "__main__":
    raise SystemExit(main())
