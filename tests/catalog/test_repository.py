"""Catalog repository: seeding, reads, edits, merge of a newer bundle, reset, history, settings.

Every test uses a real SQLite file under tmp_path (conftest also redirects the user dirs).
"""

from __future__ import annotations

import csv
import shutil
import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError

from gpupicker import paths
from gpupicker.catalog import (
    COLUMNS,
    CatalogInUseError,
    CatalogModel,
    CatalogRepository,
    ModelRecord,
    load_bundle,
    open_catalog,
)
from gpupicker.catalog.model_arch_map import model_arch_from_record, sliding_window_layers
from gpupicker.catalog.records import MOE_MLA_COLUMNS, column_for_header
from gpupicker.core.hardware.specs import GpuSpec, PriceOffer
from gpupicker.core.model_arch import ModelArch
from tests.support.catalog_files import BUNDLED_GPUS, BUNDLED_MODELS, BUNDLED_PRICES, read_csv
from tests.support.catalog_files import seed_row as _seed_row

DATA = paths.data_dir()


COLUMNS_SINCE_AUDIT = {
    "gpus": {"fp4_tflops_dense", "gpu_memory_limit_gb"},
    "models": {
        "hf_repo",
        "modelscope_id",
        "layer_pattern",
        "global_head_dim",
        "num_global_key_value_heads",
        "num_kv_shared_layers",
        "mamba_num_heads",
        "mamba_head_dim",
        "ssm_state_size",
        "mamba_n_groups",
        "mamba_conv_kernel",
        "conv_l_cache",
        "num_nextn_predict_layers",
        "kv_heads_per_layer",
        "attention_k_eq_v",
        "kv_compress_ratios",
        "o_lora_rank",
        "o_groups",
        "hc_mult",
        "moe_latent_size",
    },
    "prices": {"includes_tax", "vat_invoice", "in_stock", "stock_gpus", "snapshot_at"},
}
"""Bundled columns the audited CSVs the bundle was rebuilt from do not have yet."""


def test_columns_match_bundled_and_shared_headers():
    for table in ("gpus", "prices", "models"):
        with (DATA / f"{table}.csv").open(encoding="utf-8") as f:
            assert tuple(next(csv.reader(f))) == COLUMNS[table]
        shared = paths.data_dir().parent.parent / "shared" / "data" / f"{table}.csv"
        if shared.exists():
            with shared.open(encoding="utf-8") as f:
                # the audited shared file predates the price column's rename (m006): its old
                # header is one imports accept
                head = tuple(column_for_header(table, h) for h in next(csv.reader(f)))
            # the audited shared file predates the MoE/MLA columns (schema m003) and the columns
            # added since (FP4 rate and unified-memory limit, Hugging Face / ModelScope ids, tax
            # and invoice, a ledger's stock and snapshot time): its header is ours, in order,
            # without them
            extra = MOE_MLA_COLUMNS if table == "models" and len(head) < len(COLUMNS[table]) else ()
            base = head + tuple(c for c in extra if c not in head)
            assert COLUMNS[table][: len(base)] == base
            assert set(COLUMNS[table][len(base) :]) <= COLUMNS_SINCE_AUDIT[table]


