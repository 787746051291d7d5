"""The 2026-10 price observations and the audited GPU rows merged into the bundle.

Figures from ``data/README.md`` (revision 2026-12): AWS H100 on-demand is 6.88 $/GPU-h
(12.29 is the pre-2025 price), Azure's 2-GPU H100 NVL is 6.98 (not 8.82), B200 boards expose
180 GB.
"""

from __future__ import annotations

import csv
import io
import shutil
from datetime import date
from pathlib import Path

from gpupicker import paths
from gpupicker.catalog import bundle as bundle_mod
from gpupicker.catalog import load_bundle, open_catalog
from gpupicker.catalog.price_merge import MergedPrices
from gpupicker.catalog.record_checks import observed_start
from gpupicker.cli import main

DATA = paths.data_dir()


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


OCTOBER_PROVIDERS = {r["provider"] for r in _rows(DATA / "prices-2026-10.csv")}


def _export_prices(capsys) -> list[dict[str, str]]:
    assert main(["catalog", "export", "prices", "-"]) == 0
    return list(csv.DictReader(io.StringIO(capsys.readouterr().out)))


def _aws_h100(rows):
    return [r for r in rows if (r["gpu_id"], r["provider"], r["pricing"]) == ("h100_sxm", "AWS", "on_demand")]


def _check_current(rows) -> None:
    aws = _aws_h100(rows)
    assert aws and all(float(r["price_per_gpu_hour"]) == 6.88 for r in aws)
    assert all(observed_start(r["observed"]) >= date(2026, 10, 1) for r in aws)
    assert not any(
        r["provider"] == "AWS"
        and r["pricing"].startswith("reserved")
        and float(r["price_per_gpu_hour"]) == 6.88
        for r in rows
    )  # mislabelled row gone
    nvl2 = [
        r
        for r in rows
        if (r["gpu_id"], r["provider"], r["gpus_per_instance"]) == ("h100_nvl", "Azure", "2")
        and r["pricing"] == "on_demand"
    ]
    assert nvl2 and all(float(r["price_per_gpu_hour"]) == 6.98 for r in nvl2)
    stale = [
        (r["provider"], r["gpu_id"], r["observed"])
        for r in rows
        if r["provider"] in OCTOBER_PROVIDERS
        and (observed_start(r["observed"]) or date(1900, 1, 1)) < date(2026, 5, 1)
    ]
    assert stale == []


def test_fresh_catalog_has_current_prices_and_history(capsys):
    rows = _export_prices(capsys)
    _check_current(rows)
    with open_catalog() as repo:
        assert repo.get_gpu("b200").memory_gb == 180
        rid = next(
            rid
            for rid, p, _ in repo.price_rows()
            if (p.gpu_id, p.provider, p.pricing, p.gpus_per_instance) == ("h100_sxm", "AWS", "on_demand", 8)
        )
        hist = [(p.price_per_gpu_hour, p.observed) for _, p in repo.price_history(rid)]
        assert hist[0] == (12.29, "2026-03") and hist[-1][0] == 6.88
        assert 12.29 not in [
            p.price_per_gpu_hour for p in repo.prices() if (p.gpu_id, p.provider) == ("h100_sxm", "AWS")
        ]


def _old_bundle(tmp_path: Path) -> Path:
    """data/ as shipped before the merge: the old prices.csv only, B200 at 192 GB."""
    d = tmp_path / "data_old"
    shutil.copytree(DATA, d)
    (d / "prices-2026-10.csv").unlink()
    rows = _rows(DATA / "prices.csv")
    cols = list(rows[0])
    rows = [dict(r) for r in rows]
    for r in rows:
        if (r["gpu_id"], r["provider"], r["price_per_gpu_hour"]) == ("h100_nvl", "Azure", "6.98") and r[
            "gpus_per_instance"
        ] == "2":
            r["price_per_gpu_hour"] = "8.82"
    rows.insert(41, {**rows[40], "pricing": "reserved_1y", "price_per_gpu_hour": "6.88", "notes": "$55.04/8"})
    with (d / "prices.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    gpus = _rows(DATA / "gpus.csv")
    for g in gpus:
        if g["id"] == "b200":
            g["memory_gb"] = "192"
    with (d / "gpus.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(gpus[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(gpus)
    return d


def _every_row_current(files):
    """The seeding before this change: every row of prices.csv is a current price."""
    rows = dict(kv for f in files for kv in f)
    return MergedPrices(current=rows, history={}, retired={})


def test_catalog_seeded_from_older_bundle_gets_the_update(tmp_path: Path, capsys, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(bundle_mod, "merge_observations", _every_row_current)
        old = open_catalog(data_dir=_old_bundle(tmp_path))
    with old as repo:
        assert repo.get_gpu("b200").memory_gb == 192
        mine = next(
            rid
            for rid, p, _ in repo.price_rows()
            if p.provider == "RunPod" and p.gpu_id == "h100_sxm" and p.observed == "2025-11-16"
        )
        repo.update_price_fields(mine, {"notes": "my own note"})
        assert 12.29 in [p.price_per_gpu_hour for p in repo.prices()]
    with open_catalog() as repo:  # the current bundle: merged on open
        assert repo.get_gpu("b200").memory_gb == 180
        assert repo.get_price(mine).notes == "my own note"  # the user's edit is kept
        assert repo.get_price(mine).observed == "2025-11-16"
        rid = next(
            rid
            for rid, p, _ in repo.price_rows()
            if (p.gpu_id, p.provider, p.pricing, p.gpus_per_instance) == ("h100_sxm", "AWS", "on_demand", 8)
        )
        assert 12.29 in [p.price_per_gpu_hour for _, p in repo.price_history(rid)]
        newer = [p for p in repo.prices() if (p.gpu_id, p.provider) == ("h100_sxm", "RunPod")]
        assert all(observed_start(p.observed) >= date(2026, 10, 1) for p in newer if p.notes != "my own note")
        repo.reset_row("prices", mine)  # the offer's bundled value is in another row
        assert repo.get_price(mine) is None
    rows = _export_prices(capsys)
    _check_current(rows)
    assert len(rows) == len(load_bundle(DATA).prices)
