"""The what-fits solver (core/planners/fit.py, ``gpupicker fit``): it agrees with ``estimate`` at the
value it returns (fits) and one step above (does not), on the seed's worked case and on the
H200 measurements (a job that ran on the H200 must fit there)."""

from __future__ import annotations

import json

import pytest

from gpupicker import cli
from gpupicker.cli.estimate import estimate_one
from gpupicker.core.memory import estimate_memory, fits_on
from gpupicker.core.planners.fit import FIT_DIMENSIONS, solve_fit, with_dimension
from gpupicker.core.units import GiB
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu
from tests.support.validation import load_validation_cases

QLORA = {"task": "qlora", "model_id": "mistral_7b_v0_1", "batch": 4, "seq_len": 2048, "gpu": "rtx_4090"}
CASES = [
    # (workload json, gpu, dimension)
    (QLORA, "rtx_4090", "batch"),
    (QLORA, "rtx_4090", "seq_len"),
    (QLORA, "rtx_4090", "lora_r"),
    ({"task": "lora", "model_id": "llama3_1_8b", "batch": 2, "seq_len": 1024}, "a100_sxm_40gb", "batch"),
    (
        {"task": "full_ft", "model_id": "llama3_2_1b", "batch": 2, "seq_len": 1024, "grad_ckpt": True},
        "rtx_4090",
        "seq_len",
    ),
    (
        {"task": "inference", "model_id": "llama3_1_8b", "prompt_len": 1024, "new_tokens": 512},
        "l40s",
        "batch",
    ),
    (
        {"task": "inference", "model_id": "llama3_1_8b", "prompt_len": 1024, "new_tokens": 512},
        "l40s",
        "seq_len",
    ),
    (
        {"task": "inference", "model_id": "llama3_1_8b", "prompt_len": 1024, "new_tokens": 512},
        "rtx_4090",
        "concurrency",
    ),
]


def _workload(d: dict) -> Workload:
    w = Workload.model_validate(d)
    return w.with_model(catalog_model(w.model_id))


def _estimate_json(w: Workload, gpu_id: str) -> dict:
    """What `gpupicker estimate` prints for this workload (the JSON contract)."""
    d = json.loads(w.model_copy(update={"model": None}).model_dump_json(exclude_none=True))
    d["gpu"] = gpu_id
    return estimate_one(json.dumps(d), _Repo())


class _Repo:
    def get_model(self, mid):
        return catalog_model(mid)

    def get_gpu(self, gid):
        return gpu(gid)

    def gpus(self):
        return []


@pytest.mark.parametrize(("wd", "gpu_id", "dim"), CASES)
def test_fit_agrees_with_estimate_at_the_value_and_one_above(wd, gpu_id, dim):
    w = _workload(wd)
    r = solve_fit(w, gpu(gpu_id), dim)
    assert r.value is not None and not r.at_limit and r.value >= r.minimum
    at = _estimate_json(with_dimension(w, dim, r.value), gpu_id)
    above = _estimate_json(with_dimension(w, dim, r.value + 1), gpu_id)
    assert at["fits"] is True
    assert at["total_bytes"] == r.total_bytes
    assert above["total_bytes"] == r.next_total_bytes
    assert above["fits"] is False
    assert above["total_bytes"] > gpu(gpu_id).usable_memory_bytes >= at["total_bytes"]


def test_vllm_concurrency_is_the_engines_kv_pool():
    """vLLM pre-allocates its KV pool (gpu_memory_utilization), so memory is flat in the batch
    and concurrency stops at the sequences the pool holds (the 'Maximum concurrency' log line)."""
    w = _workload(
        {
            "task": "inference",
            "model_id": "llama3_1_8b",
            "framework": "vllm",
            "prompt_len": 1024,
            "new_tokens": 512,
        }
    )
    r = solve_fit(w, gpu("l40s"), "concurrency")
    est = _estimate_json(with_dimension(w, "concurrency", r.value), "l40s")
    assert est["fits"] and est["max_concurrent_seqs"] == r.value
    assert r.max_concurrent_seqs == r.value
    # one more context token per sequence still fits, but the pool then holds fewer
    est2 = estimate_memory(with_dimension(w, "seq_len", 4 * 1536), gpu("l40s"))
    assert est2.max_concurrent_seqs < r.value


def test_seed_qlora_mistral_fits_the_4090_beyond_the_seed_batch():
    """Seed case 1 runs QLoRA Mistral-7B at batch 1–4, 2048 tokens on an RTX 4090 (24 GB)."""
    w = _workload(QLORA)
    r = solve_fit(w, gpu("rtx_4090"), "batch")
    assert r.value >= 4
    assert r.total_bytes <= gpu("rtx_4090").usable_memory_bytes < r.next_total_bytes


