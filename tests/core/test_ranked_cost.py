"""The one cost figure options are ranked on: the ranking, the seed guide, the region note and the
results table read the same figure (and agree on $/1M tokens and a price of 0)."""

from __future__ import annotations

import math

from gpupicker.core.pricing.ranked_cost import option_cost, ranked_cost, ranked_cost_kind
from gpupicker.core.results import CostEstimate, MemoryEstimate, Option, Throughput


def _option(cost: CostEstimate, provider: str = "Lambda") -> Option:
    return Option(
        gpu_id="h100_sxm",
        gpu_name="H100 SXM",
        num_gpus=1,
        fits=True,
        memory=MemoryEstimate(),
        capacity_bytes_per_gpu=80 * 2**30,
        headroom_bytes=0,
        throughput=Throughput(),
        cost=cost,
        provider=provider,
    )


def test_figure_order_total_month_tokens_hour() -> None:
    # 2 GPUs at $2.99/h (Lambda H100 SXM, data/prices.csv, 2025-11-16) for 10 h: $59.80
    c = CostEstimate(usd_per_hour=5.98, hours=10.0, usd_total=59.8, usd_per_million_tokens=1.2)
    assert ranked_cost(c) == 59.8 and ranked_cost_kind(c) == "total"
    month = CostEstimate(usd_per_hour=5.98, usd_per_month=5.98 * 730, usd_per_million_tokens=1.2)
    assert ranked_cost(month) == 5.98 * 730 and ranked_cost_kind(month) == "month"
    mtok = CostEstimate(usd_per_hour=5.98, usd_per_million_tokens=1.2)
    assert ranked_cost(mtok) == 1.2 and ranked_cost_kind(mtok) == "mtok"
    hour = CostEstimate(usd_per_hour=5.98)
    assert ranked_cost(hour) == 5.98 and ranked_cost_kind(hour) == "hour"


def test_no_price_is_infinite_and_a_price_of_0_is_a_figure() -> None:
    assert ranked_cost(None) == math.inf
    # an option without an offer carries a cost estimate with its hours only
    assert option_cost(_option(CostEstimate(hours=3.0), provider="")) == math.inf
    # an owned GPU whose cost of ownership is nil ranks at 0, before every rental
    assert option_cost(_option(CostEstimate(usd_per_hour=0.0, hours=3.0, usd_total=0.0), "Owned")) == 0.0
    assert option_cost(_option(CostEstimate(usd_per_hour=0.0), "Owned")) == 0.0
