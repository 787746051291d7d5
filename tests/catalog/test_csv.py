"""CSV export/import: columns, round trips, formula neutralization, all-or-nothing, speed."""

from __future__ import annotations

import csv
import re
import time
from datetime import date, timedelta
from pathlib import Path

import pytest

from gpupicker import paths
from gpupicker.catalog import (
    COLUMNS,
    CatalogRepository,
    load_bundle,
)
from gpupicker.catalog.csv_io import neutralize, unneutralize
from gpupicker.catalog.record_checks import check_price, observed_start
from gpupicker.core.hardware.specs import GpuSpec, PriceOffer
from tests.support.catalog_files import BUNDLED_GPUS, BUNDLED_MODELS, BUNDLED_PRICES, read_csv
from tests.support.catalog_files import run_python as _run
from tests.support.catalog_files import write_prices as _write_prices


@pytest.mark.parametrize("table", ["gpus", "prices", "models"])
def test_export_matches_bundled_csv(repo: CatalogRepository, tmp_path: Path, table: str):
    out = tmp_path / f"{table}.csv"
    n = repo.export_csv(table, out)
    bundled = read_csv(paths.data_dir() / f"{table}.csv")
    if table == "prices":  # prices.csv and prices-*.csv folded into current offers
        bundled = [
            {c: "" if v is None else str(v) for c, v in d.items()}
            for d in load_bundle(paths.data_dir()).prices.values()
        ]
    exported = read_csv(out)
    assert n == len(bundled) == len(exported)
    with out.open(encoding="utf-8") as f:
        assert tuple(next(csv.reader(f))) == COLUMNS[table]
    # every cell equals the bundled one, numerically where the column is a number
    for b, e in zip(bundled, exported, strict=True):
        for col in COLUMNS[table]:
            if b[col] == e[col]:
                continue
            assert float(b[col]) == float(e[col]), (table, col, b[col], e[col])


@pytest.mark.parametrize("table", ["gpus", "prices", "models"])
def test_export_import_round_trip_is_unchanged(repo: CatalogRepository, tmp_path: Path, table: str):
    out = tmp_path / f"{table}.csv"
    repo.export_csv(table, out)
    result = repo.import_csv(table, out)
    assert result.ok, result.errors
    assert result.unchanged == result.rows and result.inserted == result.updated == 0
    assert (len(repo.gpus()), len(repo.prices()), len(repo.models())) == (
        BUNDLED_GPUS,
        BUNDLED_PRICES,
        BUNDLED_MODELS,
    )


def test_price_import_updates_and_adds(repo: CatalogRepository, tmp_path: Path):
    out = tmp_path / "prices.csv"
    repo.export_csv("prices", out)
    rows = read_csv(out)
    first_price = float(rows[0]["price_per_gpu_hour"])
    rows[0]["price_per_gpu_hour"] = "0.99"
    rows.append({**rows[1], "provider": "NewCloud", "price_per_gpu_hour": "2.5"})
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["prices"])
        w.writeheader()
        w.writerows(rows)
    result = repo.import_csv("prices", out)
    assert (result.updated, result.inserted, result.unchanged) == (1, 1, BUNDLED_PRICES - 1)
    assert result.backup_path is not None and result.backup_path.exists()
    first_id = repo.price_rows()[0][0]
    assert [p.price_per_gpu_hour for _, p in repo.price_history(first_id)] == [first_price, 0.99]
    assert any(p.provider == "NewCloud" for p in repo.prices())
    assert len(repo.prices()) == BUNDLED_PRICES + 1


def test_formula_cells_are_neutralized(repo: CatalogRepository, tmp_path: Path):
    rid = repo.add_price(
        PriceOffer(
            gpu_id="rtx_4090",
            provider='=HYPERLINK("x")',
            region="-eu",
            price_per_gpu_hour=0.5,
            notes="@SUM(A1)",
            source="+1 555",
        )
    )
    out = tmp_path / "prices.csv"
    repo.export_csv("prices", out)
    text = out.read_text(encoding="utf-8")
    assert "=HYPERLINK" in text
    row = next(r for r in read_csv(out) if "HYPERLINK" in r["provider"])
    assert row["provider"] == '\'=HYPERLINK("x")'
    assert row["region"] == "'-eu" and row["notes"] == "'@SUM(A1)" and row["source"] == "'+1 555"
    assert row["price_per_gpu_hour"] == "0.5"  # numbers stay numbers
    for line in text.splitlines():
        for cell in next(csv.reader([line])):
            assert not cell.startswith(("=", "+", "-", "@")), cell
    # re-import restores the original text (no doubled quotes, no new row)
    result = repo.import_csv("prices", out)
    assert result.ok and result.inserted == 0 and result.unchanged == BUNDLED_PRICES + 1
    assert repo.get_price(rid).provider == '=HYPERLINK("x")'


