"""prices.csv import messages: a semicolon-separated file is named as such (Excel in locales
with a decimal comma writes ';'), and a row with several bad cells gets every one named at
once, so fixing one never uncovers the next on a second attempt."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpupicker.catalog import CatalogRepository
from gpupicker.catalog.record_checks import check_price
from gpupicker.core.hardware.specs import PriceOffer
from tests.support.catalog_files import BUNDLED_PRICES
from tests.support.catalog_files import write_prices as _write_prices

SEMICOLONS = "the file separates its columns with ';', not ','"


def test_a_semicolon_file_is_named_as_one(repo: CatalogRepository, tmp_path: Path):
    src = tmp_path / "eu.csv"
    src.write_text(
        "gpu_id;provider;price_per_gpu_hour;currency\nrtx_4090;RunPod;0,44;EUR\n", encoding="utf-8"
    )
    r = repo.import_csv("prices", src)
    assert not r.ok and len(r.errors) == 1
    line, reason = r.errors[0]
    assert line == 1 and reason.startswith(SEMICOLONS) and "CSV UTF-8 (comma delimited)" in reason
    assert "unknown column" not in reason
    # quoted names and an old header name (usd_per_gpu_hour) are still the prices columns
    src.write_text('"gpu_id";"provider";"usd_per_gpu_hour"\n"rtx_4090";"x";"1"\n', encoding="utf-8")
    assert repo.import_csv("prices", src).errors[0][1].startswith(SEMICOLONS)
    assert len(repo.prices()) == BUNDLED_PRICES


def test_a_header_with_a_semicolon_typo_keeps_the_unknown_column_message(
    repo: CatalogRepository, tmp_path: Path
):
    src = tmp_path / "typo.csv"
    src.write_text("gpu_id;provder;price\nrtx_4090;x;1\n", encoding="utf-8")  # not all known
    reason = repo.import_csv("prices", src).errors[0][1]
    assert reason.startswith("unknown column(s): gpu_id;provder;price")
    src.write_text("gpu_id,provider;region,price_per_gpu_hour\nrtx_4090,x,1\n", encoding="utf-8")
    reason = repo.import_csv("prices", src).errors[0][1]  # commas split it: a comma file
    assert reason.startswith("unknown column(s): provider;region")


def test_a_row_with_a_bad_date_and_a_bad_currency_names_both(repo: CatalogRepository, tmp_path: Path):
    src = tmp_path / "two.csv"
    rows = [
        dict(gpu_id="rtx_4090", provider="A", price_per_gpu_hour="1", observed="31/12/2025", currency="EURO")
    ]
    _write_prices(src, rows)
    assert repo.import_csv("prices", src).errors == [
        (
            2,
            "observed: '31/12/2025' is not a date: use YYYY-MM-DD, YYYY-MM, YYYY, a quarter such "
            "as 2024Q3, 'early/mid/late YYYY' or 'unknown'; currency 'EURO' is not a 3-letter "
            "code such as USD or CNY",
        )
    ]


def test_pydantic_and_catalog_refusals_of_one_row_come_together(repo: CatalogRepository, tmp_path: Path):
    src = tmp_path / "three.csv"
    rows = [
        dict(
            gpu_id="no_such_gpu", provider="A", price_per_gpu_hour="-1", observed="yesterday", currency="XYZ"
        )
    ]
    _write_prices(src, rows)
    (line, reason), *rest = repo.import_csv("prices", src).errors
    assert line == 2 and not rest
    for part in (
        "price_per_gpu_hour",
        "greater than 0",
        "'yesterday' is not a date",
        "'XYZ'",
        "'no_such_gpu'",
    ):
        assert part in reason, (part, reason)
    # one problem alone reads as before
    _write_prices(src, [dict(gpu_id="rtx_4090", provider="A", price_per_gpu_hour="-1")])
    assert repo.import_csv("prices", src).errors == [(2, "price_per_gpu_hour: must be greater than 0")]


def test_check_price_names_every_broken_rule():
    offer = PriceOffer.model_construct(  # the catalog rules alone, past pydantic
        gpu_id="rtx_4090", provider="A", price_per_gpu_hour=float("inf"), observed="soon", currency="usd"
    )
    with pytest.raises(ValueError) as caught:
        check_price(offer)
    text = str(caught.value)
    assert text.count("; ") == 2 and "finite" in text and "'soon'" in text and "'usd'" in text
