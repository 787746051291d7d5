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
        return self.records[model_id].to_arch()

    def get_gpu(self, gpu_id: str) -> GpuSpec:
        return self.gpus[gpu_id]


SNAP = _Bundled()
CTX = 131_072

# Qwen3-Next-80B-A3B from its config: 12 full-attention layers × 2 (K, V) × 2 KV heads × 256
QWEN3_NEXT_KV_PER_TOKEN = 12 * 2 * 2 * 256 * 2          # 24,576 B in bf16
QWEN3_NEXT_CONV = 36 * 3 * (2 * 16 * 128 + 32 * 128)    # (kernel − 1) × conv dim, 36 layers
QWEN3_NEXT_TEMPORAL = 36 * 32 * 128 * 128               # value heads × d_v × d_k


def _kv_estimate(model_id_or_arch: str | ModelArch, framework: str,
                 gpu: GpuSpec | None = None, **extra: object) -> int:
    model = model_id_or_arch if isinstance(model_id_or_arch, ModelArch) \
        else SNAP.get_model(model_id_or_arch)
    fields: dict[str, object] = {"weights_dtype": "bf16", **extra}
    w = Workload(task="inference", model=model, prompt_len=CTX, new_tokens=1,
                 framework=framework, **fields)
    return estimate_memory(w, gpu).kv_cache_bytes


@pytest.mark.parametrize("framework, conv_b, temporal_b", [("transformers", 2, 4),
                                                           ("llama.cpp", 4, 4)])
def test_qwen3_next_kv_counts_only_full_attention_layers_plus_the_recurrent_state(
        framework: str, conv_b: int, temporal_b: int):
    expected = QWEN3_NEXT_KV_PER_TOKEN * CTX + QWEN3_NEXT_CONV * conv_b \
        + QWEN3_NEXT_TEMPORAL * temporal_b
    got = _kv_estimate("qwen3_next_80b_a3b", framework)
    assert got == pytest.approx(expected, rel=0.05)
    assert got < 4 * 2**30  # it was 12.0 GiB with KV on all 48 layers


def test_qwen3_next_vllm_pool_holds_four_times_the_tokens():
    b200 = SNAP.get_gpu("b200")
    w = Workload(task="inference", model=SNAP.get_model("qwen3_next_80b_a3b"), prompt_len=CTX,
                 new_tokens=1, weights_dtype="bf16", framework="vllm", max_model_len=CTX + 1)
    est = estimate_memory(w, b200)
    assert est.engine_fits is not False
    # the pool (11.25 GiB) over 24,576 B per token, less one sequence's bf16 state
    assert est.kv_pool_tokens == pytest.approx(est.kv_cache_bytes / QWEN3_NEXT_KV_PER_TOKEN,
                                               rel=0.01)
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
    base = {"hidden_size": 256, "num_attention_heads": 4, "num_key_value_heads": 2,
            "vocab_size": 1000, "intermediate_size": 512}
    gemma = ModelArch.from_config({**base, "model_type": "gemma3_text", "num_hidden_layers": 12,
                                   "sliding_window": 1024, "sliding_window_pattern": 6})
    assert gemma.layers == "SSSSSF" * 2 and gemma.kv_layers() == (2, 10)
    qnext = ModelArch.from_config({**base, "model_type": "qwen3_next", "num_hidden_layers": 8,
                                   "full_attention_interval": 4, "linear_num_value_heads": 4,
                                   "linear_num_key_heads": 2, "linear_key_head_dim": 64,
                                   "linear_value_head_dim": 64})
    assert qnext.layers == "LLLF" * 2 and qnext.linear_attention_layers == 6
    nemo = ModelArch.from_config({**base, "model_type": "nemotron_h",
                                  "hybrid_override_pattern": "M-M*-E", "mamba_num_heads": 8,
                                  "mamba_head_dim": 32, "ssm_state_size": 16, "n_groups": 2,
                                  "conv_kernel": 4})
    assert nemo.num_hidden_layers == 6 and nemo.kv_layers() == (1, 0)
    conv, temporal = nemo.recurrent_state_elements()
    assert (conv, temporal) == (2 * 3 * (8 * 32 + 2 * 2 * 16), 2 * 8 * 32 * 16)
    with pytest.raises(ValueError, match="layer type 'cross_attention'"):
        ModelArch.from_config({**base, "num_hidden_layers": 2,
                               "layer_types": ["full_attention", "cross_attention"]})