def test_neutralize_helpers():
    assert neutralize("=1+1") == "'=1+1"
    assert neutralize("-3") == "'-3"
    assert neutralize("RunPod") == "RunPod"
    assert unneutralize("'=1+1") == "=1+1"
    assert unneutralize("'quoted") == "'quoted"


def _price_rows(n: int, gpu_ids: list[str]) -> list[list[str]]:
    return [
        [
            gpu_ids[i % len(gpu_ids)],
            f"Provider{i % 97}",
            f"region-{i}",
            "on_demand",
            f"{0.5 + (i % 400) / 100:.2f}",
            str(1 + i % 8),
            "2026-11-01",
            "bulk test",
            "",
            "USD" if i % 5 else "CNY",
        ]
        for i in range(n)
    ]


def _write(path: Path, header: tuple[str, ...], rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def _plain_copy_seconds(src: Path) -> float:
    """Seconds to read ``src`` with the csv module and insert its rows into an in-memory SQLite
    table: the floor of any import of it, measured on this machine at this moment."""
    import csv
    import sqlite3

    t0 = time.perf_counter()
    with src.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    n = max(len(r) for r in rows)
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE TABLE t ({', '.join(f'c{i}' for i in range(n))})")
    db.executemany(
        f"INSERT INTO t VALUES ({', '.join('?' * n)})", (r + [None] * (n - len(r)) for r in rows[1:])
    )
    db.commit()
    db.close()
    return time.perf_counter() - t0


def test_import_100k_prices_stays_linear_with_progress(repo: CatalogRepository, tmp_path: Path):
    """A 100,000-row import takes a bounded multiple of a plain CSV → SQLite copy of the same
    file measured in the same test (about 10× here: each row is validated), so a loaded machine
    slows both alike; an accidental per-row scan of the table would be hundreds of times slower.
    The absolute figure is ``make bench``'s."""
    gpu_ids = [g.id for g in repo.gpus()]
    src = tmp_path / "big.csv"
    _write(src, COLUMNS["prices"], _price_rows(100_000, gpu_ids))
    reference = min(_plain_copy_seconds(src) for _ in range(2))
    calls: list[tuple[int, int]] = []
    t0 = time.perf_counter()
    result = repo.import_csv("prices", src, progress=lambda d, t: calls.append((d, t)))
    elapsed = time.perf_counter() - t0
    print(f"\n100,000-row price CSV import: {elapsed:.2f} s ({elapsed / reference:.1f}× a plain copy)")
    assert result.ok, result.errors[:3]
    assert result.inserted == 100_000 and result.rows == 100_000
    assert elapsed < 60 * reference
    assert len(repo.prices()) == 100_000 + BUNDLED_PRICES
    # the progress bar advances: many calls, non-decreasing, ending at total
    dones = [d for d, _ in calls]
    assert len(calls) >= 50
    assert dones == sorted(dones) and calls[-1][0] == calls[-1][1] == 200_000
    assert {t for _, t in calls} == {200_000}
    last_id, last, is_user = repo.price_rows()[-1]
    assert is_user and last.provider == "Provider89" and last.region == "region-99999"
    assert [p for _, p in repo.price_history(last_id)] == [last]


def test_three_bad_rows_out_of_1000_import_nothing(repo: CatalogRepository, tmp_path: Path):
    rows = _price_rows(1000, ["rtx_4090", "h100_sxm"])
    rows[10][4] = "-1"  # line 12: negative price
    rows[500][0] = "no_such_gpu"  # line 502: unknown GPU
    rows[998][1] = ""  # line 1000: no provider
    src = tmp_path / "bad.csv"
    _write(src, COLUMNS["prices"], rows)
    before = repo.list_backups()
    result = repo.import_csv("prices", src)
    assert not result.ok
    assert [line for line, _ in result.errors] == [12, 502, 1000]
    reasons = dict(result.errors)
    assert "price_per_gpu_hour" in reasons[12] and "greater than 0" in reasons[12]
    assert "no_such_gpu" in reasons[502]
    assert "provider" in reasons[1000]
    assert len(repo.prices()) == BUNDLED_PRICES  # nothing imported
    assert repo.list_backups() == before  # and nothing written


def test_import_header_problems(repo: CatalogRepository, tmp_path: Path):
    src = tmp_path / "h.csv"
    _write(src, ("gpu_id", "provider", "colour"), [["rtx_4090", "x", "red"]])
    r = repo.import_csv("prices", src)
    assert not r.ok and r.errors[0][0] == 1
    text = " ".join(reason for _, reason in r.errors)
    assert "unknown column(s): colour" in text and "missing column(s): price_per_gpu_hour" in text
    # a column map fixes it (and drops the extra column)
    _write(src, ("GPU", "provider", "price", "colour"), [["rtx_4090", "x", "1.5", "red"]])
    r = repo.import_csv(
        "prices", src, column_map={"GPU": "gpu_id", "price": "price_per_gpu_hour", "colour": None}
    )
    assert r.ok and r.inserted == 1
    src.write_bytes(b"")
    assert repo.import_csv("prices", src).errors == [(1, "empty file: no header row")]
    src.write_bytes(b"gpu_id,provider,price_per_gpu_hour\n\xff\xfe,x,1\n")
    r = repo.import_csv("prices", src)
    assert not r.ok and "UTF-8" in r.errors[0][1]
    with pytest.raises(ValueError):
        repo.import_csv("users", src)


def test_gpu_and_model_import_errors_and_dry_run(repo: CatalogRepository, tmp_path: Path):
    out = tmp_path / "gpus.csv"
    repo.export_csv("gpus", out)
    rows = read_csv(out)
    rows[3]["memory_gb"] = "lots"
    rows.append(dict(rows[0]))  # repeated id
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["gpus"])
        w.writeheader()
        w.writerows(rows)
    r = repo.import_csv("gpus", out)
    assert [line for line, _ in r.errors] == [5, BUNDLED_GPUS + 2]
    assert "memory_gb" in r.errors[0][1] and "repeats line 2" in r.errors[1][1]
    mout = tmp_path / "models.csv"
    repo.export_csv("models", mout)
    mrows = read_csv(mout)
    mrows[0]["num_key_value_heads"] = "7"  # 32 heads not a multiple of 7
    mrows[1]["name"] = "Renamed"
    with mout.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["models"])
        w.writeheader()
        w.writerows(mrows)
    r = repo.import_csv("models", mout)
    assert [line for line, _ in r.errors] == [2]
    mrows[0]["num_key_value_heads"] = "32"
    with mout.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["models"])
        w.writeheader()
        w.writerows(mrows)
    dry = repo.import_csv("models", mout, dry_run=True)
    assert dry.ok and dry.dry_run and repo.get_catalog_model("llama2_13b").name == "Llama 2 13B"
    r = repo.import_csv("models", mout)
    assert r.ok and r.updated == 1 and r.unchanged == len(mrows) - 1
    m = repo.get_catalog_model("llama2_13b")
    assert m is not None and m.name == "Renamed" and m.is_user


