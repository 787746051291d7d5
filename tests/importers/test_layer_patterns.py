"""Per-layer attention patterns: KV only on layers that hold it, fixed recurrent state for
linear-attention / Mamba layers, and the layer split kept through ``model import``.

Hand figures come from the models' config.json fields as the bundled rows cite them
(Qwen3-Next-80B-A3B: 48 layers, full_attention_interval 4, 2 KV heads × 256; linear 16 key
heads × 128, 32 value heads × 128, conv kernel 4) and from the audit's reproductions
(gpt-oss-20b bundled KV 3,224,395,776 B at 131,072 tokens in llama.cpp).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from gpupicker import paths
from gpupicker.catalog.model_arch_map import model_arch_from_record
from gpupicker.catalog.records import ModelRecord
from gpupicker.core.hardware.specs import GpuSpec
from gpupicker.core.memory import estimate_memory
from gpupicker.core.memory.common import kv_bytes, recurrent_state_bytes
from gpupicker.core.model_arch import ModelArch
from gpupicker.core.workload import Workload
from gpupicker.importers import inspect_path, to_record
from tests.support.model_files import write_config


def _rows(name: str) -> list[dict[str, str]]:
    with (paths.data_dir() / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, restval=""))


class _Bundled:
    """The bundled models and GPUs, read from data/ (no catalog file)."""

    def __init__(self) -> None:
        self.records = {r.id: r for r in (ModelRecord(**d) for d in _rows("models.csv"))}
        self.gpus = {d["id"]: GpuSpec(**d) for d in _rows("gpus.csv")}

    def get_model(self, model_id: str) -> ModelArch:
        return model_arch_from_record(self.records[model_id])

    def get_gpu(self, gpu_id: str) -> GpuSpec:
        return self.gpus[gpu_id]


SNAP = _Bundled()
CTX = 131_072

# Qwen3-Next-80B-A3B from its config: 12 full-attention layers × 2 (K, V) × 2 KV heads × 256
QWEN3_NEXT_KV_PER_TOKEN = 12 * 2 * 2 * 256 * 2  # 24,576 B in bf16
QWEN3_NEXT_CONV = 36 * 3 * (2 * 16 * 128 + 32 * 128)  # (kernel − 1) × conv dim, 36 layers
QWEN3_NEXT_TEMPORAL = 36 * 32 * 128 * 128  # value heads × d_v × d_k


def _kv_estimate(
    model_id_or_arch: str | ModelArch, framework: str, gpu: GpuSpec | None = None, **extra: object
) -> int:
    model = model_id_or_arch if isinstance(model_id_or_arch, ModelArch) else SNAP.get_model(model_id_or_arch)
    fields: dict[str, object] = {"weights_dtype": "bf16", **extra}
    w = Workload(task="inference", model=model, prompt_len=CTX, new_tokens=1, framework=framework, **fields)
    return estimate_memory(w, gpu).kv_cache_bytes


@pytest.mark.parametrize("framework, conv_b, temporal_b", [("transformers", 2, 4), ("llama.cpp", 4, 4)])
def test_qwen3_next_kv_counts_only_full_attention_layers_plus_the_recurrent_state(
    framework: str, conv_b: int, temporal_b: int
):
    expected = QWEN3_NEXT_KV_PER_TOKEN * CTX + QWEN3_NEXT_CONV * conv_b + QWEN3_NEXT_TEMPORAL * temporal_b
    got = _kv_estimate("qwen3_next_80b_a3b", framework)
    assert got == pytest.approx(expected, rel=0.05)
    assert got < 4 * 2**30  # it was 12.0 GiB with KV on all 48 layers


def test_qwen3_next_vllm_pool_holds_four_times_the_tokens():
    b200 = SNAP.get_gpu("b200")
    w = Workload(
        task="inference",
        model=SNAP.get_model("qwen3_next_80b_a3b"),
        prompt_len=CTX,
        new_tokens=1,
        weights_dtype="bf16",
        framework="vllm",
        max_model_len=CTX + 1,
    )
    est = estimate_memory(w, b200)
    assert est.engine_fits is not False
    # the pool (11.25 GiB) over 24,576 B per token, less one sequence's bf16 state
    assert est.kv_pool_tokens == pytest.approx(est.kv_cache_bytes / QWEN3_NEXT_KV_PER_TOKEN, rel=0.01)
    assert est.kv_pool_tokens > 450_000
    assert any("36 linear-attention" in str(a) for a in est.assumptions)


def test_recurrent_state_is_per_sequence_and_independent_of_length():
    arch = SNAP.get_model("qwen3_next_80b_a3b")
    one = recurrent_state_bytes(arch, 1, "vllm")
    assert one == (QWEN3_NEXT_CONV + QWEN3_NEXT_TEMPORAL) * 2  # 39.5 MB in bf16
    assert recurrent_state_bytes(arch, 8, "vllm") == 8 * one
    assert kv_bytes(arch, 2 * CTX, 1, "bf16") == 2 * kv_bytes(arch, CTX, 1, "bf16")
    assert recurrent_state_bytes(SNAP.get_model("llama3_8b"), 4, "vllm") == 0


def test_layer_types_sliding_pattern_and_interval_read_from_config():
    base = {
        "hidden_size": 256,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "vocab_size": 1000,
        "intermediate_size": 512,
    }
    gemma = ModelArch.from_config(
        {
            **base,
            "model_type": "gemma3_text",
            "num_hidden_layers": 12,
            "sliding_window": 1024,
            "sliding_window_pattern": 6,
        }
    )
    assert gemma.layers == "SSSSSF" * 2 and gemma.kv_layers() == (2, 10)
    qnext = ModelArch.from_config(
        {
            **base,
            "model_type": "qwen3_next",
            "num_hidden_layers": 8,
            "full_attention_interval": 4,
            "linear_num_value_heads": 4,
            "linear_num_key_heads": 2,
            "linear_key_head_dim": 64,
            "linear_value_head_dim": 64,
        }
    )
    assert qnext.layers == "LLLF" * 2 and qnext.linear_attention_layers == 6
    nemo = ModelArch.from_config(
        {
            **base,
            "model_type": "nemotron_h",
            "hybrid_override_pattern": "M-M*-E",
            "mamba_num_heads": 8,
            "mamba_head_dim": 32,
            "ssm_state_size": 16,
            "n_groups": 2,
            "conv_kernel": 4,
        }
    )
    assert nemo.num_hidden_layers == 6 and nemo.kv_layers() == (1, 0)
    conv, temporal = nemo.recurrent_state_elements()
    assert (conv, temporal) == (2 * 3 * (8 * 32 + 2 * 2 * 16), 2 * 8 * 32 * 16)
    with pytest.raises(ValueError, match="layer type 'cross_attention'"):
        ModelArch.from_config(
            {**base, "num_hidden_layers": 2, "layer_types": ["full_attention", "cross_attention"]}
        )


GEMMA4_31B = {
    "model_type": "gemma4_text",
    "hidden_size": 5376,
    "num_hidden_layers": 12,
    "num_attention_heads": 32,
    "num_key_value_heads": 16,
    "head_dim": 256,
    "global_head_dim": 512,
    "num_global_key_value_heads": 4,
    "vocab_size": 262144,
    "intermediate_size": 21504,
    "sliding_window": 1024,
    "attention_k_eq_v": True,
    "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 2,
}
"""google/gemma-4-31B-it's text_config (as the bundled row cites it), cut to 12 layers."""


