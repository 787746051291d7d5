"""Option reasons are built when first read, and read the same as built at once.

A recommendation ranks some 400 options (Llama-2-7B inference over the bundled catalog) and
shows a few; each reason is a :class:`~gpupicker.core.lazy_text.LazyText` until read.
"""

from __future__ import annotations

import copy
import pickle

from gpupicker.core.lazy_text import LazyText
from gpupicker.core.ranking import evaluation
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_gpus, catalog_model, catalog_prices


def _rec():
    w = Workload(task="inference", model=catalog_model("llama2_7b"), prompt_len=1024, new_tokens=256)
    evaluation.evaluate.cache_clear()
    return recommend(w, catalog_gpus(), catalog_prices())


def test_no_reason_is_built_until_read():
    rec = _rec()
    lazy = [o.lazy_reason for o in rec.options]
    assert len(lazy) > 300 and all(isinstance(r, LazyText) for r in lazy)
    # the seed guide's note quotes its GPU's reason (the RTX 4090's, ranked 2nd): the one read
    assert [i for i, r in enumerate(lazy) if r._build is None] == [1]
    top = rec.options[0]
    assert top.reason.startswith("Fits: 14.1 of 24 GiB per GPU (41% headroom).") and "$0.18/h" in top.reason
    assert lazy[0]._build is None  # built once, kept
    assert all(r._build is not None for r in lazy[2:])


def test_reasons_compare_copy_and_pickle_as_their_text():
    a, b = _rec(), _rec()
    assert a.options == b.options  # equal reasons are equal texts
    o = a.options[5]
    assert copy.deepcopy(o).reason == o.reason
    again = pickle.loads(pickle.dumps(o))
    assert again.reason == o.reason and again.reason.id == o.reason.id
    assert o.model_copy(update={"lazy_reason": "x"}).reason == "x" and o.reason != "x"
    assert "lazy_reason" not in o.model_dump()