def test_gemma4_global_layers_use_their_own_head_size():
    cfg = {"model_type": "gemma4_text", "hidden_size": 5376, "num_hidden_layers": 12,
           "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 256,
           "global_head_dim": 512, "num_global_key_value_heads": 4, "vocab_size": 262144,
           "intermediate_size": 21504, "sliding_window": 1024,
           "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 2}
    arch = ModelArch.from_config(cfg)
    per_full, per_local = 2 * 4 * 512 * 2, 2 * 16 * 256 * 2
    assert kv_bytes(arch, CTX, 1, "bf16") == 2 * per_full * CTX + 10 * per_local * 1024


def test_dsa_indexer_cache_adds_about_a_tenth_of_mla_kv():
    arch = SNAP.get_model("deepseek_v3_2_exp")
    plain = arch.model_copy(update={"index_head_dim": None})
    ratio = kv_bytes(arch, CTX, 1, "bf16") / kv_bytes(plain, CTX, 1, "bf16") - 1
    assert ratio == pytest.approx(132 / 1152, rel=1e-6)  # 128 fp8 + 4 B scale vs (512+64)×2


# ---- model import keeps the layer split ------------------------------------------------------

_HF_LAYER_TYPE = {"F": "full_attention", "S": "sliding_attention", "L": "linear_attention",
                  "M": "mamba", "C": "conv"}
_NOT_CONFIG = {"name", "kind", "params", "active_params", "architecture_inferred",
               "sliding_window_layers", "linear_attention_layers", "layer_pattern"}


def _config_of(arch: ModelArch) -> dict[str, object]:
    """A config.json with the architecture's fields in Hugging Face spelling and its layer
    kinds as ``layer_types`` (what the model's own config states)."""
    cfg = {k: v for k, v in arch.model_dump().items() if k not in _NOT_CONFIG
           and v is not None and v != 0}
    if arch.sliding_window or arch.is_hybrid:
        cfg["layer_types"] = [_HF_LAYER_TYPE[c] for c in arch.layers]
    return cfg


def _import(tmp_path: Path, cfg: dict[str, object]) -> ModelArch:
    rec = to_record(inspect_path(write_config(tmp_path, cfg)), model_id="user_x", name="X")
    return ModelRecord.model_validate(rec.model_dump()).to_arch()


LLM_IDS = [i for i, r in SNAP.records.items() if r.kind == "llm"]


@pytest.mark.parametrize("model_id", LLM_IDS)
def test_an_imported_config_has_the_bundled_rows_kv_and_state(tmp_path: Path, model_id: str):
    bundled = SNAP.get_model(model_id)
    imported = _import(tmp_path, _config_of(bundled))
    for tokens in (512, CTX):
        assert kv_bytes(imported, tokens, 1, "bf16") == pytest.approx(
            kv_bytes(bundled, tokens, 1, "bf16"), rel=0.01)
    assert recurrent_state_bytes(imported, 1) == recurrent_state_bytes(bundled, 1)
    if bundled.params is None:  # no listed-count override: the whole estimate agrees
        assert _kv_estimate(imported, "transformers") == pytest.approx(
            _kv_estimate(bundled, "transformers"), rel=0.01)


def test_audit_gpt_oss_20b_config_import_keeps_its_sliding_split(tmp_path: Path):
    cfg = {"architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "hidden_size": 2880,
           "intermediate_size": 2880, "num_hidden_layers": 24, "num_attention_heads": 64,
           "num_key_value_heads": 8, "head_dim": 64, "vocab_size": 201088,
           "num_local_experts": 32, "num_experts_per_tok": 4, "sliding_window": 128,
           "layer_types": ["sliding_attention", "full_attention"] * 12,
           "max_position_embeddings": 131072}
    imported = _import(tmp_path, cfg)
    w = {"weights_dtype": "mxfp4"}
    got = _kv_estimate(imported, "llama.cpp", **w)
    assert got == pytest.approx(3_224_395_776, rel=0.01)  # the bundled row's 3.0 GiB
    assert got == pytest.approx(_kv_estimate("gpt_oss_20b", "llama.cpp", **w), rel=0.01)


def test_audit_gemma3_27b_config_import_keeps_its_pattern(tmp_path: Path):
    cfg = {"model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504,
           "num_hidden_layers": 62, "num_attention_heads": 32, "num_key_value_heads": 16,
           "head_dim": 128, "vocab_size": 262208, "sliding_window": 1024,
           "sliding_window_pattern": 6, "tie_word_embeddings": True}
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

    goss = {"general.architecture": "gpt-oss", "gpt-oss.block_count": 24,
            "gpt-oss.embedding_length": 2880, "gpt-oss.feed_forward_length": 2880,
            "gpt-oss.attention.head_count": 64, "gpt-oss.attention.head_count_kv": 8,
            "gpt-oss.attention.key_length": 64, "gpt-oss.attention.sliding_window": 128,
            "gpt-oss.expert_count": 32, "gpt-oss.expert_used_count": 4,
            "gpt-oss.vocab_size": 201088}
    arch, _ = arch_from_gguf(goss, 20_914_757_184)
    assert arch is not None and arch.layers == "SF" * 12
    assert kv_bytes(arch, CTX, 1, "fp16") == kv_bytes(SNAP.get_model("gpt_oss_20b"), CTX, 1,
                                                       "fp16")
    q = "qwen3next"
    qnext = {"general.architecture": q, f"{q}.block_count": 48, f"{q}.embedding_length": 2048,
             f"{q}.feed_forward_length": 5120, f"{q}.attention.head_count": 16,
             f"{q}.attention.head_count_kv": 2, f"{q}.attention.key_length": 256,
             f"{q}.vocab_size": 151936, f"{q}.full_attention_interval": 4,
             f"{q}.ssm.conv_kernel": 4, f"{q}.ssm.state_size": 128, f"{q}.ssm.group_count": 16,
             f"{q}.ssm.time_step_rank": 32, f"{q}.ssm.inner_size": 4096}
    arch, _ = arch_from_gguf(qnext, 79_674_391_296)
    assert arch is not None and arch.kv_layers() == (12, 0)
    bundled = SNAP.get_model("qwen3_next_80b_a3b")
    assert recurrent_state_bytes(arch, 1, "llama.cpp") == recurrent_state_bytes(bundled, 1,
                                                                                 "llama.cpp")