def test_gemma4_global_layers_use_their_own_head_size():
    arch = ModelArch.from_config(GEMMA4_31B)
    # K and V both cached on the k = v layers: V is v_norm(k_proj(x)), K is RoPE(k_norm(…)),
    # two tensors (transformers Gemma4TextAttention.forward; vLLM Gemma4Attention)
    per_full, per_local = 2 * 4 * 512 * 2, 2 * 16 * 256 * 2
    assert kv_bytes(arch, CTX, 1, "bf16") == 2 * per_full * CTX + 10 * per_local * 1024


def test_gemma4_k_eq_v_layers_have_no_v_proj_and_the_global_kv_heads():
    arch = ModelArch.from_config(GEMMA4_31B)
    h = 5376
    # weight shapes of google/gemma-4-31B's layers: sliding q 8192, k 4096, v 4096, o 8192 ×
    # 5376; global q 16384, k 2048, no v_proj, o 16384 × 5376
    local = h * (8192 + 4096 + 4096) + 8192 * h
    glob = h * (16384 + 2048) + 16384 * h
    assert arch.attention_params_total() == 10 * local + 2 * glob
    # without attention_k_eq_v the global layers keep num_key_value_heads and their v_proj
    # (transformers: num_global_key_value_heads only "if attention_k_eq_v")
    plain = ModelArch.from_config({**GEMMA4_31B, "attention_k_eq_v": False})
    assert plain.layer_kv_heads("F") == 16
    assert plain.attention_params_total() == 10 * local + 2 * (h * (16384 + 2 * 8192) + 16384 * h)
    assert kv_bytes(plain, CTX, 1, "bf16") == (2 * 2 * 16 * 512 * 2 * CTX + 10 * 2 * 16 * 256 * 2 * 1024)


