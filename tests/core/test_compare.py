"""core.compare: scenarios side by side, differences marked (ranked on the bundled catalog)."""

from __future__ import annotations

import pytest

from gpupicker.core.pricing.money import Money
from gpupicker.core.report.compare import Scenario, compare, comparison_markdown
from gpupicker.core.workload import Workload
from gpupicker.service.compare import pick_option, scenarios
from gpupicker.service.recommendation import CatalogSnapshot
from tests.support.catalog_data import catalog_model


@pytest.fixture(scope="module")
def snap(cat):
    return CatalogSnapshot.from_repo(cat)


def _w(**kw) -> Workload:
    return Workload(model=catalog_model("mistral_7b_v0_1"), dataset_tokens=1e7, **kw)


def test_qlora_on_a_4090_against_lora_on_an_a100(snap):
    """The seed guide's choice: QLoRA Mistral-7B on an RTX 4090 or LoRA on an A100."""
    named = [
        ("qlora-4090", _w(task="qlora", gpu="rtx_4090")),
        ("lora-a100", _w(task="lora", gpu="a100_sxm_80gb")),
    ]
    sc = scenarios(named, snap)
    assert [s.option.gpu_id for s in sc] == ["rtx_4090", "a100_sxm_80gb"]
    c = compare(sc)
    rows = {str(r.metric): r for r in c.rows}
    mem = rows["Peak VRAM per GPU"]
    assert mem.unit == "GiB" and mem.cells[0].value < mem.cells[1].value  # NF4 base is smaller
    assert mem.cells[1].differs and mem.cells[1].change.startswith("+")
    assert not mem.cells[0].differs
    assert rows["Task"].cells[1].change == "≠"
    assert rows["Engine / framework"].cells[1].differs is False
    speed = rows["Speed"]
    assert speed.unit == "tokens/s" and speed.cells[1].value > speed.cells[0].value
    for r in ("Time", "Total cost", "Price per hour (all GPUs)"):
        assert all(x.value is not None for x in rows[r].cells)
    md = comparison_markdown(c)
    assert md.startswith("| | qlora-4090 | lora-a100 |") and "**" in md


def test_money_is_shown_in_the_display_currency(snap):
    named = [("a", _w(task="qlora", gpu="rtx_4090")), ("b", _w(task="qlora", gpu="rtx_3090"))]
    usd = compare(scenarios(named, snap))
    cny = compare(scenarios(named, snap), Money("CNY", 7.1))
    u = next(r for r in usd.rows if str(r.metric) == "Total cost")
    y = next(r for r in cny.rows if str(r.metric) == "Total cost")
    assert y.unit == "CNY" and y.cells[0].value == pytest.approx(u.cells[0].value * 7.1)


def test_a_scenario_without_an_option_is_a_note_and_dashes():
    w = _w(task="qlora")
    c = compare([Scenario(name="a", workload=w), Scenario(name="b", workload=w)])
    assert [n.id for n in c.notes] == ["compare.no_option", "compare.no_option"]
    assert all(x.text == "—" for r in c.rows if r.unit for x in r.cells)


def test_pick_option_prefers_the_workloads_own_gpu_and_count(snap):
    from gpupicker.service.recommendation import rank_on_snapshot

    w = _w(task="qlora", gpu="rtx_4090", num_gpus=2)
    opts = rank_on_snapshot(w, snap).recommendation.options
    o = pick_option(w, opts)
    assert o is not None and (o.gpu_id, o.num_gpus) == ("rtx_4090", 2)


def test_fewer_than_two_scenarios_is_an_error():
    with pytest.raises(ValueError):
        compare([Scenario(name="a", workload=_w(task="qlora"))])
