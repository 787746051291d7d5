"""Speculative decoding: spellings of vLLM / SGLang / llama.cpp, MTP layers from config.json,
the draft's memory, and decode speed from accepted tokens per step (Leviathan et al. 2023
eq. 1; DeepSeek-V3 Technical Report §5.4.3: MTP acceptance 85–90 %)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpupicker.core.memory import estimate_memory
from gpupicker.core.model_arch import ModelArch
from gpupicker.core.speculative import expected_tokens_per_step
from gpupicker.core.speed.throughput import estimate_throughput
from gpupicker.core.workload import Workload
from tests.support.catalog_data import catalog_model, gpu

V3_MTP = catalog_model("deepseek_v3").model_copy(update={"num_nextn_predict_layers": 1})


def test_expected_tokens_per_step():
    assert expected_tokens_per_step(0.85, 1) == pytest.approx(1.85)
    assert expected_tokens_per_step(0.5, 3) == pytest.approx(1.875)


@pytest.mark.parametrize(
    "fields, method, k",
    [
        ({"speculative_config": {"method": "deepseek_mtp", "num_speculative_tokens": 2}}, "mtp", 2),
        (
            {"speculative_config": {"method": "ngram", "num_speculative_tokens": 5, "prompt_lookup_max": 4}},
            "ngram",
            5,
        ),
        ({"speculative_algorithm": "EAGLE3", "speculative_num_steps": 3}, "eagle", 3),
        ({"speculative_algorithm": "NEXTN"}, "mtp", 1),
        ({"model_draft": "qwen2_5_0_5b", "draft_max": 8}, "draft", 8),
        (
            {"speculative": {"method": "draft", "draft_model": "qwen2_5_0_5b", "acceptance_rate": 0.6}},
            "draft",
            4,
        ),
    ],
)
def test_engine_spellings(fields: dict[str, object], method: str, k: int):
    w = Workload(task="inference", model_id="x", **fields)
    assert w.speculative is not None
    assert (w.speculative.method, w.speculative.tokens) == (method, k)
    assert not Workload.unknown_fields({"task": "inference", **fields})


def test_unknown_method_and_missing_draft_are_named():
    with pytest.raises(ValidationError, match="'medusa' is not one gpupicker models"):
        Workload(task="inference", model_id="x", speculative={"method": "medusa"})
    with pytest.raises(ValidationError, match="needs a draft_model"):
        Workload(task="inference", model_id="x", speculative={"method": "draft"})


def test_mtp_checkpoint_recognised_from_config():
    base = {
        "hidden_size": 256,
        "num_hidden_layers": 4,
        "num_attention_heads": 4,
        "vocab_size": 1000,
        "intermediate_size": 512,
    }
    assert ModelArch.from_config({**base, "num_nextn_predict_layers": 1}).num_nextn_predict_layers == 1
    assert (
        ModelArch.from_config({**base, "mtp_num_hidden_layers": 1}).num_nextn_predict_layers == 1
    )  # Qwen3.5 spelling
    w = Workload(
        task="inference", model=catalog_model("llama3_8b"), framework="vllm", speculative={"method": "mtp"}
    )
    with pytest.raises(ValueError, match="no MTP layers"):
        estimate_memory(w, gpu("h100_sxm"))


def _w(model: ModelArch, spec: dict[str, object] | None, **kw: object) -> Workload:
    return Workload(
        task="inference",
        model=model,
        weights_dtype="fp8",
        framework="vllm",
        num_gpus=8,
        prompt_len=2048,
        new_tokens=256,
        speculative=spec,
        **kw,
    )


def test_mtp_adds_its_layer_and_decodes_faster_with_its_assumptions():
    h200 = gpu("h200_sxm")
    plain, mtp = _w(V3_MTP, None), _w(V3_MTP, {"method": "mtp"})
    m0, m1 = estimate_memory(plain, h200, 8), estimate_memory(mtp, h200, 8)
    # one DeepSeek-V3 MoE layer in FP8 over 8 GPUs (~11.5e9 weights / 8)
    assert (m1.weights_bytes - m0.weights_bytes) * 8 / 1e9 == pytest.approx(11.5, rel=0.1)
    assert m1.kv_pool_tokens < m0.kv_pool_tokens
    t0, t1 = estimate_throughput(plain, h200, 8, m0), estimate_throughput(mtp, h200, 8, m1)
    ratio = t1.decode_tokens_per_s / t0.decode_tokens_per_s
    assert 1.5 < ratio < 1.85  # 1.85 tokens per step, less the MTP layer and verify cost
    text = " ".join(str(a) for a in t1.assumptions)
    assert "acceptance 0.85" in text and "0.85–0.90" in text


def _with_draft(target: str, draft: str, framework: str) -> Workload:
    w = Workload(
        task="inference",
        model=catalog_model(target),
        prompt_len=4096,
        new_tokens=256,
        framework=framework,
        speculative={"method": "draft", "draft_model": draft},
    )
    assert w.speculative is not None
    return w.model_copy(
        update={"speculative": w.speculative.model_copy(update={"draft": catalog_model(draft)})}
    )


def test_a_draft_model_adds_weights_and_kv_in_transformers():
    draft = catalog_model("qwen3_0_6b")  # Qwen3's vocabulary (151,936), as Qwen3-8B's
    w = _with_draft("qwen3_8b", "qwen3_0_6b", "transformers")
    m0 = estimate_memory(w.model_copy(update={"speculative": None}), gpu("h100_sxm"))
    m1 = estimate_memory(w, gpu("h100_sxm"))
    assert m1.weights_bytes - m0.weights_bytes == pytest.approx(draft.param_count() * 2, rel=0.01)
    assert m1.kv_cache_bytes > m0.kv_cache_bytes


@pytest.mark.parametrize("framework", ["vllm", "sglang", "transformers"])
def test_a_draft_with_another_vocabulary_is_refused(framework: str):
    """Qwen2.5-7B pads its vocabulary to 152,064, Qwen2.5-0.5B to 151,936: vLLM refuses the
    pair ("Target and draft model should have the same vocabulary size"), transformers too
    ("The main and assistant models have different tokenizers")."""
    w = _with_draft("qwen2_5_7b", "qwen2_5_0_5b", framework)
    with pytest.raises(ValueError, match="152064") as err:
        estimate_memory(w, gpu("h100_sxm"))
    assert "151936" in str(err.value) and "same family" in str(err.value)
    with pytest.raises(ValueError, match="vocabulary of 151936 tokens"):
        estimate_memory(_with_draft("llama3_8b", "qwen3_0_6b", framework), gpu("h100_sxm"))


def test_llama_cpp_allows_a_draft_vocabulary_128_tokens_apart():
    """llama.cpp common/speculative.cpp: SPEC_VOCAB_MAX_SIZE_DIFFERENCE 128."""
    ok = estimate_memory(_with_draft("qwen2_5_7b", "qwen2_5_0_5b", "llama.cpp"), gpu("h100_sxm"))
    assert ok.weights_bytes > 0
    with pytest.raises(ValueError, match="128 tokens of difference"):
        estimate_memory(_with_draft("llama3_8b", "qwen3_0_6b", "llama.cpp"), gpu("h100_sxm"))


@pytest.mark.parametrize(
    "model_id",
    [
        "deepseek_v3",
        "deepseek_r1",
        "deepseek_v3_1",
        "deepseek_v3_2_exp",
        "glm_4_5",
        "glm_4_5_air",
        "glm_4_6",
        "glm_4_7_flash",
        "glm_5",
    ],
)
def test_bundled_mtp_checkpoints_carry_their_mtp_layer(model_id: str):
    """Their config.json files say num_nextn_predict_layers 1 (sources in the rows)."""
    arch = catalog_model(model_id)
    assert arch.num_nextn_predict_layers == 1
    m = estimate_memory(_w(arch, {"method": "mtp"}), gpu("h200_sxm"), 8)
    assert any("mtp" in str(a) for a in m.assumptions)


def test_launch_lines_carry_the_speculative_settings():
    from gpupicker.core.planners.launch_serving import _sglang_speculative, _vllm_speculative

    w = Workload(
        task="inference",
        model_id="x",
        framework="vllm",
        speculative={"method": "mtp", "num_speculative_tokens": 2},
    )
    assert _vllm_speculative(w) == ["--speculative-config", '{"num_speculative_tokens": 2, "method": "mtp"}']
    assert _sglang_speculative(w) == ["--speculative-algorithm", "NEXTN", "--speculative-num-steps", "2"]