def test_seed_counts_and_values(repo: CatalogRepository, tmp_path: Path):
    assert repo.path == tmp_path / "catalog.sqlite"
    assert len(repo.gpus()) == BUNDLED_GPUS
    assert len(repo.models()) == BUNDLED_MODELS
    # 190 rows of prices.csv (the 2026-12 revision removed the 37 offers observed before
    # 2026-06-01, a year-only row and two serverless-function rows, data/README.md) + 173 of
    # prices-2026-10.csv + 29 of prices-2026-11.csv: older observations are the history of a
    # newer one, stale offers of a provider a newer file covers are retired
    # (catalog/price_merge.py)
    assert len(repo.prices()) == 255
    assert len(repo.price_rows()) == 255
    g = repo.get_gpu("rtx_4090")
    assert isinstance(g, GpuSpec)
    assert (g.memory_gb, g.memory_bandwidth_gbps, g.bf16_tflops_dense) == (24, 1008, 165.2)
    assert g.nvlink_bandwidth_gbps is None  # blank cell stays unknown, not zero
    h200 = repo.get_gpu("h200_sxm")
    assert h200 is not None and h200.memory_gb == 141 and h200.nvlink_bandwidth_gbps == 900
    assert repo.get_gpu("no_such_gpu") is None
    # catalog order = CSV order
    assert [g.id for g in repo.gpus()] == [r["id"] for r in read_csv(DATA / "gpus.csv")]
    # the two prices quoted by the seed guides
    offers = repo.prices()
    assert any(p.gpu_id == "rtx_4090" and p.price_per_gpu_hour == 0.44 for p in offers)
    assert any(p.gpu_id == "a100_sxm_80gb" and p.price_per_gpu_hour == 1.89 for p in offers)
    assert sum(p.currency == "CNY" for p in offers) == 36  # the CN offers less the 2026-12 retired
    assert all(not is_user for _, _, is_user in repo.price_rows())
    assert repo.meta("seed_version")


def test_open_default_path_uses_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    target = tmp_path / "envcat" / "c.sqlite"
    monkeypatch.setenv("GPUPICKER_CATALOG", str(target))
    with open_catalog() as r:
        assert r.path == target
    assert target.exists()


def test_wal_and_migrations(repo: CatalogRepository):
    assert repo.db.journal_mode() == "wal" == repo.db.full.journal_mode
    names = {r["name"] for r in repo.db.full["_sqlite_migrations"].rows}
    assert {"m001_initial", "m002_default_settings"} <= names
    assert {"gpus", "models", "prices", "price_history", "settings", "meta"} <= set(
        repo.db.full.table_names()
    )


def test_the_plain_migration_check_agrees_with_sqlite_utils(repo: CatalogRepository):
    """The open path reads the applied migrations with plain SQL; sqlite-utils' own
    ``Migrations.pending`` (what applies them) says the same, and a reopen needs none."""
    from gpupicker.catalog.migration_state import pending_migrations
    from gpupicker.catalog.migrations import known_migrations, sqlite_migrations

    assert (
        pending_migrations(repo.db.conn) == [m.name for m in sqlite_migrations().pending(repo.db.full)] == []
    )
    assert known_migrations() == [m.name for m in sqlite_migrations()._migrations]
    assert known_migrations()[:2] == ["m001_initial", "m002_default_settings"]


def test_an_up_to_date_catalog_opens_without_sqlite_utils(tmp_path: Path):
    """A reopen of a current catalog reads and checks it with sqlite3 alone: the sqlite-utils
    ``Database`` (and its imports) is made only where a migration is pending."""
    path = tmp_path / "c.sqlite"
    with open_catalog(path) as first:
        assert first.db._full is not None  # the new file's tables were made by migrations
    with open_catalog(path) as again:
        assert again.db._full is None
        assert again.gpus() and again.prices()


def test_every_bundled_model_builds_an_arch(repo: CatalogRepository):
    rows = {r["id"]: r for r in read_csv(DATA / "models.csv")}
    models = repo.models()
    assert len(models) == len(rows) == BUNDLED_MODELS
    assert sum(m.kind == "diffusion" for m in models) == 16
    for m in models:
        assert isinstance(m, CatalogModel) and isinstance(m.arch, ModelArch)
        listed = float(rows[m.id]["params_b"]) * 1e9
        # either computed within 2 % or overridden with the listed figure
        assert abs(m.arch.param_count() - listed) / listed <= 0.02, m.id
        if rows[m.id]["active_params_b"]:
            act = float(rows[m.id]["active_params_b"]) * 1e9
            assert abs(m.arch.active_param_count() - act) / act <= 0.02, m.id
        if rows[m.id]["sliding_window"]:
            assert m.arch.sliding_window_layers is not None, m.id
        assert repo.get_model(m.id) == m.arch


