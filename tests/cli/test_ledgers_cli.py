"""``gpupicker catalog import`` of a ledger with stock, ``recommend --prefer-in-stock`` and
``gpupicker catalog history`` through ``gpupicker.cli.main`` (catalog in tmp_path)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpupicker.cli import main

LEDGERS = Path(__file__).parents[1] / "catalog" / "data" / "ledgers"
SHADEFORM = LEDGERS / "shadeform-instance-types.json"


def _import(cat: str, path: Path, when: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--catalog", cat, "catalog", "import", "prices", str(path), "--snapshot-at", when]) == 0
    out = capsys.readouterr()
    return out.out + out.err


def _h100_pcie(
    cat: str, workload: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> list[dict[str, object]]:
    assert (
        main(
            [
                "--catalog",
                cat,
                "recommend",
                "--workload",
                str(workload),
                "--json",
                "--provider",
                "Hyperstack",
                "--provider",
                "Lambda",
                *extra,
            ]
        )
        == 0
    )
    rec = json.loads(capsys.readouterr().out.splitlines()[0])
    return [
        o
        for o in rec["options"]
        if o["gpu_id"] == "h100_pcie" and o["num_gpus"] == 1 and o.get("snapshot_at")
    ]


def test_a_ledger_import_marks_stock_and_prefer_in_stock_reorders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    cat = str(tmp_path / "c.sqlite")
    said = _import(cat, SHADEFORM, "2026-11-30T14:00:00Z", capsys)
    assert (
        "shadeform ledger, providers Hyperstack, Lambda, Massed Compute: 5 price rows with stock" in said
        and "imported 5 prices rows: 5 added" in said
    )
    workload = tmp_path / "w.json"
    workload.write_text(json.dumps({"task": "inference", "model_id": "llama3_8b"}), encoding="utf-8")
    opts = _h100_pcie(cat, workload, capsys)
    by = {o["provider"]: o for o in opts}
    assert by["Hyperstack"]["in_stock"] == "no" and by["Lambda"]["in_stock"] == "yes"
    assert by["Hyperstack"]["rank"] < by["Lambda"]["rank"]  # cheaper: ranked first by cost
    preferred = {o["provider"]: o for o in _h100_pcie(cat, workload, capsys, "--prefer-in-stock")}
    assert preferred["Lambda"]["rank"] < preferred["Hyperstack"]["rank"]


def test_catalog_history_shows_the_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    cat = str(tmp_path / "c.sqlite")
    text = SHADEFORM.read_text(encoding="utf-8")
    for day, cents in (("2026-11-10", 210), ("2026-11-20", 200), ("2026-11-30", 190)):
        f = tmp_path / f"shadeform-{day}.json"
        f.write_text(text.replace('"hourly_price": 190', f'"hourly_price": {cents}'), encoding="utf-8")
        _import(cat, f, f"{day}T14:00:00Z", capsys)
    assert (
        main(["--catalog", cat, "catalog", "history", "--provider", "Hyperstack", "--gpu", "h100_pcie"]) == 0
    )
    out = capsys.readouterr().out
    assert "2.1 (2026-11-10T14:00:00Z) → 2 (2026-11-20T14:00:00Z) → 1.9 (2026-11-30T14:00:00Z)" in out
    assert "-9.5 % over 20 days; low 1.9, high 2.1 (3 observations)" in out
    assert "Rent now: this is the lowest price of its 3 observations over 20 days." in out
