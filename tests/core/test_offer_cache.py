"""The per-snapshot offer table and the every-offer cap change no ranking."""

from __future__ import annotations

import sys

from tests.support.paths import SCRIPTS

sys.path.insert(0, str(SCRIPTS))

import bench  # noqa: E402

from gpupicker.core.pricing import offer_cache  # noqa: E402
from gpupicker.core.pricing.offers import ALL_OFFERS_MAX  # noqa: E402
from gpupicker.core.ranking.recommend import recommend  # noqa: E402


def _key(rec):
    return [(o.gpu_id, o.num_gpus, o.provider, o.pricing, round(o.cost.usd_per_hour, 9)) for o in rec.options]


def test_cached_snapshot_ranks_like_a_fresh_list():
    gpus, prices, models, _ = bench.load_catalog()
    w = bench.workloads(models)[1][1]
    snap = tuple(prices)
    offer_cache.clear()
    fresh = recommend(w, gpus, list(prices))
    first = recommend(w, gpus, snap)
    again = recommend(w, gpus, snap)
    assert offer_cache.cache_info()["entries"] == 1
    assert _key(fresh) == _key(first) == _key(again)
    assert fresh.notes == again.notes


def test_every_offer_cap_keeps_the_top_of_the_ranking(monkeypatch):
    gpus, prices, models, _ = bench.load_catalog()
    w = bench.workloads(models)[1][1]
    big = bench.scaled_prices(prices, 10)
    capped = recommend(w, gpus, big, all_offers=True)
    import gpupicker.core.pricing.offers as omod

    monkeypatch.setattr(omod, "ALL_OFFERS_MAX", 10**9)
    full = recommend(w, gpus, list(big), all_offers=True)  # uncapped
    monkeypatch.undo()
    # × 1, 2, 4, 8 GPUs; keeping the k cheapest per GPU × pricing × size overshoots the cap by a
    # few per cent (104 GPU types: 627 offers, 2,447 options)
    assert len(capped.options) < 4 * ALL_OFFERS_MAX * 1.1
    assert any("dearer offers left out" in n for n in capped.notes)
    assert _key(capped)[:50] == _key(full)[:50]
    small = recommend(w, gpus, list(prices), all_offers=True)  # bundled catalog: no cap
    assert not any("left out" in n for n in small.notes)
