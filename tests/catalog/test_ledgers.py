"""Daily ledgers with stock (catalog.ledgers): Shadeform, Vast.ai and ledger-CSV files import
with their stock and snapshot time, the ranking marks out-of-stock offers and names the
in-stock one to take, and a stale snapshot says so.

The example files in ``tests/catalog/data/ledgers`` have each publisher's field names (their
README names the sources).
"""

from __future__ import annotations

import csv
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from gpupicker.catalog.ledgers import LedgerError, convert_ledger, detect_ledger, import_ledger
from gpupicker.catalog.repository import CatalogRepository
from gpupicker.core.ranking.recommend import recommend
from gpupicker.core.workload import Workload
from tests.catalog.test_csv import _plain_copy_seconds

DATA = Path(__file__).parent / "data" / "ledgers"
SHADEFORM = DATA / "shadeform-instance-types.json"
VASTAI = DATA / "vastai-bundles.json"
LEDGER_CSV = DATA / "ledger-daily.csv"
SNAPSHOT = "2026-11-30T14:00:00Z"
AT_SNAPSHOT = datetime(2026, 11, 30, 15, tzinfo=UTC)


def test_each_format_is_recognized():
    assert detect_ledger(SHADEFORM) == "shadeform"
    assert detect_ledger(VASTAI) == "vastai"
    assert detect_ledger(LEDGER_CSV) == "ledger-csv"


def test_shadeform_rows_keep_availability_per_region():
    led = convert_ledger(SHADEFORM, snapshot_at=SNAPSHOT)
    assert not led.errors and not led.skipped
    rows = [
        (
            r["gpu_id"],
            r["provider"],
            r["region"],
            r["price_per_gpu_hour"],
            r["gpus_per_instance"],
            r["in_stock"],
        )
        for _, r in led.rows
    ]
    # hourly_price is US cents per instance-hour: 190 ¢ → $1.90; 1432 ¢ / 8 GPUs → $1.79
    assert rows == [
        ("h100_pcie", "Hyperstack", "canada-1", 1.9, 1, "no"),
        ("h100_pcie", "Lambda", "us-east-1", 2.49, 1, "yes"),
        ("h100_pcie", "Lambda", "us-west-1", 2.49, 1, "no"),
        ("rtx_a6000", "Massed Compute", "us-central-1", 0.57, 1, "yes"),
        ("a100_sxm_80gb", "Lambda", "us-west-1", 1.79, 8, "no"),
    ]
    assert {r["snapshot_at"] for _, r in led.rows} == {SNAPSHOT}
    assert {r["observed"] for _, r in led.rows} == {"2026-11-30"}


def test_vastai_listings_fold_into_one_row_per_gpu_country_and_size():
    led = convert_ledger(VASTAI, snapshot_at=SNAPSHOT)
    rows = {(r["gpu_id"], r["region"], r["gpus_per_instance"]): r for _, r in led.rows}
    ca = rows[("rtx_4090", "CA", 1)]
    # the rented listing ($0.2851/h) is neither the price nor in the stock: $0.3439 is free
    assert ca["price_per_gpu_hour"] == pytest.approx(0.3439)
    assert ca["in_stock"] == "yes" and ca["stock_gpus"] == 1
    assert ca["pricing"] == "marketplace" and ca["provider"] == "Vast.ai"
    assert rows[("rtx_4090", "US", 2)]["price_per_gpu_hour"] == pytest.approx(0.7411 / 2)
    assert rows[("h100_sxm", "US", 8)]["stock_gpus"] == 8


def test_ledger_csv_keeps_the_latest_snapshot_and_its_time():
    led = convert_ledger(LEDGER_CSV)
    assert not led.errors
    by = {(r["provider"], r["pricing"], r["gpus_per_instance"]): r for _, r in led.rows}
    assert by[("AWS", "on_demand", 8)]["price_per_gpu_hour"] == pytest.approx(98.32 / 8)
    assert by[("AWS", "spot", 8)]["in_stock"] == "no"
    lam = by[("Lambda", "on_demand", 1)]
    assert lam["in_stock"] == "yes" and lam["snapshot_at"] == "2026-11-30T21:00:00Z"
    reasons = [why for _, why in led.skipped]
    assert any("no GPU" in why for why in reasons)  # the CPU row
    assert any("older snapshot" in why for why in reasons)


