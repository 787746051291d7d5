"""Workload checks (core/checks.py, core.memory): engine refusals and warnings for context windows,
engine/dtype pairs and hardware without a backend."""

from __future__ import annotations

import re

import pytest

from gpupicker.core.memory import estimate_memory, fits_on
from gpupicker.core.ranking.recommend import recommend
from tests.support.workloads import resolved_workload as _w


# ----------------------------------------------------------------------------------------
def test_context_window_vllm_refuses_and_others_warn(cat):
    """Llama-2-7B: max_position_embeddings 4096 (its config.json). vLLM refuses max_model_len
    above it (vllm/config/model.py: 'User-specified max_model_len (100000) is greater than the
    derived max_model_len (max_position_embeddings=4096 …)'); HF generate / training warn."""
    from gpupicker.core.checks import workload_warnings

    h100 = cat.get_gpu("h100_sxm")
    w = _w(cat, task="inference", model_id="llama2_7b", prompt_len=100000, framework="vllm")
    m = estimate_memory(w, h100)
    assert m.engine_fits is False and not fits_on(m, h100)
    assert (
        "User-specified max_model_len (100000) is greater than the derived max_model_len "
        "(max_position_embeddings=4096" in m.engine_message
    )
    assert any("vLLM refuses to start" in s for s in workload_warnings(w, h100))
    ok = _w(cat, task="inference", model_id="llama2_7b", prompt_len=3000, new_tokens=1000, framework="vllm")
    assert estimate_memory(ok, h100).engine_fits is not False and not workload_warnings(ok, h100)
    hf = _w(cat, task="inference", model_id="llama2_7b", prompt_len=100000)
    assert any("max_position_embeddings 4,096" in s for s in workload_warnings(hf))
    lora = _w(cat, task="lora", model_id="llama2_7b", seq_len=100000)
    assert any(s.startswith("seq_len 100,000 exceeds") for s in workload_warnings(lora))


def test_impossible_engine_dtype_pairs_are_warned_or_refused(cat):
    """F4: llama.cpp runs GGUF only; vLLM GGUF is not modelled; transformers' FP8 quantizers
    need SM 8.9+ (RTX 3090 is SM 8.6, no FP8 tensor cores in gpus.csv); unsloth only trains."""
    from gpupicker.core.checks import workload_warnings

    g4090, g3090 = cat.get_gpu("rtx_4090"), cat.get_gpu("rtx_3090")
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", weights_dtype="nf4", framework="llama.cpp")
    assert any("GGUF files only" in s for s in workload_warnings(w, g4090))
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", weights_dtype="q4_k_m", framework="vllm")
    assert any("GGUF weights (q4_k_m) is not modelled" in s for s in workload_warnings(w, g4090))
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", weights_dtype="fp8")
    assert any("FP8 tensor cores" in s for s in workload_warnings(w, g3090))
    assert not any("FP8 tensor cores" in s for s in workload_warnings(w, g4090))
    w = _w(cat, task="inference", model_id="mistral_7b_v0_1", framework="unsloth")
    with pytest.raises(ValueError, match="only trains models; inference frameworks: .*vllm"):
        estimate_memory(w, g4090)
    with pytest.raises(ValueError, match="only trains"):
        recommend(w, [g4090], cat.prices())


# ----------------------------------------------------------------------------------------------
def test_engines_are_refused_on_hardware_they_have_no_backend_for(cat):
    """TensorRT-LLM is NVIDIA-only, vLLM has no Metal backend, bitsandbytes NF4 none for Apple
    (each engine's install docs, core.stacks.platforms.ENGINE_PLATFORMS): refused in estimate, left out of
    recommend with one note — never estimated as if they ran."""
    from gpupicker.core.ranking.recommend import recommend
    from gpupicker.core.report.estimate import estimate_report

    cases = [
        (
            {"task": "inference", "model_id": "llama3_1_8b", "framework": "tensorrt-llm"},
            "mi300x",
            "tensorrt-llm does not run on the AMD Instinct MI300X (ROCm)",
        ),
        (
            {"task": "inference", "model_id": "llama3_1_8b", "framework": "vllm"},
            "apple_m3_ultra",
            "vllm does not run on the Apple M3 Ultra",
        ),
        (
            {"task": "qlora", "model_id": "mistral_7b_v0_1"},
            "apple_m3_ultra",
            "bitsandbytes NF4 has no Metal backend",
        ),
    ]
    for kw, gid, says in cases:
        with pytest.raises(ValueError, match=re.escape(says)):
            estimate_report(_w(cat, **kw), cat.get_gpu(gid))
    w = _w(cat, task="inference", model_id="llama3_1_8b", framework="tensorrt-llm")
    rec = recommend(w, cat.gpus(), cat.prices())
    from gpupicker.core.stacks.platforms import platform_of

    assert {o.gpu_id for o in rec.options} and all(
        platform_of(cat.get_gpu(o.gpu_id)) == "cuda" for o in rec.options
    )
    assert any("GPU type(s) left out: tensorrt-llm does not run on" in n for n in rec.notes)
    # llama.cpp runs everywhere, and NF4 QLoRA on an NVIDIA card is untouched
    estimate_report(
        _w(cat, task="inference", model_id="llama3_1_8b", framework="llama.cpp", weights_dtype="q4_k_m"),
        cat.get_gpu("apple_m3_ultra"),
    )
    estimate_report(_w(cat, task="qlora", model_id="mistral_7b_v0_1"), cat.get_gpu("rtx_4090"))
    # MLX 8-bit is mlx.nn.quantize's own format (mlx-lm convert -q --q-bits 8), not bitsandbytes:
    # LM Studio runs such models on an M4 Max (NexVeridian/llm-inference-benchmarks README)
    estimate_report(
        _w(cat, task="inference", model_id="qwen2_5_7b", framework="mlx-lm", weights_dtype="int8"),
        cat.get_gpu("apple_m4_max"),
    )


def test_a_model_released_in_fp4_or_fp8_is_sized_in_its_own_format_by_default():
    """gpt-oss ships MXFP4 experts and DeepSeek-R1 block FP8 (their config.json
    quantization_config): without a weights_dtype an inference job is sized so, and says so."""
    from gpupicker.core.checks import workload_warnings
    from gpupicker.core.workload import Workload

    w = Workload.model_validate({"task": "inference", "model_id": "gpt_oss_120b"})
    assert w.weights_dtype == "mxfp4"
    assert any(m.id == "join.sentences" and "mxfp4" in m for m in workload_warnings(w, None))
    r1 = Workload.model_validate({"task": "inference", "model_id": "deepseek_r1"})
    assert r1.weights_dtype == "fp8"
    said = Workload.model_validate({"task": "inference", "model_id": "gpt_oss_120b", "weights_dtype": "bf16"})
    assert said.weights_dtype == "bf16" and not any("ships in" in m for m in workload_warnings(said, None))
    train = Workload.model_validate({"task": "lora", "model_id": "gpt_oss_20b"})
    assert train.weights_dtype == "bf16"  # training keeps the 16-bit base unless told
