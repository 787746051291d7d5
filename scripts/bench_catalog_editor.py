"""The catalog window with a big price catalog, offscreen: open, filter typing, sort, edit, undo.

``python scripts/bench_catalog_editor.py [ROWS] [RUNS]`` (default 20,000 rows, 5 runs) writes
ROWS price rows made from data/prices.csv (providers renamed "<provider> clone NNN", prices
scaled, as a tester's generated CSV) into a temporary ``GPUPICKER_HOME``, imports them, opens the
catalog window alone (no main window: only the editor's own GUI-thread work is timed) and
prints, in ms:

- ``open``: the window built, shown and its events processed;
- ``idle build``: the filter's row texts built in idle steps after opening (the longest step
  is how long the window is busy at most meanwhile);
- ``filter 'c' … 'clone 05'``: one keystroke each (setText, then events until the filter is
  applied: a debounced filter is waited for, and the wait is not counted);
- ``sort <column> asc|desc``: a header click's sort, then back to the catalog order;
- ``edit`` / ``undo`` / ``redo``: one price-cell edit through setData and the undo stack
  (median and max of RUNS);
- ``paint``: the price table grabbed (visible rows' data()).

Set ``BENCH_ROOT`` to another checkout to time its code with the same script.
"""

from __future__ import annotations

import csv
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))


def write_csv(path: Path, n: int) -> None:
    """``n`` price rows from data/prices.csv, providers renamed per copy."""
    with open(ROOT / "data" / "prices.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for k in range(n):
            r = dict(rows[k % len(rows)])
            copy = k // len(rows)
            r["provider"] = f"{r['provider'] or 'anon'} clone {copy:03d}"
            r["price_per_gpu_hour"] = f"{float(r['price_per_gpu_hour']) * (1 + 0.013 * (copy % 37)):.4f}"
            w.writerow(r)


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory(prefix="gpupicker-bench-editor-") as home:
        os.environ["GPUPICKER_HOME"] = home
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication

        from gpupicker.catalog import open_catalog
        from gpupicker.ui.catalog_editor.window import CatalogWindow

        app = QApplication.instance() or QApplication([])
        repo = open_catalog()
        if n:
            big = Path(home) / "big.csv"
            write_csv(big, n)
            repo.import_csv("prices", str(big))

        def settle() -> None:
            for _ in range(3):
                app.processEvents()

        t0 = time.perf_counter()
        ed = CatalogWindow(repo)
        ed.resize(1180, 640)
        ed.show()
        settle()
        print(f"open: {(time.perf_counter() - t0) * 1000:.0f} ms, {ed.price_model.rowCount()} price rows")
        tab = ed.price_tab
        prepare = getattr(tab, "prepare_timer", None)
        if prepare is not None:  # the filter's row texts, built in idle steps after opening
            t0, longest = time.perf_counter(), 0.0
            while any(t.prepare_timer.isActive() for t in (ed.price_tab, ed.gpu_tab, ed.models_tab)):
                t1 = time.perf_counter()
                app.processEvents()
                longest = max(longest, time.perf_counter() - t1)
            print(
                f"idle build of the filter texts: {(time.perf_counter() - t0) * 1000:.0f} ms "
                f"in steps of at most {longest * 1000:.0f} ms"
            )
        timer = getattr(tab, "filter_timer", None)

        def apply_pending_filter() -> None:
            if timer is not None and timer.isActive():
                timer.stop()
                timer.timeout.emit()
            settle()

        text = ""
        for ch in "clone 05":
            text += ch
            t0 = time.perf_counter()
            tab.filter.setText(text)
            settle()
            typed = (time.perf_counter() - t0) * 1000
            t0 = time.perf_counter()
            apply_pending_filter()
            applied = (time.perf_counter() - t0) * 1000
            print(
                f"filter {text!r}: keystroke {typed:.0f} ms, filter applied {typed + applied:.0f} "
                f"ms, {tab.proxy.rowCount()} rows"
            )
        t0 = time.perf_counter()
        tab.filter.setText("")
        apply_pending_filter()
        print(f"filter cleared: {(time.perf_counter() - t0) * 1000:.0f} ms, {tab.proxy.rowCount()} rows")
        cols = ed.price_model.columns
        for name in ("price_per_gpu_hour", "provider", "observed", "price_kind"):
            for order, label in (
                (Qt.SortOrder.AscendingOrder, "asc"),
                (Qt.SortOrder.DescendingOrder, "desc"),
            ):
                t0 = time.perf_counter()
                tab.view.sortByColumn(cols.index(name), order)
                settle()
                print(f"sort {name} {label}: {(time.perf_counter() - t0) * 1000:.0f} ms")
        tab.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        settle()
        t0 = time.perf_counter()
        tab.view.grab()
        print(f"paint: {(time.perf_counter() - t0) * 1000:.0f} ms")
        pm = ed.price_model
        col = cols.index("price_per_gpu_hour")

        def timed(fn) -> str:  # type: ignore[no-untyped-def]
            xs = []
            for i in range(runs):
                t0 = time.perf_counter()
                fn(i)
                settle()
                xs.append((time.perf_counter() - t0) * 1000)
            return f"median {statistics.median(xs):.0f} ms, max {max(xs):.0f} ms"

        print("edit:", timed(lambda i: pm.setData(pm.index(5, col), str(1.0 + i / 100))))
        print("undo:", timed(lambda i: ed.undo_stack.undo()))
        print("redo:", timed(lambda i: ed.undo_stack.redo()))
        tab.view.sortByColumn(col, Qt.SortOrder.AscendingOrder)
        settle()
        print("edit (sorted by price):", timed(lambda i: pm.setData(pm.index(7, col), str(2.0 + i / 100))))
        ed.close()
        repo.close() if hasattr(repo, "close") else None
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