def test_llama2_7b_exact_param_count(repo: CatalogRepository):
    arch = repo.get_model("llama2_7b")
    assert arch is not None
    assert arch.params is None  # computed from the architecture, not copied
    assert arch.param_count() == 6_738_415_616


def test_model_mapping_details(repo: CatalogRepository):
    m7 = repo.get_model("mistral_7b_v0_1")
    assert m7 is not None and m7.sliding_window == 4096 and m7.sliding_window_layers == 32
    q = repo.get_model("qwen2_5_7b")
    assert q is not None and q.model_type == "qwen2" and q.qkv_bias
    assert q.param_count() == pytest.approx(7.616e9, rel=1e-3)
    mix = repo.get_model("mixtral_8x7b")
    assert mix is not None and mix.is_moe and mix.num_local_experts == 8
    assert mix.num_experts_per_tok == 2 and mix.moe_intermediate_size == 14336
    assert mix.param_count() == pytest.approx(46.703e9, rel=1e-3)
    assert mix.active_param_count() == pytest.approx(12.88e9, rel=1e-3)
    ds = repo.get_model("deepseek_v3")  # MLA + 3 dense layers + 58 MoE layers, 1 shared expert
    assert ds is not None and ds.kv_lora_rank == 512 and ds.qk_rope_head_dim == 64
    assert ds.params is None and ds.active_params is None  # counted from the config fields
    # DeepSeek-V3 report: 671B total, 37B activated (without the 14B MTP module)
    assert ds.param_count() == 671_026_404_352 and ds.active_param_count() == 37_552_282_624
    assert ds.kv_values_per_token_per_layer() == 576
    f = repo.get_model("falcon_40b")
    assert f is not None and not f.mlp_gated
    g3 = repo.get_model("gemma3_27b")
    assert g3 is not None and g3.sliding_window_layers == 52  # 62 layers, every 6th global
    oss = repo.get_model("gpt_oss_20b")
    assert oss is not None and oss.sliding_window_layers == 12
    l4 = repo.get_model("llama4_scout")
    assert l4 is not None and l4.sliding_window_layers == 36
    flux = repo.get_catalog_model("flux1_dev")
    assert flux is not None and flux.kind == "diffusion"
    assert flux.arch.kind == "diffusion" and flux.arch.param_count() == 12_000_000_000
    assert repo.get_model("nope") is None


@pytest.mark.parametrize(
    ("layers", "window", "pattern", "expected"),
    [
        (32, 4096, "", 32),
        (32, None, "", None),
        (26, 512, "5 sliding : 1 global (sliding_window_pattern 6)", 22),
        (34, 1024, "5 sliding : 1 global", 29),
        (24, 128, "alternating sliding/full (1:1)", 12),
        (42, 4096, "alternating sliding/global (1:1)", 21),
        (48, 8192, "3 chunked-local (8192) : 1 global NoPE", 36),
        (36, 32768, "1 full : 3 sliding", 27),
        (40, 2047, "all layers sliding-window (config 2047)", 40),
        (40, 4096, "something new", None),
    ],
)
def test_sliding_window_layers(layers, window, pattern, expected):
    assert sliding_window_layers(layers, window, pattern) == expected


