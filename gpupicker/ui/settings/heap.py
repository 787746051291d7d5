"""The app's garbage-collector policy: the long-lived heap frozen out of the
collector's scans, and young collections sized for a ranking.

Qt-free: the start-up (:mod:`.startup`) and the controller (after a catalog reload) call
:func:`settle_heap`; ``scripts/bench.py`` calls it too, so its figures are the app's.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""Allocations between two young (generation 0) collections; CPython's default is 700.

One ranking allocates ~15,000 container objects (Messages and their parameters, tuples,
pydantic results) that live until the next ranking. At 700 the collector ran ~6 young and
0.5 middle (generation 1) collections per ranking, each middle one rescanning the previous
ranking's results (1.2 ms); a new job at 100× prices took 8.3 ms median, 10.0 ms p95. At
10,000: 7.1 / 7.7 ms (20,000 and 50,000: no better), measured alternating the thresholds
run by run in one process (QLoRA Mistral-7B, 320 runs, this 2-core machine). Objects in
reference cycles wait a little longer to be freed; everything else is freed by reference
counting as before. Source: https://docs.python.org/3/library/gc.html#gc.set_threshold
"""


def settle_heap() -> int:
    """Collect once, then move every object alive now (modules, classes, Qt wrappers, the
    catalog snapshot: ~100,000 objects after start-up) to CPython's permanent generation, so
    later full collections no longer scan them; sets :data:`YOUNG_THRESHOLD`. Returns how many
    objects are frozen.

    Without the freeze, a full (generation 2) collection ran about every 30 input changes and
    took 113 ms on this 2-core machine (a visible stall); with it, 0.7 ms (measured with
    ``gc.callbacks`` over 60 changes). Frozen objects are still freed by reference counting;
    only reference cycles among them are never collected, which start-up objects, alive until
    the window closes, do not need. Source: https://docs.python.org/3/library/gc.html#gc.freeze
    """
    gc.collect()
    gc.freeze()
    _, middle, full = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, full)
    return int(gc.get_freeze_count())