def test_import_rejects_inf_future_dates_and_unknown_currency(repo: CatalogRepository, tmp_path: Path):
    tomorrow2 = (date.today() + timedelta(days=2)).isoformat()
    rows = [
        dict(gpu_id="rtx_4090", provider="A", price_per_gpu_hour="inf", observed="2026-11-01"),
        dict(gpu_id="rtx_4090", provider="B", price_per_gpu_hour="1e12"),
        dict(gpu_id="rtx_4090", provider="C", price_per_gpu_hour="1", observed="yesterday"),
        dict(gpu_id="rtx_4090", provider="D", price_per_gpu_hour="1", observed="2031-01-01"),
        dict(gpu_id="rtx_4090", provider="E", price_per_gpu_hour="1", currency="XYZ"),
        dict(gpu_id="rtx_4090", provider="F", price_per_gpu_hour="nan"),
        dict(gpu_id="rtx_4090", provider="G", price_per_gpu_hour="1", observed=tomorrow2),
        dict(gpu_id="rtx_4090", provider="H", price_per_gpu_hour="1", observed="2024-13"),
    ]
    src = tmp_path / "bad.csv"
    _write_prices(src, rows)
    r = repo.import_csv("prices", src)
    reasons = dict(r.errors)
    assert sorted(reasons) == list(range(2, 10))
    assert "price_per_gpu_hour" in reasons[2] and "finite" in reasons[2]
    assert "price_per_gpu_hour" in reasons[3] and re.search(r"100,?000", reasons[3])
    assert "observed" in reasons[4] and "'yesterday' is not a date" in reasons[4]
    assert "in the future" in reasons[5] and "in the future" in reasons[8]
    assert "currency 'XYZ'" in reasons[6]
    assert "price_per_gpu_hour" in reasons[7]
    assert "observed" in reasons[9]
    assert len(repo.prices()) == BUNDLED_PRICES