def test_gpu_upsert_delete_and_user_flag(repo: CatalogRepository):
    g = repo.get_gpu("rtx_4090")
    assert g is not None
    repo.upsert_gpu(g.model_copy(update={"msrp_usd": 1799.0}))
    assert repo.get_gpu("rtx_4090").msrp_usd == 1799.0
    assert repo.is_user_row("gpus", "rtx_4090")
    assert dict((s.id, u) for s, u in repo.gpu_rows())["rtx_4090"] is True
    mine = GpuSpec(id="my_card", name="My Card", memory_gb=32, memory_bandwidth_gbps=900)
    repo.upsert_gpu(mine)
    assert repo.get_gpu("my_card") == mine
    assert repo.gpus()[-1].id == "my_card"
    repo.delete_gpu("my_card")
    assert repo.get_gpu("my_card") is None
    n = sum(p.gpu_id == "h100_sxm" for p in repo.prices())
    with pytest.raises(CatalogInUseError, match=f"{n} price row"):
        repo.delete_gpu("h100_sxm")  # its prices would be orphaned
    assert repo.get_gpu("h100_sxm") is not None
    assert repo.delete_gpu("h100_sxm", cascade=True) == n
    assert repo.get_gpu("h100_sxm") is None and len(repo.gpus()) == BUNDLED_GPUS - 1
    assert not any(p.gpu_id == "h100_sxm" for p in repo.prices())
    with pytest.raises(KeyError):
        repo.delete_gpu("h100_sxm")
    with pytest.raises(ValidationError):
        repo.upsert_gpu(g.model_copy(update={"memory_gb": -1}))


def test_model_upsert_and_validation(repo: CatalogRepository):
    rec = next(r for r in repo.model_records() if r.id == "llama2_7b")
    repo.upsert_model(rec.model_copy(update={"id": "my_llama", "name": "My Llama"}))
    assert repo.get_model("my_llama").param_count() == 6_738_415_616
    flags = {m.id: user for m, user in repo.model_rows()}
    assert flags["my_llama"] is True and flags["llama2_7b"] is False
    assert [m for m, _ in repo.model_rows()] == repo.model_records()
    bad = rec.model_copy(update={"id": "bad", "num_key_value_heads": 5})
    with pytest.raises(ValueError):
        repo.upsert_model(bad)
    assert repo.get_model("bad") is None
    repo.delete_model("my_llama")
    assert repo.get_model("my_llama") is None


def test_price_add_update_history_delete(repo: CatalogRepository):
    offer = PriceOffer(
        gpu_id="rtx_4090", provider="MyLab", pricing="owned", price_per_gpu_hour=0.12, observed="2026-11-01"
    )
    rid = repo.add_price(offer)
    # read back with the kind the ranking gives it: a row the user added is their own price
    assert repo.get_price(rid) == offer.model_copy(update={"price_kind": "user"})
    assert len(repo.prices()) == BUNDLED_PRICES + 1
    repo.update_price(rid, offer.model_copy(update={"price_per_gpu_hour": 0.15}))
    repo.update_price(rid, offer.model_copy(update={"price_per_gpu_hour": 0.15}))  # no-op
    hist = repo.price_history(rid)
    assert [p.price_per_gpu_hour for _, p in hist] == [0.12, 0.15]
    assert hist[0][0] <= hist[1][0] and "T" in hist[0][0]
    assert repo.get_price(rid).price_per_gpu_hour == 0.15
    ids = [r for r, _, _ in repo.price_rows()]
    assert rid in ids and dict((r, u) for r, _, u in repo.price_rows())[rid] is True
    repo.delete_price(rid)
    assert repo.get_price(rid) is None and repo.price_history(rid) == []
    with pytest.raises(KeyError):
        repo.update_price(rid, offer)
    with pytest.raises(ValueError, match="unknown GPU"):
        repo.add_price(offer.model_copy(update={"gpu_id": "nope"}))
    with pytest.raises(ValueError, match="pricing"):
        repo.add_price(offer.model_copy(update={"pricing": "free"}))


def test_bundled_price_edit_reset_and_history(repo: CatalogRepository):
    rid, offer, _ = next(
        r for r in repo.price_rows() if r[1].gpu_id == "rtx_4090" and r[1].price_per_gpu_hour == 0.44
    )
    repo.update_price(rid, offer.model_copy(update={"price_per_gpu_hour": 0.39}))
    assert repo.is_user_row("prices", rid)
    repo.reset_row("prices", rid)
    assert repo.get_price(rid).price_per_gpu_hour == 0.44
    assert not repo.is_user_row("prices", rid)
    assert [p.price_per_gpu_hour for _, p in repo.price_history(rid)] == [0.44, 0.39, 0.44]
    repo.delete_price(rid)
    assert repo.get_price(rid) is None
    repo.reset_row("prices", rid)
    assert repo.get_price(rid).price_per_gpu_hour == 0.44
    user_rid = repo.add_price(offer.model_copy(update={"provider": "Mine"}))
    with pytest.raises(ValueError, match="added by the user"):
        repo.reset_row("prices", user_rid)
    with pytest.raises(KeyError):
        repo.reset_row("prices", 999_999)


