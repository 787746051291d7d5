"""Catalog schema as sqlite-utils ``Migrations`` (applied in order, each once).

Tables:

- ``gpus`` / ``models``: one row per catalog id, columns of ``data/gpus.csv`` /
  ``data/models.csv`` plus bookkeeping: ``origin`` (``"bundled"`` or ``"user"``),
  ``user_modified`` (1 once the user changed or deleted the row, so a newer bundled
  catalog leaves it alone), ``deleted`` (tombstone for a deleted bundled row, so a
  re-seed does not bring it back), ``updated_at`` (UTC ISO time).
- ``prices``: integer ``id`` plus the columns of ``data/prices.csv`` and the same
  bookkeeping; ``seed_key`` identifies a bundled row across catalog versions. The price
  column is ``price_per_gpu_hour`` (an amount in the row's ``currency``) since m006; m001
  created it as ``usd_per_gpu_hour``.
- ``price_history``: every version of every price row (``changed_at`` UTC ISO);
  the latest one equals the current row.
- ``settings``: key → JSON value (exchange rates, display currency, …).
- ``meta``: key → text (``seed_version``, ``seeded_at``).
- ``owned_gpus``: the user's own GPUs (m003); ``calibration_runs``: the user's recorded
  runs (m003). Neither is touched by bundle merges, resets of the bundled rows or imports.

Add a migration at the end to change the schema; never edit an applied one.
"""

from __future__ import annotations

import json

from .sqlite_lean import Database, Migrations

MIGRATION_SET = "gpupicker_catalog"
"""The name the catalog's schema steps are recorded under (a file without it is not ours)."""
migrations = Migrations(MIGRATION_SET)

_BOOKKEEPING = {"origin": str, "user_modified": int, "deleted": int, "updated_at": str}


_M001_GPU_COLUMNS: dict[str, type] = {
    "id": str,
    "name": str,
    "vendor": str,
    "segment": str,
    "architecture": str,
    "release_year": int,
    "memory_gb": float,
    "memory_type": str,
    "memory_bandwidth_gbps": float,
    "fp32_tflops": float,
    "fp16_tflops_dense": float,
    "bf16_tflops_dense": float,
    "fp8_tflops_dense": float,
    "int8_tops_dense": float,
    "int4_tops_dense": float,
    "tensor_core_gen": str,
    "tdp_w": float,
    "interconnect": str,
    "nvlink_bandwidth_gbps": float,
    "pcie_gen": int,
    "msrp_usd": float,
    "source": str,
    "notes": str,
}
"""The gpus table's columns as m001 created them (later steps add more)."""

_M001_MODEL_COLUMNS: dict[str, type] = {
    "id": str,
    "name": str,
    "family": str,
    "params_b": float,
    "active_params_b": float,
    "num_layers": int,
    "hidden_size": int,
    "intermediate_size": int,
    "num_attention_heads": int,
    "num_key_value_heads": int,
    "head_dim": int,
    "vocab_size": int,
    "max_context": int,
    "tie_word_embeddings": int,
    "moe_num_experts": int,
    "moe_top_k": int,
    "license": str,
    "source": str,
    "notes": str,
    "sliding_window": int,
    "attention_pattern": str,
    "kv_lora_rank": int,
    "qk_rope_head_dim": int,
}
"""The models table's columns as m001 created them (later steps add more)."""


