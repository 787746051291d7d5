"""Every bundled model with a config source: its config fields give ``params_b`` to 0.5 %.

The count is recomputed from the row's fields alone (``params``/``active_params``
overrides removed), so MoE layouts (dense first layers, shared experts, the MoE
layer step, expert width) and MLA ranks have to be in the schema for the
DeepSeek / Kimi / GLM / Llama 4 / Qwen-MoE rows to pass. Diffusion rows count
the denoiser only, as ``core.diffusion`` adds text encoders and VAE itself.
"""

from __future__ import annotations

import csv
import re

import pytest

from gpupicker import paths
from gpupicker.catalog.model_arch_map import model_arch_from_record
from gpupicker.catalog.records import ModelRecord

with (paths.data_dir() / "models.csv").open(encoding="utf-8", newline="") as _f:
    ROWS = [ModelRecord(**r) for r in csv.DictReader(_f)]
LLM_WITH_CONFIG = [r for r in ROWS if r.kind == "llm" and re.search(r"config|\.ya?ml|preset", r.source, re.I)]


def test_every_llm_row_cites_a_config():
    assert len(LLM_WITH_CONFIG) == sum(1 for r in ROWS if r.kind == "llm")


@pytest.mark.parametrize("rec", LLM_WITH_CONFIG, ids=lambda r: r.id)
def test_params_from_config_fields_within_half_a_percent(rec: ModelRecord):
    arch = model_arch_from_record(rec).model_copy(update={"params": None, "active_params": None})
    assert arch.param_count() == pytest.approx(rec.params_b * 1e9, rel=0.005)
    active = rec.active_params_b or rec.params_b
    assert arch.active_param_count() == pytest.approx(active * 1e9, rel=0.005)


def test_diffusion_rows_count_the_denoiser_only():
    diffusion = [r for r in ROWS if r.kind == "diffusion"]
    assert len(diffusion) >= 12
    for r in diffusion:
        assert re.search(r"text encoder|T5|CLIP", r.notes, re.I), r.id
        assert re.search(r"\bonly\b|extra|excluded|not included", r.notes, re.I), r.id
    sdxl = next(r for r in diffusion if r.id == "sdxl_base")
    assert sdxl.params_b == pytest.approx(2.567)  # UNet 2,567,463,684 (diffusers model card)


def test_an_old_catalog_gains_the_moe_columns(tmp_path, monkeypatch):
    """A catalog made before schema m003 gets the new columns and the recomputed rows."""
    import sqlite3

    from gpupicker.catalog import open_catalog
    from gpupicker.catalog.records import MOE_MLA_COLUMNS

    path = tmp_path / "old.sqlite"
    open_catalog(path).close()
    con = sqlite3.connect(path)
    for col in MOE_MLA_COLUMNS:
        con.execute(f"ALTER TABLE models DROP COLUMN {col}")
    con.execute("DELETE FROM _sqlite_migrations WHERE name = 'm003_model_moe_mla_columns'")
    con.execute("UPDATE meta SET value = 'old' WHERE key = 'seed_version'")
    con.commit()
    con.close()
    with open_catalog(path) as repo:
        ds = repo.get_model("deepseek_v3")
        assert ds is not None and ds.first_k_dense_replace == 3 and ds.params is None
        assert ds.param_count() == 671_026_404_352


def test_wan2_2_a14b_computes_with_one_expert_and_holds_both():
    rec = next(r for r in ROWS if r.id == "wan2_2_t2v_a14b")
    arch = model_arch_from_record(rec)
    assert arch.param_count() == 27_000_000_000 and arch.active_param_count() == 14_000_000_000