def test_bundled_gemma4_31b_counts_its_global_layers():
    """30.70 B text parameters from the config's per-layer sizes (the model is sold as 31B)."""
    arch = SNAP.get_model("gemma4_31b")
    assert arch.params is None and arch.param_count() == pytest.approx(30.697e9, rel=1e-4)
    assert arch.attention_k_eq_v and arch.layer_kv_heads("F") == 4


# LFM2-1.2B's layer layout (LiquidAI/LFM2-1.2B config.json: 16 layers, full_attn_idxs
# [2, 5, 8, 10, 12, 14], 32 heads, 8 KV heads, h 2048, conv_L_cache 3), 10 short-conv layers
LFM2 = {
    "model_type": "lfm2",
    "hidden_size": 2048,
    "num_hidden_layers": 16,
    "num_attention_heads": 32,
    "vocab_size": 65536,
    "intermediate_size": 8192,
    "conv_L_cache": 3,
}
LFM2_ATTN = (2, 5, 8, 10, 12, 14)
LFM2_KV_PER_TOKEN = 6 * 2 * 8 * 64 * 2  # 6 attention layers × K, V × 8 heads × 64 × bf16


def test_lfm2_full_attn_idxs_and_a_per_layer_kv_head_list_give_the_same_kv():
    by_index = ModelArch.from_config({**LFM2, "num_key_value_heads": 8, "full_attn_idxs": list(LFM2_ATTN)})
    heads = [8 if i in LFM2_ATTN else 0 for i in range(16)]
    by_list = ModelArch.from_config({**LFM2, "num_key_value_heads": heads})
    assert by_index.layers == by_list.layers == "CCFCCFCCFCFCFCFC"
    assert by_list.kv_heads_per_layer == tuple(heads) and by_list.num_key_value_heads == 8
    for arch in (by_index, by_list):
        assert kv_bytes(arch, CTX, 1, "bf16") == LFM2_KV_PER_TOKEN * CTX
        assert recurrent_state_bytes(arch, 1, "llama.cpp") == 10 * 2 * 2048 * 4


def test_per_layer_kv_heads_count_each_layer_and_survive_model_import(tmp_path: Path):
    heads = [8 if i in LFM2_ATTN else 0 for i in range(16)]
    heads[14] = 4  # a layer with fewer KV heads caches less
    arch = ModelArch.from_config({**LFM2, "num_key_value_heads": heads})
    assert kv_bytes(arch, CTX, 1, "bf16") == (LFM2_KV_PER_TOKEN - 2 * 4 * 64 * 2) * CTX
    imported = _import(tmp_path, {**LFM2, "num_key_value_heads": heads})
    assert imported.kv_heads_per_layer == tuple(heads)
    assert kv_bytes(imported, CTX, 1, "bf16") == kv_bytes(arch, CTX, 1, "bf16")


def test_a_per_layer_kv_head_list_that_contradicts_the_layers_is_refused():
    with pytest.raises(ValueError, match="states no layer kinds"):
        ModelArch.from_config({**LFM2, "model_type": "llama", "num_key_value_heads": [8, 0] * 8})
    with pytest.raises(ValueError, match="layer 0 is of kind 'S'"):
        ModelArch.from_config(
            {
                **LFM2,
                "model_type": "gemma3_text",
                "sliding_window": 512,
                "sliding_window_pattern": 2,
                "num_key_value_heads": [0, 8] * 8,
            }
        )
    with pytest.raises(ValueError, match="whole number"):
        ModelArch.from_config({**LFM2, "num_key_value_heads": [8, -1] * 8})


def test_gguf_lfm2_head_count_kv_array_marks_the_conv_layers():
    """llama.cpp writes LFM2's attention.head_count_kv per layer, 0 on short-conv layers."""
    from gpupicker.importers.hf_config import arch_from_gguf

    g = "lfm2"
    meta = {
        "general.architecture": g,
        f"{g}.block_count": 16,
        f"{g}.embedding_length": 2048,
        f"{g}.feed_forward_length": 8192,
        f"{g}.attention.head_count": 32,
        f"{g}.attention.head_count_kv": [8 if i in LFM2_ATTN else 0 for i in range(16)],
        f"{g}.vocab_size": 65536,
        f"{g}.shortconv.l_cache": 3,
    }
    arch, warnings = arch_from_gguf(meta, 1_170_340_608)
    assert arch is not None and arch.layers == "CCFCCFCCFCFCFCFC"
    assert kv_bytes(arch, CTX, 1, "bf16") == LFM2_KV_PER_TOKEN * CTX
    assert not any("differs per layer" in str(w) for w in warnings)