@migrations()
def m001_initial(db: Database) -> None:
    """Create gpus, models, prices, price_history, settings and meta."""
    db.table("gpus").create(
        {
            **_M001_GPU_COLUMNS,
            **_BOOKKEEPING,
        },
        pk="id",
        not_null={"name", "origin"},
        defaults={"user_modified": 0, "deleted": 0},
        if_not_exists=True,
    )
    db.table("models").create(
        {
            **_M001_MODEL_COLUMNS,
            **_BOOKKEEPING,
        },
        pk="id",
        not_null={"name", "origin"},
        defaults={"user_modified": 0, "deleted": 0},
        if_not_exists=True,
    )
    db.table("prices").create(
        {
            "id": int,
            "gpu_id": str,
            "provider": str,
            "region": str,
            "pricing": str,
            "usd_per_gpu_hour": float,
            "gpus_per_instance": int,
            "observed": str,
            "source": str,
            "notes": str,
            "currency": str,
            "seed_key": str,
            **_BOOKKEEPING,
        },
        pk="id",
        not_null={"gpu_id", "provider", "usd_per_gpu_hour", "origin"},
        defaults={"user_modified": 0, "deleted": 0},
        if_not_exists=True,
    )
    db.table("prices").create_index(["seed_key"], unique=True, if_not_exists=True)
    db.table("prices").create_index(["gpu_id"], if_not_exists=True)
    db.table("price_history").create(
        {
            "id": int,
            "price_id": int,
            "changed_at": str,
            "gpu_id": str,
            "provider": str,
            "region": str,
            "pricing": str,
            "usd_per_gpu_hour": float,
            "gpus_per_instance": int,
            "observed": str,
            "source": str,
            "notes": str,
            "currency": str,
        },
        pk="id",
        if_not_exists=True,
    )
    db.table("price_history").create_index(["price_id"], if_not_exists=True)
    db.table("settings").create({"key": str, "value": str}, pk="key", if_not_exists=True)
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)


@migrations()
def m002_default_settings(db: Database) -> None:
    """Default display currency (USD) and a starting CNY rate (USD per yuan, user-editable)."""
    db.table("settings").insert_all(
        [
            {"key": "display_currency", "value": '"USD"'},
            {"key": "fx_rates", "value": '{"USD": 1.0, "CNY": 0.14}'},
        ],
        ignore=True,
    )


@migrations()
def m003_model_moe_mla_columns(db: Database) -> None:
    """Add the MoE, MLA, sparse-indexer and hybrid-attention model columns.

    Model columns for MoE layouts, MLA ranks, the DeepSeek-V3.2 indexer and hybrid linear
    attention (``records.MOE_MLA_COLUMNS``, integers).
    """
    table = db.table("models")
    have = set(table.columns_dict)
    for col in (
        "moe_intermediate_size",
        "n_shared_experts",
        "shared_expert_intermediate_size",
        "first_k_dense_replace",
        "moe_layer_step",
        "q_lora_rank",
        "qk_nope_head_dim",
        "v_head_dim",
        "index_n_heads",
        "index_head_dim",
        "linear_attention_layers",
        "linear_num_key_heads",
        "linear_key_head_dim",
        "linear_num_value_heads",
        "linear_value_head_dim",
    ):
        if col not in have:
            table.add_column(col, int)


@migrations()
def m004_owned_gpus_and_calibration_runs(db: Database) -> None:
    """Add the ``owned_gpus`` and ``calibration_runs`` tables.

    ``owned_gpus`` (the user's own hardware, core.owned.OwnedGpu fields) and
    ``calibration_runs`` (recorded runs, core.calibration.CalibrationRun; ``workload`` as JSON).
    """
    db.table("owned_gpus").create(
        {
            "id": int,
            "gpu_id": str,
            "count": int,
            "purchase_price": float,
            "currency": str,
            "power_w": float,
            "electricity_per_kwh": float,
            "electricity_currency": str,
            "years": float,
            "utilization": float,
            "label": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"gpu_id"},
        if_not_exists=True,
    )
    db.table("calibration_runs").create(
        {
            "id": int,
            "created_at": str,
            "gpu_id": str,
            "engine": str,
            "task": str,
            "workload": str,
            "peak_bytes": int,
            "tokens_per_s": float,
            "kv_blocks": int,
            "kv_tokens": int,
            "weights_bytes": int,
            "kv_bytes": int,
            "compute_buffer_bytes": int,
            "n_ctx": int,
            "note": str,
        },
        pk="id",
        not_null={"gpu_id", "workload"},
        if_not_exists=True,
    )


FX_SETTING = "fx_per_usd"
"""Settings key of the exchange rates since m005: currency → ``{"per_usd", "date", "source"}``
(units per US dollar, as people quote them: 1 USD = 7.10 CNY)."""

_M002_DEFAULT_CNY = 0.14
"""The starting CNY rate m002 wrote (USD per yuan)."""


FX_DEFAULT_SOURCE = "gpupicker's rounded default (not a quote): set today's rate"
"""The source text of the default CNY rate m005 writes (the rates dialog shows it translated)."""