def test_reset_gpu_row_and_reset_all(repo: CatalogRepository):
    g = repo.get_gpu("a100_sxm_80gb")
    repo.upsert_gpu(g.model_copy(update={"memory_gb": 96.0}))
    repo.delete_gpu("rtx_3090", cascade=True)
    repo.reset_row("gpus", "a100_sxm_80gb")
    assert repo.get_gpu("a100_sxm_80gb") == g
    assert not repo.is_user_row("gpus", "a100_sxm_80gb")
    repo.reset_row("gpus", "rtx_3090")
    assert repo.get_gpu("rtx_3090") is not None
    repo.upsert_gpu(GpuSpec(id="x1", name="X1", memory_gb=8, memory_bandwidth_gbps=100))
    with pytest.raises(ValueError, match="added by the user"):
        repo.reset_row("gpus", "x1")
    with pytest.raises(KeyError):
        repo.reset_row("gpus", "zzz")
    with pytest.raises(ValueError):
        repo.reset_row("sessions", "x")
    repo.add_price(PriceOffer(gpu_id="x1", provider="me", price_per_gpu_hour=1))
    repo.set_fx_rate("EUR", 0.93)
    backup = repo.reset_all()
    assert backup.exists()
    assert (len(repo.gpus()), len(repo.models()), len(repo.prices())) == (
        BUNDLED_GPUS,
        BUNDLED_MODELS,
        BUNDLED_PRICES,
    )
    assert repo.get_gpu("x1") is None
    assert repo.get_fx_quotes()["EUR"].per_usd == 0.93  # settings survive a catalog reset