def test_dsa_indexer_cache_adds_about_a_tenth_of_mla_kv():
    arch = SNAP.get_model("deepseek_v3_2_exp")
    plain = arch.model_copy(update={"index_head_dim": None})
    ratio = kv_bytes(arch, CTX, 1, "bf16") / kv_bytes(plain, CTX, 1, "bf16") - 1
    assert ratio == pytest.approx(132 / 1152, rel=1e-6)  # 128 fp8 + 4 B scale vs (512+64)×2


# ---- model import keeps the layer split ------------------------------------------------------

_HF_LAYER_TYPE = {
    "F": "full_attention",
    "S": "sliding_attention",
    "L": "linear_attention",
    "M": "mamba",
    "C": "conv",
}
_NOT_CONFIG = {
    "name",
    "kind",
    "params",
    "active_params",
    "architecture_inferred",
    "sliding_window_layers",
    "linear_attention_layers",
    "layer_pattern",
}


def _config_of(arch: ModelArch) -> dict[str, object]:
    """A config.json with the architecture's fields in Hugging Face spelling and its layer
    kinds as ``layer_types`` (what the model's own config states)."""
    cfg = {k: v for k, v in arch.model_dump().items() if k not in _NOT_CONFIG and v is not None and v != 0}
    if arch.block_layout:  # Nemotron-H states its blocks as hybrid_override_pattern
        cfg["hybrid_override_pattern"] = arch.layers.replace("F", "*")
    elif arch.sliding_window or arch.is_hybrid:
        cfg["layer_types"] = [_HF_LAYER_TYPE[c] for c in arch.layers]
    return cfg


def _import(tmp_path: Path, cfg: dict[str, object]) -> ModelArch:
    rec = to_record(inspect_path(write_config(tmp_path, cfg)), model_id="user_x", name="X")
    return model_arch_from_record(ModelRecord.model_validate(rec.model_dump()))


LLM_IDS = [i for i, r in SNAP.records.items() if r.kind == "llm"]


@pytest.mark.parametrize("model_id", LLM_IDS)
def test_an_imported_config_has_the_bundled_rows_kv_and_state(tmp_path: Path, model_id: str):
    bundled = SNAP.get_model(model_id)
    imported = _import(tmp_path, _config_of(bundled))
    for tokens in (512, CTX):
        assert kv_bytes(imported, tokens, 1, "bf16") == pytest.approx(
            kv_bytes(bundled, tokens, 1, "bf16"), rel=0.01
        )
    assert recurrent_state_bytes(imported, 1) == recurrent_state_bytes(bundled, 1)
    if bundled.params is None:  # no listed-count override: the whole estimate agrees
        assert _kv_estimate(imported, "transformers") == pytest.approx(
            _kv_estimate(bundled, "transformers"), rel=0.01
        )


def test_audit_gpt_oss_20b_config_import_keeps_its_sliding_split(tmp_path: Path):
    cfg = {
        "architectures": ["GptOssForCausalLM"],
        "model_type": "gpt_oss",
        "hidden_size": 2880,
        "intermediate_size": 2880,
        "num_hidden_layers": 24,
        "num_attention_heads": 64,
        "num_key_value_heads": 8,
        "head_dim": 64,
        "vocab_size": 201088,
        "num_local_experts": 32,
        "num_experts_per_tok": 4,
        "sliding_window": 128,
        "layer_types": ["sliding_attention", "full_attention"] * 12,
        "max_position_embeddings": 131072,
    }
    imported = _import(tmp_path, cfg)
    w = {"weights_dtype": "mxfp4"}
    got = _kv_estimate(imported, "llama.cpp", **w)
    assert got == pytest.approx(3_224_395_776, rel=0.01)  # the bundled row's 3.0 GiB
    assert got == pytest.approx(_kv_estimate("gpt_oss_20b", "llama.cpp", **w), rel=0.01)