@migrations()
def m005_fx_rates_units_per_usd(db: Database) -> None:
    """Move exchange rates from USD per unit (``fx_rates``) to units per USD (``fx_per_usd``).

    Exchange rates move from ``fx_rates`` (USD per unit, where the old dialog asked
    "1 CNY = [ ] USD" and a value typed the Chinese way, 7.1, was silently flipped by the
    ranking and used raw by the table) to ``fx_per_usd`` (units per USD, dated, sourced).

    A stored value that was already "units per USD" — more than 10× the reference USD
    per unit while its inverse is near it, exactly the rates the ranking flipped — is kept
    as typed and its source says so; any other value v becomes 1 / v. m002's untouched
    default (0.14) becomes gpupicker's rounded default 7.1 CNY per USD, marked as such.
    """
    from ..core.pricing.money import REFERENCE_PER_USD

    row = db.execute("SELECT value FROM settings WHERE key = 'fx_rates'").fetchone()
    old = json.loads(row[0]) if row else {}
    new: dict[str, dict[str, object]] = {}
    for code, value in old.items():
        cur = str(code).upper()
        v = float(value)
        if cur == "USD" or not v > 0:
            continue
        ref = REFERENCE_PER_USD.get(cur)
        if cur == "CNY" and v == _M002_DEFAULT_CNY:
            new[cur] = {"per_usd": 7.1, "date": "", "source": FX_DEFAULT_SOURCE}
        elif ref and ref > 1 and v / (1 / ref) > 10 and 0.5 < v / ref < 2:
            new[cur] = {
                "per_usd": v,
                "date": "",
                "source": f"migrated: {v:g} was entered as {cur} per USD in the old "
                f"dialog (which asked USD per {cur}); check it",
            }
        else:
            new[cur] = {
                "per_usd": round(1.0 / v, 6),
                "date": "",
                "source": f"migrated from {v:g} USD per {cur}",
            }
    db.execute("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", [FX_SETTING, json.dumps(new)])
    db.execute("DELETE FROM settings WHERE key = 'fx_rates'")


PRICE_COLUMN = "price_per_gpu_hour"
"""The price column since m006: an amount per GPU-hour in the row's ``currency``."""
OLD_PRICE_COLUMN = "usd_per_gpu_hour"
"""Its name before m006 (m001 named it for USD; CNY rows already held yuan in it)."""


@migrations()
def m006_price_per_gpu_hour(db: Database) -> None:
    """Rename ``usd_per_gpu_hour`` to ``price_per_gpu_hour`` in prices and their history.

    Rename ``prices.usd_per_gpu_hour`` and ``price_history.usd_per_gpu_hour`` to
    ``price_per_gpu_hour``: the column holds an amount in the row's ``currency`` (yuan for
    CNY rows), not US dollars. Values, indexes and the NOT NULL constraint are kept
    (``ALTER TABLE … RENAME COLUMN``, SQLite ≥ 3.25).
    """
    for table in ("prices", "price_history"):
        have = set(db.table(table).columns_dict)
        if OLD_PRICE_COLUMN in have and PRICE_COLUMN not in have:
            db.execute(f"ALTER TABLE {table} RENAME COLUMN {OLD_PRICE_COLUMN} TO {PRICE_COLUMN}")


@migrations()
def m007_catalog_facts_2026_12(db: Database) -> None:
    """Add the columns for the facts the 2026-12 catalog records.

    Columns for facts the 2026-12 catalog records: ``gpus.fp4_tflops_dense`` (dense FP4
    TFLOPS) and ``gpus.gpu_memory_limit_gb`` (the share of a unified memory the GPU may use),
    ``models.hf_repo`` / ``models.modelscope_id`` (the checkpoint's repository ids) and, on
    ``prices`` and ``price_history``, ``includes_tax`` / ``vat_invoice`` (``yes`` / ``no``:
    the price includes VAT (含税); the provider issues a VAT special invoice, 增值税专用发票).
    """
    columns: dict[str, dict[str, type]] = {
        "gpus": {"fp4_tflops_dense": float, "gpu_memory_limit_gb": float},
        "models": {"hf_repo": str, "modelscope_id": str},
        "prices": {"includes_tax": str, "vat_invoice": str},
        "price_history": {"includes_tax": str, "vat_invoice": str},
    }
    for name, cols in columns.items():
        table = db.table(name)
        have = set(table.columns_dict)
        for col, kind in cols.items():
            if col not in have:
                table.add_column(col, kind)