def test_unknown_names_are_errors_that_name_them(tmp_path: Path):
    bad = tmp_path / "ledger.csv"
    bad.write_text(
        LEDGER_CSV.read_text(encoding="utf-8")
        .replace("runpod", "acmecloud")
        .replace("gpu_1x_h100_sxm5,H100", "gpu_1x_x9,X9000"),
        encoding="utf-8",
    )
    led = convert_ledger(bad)
    assert any("unknown provider 'acmecloud'" in why for _, why in led.errors)
    assert any("unknown GPU 'X9000'" in why for _, why in led.errors)
    assert not convert_ledger(bad, skip_unknown=True).errors
    junk = tmp_path / "x.json"
    junk.write_text('{"nothing": []}', encoding="utf-8")
    with pytest.raises(LedgerError, match="not a Shadeform"):
        convert_ledger(junk)


def test_import_stores_stock_and_a_newer_snapshot_moves_the_old_one_to_history(
    repo: CatalogRepository, tmp_path: Path
):
    t = import_ledger(repo, SHADEFORM, snapshot_at=SNAPSHOT)
    assert t.result.ok and t.result.inserted == 5
    mine = [(rid, p) for rid, p, _ in repo.price_rows() if "Shadeform" in p.source]
    hyper = next((rid, p) for rid, p in mine if p.provider == "Hyperstack")
    assert hyper[1].in_stock == "no" and hyper[1].snapshot_at == SNAPSHOT
    # next day: back in stock at a new price
    later = tmp_path / "shadeform-next-day.json"
    later.write_text(
        SHADEFORM.read_text(encoding="utf-8")
        .replace('"hourly_price": 190', '"hourly_price": 175')
        .replace('"canada-1", "available": false', '"canada-1", "available": true'),
        encoding="utf-8",
    )
    t2 = import_ledger(repo, later, snapshot_at="2026-12-01T14:00:00Z")
    assert t2.result.ok and t2.result.updated >= 1
    history = [p for _, p in repo.price_history(hyper[0])]
    assert [(p.price_per_gpu_hour, p.in_stock, p.snapshot_at) for p in history] == [
        (1.9, "no", SNAPSHOT),
        (1.75, "yes", "2026-12-01T14:00:00Z"),
    ]


def _h100_ranking(repo: CatalogRepository, *, prefer: bool = False, now: datetime = AT_SNAPSHOT):
    gpus = [g for g in repo.gpus() if g.id == "h100_pcie"]
    prices = [p for p in repo.prices() if "Shadeform" in p.source]
    w = Workload(
        task="inference", model=repo.get_model("llama3_8b"), model_id="llama3_8b", prefer_in_stock=prefer
    )
    return recommend(w, gpus, prices, counts=(1,), max_gpus=1, now=now)


def test_out_of_stock_is_marked_and_the_in_stock_alternative_is_named(repo: CatalogRepository):
    assert import_ledger(repo, SHADEFORM, snapshot_at=SNAPSHOT).result.ok
    rec = _h100_ranking(repo)
    priced = [o for o in rec.options if o.provider]
    # Hyperstack's $1.90 is the cheapest but out of stock; Lambda's $2.49 is kept beside it
    assert [(o.provider, o.in_stock, round(o.cost.usd_per_hour, 2)) for o in priced] == [
        ("Hyperstack", "no", 1.9),
        ("Lambda", "yes", 2.49),
    ]
    assert "Out of stock at Hyperstack in the ledger snapshot of 2026-11-30 14:00:00 UTC" in priced[0].reason
    note = next(n for n in rec.notes if "out of stock in its ledger snapshot" in n)
    assert (
        f"take #{priced[1].rank} instead: 1 × {priced[1].gpu_name} on Lambda at $2.49/h "
        "(listed in stock)" in note
    )
    # preferring stock puts the in-stock offer first and gives it the label
    first = next(o for o in _h100_ranking(repo, prefer=True).options if o.provider)
    assert first.provider == "Lambda" and "cheapest" in first.labels


def test_a_stale_snapshot_is_marked(repo: CatalogRepository):
    assert import_ledger(repo, SHADEFORM, snapshot_at=SNAPSHOT).result.ok
    rec = _h100_ranking(repo, now=AT_SNAPSHOT + timedelta(days=5))
    lam = next(o for o in rec.options if o.provider == "Lambda")
    assert lam.snapshot_stale
    assert "the snapshot is 5 days old (over 2): stock may have changed" in lam.reason
    fresh = next(o for o in _h100_ranking(repo).options if o.provider == "Lambda")
    assert not fresh.snapshot_stale and "days old" not in fresh.reason