def test_audit_gemma3_27b_config_import_keeps_its_pattern(tmp_path: Path):
    cfg = {
        "model_type": "gemma3_text",
        "hidden_size": 5376,
        "intermediate_size": 21504,
        "num_hidden_layers": 62,
        "num_attention_heads": 32,
        "num_key_value_heads": 16,
        "head_dim": 128,
        "vocab_size": 262208,
        "sliding_window": 1024,
        "sliding_window_pattern": 6,
        "tie_word_embeddings": True,
    }
    imported = _import(tmp_path, cfg)
    bundled = _kv_estimate("gemma3_27b", "llama.cpp")
    assert bundled / 2**30 == pytest.approx(10.41, abs=0.01)
    assert _kv_estimate(imported, "llama.cpp") == pytest.approx(bundled, rel=0.01)


def test_config_json_round_trip_keeps_the_pattern(tmp_path: Path):
    cfg = json.loads(json.dumps(_config_of(SNAP.get_model("qwen3_next_80b_a3b"))))
    assert _import(tmp_path, cfg).layers.count("F") == 12


def test_gguf_metadata_keeps_the_layer_split():
    """llama.cpp hardcodes gpt-oss's alternation (set_swa_pattern(2)) and writes Qwen3-Next's
    linear-attention sizes as ssm.* keys: both survive a GGUF import."""
    from gpupicker.importers.hf_config import arch_from_gguf

    goss = {
        "general.architecture": "gpt-oss",
        "gpt-oss.block_count": 24,
        "gpt-oss.embedding_length": 2880,
        "gpt-oss.feed_forward_length": 2880,
        "gpt-oss.attention.head_count": 64,
        "gpt-oss.attention.head_count_kv": 8,
        "gpt-oss.attention.key_length": 64,
        "gpt-oss.attention.sliding_window": 128,
        "gpt-oss.expert_count": 32,
        "gpt-oss.expert_used_count": 4,
        "gpt-oss.vocab_size": 201088,
    }
    arch, _ = arch_from_gguf(goss, 20_914_757_184)
    assert arch is not None and arch.layers == "SF" * 12
    assert kv_bytes(arch, CTX, 1, "fp16") == kv_bytes(SNAP.get_model("gpt_oss_20b"), CTX, 1, "fp16")
    q = "qwen3next"
    qnext = {
        "general.architecture": q,
        f"{q}.block_count": 48,
        f"{q}.embedding_length": 2048,
        f"{q}.feed_forward_length": 5120,
        f"{q}.attention.head_count": 16,
        f"{q}.attention.head_count_kv": 2,
        f"{q}.attention.key_length": 256,
        f"{q}.vocab_size": 151936,
        f"{q}.full_attention_interval": 4,
        f"{q}.ssm.conv_kernel": 4,
        f"{q}.ssm.state_size": 128,
        f"{q}.ssm.group_count": 16,
        f"{q}.ssm.time_step_rank": 32,
        f"{q}.ssm.inner_size": 4096,
    }
    arch, _ = arch_from_gguf(qnext, 79_674_391_296)
    assert arch is not None and arch.kv_layers() == (12, 0)
    bundled = SNAP.get_model("qwen3_next_80b_a3b")
    assert recurrent_state_bytes(arch, 1, "llama.cpp") == recurrent_state_bytes(bundled, 1, "llama.cpp")


# NVIDIA-Nemotron-3-Nano-30B-A3B-BF16 config.json (the bundled row's source)
NEMOTRON3_NANO = {
    "architectures": ["NemotronHForCausalLM"],
    "model_type": "nemotron_h",
    "head_dim": 128,
    "hidden_size": 2688,
    "intermediate_size": 1856,
    "conv_kernel": 4,
    "mamba_head_dim": 64,
    "hybrid_override_pattern": "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME",
    "mamba_num_heads": 64,
    "max_position_embeddings": 262144,
    "mlp_hidden_act": "relu2",
    "moe_intermediate_size": 1856,
    "moe_shared_expert_intermediate_size": 3712,
    "n_groups": 8,
    "n_routed_experts": 128,
    "n_shared_experts": 1,
    "num_attention_heads": 32,
    "num_experts_per_tok": 6,
    "num_hidden_layers": 52,
    "num_key_value_heads": 2,
    "ssm_state_size": 128,
    "tie_word_embeddings": False,
    "vocab_size": 131072,
}


