"""List the texts core still writes as plain ``str`` instead of ``Message`` (issue 11 progress).

Runs recommend and the advisor over tests/support/workloads.py's WORKLOADS (a fresh catalog in a
temporary GPUPICKER_HOME) and estimate over the validation workloads, then prints each distinct
plain text with the field it sits in. Empty output: every text is a Message.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    """Entry point."""
    os.environ["GPUPICKER_HOME"] = tempfile.mkdtemp(prefix="gpupicker-plain-")
    os.environ.pop("GPUPICKER_CATALOG", None)
    from gpupicker.catalog import open_catalog
    from gpupicker.core.advisor import advise
    from gpupicker.core.recommend import recommend
    from gpupicker.core.workload import Workload
    from tests.support.message_texts import plain_texts
    from tests.support.workloads import WORKLOADS

    with open_catalog() as repo:
        gpus, prices = repo.gpus(), repo.prices()
        fx = dict(repo.get_fx_rates())
        models = {m: repo.get_model(m) for m in {w[1] for w in WORKLOADS}}
    byid = {g.id: g for g in gpus}
    found: Counter[tuple[str, str]] = Counter()
    for i, (task, model_id, extra, preferred) in enumerate(WORKLOADS):
        w = Workload(task=task, model=models[model_id], model_id=model_id, **extra)
        goal = ("cheapest", "fastest", "value", "headroom")[i % 4]
        rec = recommend(w, gpus, prices, goal=goal, fx_rates=fx if i % 2 else {"CNY": 7.2})
        for path, text in plain_texts(rec, "recommend"):
            found[(re.sub(r"\[\d+\]", "[]", path), text)] += 1
        if preferred:
            for path, text in plain_texts(tuple(advise(w, byid[preferred])), "advise"):
                found[(re.sub(r"\[\d+\]", "[]", path), text)] += 1
    for (where, text), n in sorted(found.items()):
        print(f"{where:42} ×{n:<4} {text[:150]}")
    print(f"{len(found)} distinct plain texts", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
