"""``gpupicker catalog fx`` / ``catalog currency``: rates set as quoted, JSON in the chosen currency."""

from __future__ import annotations

import json

import pytest

from gpupicker.cli import main
from tests.support.seed_cases import QLORA


def test_cli_sets_rate_as_quoted_and_json_shows_yuan(tmp_path, capsys):
    assert main(["catalog", "fx", "set", "CNY", "7.10", "--date", "2026-12-01", "--source", "test"]) == 0
    assert "1 USD = 7.1000 CNY" in capsys.readouterr().out
    # upside down (USD per CNY) is refused, not flipped
    assert main(["catalog", "fx", "set", "CNY", "0.1408"]) == 2
    err = capsys.readouterr().err
    assert "upside down" in err and err.rstrip().endswith("(add --yes to keep it)")
    assert main(["catalog", "fx", "set", "USD", "1"]) == 2  # another ValueError: no --yes hint
    assert "--yes" not in capsys.readouterr().err
    assert main(["catalog", "currency", "CNY"]) == 0
    capsys.readouterr()
    assert main(["catalog", "fx"]) == 0
    listing = capsys.readouterr().out
    assert "1 USD = 7.1000 CNY  (2026-12-01; test)" in listing
    assert "display currency: CNY" in listing
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps(QLORA))
    assert main(["recommend", "--workload", str(wl), "--json", "--all-offers"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["currency"] == "CNY"
    o = next(
        x
        for x in out["options"]
        if x["gpu_id"] == "rtx_4090" and x["num_gpus"] == 1 and x["provider"] == "AutoDL"
    )
    assert o["currency"] == "CNY"
    assert o["price_per_hour"] == pytest.approx(1.98, abs=1e-4)
    assert o["usd_per_hour"] == pytest.approx(1.98 / 7.10, abs=1e-4)
    # 6 h of training plus the start-up billed before it (core.cost.startup_hours: image pull,
    # download and load of the 4-bit weights: 2.8 min on AutoDL's per-second billing)
    assert o["total"] == pytest.approx(1.98 * o["hours"], abs=1e-3)
    assert o["hours"] == pytest.approx(6.046, abs=1e-3)
    # the sentence adds up as printed (1.98 × 6.0 = 11.88 did not): the billed hours with the start-up
    assert "¥1.98/h × 6.046 h (incl. 2.8 min start-up) = ¥11.97" in o["reason"]
    assert "$" not in o["reason"]
    # the budget in the display currency: ¥20 keeps exactly the totals ≤ ¥20
    assert main(["recommend", "--workload", str(wl), "--json", "--all-offers", "--budget", "20"]) == 0
    opts = json.loads(capsys.readouterr().out)["options"]
    priced = [x for x in opts if x["fits"] and x["total"] is not None]
    assert priced and any(x["total"] > 20 for x in priced)
    for x in priced:
        assert x["within_budget"] == (x["total"] <= 20 + 1e-6), x


def test_a_zero_budget_or_cap_is_refused_not_read_as_no_limit(tmp_path, capsys):
    """the GUI's 0 means "no limit", a CLI 0 was a $0 cap that rules out every
    priced option; the CLI now refuses 0 with the way to say "no limit"."""
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps({"task": "qlora", "model_id": "mistral_7b_v0_1"}), encoding="utf-8")
    for flag in ("--budget", "--max-per-hour"):
        with pytest.raises(SystemExit) as stop:
            main(["recommend", "--workload", str(wl), flag, "0"])
        assert stop.value.code == 2
        assert "leave the option out for no limit" in capsys.readouterr().err


def test_the_cli_uses_a_currency_only_the_chinese_window_picked_as_dollars(tmp_path, capsys):
    """the zh_CN window records 元 as its display currency, not chosen by the user
    (even for a `--screenshot --lang zh_CN`); every later CLI ranking was then in ¥. The CLI
    follows a chosen currency only."""
    from gpupicker.catalog import open_catalog

    with open_catalog() as repo:
        repo.set_display_currency("CNY", chosen=False)  # what the Chinese window's start does
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps(QLORA))
    assert main(["catalog", "currency"]) == 0
    assert capsys.readouterr().out.strip() == "USD"
    assert main(["recommend", "--workload", str(wl), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["currency"] == "USD"
    assert main(["catalog", "currency", "CNY"]) == 0  # the user's choice
    capsys.readouterr()
    assert main(["recommend", "--workload", str(wl), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["currency"] == "CNY"


def test_recommend_region_cn_provider_autodl_lists_only_autodl(tmp_path, capsys):
    """``--provider`` (repeatable) keeps only that provider's offers beside ``--region``; an
    unknown provider is an error naming the known ones."""
    wl = tmp_path / "w.json"
    wl.write_text(json.dumps({"task": "qlora", "model_id": "mistral_7b_v0_1"}), encoding="utf-8")
    db = str(tmp_path / "c.sqlite")
    assert (
        main(
            [
                "--catalog",
                db,
                "recommend",
                "--workload",
                str(wl),
                "--region",
                "CN",
                "--provider",
                "AutoDL",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    providers = {o["provider"] for o in out["options"] if o["provider"]}
    assert providers == {"AutoDL"}
    assert any(n.startswith("Only offers of AutoDL:") for n in out["notes"])
    assert (
        main(
            [
                "--catalog",
                db,
                "recommend",
                "--workload",
                str(wl),
                "--provider",
                "autodl",
                "--provider",
                "RunPod",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert {o["provider"] for o in out["options"] if o["provider"]} == {"AutoDL", "RunPod"}
    assert main(["--catalog", db, "recommend", "--workload", str(wl), "--provider", "Nowhere"]) == 1
    err = capsys.readouterr().err
    assert "unknown provider 'Nowhere'" in err and "AutoDL" in err