def test_accepted_observed_forms_and_currencies(repo: CatalogRepository, tmp_path: Path):
    today = date.today()
    for text in (
        "",
        "unknown",
        "2026",
        "2026-09",
        "2026-09-20",
        "2023Q3",
        "2023-Q3",
        "late 2024",
        "catalog commit (date unchecked)",
        (today + timedelta(days=1)).isoformat(),
    ):
        check_price(PriceOffer(gpu_id="g", provider="p", price_per_gpu_hour=1, observed=text))
    assert observed_start("2023Q3") == date(2023, 7, 1)
    # the bundled prices use all these forms and still load and export/import unchanged
    out = tmp_path / "p.csv"
    repo.export_csv("prices", out)
    assert repo.import_csv("prices", out).unchanged == BUNDLED_PRICES
    # a currency outside ISO 4217 is fine once it has an exchange rate
    offer = PriceOffer(gpu_id="rtx_4090", provider="Coin", price_per_gpu_hour=1, currency="XBT")
    with pytest.raises(ValueError, match="currency 'XBT'"):
        repo.add_price(offer)
    repo.set_fx_rate("XBT", 90_000)
    assert repo.get_price(repo.add_price(offer)).currency == "XBT"
    assert repo.add_price(offer.model_copy(update={"currency": "EUR"})) > 0


def test_gpu_and_model_imports_reject_non_finite_values(repo: CatalogRepository, tmp_path: Path):
    with pytest.raises(ValueError, match="memory_gb"):
        repo.upsert_gpu(GpuSpec(id="inf_gpu", name="Inf", memory_gb=float("inf"), memory_bandwidth_gbps=100))
    src = tmp_path / "g.csv"
    src.write_text(
        "id,name,memory_gb,memory_bandwidth_gbps,bf16_tflops_dense\n"
        "a,A,inf,100,\nb,B,24,1e30,\nc,C,24,100,nan\n",
        encoding="utf-8",
    )
    r = repo.import_csv("gpus", src)
    assert [line for line, _ in r.errors] == [2, 3, 4]
    assert "memory_gb" in r.errors[0][1] and "memory_bandwidth_gbps" in r.errors[1][1]
    m = tmp_path / "m.csv"
    m.write_text("id,name,family,params_b\nd,D,diffusion,inf\n", encoding="utf-8")
    assert "params_b" in repo.import_csv("models", m).errors[0][1]


def test_reimport_without_observed_updates_instead_of_duplicating(repo: CatalogRepository, tmp_path: Path):
    rid, seed = next((rid, p) for rid, p, _ in repo.price_rows() if p.observed and p.observed != "unknown")
    n = len(repo.prices())
    row = dict(
        gpu_id=seed.gpu_id,
        provider=seed.provider,
        region=seed.region,
        pricing=seed.pricing,
        price_per_gpu_hour="0.123",
        gpus_per_instance=str(seed.gpus_per_instance or ""),
        currency=seed.currency,
    )
    src = tmp_path / "p.csv"
    _write_prices(src, [row])
    r = repo.import_csv("prices", src)
    assert r.ok and (r.updated, r.inserted) == (1, 0)
    assert len(repo.prices()) == n
    assert repo.get_price(rid).price_per_gpu_hour == 0.123 and repo.get_price(rid).observed == ""
    assert [p.price_per_gpu_hour for _, p in repo.price_history(rid)] == [seed.price_per_gpu_hour, 0.123]
    r = repo.import_csv("prices", src)  # again: unchanged, still no duplicate
    assert (r.updated, r.inserted, r.unchanged) == (0, 0, 1) and len(repo.prices()) == n
    # a row WITH a new date is a new observation: added
    _write_prices(src, [dict(row, observed="2026-11-20")])
    assert repo.import_csv("prices", src).inserted == 1


