"""gpupicker.service: the one copy of what the CLI and the UI both do.

Expected texts are the CLI's outputs on the bundled catalog before the service existed
(`gpupicker recommend --json` on the same workloads, saved and diffed when the code moved).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpupicker.catalog import open_catalog
from gpupicker.catalog.errors import validation_text
from gpupicker.core.planners.advisor import advise, largest_card
from gpupicker.core.ranking.recommend import GPU_COUNTS
from gpupicker.core.workload import Workload
from gpupicker.service.recommendation import CatalogSnapshot, gpu_counts, rank_on_snapshot
from gpupicker.service.resolve import (
    UnknownGpuError,
    UnknownModelError,
    resolve_gpu,
    resolve_model,
)


@pytest.fixture(scope="module")
def cat(tmp_path_factory):
    """One bundled catalog for the module, in a temp folder (never the default path)."""
    with open_catalog(tmp_path_factory.mktemp("service-cat") / "catalog.sqlite") as repo:
        yield repo


@pytest.fixture(scope="module")
def snap(cat):
    return CatalogSnapshot.from_repo(cat)


# ------------------------------------------------------------------------------- resolution
def test_resolve_model_reads_the_catalog_model(cat):
    w = resolve_model(Workload(task="lora", model_id="llama3_8b"), cat)
    assert w.model == cat.get_model("llama3_8b") and w.model.num_hidden_layers == 32


def test_unknown_model_reads_as_the_cli_always_said(cat):
    with pytest.raises(UnknownModelError) as err:
        resolve_model(Workload(task="lora", model_id="no_such_model"), cat)
    assert str(err.value) == (
        "unknown model_id 'no_such_model' (not in the catalog); list the "
        "ids with 'gpupicker catalog export models FILE'"
    )
    assert err.value.model_id == "no_such_model" and isinstance(err.value, ValueError)
    # a near miss names the catalog id
    with pytest.raises(UnknownModelError) as err:
        resolve_model(Workload(task="lora", model_id="llama-2-13b"), cat)
    assert "did you mean llama2_13b" in str(err.value)


def test_unknown_gpu_offers_the_closest_ids(cat):
    assert resolve_gpu("rtx_4090", cat).memory_gb == 24
    with pytest.raises(UnknownGpuError) as err:
        resolve_gpu("rtx4090", cat)
    assert str(err.value) == (
        "unknown gpu 'rtx4090' (not in the catalog); did you mean rtx_4090, rtx_4090_d, rtx_5090?"
    )
    assert err.value.suggestions == ["rtx_4090", "rtx_4090_d", "rtx_5090"]
    with pytest.raises(UnknownGpuError, match="list the ids with 'gpupicker catalog export gpus"):
        resolve_gpu("no_such_gpu", cat)


# ----------------------------------------------------------------------- validation text
def _error(**kw) -> ValidationError:
    with pytest.raises(ValidationError) as err:
        Workload.model_validate(kw)
    return err.value


def test_validation_text_forms():
    """One formatter; the CLI keeps pydantic's "Value error, " prefix, the UI and CSV do not."""
    no_model = _error(task="lora")
    msg = "a workload needs a model: 'model' (config.json fields) or 'model_id'"
    assert validation_text(no_model, keep_value_error_prefix=True) == "Value error, " + msg
    assert validation_text(no_model) == msg == validation_text(no_model, fields=False)
    two = _error(task="lora", model_id="x", batch=-1, seq_len=0)
    assert validation_text(two) == (
        "batch: Input should be greater than or equal to 1; "
        "seq_len: Input should be greater than or equal to 1"
    )
    assert validation_text(two, sep="\n", limit=1) == "batch: Input should be greater than or equal to 1"
    assert validation_text(ValueError("plain")) == "plain"


# --------------------------------------------------------------------------------- ranking
def test_gpu_counts():
    assert gpu_counts(8) == GPU_COUNTS == (1, 2, 4, 8)
    assert gpu_counts(12) == (1, 2, 4, 8, 12) and gpu_counts(3) == (1, 2, 3)


def test_named_gpu_that_does_not_fit_gets_its_advice_in_both_front_ends(cat, snap):
    from gpupicker.cli.recommend import run_recommend
    from gpupicker.ui.compute import run_recommendation

    w = resolve_model(
        Workload(task="full_ft", model_id="llama3_70b", gpu="rtx_4090", seq_len=4096, batch=8), cat
    )
    r = rank_on_snapshot(w, snap)
    assert r.preferred_fits is False and r.advice_gpu is not None
    assert r.advice_gpu.id == "rtx_4090" and r.nothing_fits_causes is None
    assert r.recommendation.advice == tuple(advise(w, r.advice_gpu))
    assert run_recommend(w, cat).advice == r.recommendation.advice
    view = run_recommendation(w, snap)
    assert view.advice == r.recommendation.advice and view.preferred_fits is False


def test_nothing_fits_advice_is_for_the_largest_card(cat, snap):
    from gpupicker.cli.recommend import run_recommend
    from gpupicker.ui.compute import run_recommendation

    w = resolve_model(Workload(task="full_ft", model_id="llama3_70b", seq_len=8192, batch=64), cat)
    r = rank_on_snapshot(w, snap)
    assert not any(o.fits for o in r.recommendation.options)
    big = largest_card(list(snap.gpus), {o.gpu_id for o in r.recommendation.options})
    assert r.advice_gpu == big and r.recommendation.advice and r.nothing_fits_causes is not None
    rec = run_recommend(w, cat)
    assert rec.advice == r.recommendation.advice
    assert rec.notes[-1].startswith(f"No option fits in memory; the changes below are for the {big.name} (")
    view = run_recommendation(w, snap)
    assert view.extras["advice_gpu"] == big.id
    assert view.extras["nothing_fits_causes"] == list(r.nothing_fits_causes)


def test_named_gpu_count_outside_the_ranking_is_checked_by_its_memory_estimate(cat, snap):
    """16 × RTX 3090 is not ranked (max 8 GPUs): the memory estimate decides, as the CLI did;
    the UI now shows the same advice (before, it showed none). A 70B full fine-tune does not
    fit them even sharded with FSDP (workload.parallel_plan, as the ranking plans it)."""
    from gpupicker.ui.compute import run_recommendation

    w = resolve_model(Workload(task="full_ft", model_id="llama3_70b", gpu="rtx_3090", num_gpus=16), cat)
    r = rank_on_snapshot(w, snap)
    assert r.preferred_fits is None and r.advice_gpu is not None and r.advice_gpu.id == "rtx_3090"
    assert run_recommendation(w, snap).advice == r.recommendation.advice != ()