def _big_ledger(path: Path, n: int) -> None:
    gpus = [("H100", 80), ("A100", 80), ("L40S", 48), ("RTX4090", 24), ("A10G", 24), ("H200", 141)]
    provs = ["aws", "gcp", "azure", "lambda", "runpod", "nebius", "oci", "vultr"]
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "timestamp",
                "provider",
                "instance_type",
                "gpu_type",
                "gpu_count",
                "gpu_memory_gb",
                "vcpus",
                "ram_gb",
                "region",
                "price_per_hour",
                "is_spot",
                "available",
                "availability_zone",
            ]
        )
        for i in range(n):
            name, mem = gpus[i % len(gpus)]
            count = 1 << (i % 4)
            w.writerow(
                [
                    "2026-11-30T09:00:00Z",
                    provs[i % len(provs)],
                    f"type-{i % 50}",
                    name,
                    count,
                    mem,
                    8 * count,
                    64 * count,
                    f"region-{i}",
                    f"{(0.5 + i % 400 / 100) * count:.4f}",
                    "True" if i % 3 == 0 else "False",
                    "True" if i % 4 else "False",
                    "",
                ]
            )


def test_a_100k_row_ledger_imports_within_the_catalog_limits(repo: CatalogRepository, tmp_path: Path):
    """100,000 ledger rows (each a distinct offer) import in a bounded multiple of a plain CSV →
    SQLite copy of the same file timed in the same test, as the 100k price import test does:
    the ledger is converted (one more pass) and then imported as any price CSV."""
    src = tmp_path / "ledger-100k.csv"
    _big_ledger(src, 100_000)
    reference = min(_plain_copy_seconds(src) for _ in range(2))
    before = repo.price_count()
    t0 = time.perf_counter()
    t = import_ledger(repo, src)
    elapsed = time.perf_counter() - t0
    print(f"\n100,000-row ledger import: {elapsed:.2f} s ({elapsed / reference:.1f}× a plain copy)")
    assert t.result.ok, t.result.errors[:3]
    assert t.result.inserted == 100_000
    assert elapsed < 80 * reference
    assert repo.price_count() == before + 100_000
    stocked = [p for _, p, _ in repo.price_rows()[-8:]]
    assert {p.in_stock for p in stocked} <= {"yes", "no"} and all(p.snapshot_at for p in stocked)


def test_an_imported_scraper_artefact_is_doubted_not_ranked_first(repo: CatalogRepository, tmp_path: Path):
    """A price copied from a scrape whose own notes call it a "scraper artefact" (the bundled
    MI300X row of data/prices-2026-10.csv, Community Cloud $0.50 against Secure Cloud $2.39)
    stays doubted when a user imports it: it keeps its kind and trust mark instead of becoming
    "your own price", so a 10× too low figure cannot rank first."""
    src = tmp_path / "copied.csv"
    with src.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["gpu_id", "provider", "pricing", "price_per_gpu_hour", "observed", "source", "notes"])
        w.writerow(
            [
                "h100_pcie",
                "ScrapeCo",
                "on_demand",
                "0.25",
                "2026-11-30",
                "gpu-price-index scrape",
                "0.25 looks like a scraper artefact",
            ]
        )
        w.writerow(["h100_pcie", "ListCo", "on_demand", "2.50", "2026-11-30", "listco.example/pricing", ""])
    assert repo.import_csv("prices", src).ok
    mine = {p.provider: p for p in repo.prices() if p.provider in ("ScrapeCo", "ListCo")}
    assert mine["ScrapeCo"].price_kind == "" and mine["ListCo"].price_kind == ""
    gpus = [g for g in repo.gpus() if g.id == "h100_pcie"]
    w_ = Workload(task="inference", model=repo.get_model("llama3_8b"), model_id="llama3_8b")
    rec = recommend(
        w_, gpus, list(mine.values()), counts=(1,), max_gpus=1, all_offers=True, today=AT_SNAPSHOT.date()
    )
    priced = [o for o in rec.options if o.provider]
    assert [o.provider for o in priced] == ["ListCo", "ScrapeCo"]
    scraped = priced[1]
    assert scraped.price_doubted and scraped.price_flag == "low-trust"
    assert scraped.price_kind == "aggregate" and not scraped.labels
    # the user's own edit makes the row theirs: their price, not doubted
    rid = next(rid for rid, p, _ in repo.price_rows() if p.provider == "ScrapeCo")
    repo.update_price_fields(rid, {"notes": "negotiated: confirmed by email"})
    assert repo.get_price(rid).price_kind == "user"