def test_context_capped_at_the_models_positions():
    w = _workload(
        {
            "task": "inference",
            "model_id": "llama3_1_8b",
            "framework": "vllm",
            "prompt_len": 1024,
            "new_tokens": 512,
        }
    )
    r = solve_fit(w, gpu("h200_sxm"), "seq_len")
    assert r.at_limit and r.value == catalog_model("llama3_1_8b").max_position_embeddings
    assert any("max_position_embeddings" in a for a in r.assumptions)


def test_nothing_fits_says_so():
    w = _workload({"task": "full_ft", "model_id": "llama3_1_8b", "batch": 1, "seq_len": 512})
    r = solve_fit(w, gpu("rtx_4090"), "batch")
    assert r.value is None and r.total_bytes > 24 * GiB


@pytest.mark.parametrize("dim", ["lora_r", "concurrency"])
def test_dimension_the_task_lacks_is_an_error(dim):
    w = _workload({"task": "full_ft", "model_id": "llama3_2_1b"})
    with pytest.raises(ValueError, match=dim.split("_")[0]):
        solve_fit(w, gpu("rtx_4090"), dim)


MEASURED = [
    c
    for c in load_validation_cases()
    if c.get("task") in ("lora", "qlora", "full_ft", "inference")
    and c.get("measured", {}).get("gpu_used_bytes", 0)
]


@pytest.mark.skipif(not MEASURED, reason="validation/h200.jsonl not present")
def test_every_measured_h200_job_fits_the_h200_at_its_batch():
    """Each case ran on one H200; where the memory model says it fits there, the solver's
    largest batch is at least the measured batch, and fits_on agrees at that batch."""
    checked = 0
    for c in MEASURED:
        w = Workload.model_validate(c)
        if not fits_on(estimate_memory(w, gpu("h200_sxm")), gpu("h200_sxm")):
            continue
        r = solve_fit(w, gpu("h200_sxm"), "batch")
        assert r.value is not None and r.value >= w.batch, c.get("id")
        checked += 1
    assert checked >= 20


def test_cli_fit_json_and_text(tmp_path, capsys):
    p = tmp_path / "job.json"
    p.write_text(json.dumps(QLORA))
    assert cli.main(["fit", "--workload", str(p), "--gpu", "rtx_4090", "--max", "batch", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    r = solve_fit(_workload(QLORA), gpu("rtx_4090"), "batch")
    assert out["value"] == r.value and out["total_bytes"] == r.total_bytes
    assert out["capacity_bytes"] == gpu("rtx_4090").usable_memory_bytes
    assert cli.main(["fit", "--workload", str(p), "--max", "seq_len"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("seq_len: largest that fits in memory: ") and " GiB usable" in text
    assert cli.main(["fit", "--workload", str(p), "--gpu", "rtx_9999", "--max", "batch"]) == 1
    assert "unknown gpu" in capsys.readouterr().err
    assert set(FIT_DIMENSIONS) == {"batch", "seq_len", "lora_r", "concurrency"}


def test_cli_fit_concurrency_says_what_it_counted(tmp_path, capsys):
    """``--max concurrency`` text names the unit and the context each sequence holds, and why
    one more does not fit: for vLLM the KV pool (pre-allocated: the memory at N+1 is the same),
    for the plain estimate the usable memory."""
    base = {"task": "inference", "model_id": "llama3_1_8b", "prompt_len": 2048, "new_tokens": 512}
    for extra, why in (({}, "over the"), ({"framework": "vllm"}, "KV pool holds")):
        p = tmp_path / "serve.json"
        p.write_text(json.dumps({**base, **extra}))
        assert cli.main(["fit", "--workload", str(p), "--gpu", "h100_sxm", "--max", "concurrency"]) == 0
        first, _memory, above, *_ = capsys.readouterr().out.splitlines()
        r = solve_fit(_workload({**base, **extra}), gpu("h100_sxm"), "concurrency")
        assert first == (
            f"concurrency: largest that fits in memory: {r.value} sequences "
            "served at once (each with a 2560-token context)"
        )
        assert above.startswith(f"at {r.value + 1}: ") and why in above


def test_image_generation_batch_and_nothing_else():
    w = Workload(task="image_gen", model=catalog_model("sdxl_base"), resolution=1024)
    r = solve_fit(w, gpu("rtx_4090"), "batch")
    assert r.value is not None and not r.at_limit
    assert r.total_bytes <= gpu("rtx_4090").usable_memory_bytes < r.next_total_bytes
    with pytest.raises(ValueError, match="image generation has no seq_len"):
        solve_fit(w, gpu("rtx_4090"), "seq_len")
    with pytest.raises(ValueError, match="decode ceiling"):
        solve_fit(
            Workload(task="decode_ceiling", model=catalog_model("llama3_1_8b")), gpu("rtx_4090"), "batch"
        )