def test_2gb_sparse_csv_is_rejected_fast_with_little_memory(tmp_path: Path):
    big = tmp_path / "sparse.csv"
    with big.open("wb") as f:
        f.truncate(2 * 1024**3)
    out = _run(
        f"""
        import resource, time
        from pathlib import Path
        from gpupicker.catalog import open_catalog

        def peak_kib():  # VmHWM (reset at exec); ru_maxrss can carry the forking parent's
            status = Path("/proc/self/status")
            if status.exists():
                for line in status.read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

        repo = open_catalog({str(tmp_path / "c.sqlite")!r})
        before = peak_kib()
        t0 = time.perf_counter()
        r = repo.import_csv("prices", {str(big)!r})
        dt = time.perf_counter() - t0
        after = peak_kib()
        print(dt, before, after, r.errors)
    """,
        tmp_path / "home",
    )
    assert out.returncode == 0, out.stderr
    dt, before, after, errors = out.stdout.split(" ", 3)
    print(
        f"\n2 GiB sparse CSV: rejected in {float(dt) * 1000:.1f} ms, "
        f"max RSS {int(after) / 1024:.0f} MiB (before the import {int(before) / 1024:.0f} MiB)"
    )
    assert float(dt) < 2.0
    assert int(after) - int(before) < 50 * 1024  # KiB: the file is never read into memory
    assert "limited to 512.0 MiB" in errors


@pytest.mark.parametrize("kind", ["nul", "long_line", "not_utf8", "long_field"])
def test_binary_and_oversized_content_rejected_early(repo: CatalogRepository, tmp_path: Path, kind: str):
    src = tmp_path / f"{kind}.csv"
    header = b"gpu_id,provider,price_per_gpu_hour\n"
    if kind == "nul":
        with src.open("wb") as f:
            f.write(header)
            f.truncate(300 * 1024**2)  # 300 MiB of NULs, under the size cap
    elif kind == "long_line":
        src.write_bytes(header + b"rtx_4090," + b"x" * (20 * 1024**2) + b",1\n")
    elif kind == "not_utf8":
        src.write_bytes(header + b"rtx_4090,ok,1\n" * 10 + b"rtx_4090,\xe9t\xe9,1\n")
    else:
        src.write_bytes(header + b'rtx_4090,"' + b"y" * (70 * 1024) + b'",1\nrtx_4090,b,1\n')
    t0 = time.perf_counter()
    r = repo.import_csv("prices", src)
    assert time.perf_counter() - t0 < 2.0
    assert not r.ok and len(repo.prices()) == BUNDLED_PRICES
    text = r.errors[0][1]
    expected = {
        "nul": "binary data",
        "long_line": "longer than 4.0 MiB",
        "not_utf8": "not UTF-8",
        "long_field": "longer than 64.0 KiB",
    }[kind]
    assert expected in text, r.errors
    if kind == "not_utf8":
        assert r.errors[0][0] == 12
    if kind == "long_field":
        assert r.errors == [(2, "provider: the cell is longer than 64.0 KiB")]


def test_a_file_of_bad_rows_stops_after_1000_errors(repo: CatalogRepository, tmp_path: Path):
    src = tmp_path / "bad.csv"
    src.write_text("gpu_id,provider,price_per_gpu_hour\n" + "rtx_4090,x,-1\n" * 5000, encoding="utf-8")
    r = repo.import_csv("prices", src)
    assert len(r.errors) == 1001 and "stopped checking after 1,000 bad rows" in r.errors[-1][1]
    assert len(repo.prices()) == BUNDLED_PRICES