def test_nemotron3_nano_config_gives_nvidias_counts_and_six_kv_layers(tmp_path: Path):
    """Nemotron 3 Nano technical report (arXiv 2512.20848): 31.6 B total, 3.6 B active with
    embeddings; KV on the 6 attention blocks only (6 × 2 × 2 heads × 128 × 2 B per token)."""
    arch = ModelArch.from_config(NEMOTRON3_NANO)
    assert arch.param_count() == pytest.approx(31.6e9, rel=0.002)
    assert arch.active_param_count() == pytest.approx(3.6e9, rel=0.01)
    assert arch.kv_layers() == (6, 0)
    assert kv_bytes(arch, CTX, 1, "bf16") == 6 * 2 * 2 * 128 * 2 * CTX
    bundled = SNAP.get_model("nemotron3_nano_30b_a3b")
    assert bundled.params is None and bundled.param_count() == arch.param_count()
    assert kv_bytes(bundled, CTX, 1, "bf16") == kv_bytes(arch, CTX, 1, "bf16")
    assert recurrent_state_bytes(bundled, 1, "vllm") == recurrent_state_bytes(arch, 1, "vllm")
    assert _import(tmp_path, NEMOTRON3_NANO).param_count() == arch.param_count()


def test_nemotron_layers_block_type_names_the_same_pattern():
    """Nemotron 3.5 configs list the blocks by name instead of hybrid_override_pattern."""
    names = {"M": "mamba", "E": "moe", "*": "attention"}
    listed = {k: v for k, v in NEMOTRON3_NANO.items() if k != "hybrid_override_pattern"}
    listed["layers_block_type"] = [names[c] for c in NEMOTRON3_NANO["hybrid_override_pattern"]]
    assert ModelArch.from_config(listed).layers == ModelArch.from_config(NEMOTRON3_NANO).layers
    with pytest.raises(ValueError, match="'cross'"):
        ModelArch.from_config({**listed, "layers_block_type": ["mamba", "cross"] * 26})


def test_gguf_gemma4_per_layer_heads_and_head_sizes_match_its_config():
    """llama.cpp's Gemma 4 converter writes head_count_kv per layer (16 sliding, 4 global),
    key_length = global_head_dim and key_length_swa = head_dim (convert_hf_to_gguf.py)."""
    from gpupicker.importers.hf_config import arch_from_gguf

    g = "gemma4"
    swa = [t == "sliding_attention" for t in GEMMA4_31B["layer_types"]]
    meta = {
        "general.architecture": g,
        f"{g}.block_count": 12,
        f"{g}.embedding_length": 5376,
        f"{g}.feed_forward_length": 21504,
        f"{g}.attention.head_count": 32,
        f"{g}.attention.head_count_kv": [16 if s else 4 for s in swa],
        f"{g}.attention.key_length": 512,
        f"{g}.attention.key_length_swa": 256,
        f"{g}.attention.sliding_window": 1024,
        f"{g}.attention.sliding_window_pattern": swa,
        f"{g}.vocab_size": 262144,
    }
    arch, _ = arch_from_gguf(meta, 6_000_000_000)
    assert arch is not None and (arch.head_dim, arch.global_head_dim) == (256, 512)
    assert kv_bytes(arch, CTX, 1, "bf16") == kv_bytes(ModelArch.from_config(GEMMA4_31B), CTX, 1, "bf16")


def test_per_layer_heads_and_k_eq_v_survive_the_catalog_file(repo, tmp_path: Path):
    """Through the SQLite catalog (migration m009 columns) and a CSV export / import."""
    heads = [8 if i in LFM2_ATTN else 0 for i in range(16)]
    lfm2 = to_record(
        inspect_path(write_config(tmp_path, {**LFM2, "num_key_value_heads": heads})),
        model_id="user_lfm2",
        name="LFM2",
    )
    (tmp_path / "g").mkdir()
    gemma = to_record(
        inspect_path(write_config(tmp_path / "g", GEMMA4_31B)), model_id="user_gemma4", name="Gemma 4"
    )
    for rec in (lfm2, gemma):
        repo.upsert_model(rec)
    want = {
        "user_lfm2": LFM2_KV_PER_TOKEN * CTX,
        "user_gemma4": kv_bytes(ModelArch.from_config(GEMMA4_31B), CTX, 1, "bf16"),
    }
    for model_id, kv in want.items():
        arch = repo.get_model(model_id)
        assert arch is not None and kv_bytes(arch, CTX, 1, "bf16") == kv
    assert repo.get_model("user_gemma4").attention_k_eq_v is True
    out = tmp_path / "models.csv"
    repo.export_csv("models", out)
    assert "8,0,0,8" in out.read_text(encoding="utf-8")
    assert repo.import_csv("models", out).ok
    assert repo.get_model("user_lfm2").kv_heads_per_layer == tuple(heads)