@migrations()
def m008_layer_patterns(db: Database) -> None:
    """Add the model columns for per-layer attention patterns and state sizes.

    Model columns for per-layer attention patterns, Gemma 4 global-layer sizes, KV-shared
    layers, Mamba-2 / LFM2 conv state sizes and MTP layers (``records.LAYER_COLUMNS``:
    ``layer_pattern`` text, the others integers).
    """
    models = db.table("models")
    have = set(models.columns_dict)
    for col in (
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
    ):
        if col not in have:
            models.add_column(col, str if col == "layer_pattern" else int)


@migrations()
def m009_per_layer_kv_heads(db: Database) -> None:
    """Add the model columns ``kv_heads_per_layer`` and ``attention_k_eq_v``.

    Model columns ``kv_heads_per_layer`` (text: one KV-head count per layer, LFM2 / OpenELM)
    and ``attention_k_eq_v`` (Gemma 4's full-attention layers without v_proj; stored as 0/1
    like ``tie_word_embeddings``) (``records.PER_LAYER_COLUMNS``).
    """
    models = db.table("models")
    have = set(models.columns_dict)
    for col, kind in (("kv_heads_per_layer", str), ("attention_k_eq_v", int)):
        if col not in have:
            models.add_column(col, kind)


@migrations()
def m010_ledger_stock(db: Database) -> None:
    """Add the stock and snapshot columns of the daily ledgers.

    Columns of the daily ledgers with stock (catalog/ledgers.py): on ``prices`` and
    ``price_history``, ``in_stock`` (``yes`` / ``no``: the snapshot listed the offer as
    available), ``stock_gpus`` (GPUs it listed as available) and ``snapshot_at`` (UTC ISO time
    of the snapshot); on ``prices``, the bookkeeping column ``imported_from`` (the file an
    import wrote the row from; blank for bundled rows and rows the user typed or edited: an
    imported row keeps the kind and trust marks its source gives it, core.price_kind).
    """
    columns: dict[str, dict[str, type]] = {
        "prices": {"in_stock": str, "stock_gpus": int, "snapshot_at": str, "imported_from": str},
        "price_history": {"in_stock": str, "stock_gpus": int, "snapshot_at": str},
    }
    for name, cols in columns.items():
        table = db.table(name)
        have = set(table.columns_dict)
        for col, kind in cols.items():
            if col not in have:
                table.add_column(col, kind)


@migrations()
def m011_compressed_attention(db: Database) -> None:
    """Add the model columns of compressed attention and LatentMoE.

    Model columns ``kv_compress_ratios`` (text: DeepSeek-V4's per-layer KV compression),
    ``o_lora_rank``, ``o_groups``, ``hc_mult`` and ``moe_latent_size`` (Nemotron 3 Super's
    LatentMoE) (``records.COMPRESSED_ATTENTION_COLUMNS``).
    """
    models = db.table("models")
    have = set(models.columns_dict)
    for col in ("kv_compress_ratios", "o_lora_rank", "o_groups", "hc_mult", "moe_latent_size"):
        if col not in have:
            models.add_column(col, str if col == "kv_compress_ratios" else int)


def apply_migrations(db: Database) -> None:
    """Apply pending migrations.

    Call inside a write transaction so that two processes opening a fresh file at
    once do not both create the tables.

    Raises:
        sqlite3.DatabaseError: when the file cannot be written.
    """
    migrations.apply(db)


def known_migrations() -> list[str]:
    """Names of the migrations this version defines, in order (``m001_initial`` …)."""
    # sqlite-utils' Migrations keeps them in _migrations and has no public accessor
    return [m.name for m in migrations._migrations]


def pending_migrations(db: Database) -> list[str]:
    """Names of migrations not yet applied (read-only: writes nothing)."""
    return [m.name for m in migrations.pending(db)]