def _newer_bundle(tmp_path: Path) -> Path:
    """A copy of data/ where the bundled RTX 4090 and A100 80GB rows changed, a GPU was
    added and the first price changed."""
    d = tmp_path / "data_v2"
    shutil.copytree(DATA, d)
    rows = read_csv(DATA / "gpus.csv")
    for r in rows:
        if r["id"] in ("rtx_4090", "a100_sxm_80gb"):
            r["notes"] = "updated in bundle v2"
    rows.append({**rows[0], "id": "future_gpu", "name": "Future GPU"})
    with (d / "gpus.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["gpus"], lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    prices = read_csv(DATA / "prices.csv")
    first = next(iter(load_bundle(DATA).prices.values()))  # the first current price
    i = next(
        i
        for i, r in enumerate(prices)
        if (r["gpu_id"], r["provider"], r["observed"])
        == (first["gpu_id"], first["provider"], first["observed"])
    )
    prices[i]["price_per_gpu_hour"] = "1.11"
    with (d / "prices.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS["prices"], lineterminator="\n")
        w.writeheader()
        w.writerows(prices)
    return d


def test_newer_bundle_merges_without_overwriting_user_edits(tmp_path: Path):
    path = tmp_path / "c.sqlite"
    with open_catalog(path) as r:
        g = r.get_gpu("rtx_4090")
        r.upsert_gpu(g.model_copy(update={"notes": "my note"}))
        first_rid, first, _ = r.price_rows()[0]
        r.delete_gpu("h100_pcie", cascade=True)
        v1 = r.meta("seed_version")
    with open_catalog(path, data_dir=_newer_bundle(tmp_path)) as r:
        assert r.meta("seed_version") != v1
        assert r.get_gpu("rtx_4090").notes == "my note"  # user edit kept
        assert r.get_gpu("a100_sxm_80gb").notes == "updated in bundle v2"  # untouched → updated
        assert r.get_gpu("future_gpu") is not None
        assert r.get_gpu("h100_pcie") is None  # user deletion kept
        assert len(r.gpus()) == BUNDLED_GPUS  # bundled + 1 new - 1 deleted
        assert r.get_price(first_rid).price_per_gpu_hour == 1.11
        assert [p.price_per_gpu_hour for _, p in r.price_history(first_rid)] == [
            first.price_per_gpu_hour,
            1.11,
        ]
        h100_pcie = sum(p["gpu_id"] == "h100_pcie" for p in load_bundle(DATA).prices.values())
        assert len(r.prices()) == BUNDLED_PRICES - h100_pcie  # h100_pcie's prices went with it
    # reopening with the same bundle changes nothing
    with open_catalog(path, data_dir=tmp_path / "data_v2") as r:
        assert r.get_gpu("rtx_4090").notes == "my note"


def test_reseed_same_version_is_a_noop(tmp_path: Path):
    path = tmp_path / "c.sqlite"
    with open_catalog(path) as r:
        rid = r.price_rows()[0][0]
        r.update_price(rid, r.get_price(rid).model_copy(update={"price_per_gpu_hour": 9.99}))
    with open_catalog(path) as r:
        assert r.get_price(rid).price_per_gpu_hour == 9.99
        assert len(r.price_history(rid)) == 2


def test_fx_rates_and_display_currency(repo: CatalogRepository):
    rates = repo.get_fx_rates()
    # m005: the m002 default (0.14 USD per CNY) became 1 USD = 7.1 CNY, marked a default
    assert rates["USD"] == 1.0 and rates["CNY"] == pytest.approx(1 / 7.1)
    assert "default" in repo.get_fx_quotes()["CNY"].source
    q = repo.set_fx_rate("cny", 7.25, date="2026-11-30", source="PBoC central parity")
    assert (q.per_usd, q.date) == (7.25, "2026-11-30")
    assert repo.get_fx_rates()["CNY"] == pytest.approx(1 / 7.25)
    assert repo.to_usd(725, "CNY") == pytest.approx(100)
    assert repo.to_usd(1, "JPY") is None
    # a rate that looks upside down (USD per CNY) is a question, never flipped
    with pytest.raises(ValueError, match="upside down"):
        repo.set_fx_rate("CNY", 0.14)
    assert repo.get_fx_quotes()["CNY"].per_usd == 7.25
    repo.set_fx_rate("CNY", 0.14, confirm_inverted=True)
    assert repo.get_fx_quotes()["CNY"].per_usd == 0.14
    for bad in (("USD", 2.0), ("CNY", 0), ("CNY", float("nan")), ("yuan", 0.1)):
        with pytest.raises(ValueError):
            repo.set_fx_rate(*bad)
    assert repo.get_display_currency() == "USD"
    repo.set_display_currency("cny")
    assert repo.get_display_currency() == "CNY"
    with pytest.raises(ValueError):
        repo.set_display_currency("JPY")
    repo.set_setting("stale_after_days", 180)
    assert repo.get_setting("stale_after_days") == 180
    assert repo.get_setting("missing", "d") == "d"


def test_backup_rotation_and_restore(repo: CatalogRepository):
    first = repo.backup()
    assert first.parent == repo.path.parent / "backups"  # beside the catalog it copies
    with sqlite3.connect(first) as c:
        assert c.execute("SELECT count(*) FROM gpus").fetchone()[0] == BUNDLED_GPUS
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    repo.delete_gpu("rtx_4090", cascade=True)
    before = repo.restore_backup(first)
    assert repo.get_gpu("rtx_4090") is not None and len(repo.gpus()) == BUNDLED_GPUS
    with sqlite3.connect(before) as c:  # the state before the restore was saved too
        row = c.execute("SELECT deleted FROM gpus WHERE id = 'rtx_4090'").fetchone()
        assert row == (1,)
    for _ in range(11):
        repo.backup()
    kept = repo.list_backups()
    assert len(kept) == 10 and first not in kept and kept == sorted(kept)


def test_thread_safe_connection(repo: CatalogRepository):
    import threading

    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            repo.add_price(PriceOffer(gpu_id="rtx_4090", provider=f"T{i}", price_per_gpu_hour=1))
            repo.gpus()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors and len(repo.prices()) == BUNDLED_PRICES + 8


def test_model_record_parsing():
    rec = ModelRecord.model_validate(
        {
            "id": "x",
            "name": "X",
            "family": "llama2",
            "params_b": "6.738",
            "num_layers": "32",
            "hidden_size": "4096",
            "intermediate_size": "11008",
            "num_attention_heads": "32",
            "num_key_value_heads": "",
            "vocab_size": "32000",
            "tie_word_embeddings": "false",
        }
    )
    assert rec.kind == "llm" and rec.tie_word_embeddings is False
    assert ModelRecord(id="d", name="D", params_b=1).tie_word_embeddings is None
    assert model_arch_from_record(rec).param_count() == 6_738_415_616
    with pytest.raises(ValidationError):
        ModelRecord.model_validate({"id": "x", "name": "X", "params_b": "-1"})


@pytest.mark.parametrize("price", [float("inf"), float("nan"), 1e12, 100_000.01, -1, 0])
def test_add_and_update_reject_bad_prices(repo: CatalogRepository, price: float):
    n = len(repo.prices())
    with pytest.raises(ValueError, match="price_per_gpu_hour"):
        repo.add_price(
            PriceOffer.model_construct(
                gpu_id="rtx_4090",
                provider="X",
                region="",
                pricing="on_demand",
                price_per_gpu_hour=price,
                gpus_per_instance=None,
                observed="",
                source="",
                notes="",
                currency="USD",
            )
        )
    rid, seen = _seed_row(repo)
    with pytest.raises(ValueError, match="price_per_gpu_hour"):
        repo.update_price_fields(rid, {"price_per_gpu_hour": price})
    assert len(repo.prices()) == n and repo.get_price(rid) == seen
    assert (
        repo.add_price(PriceOffer(gpu_id="rtx_4090", provider="X", price_per_gpu_hour=100_000)) > 0
    )  # the limit itself is ok


def test_delete_gpu_with_prices_is_refused_unless_cascade(repo: CatalogRepository):
    n = len([p for p in repo.prices() if p.gpu_id == "rtx_4090"])
    with pytest.raises(CatalogInUseError) as info:
        repo.delete_gpu("rtx_4090")
    assert info.value.price_count == n and isinstance(info.value, ValueError)
    assert f"still has {n} price row(s)" in str(info.value)
    assert repo.get_gpu("rtx_4090") is not None
    repo.upsert_gpu(GpuSpec(id="lonely", name="Lonely", memory_gb=8, memory_bandwidth_gbps=100))
    assert repo.delete_gpu("lonely") == 0  # no prices: deleted
    assert repo.delete_gpu("rtx_4090", cascade=True) == n
    assert not any(p.gpu_id == "rtx_4090" for p in repo.prices())


def test_a_start_with_the_merged_bundle_does_not_read_it_again(tmp_path: Path, monkeypatch):
    """The catalog's ``seed_version`` stamp is the bundle's digest: a second open of an
    unchanged bundle neither parses nor validates its rows, yet has the providers' terms."""
    from gpupicker.catalog import bundle as bundle_mod
    from gpupicker.catalog import connection

    path = tmp_path / "c.sqlite"
    with open_catalog(path) as r:
        stamp = r.meta("seed_version")
        terms = r.provider_terms()
    assert stamp == bundle_mod.bundle_version(DATA) == load_bundle(DATA).version

    def refuse(_data_dir: Path) -> None:
        raise AssertionError("the unchanged bundle was read again")

    monkeypatch.setattr(connection, "load_bundle", refuse)
    with open_catalog(path) as r:
        assert r.meta("seed_version") == stamp
        assert len(r.gpus()) == BUNDLED_GPUS
        assert r.provider_terms() == terms and terms
