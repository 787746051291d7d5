"""Schema migrations of an older catalog file (stored FX rates converted to the quoted form)."""

from __future__ import annotations

import json
import sqlite3

import pytest


def test_migration_converts_stored_rates(tmp_path):
    from gpupicker.catalog import open_catalog

    path = tmp_path / "old.sqlite"
    with open_catalog(path) as repo:
        pass
    con = sqlite3.connect(path)
    con.execute("DELETE FROM _sqlite_migrations WHERE name = 'm005_fx_rates_units_per_usd'")
    con.execute(
        "INSERT OR REPLACE INTO settings(key, value) VALUES ('fx_rates', ?)",
        (json.dumps({"USD": 1.0, "CNY": 7.1, "EUR": 1.08}),),
    )
    con.commit()
    con.close()
    with open_catalog(path) as repo:
        q = repo.get_fx_quotes()
        # 7.1 typed into the old "1 CNY = [ ] USD" dialog: kept as CNY per USD and said so
        assert q["CNY"].per_usd == 7.1 and "check it" in q["CNY"].source
        assert q["EUR"].per_usd == pytest.approx(1 / 1.08, rel=1e-5)
        assert repo.get_fx_rates()["CNY"] == pytest.approx(1 / 7.1)
        assert repo.get_setting("fx_rates") is None
