"""Model import from tiny real files: exact parameter counts and bytes, and damaged files.

Expected counts are worked out by hand in ``tests/support/model_files.py`` from the
module shapes transformers saves (Llama: q/k/v/o, gate/up/down, two norms per
layer; DeepSeek-MoE: dense first layer, routed + shared experts, router).
"""

from __future__ import annotations

import json
import os
import struct
import time
from pathlib import Path

import pytest

from gpupicker.catalog.model_arch_map import model_arch_from_record
from gpupicker.importers import (
    ModelImportError,
    cache_dir,
    inspect_path,
    list_cached_models,
    to_record,
)
from gpupicker.importers.base import MAX_SAFETENSORS_HEADER
from gpupicker.importers.tiny_gguf import write_tiny_gguf
from tests.support.model_files import (
    TINY_DEEPSEEK_MOE,
    TINY_LLAMA,
    TINY_LLAMA_PARAMS,
    TINY_MOE_ACTIVE,
    TINY_MOE_PARAMS,
    llama_tensors,
    write_config,
    write_raw_header,
    write_safetensors,
    write_sharded,
)


def test_folder_config_and_safetensors_exact(tmp_path: Path):
    write_config(tmp_path / "m", TINY_LLAMA)
    nbytes = write_safetensors(tmp_path / "m" / "model.safetensors", llama_tensors(TINY_LLAMA))
    r = inspect_path(tmp_path / "m")
    assert r.format == "folder" and r.params_source == "tensors"
    assert r.params == TINY_LLAMA_PARAMS == 106_816
    assert (
        r.arch is not None and r.arch.model_copy(update={"params": None}).param_count() == TINY_LLAMA_PARAMS
    )  # config fields give the same count
    assert r.weights_bytes == nbytes == 2 * TINY_LLAMA_PARAMS
    assert r.bytes_by_dtype == {"BF16": 213_632} and r.tensor_count == 2 + 9 * 2 + 1
    assert r.config["num_key_value_heads"] == 2 and r.config["torch_dtype"] == "bfloat16"
    assert r.warnings == []


def test_mixed_dtypes_counted_per_dtype(tmp_path: Path):
    t = llama_tensors(TINY_LLAMA, "I8")
    t["model.embed_tokens.weight"] = ("F32", [256, 64])
    t["model.norm.weight"] = ("F16", [64])
    write_safetensors(tmp_path / "x.safetensors", t)
    r = inspect_path(tmp_path / "x.safetensors")
    assert r.params == TINY_LLAMA_PARAMS
    assert r.bytes_by_dtype == {"F32": 65_536, "F16": 128, "I8": TINY_LLAMA_PARAMS - 16_384 - 64}
    assert r.params_by_dtype["F32"] == 16_384
    assert any("no config.json" in w for w in r.warnings)


def test_sharded_index(tmp_path: Path):
    write_config(tmp_path, TINY_LLAMA)
    total = write_sharded(tmp_path, llama_tensors(TINY_LLAMA), shards=3)
    for target in (tmp_path, tmp_path / "model.safetensors.index.json"):
        r = inspect_path(target)
        assert r.params == TINY_LLAMA_PARAMS and r.weights_bytes == total == 213_632
        assert r.warnings == []
    (tmp_path / "model-00002-of-00003.safetensors").unlink()
    with pytest.raises(ModelImportError, match="1 are missing"):
        inspect_path(tmp_path)


def test_moe_config_with_shared_experts_and_dense_first_layer(tmp_path: Path):
    r = inspect_path(write_config(tmp_path, TINY_DEEPSEEK_MOE))
    assert r.format == "config" and r.params_source == "config"
    assert r.params == TINY_MOE_PARAMS == 168_896
    assert r.arch is not None and r.arch.active_param_count() == TINY_MOE_ACTIVE == 144_320
    assert r.config["n_shared_experts"] == 1 and r.config["first_k_dense_replace"] == 1
    assert r.config["moe_intermediate_size"] == 32 and r.config["num_local_experts"] == 4


def test_config_variants(tmp_path: Path):
    # GPT-2 spellings, a multimodal wrapper and an unknown model_type
    gpt2 = {
        "model_type": "gpt2",
        "n_embd": 64,
        "n_layer": 2,
        "n_head": 4,
        "vocab_size": 256,
        "n_inner": 256,
        "tie_word_embeddings": True,
    }
    r = inspect_path(write_config(tmp_path / "g", gpt2))
    # 2·(4·64² attention + 2·64·256 plain MLP + 128 norms) + 64 + 256·64 tied
    assert r.params == 2 * (16_384 + 32_768 + 128) + 64 + 16_384
    vl = {"model_type": "llava", "text_config": TINY_LLAMA, "vision_config": {"hidden_size": 8}}
    r = inspect_path(write_config(tmp_path / "v", vl))
    assert r.params == TINY_LLAMA_PARAMS and "vision_config" in r.warnings[0]
    odd = dict(TINY_LLAMA, model_type="fancy_new_lm")
    r = inspect_path(write_config(tmp_path / "u", odd))
    assert r.params == TINY_LLAMA_PARAMS
    assert "model_type 'fancy_new_lm' is not one gpupicker models" in r.warnings[0]
    assert "gated MLP" in r.warnings[0]
    gptq = dict(TINY_LLAMA, quantization_config={"quant_method": "gptq", "bits": 4, "group_size": 128})
    r = inspect_path(write_config(tmp_path / "q", gptq))
    assert r.quantization == {"quant_method": "gptq", "bits": 4, "weights_dtype": "int4", "group_size": 128}
    bnb = dict(TINY_LLAMA, quantization_config={"load_in_4bit": True, "bnb_4bit_quant_type": "nf4"})
    assert inspect_path(write_config(tmp_path / "b", bnb)).quantization["weights_dtype"] == "nf4"
    with pytest.raises(ModelImportError, match="not a decoder config|does not describe"):
        inspect_path(write_config(tmp_path / "e", {"model_type": "llama"}))


def test_llama4_config_fields(tmp_path: Path):
    # Llama 4 Maverick text config: expert width intermediate_size, dense intermediate_size_mlp,
    # every 2nd layer MoE with one shared expert → 400.71 B (Meta: 400B total, 17B active)
    cfg = {
        "model_type": "llama4",
        "text_config": {
            "model_type": "llama4_text",
            "hidden_size": 5120,
            "num_hidden_layers": 48,
            "num_attention_heads": 40,
            "num_key_value_heads": 8,
            "head_dim": 128,
            "intermediate_size": 8192,
            "intermediate_size_mlp": 16384,
            "num_local_experts": 128,
            "num_experts_per_tok": 1,
            "interleave_moe_layer_step": 2,
            "vocab_size": 202048,
        },
    }
    r = inspect_path(write_config(tmp_path, cfg))
    assert r.params == 400_711_848_960
    assert r.arch is not None and r.arch.active_param_count() == 17_184_691_200


def test_gguf_written_with_gguf_package(tmp_path: Path):
    elements, nbytes = write_tiny_gguf(tmp_path / "tiny.gguf")
    r = inspect_path(tmp_path / "tiny.gguf")
    assert r.format == "gguf" and r.name == "tiny-gguf"
    assert r.params == elements == 20_800 and r.weights_bytes == nbytes == 49_680
    assert r.bytes_by_dtype == {"F16": 32_768, "F32": 16_640, "Q8_0": 272}
    assert r.quantization["weights_dtype"] == "q8_0"
    assert r.config["num_key_value_heads"] == 2 and r.config["vocab_size"] == 256
    assert r.config["max_position_embeddings"] == 4096


def test_hf_cache_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    assert cache_dir() == tmp_path / "hf" / "hub"
    repo = tmp_path / "hf" / "hub" / "models--acme--tiny-llama"
    snap = repo / "snapshots" / "abc123"
    write_config(snap, TINY_LLAMA)
    write_safetensors(snap / "model.safetensors", llama_tensors(TINY_LLAMA))
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("abc123")
    (tmp_path / "hf" / "hub" / "datasets--acme--data").mkdir()
    found = list_cached_models()
    assert [m.repo_id for m in found] == ["acme/tiny-llama"]
    assert found[0].snapshot == snap and found[0].has_config
    assert (
        found[0].size_bytes
        == (snap / "model.safetensors").stat().st_size + (snap / "config.json").stat().st_size
    )
    r = inspect_path(repo)  # the cache folder itself resolves to refs/main's snapshot
    assert r.name == "acme/tiny-llama" and r.params == TINY_LLAMA_PARAMS
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "elsewhere"))
    assert cache_dir() == tmp_path / "elsewhere" and list_cached_models() == []


def test_diffusers_folder(tmp_path: Path):
    (tmp_path / "model_index.json").write_text(
        json.dumps(
            {
                "_class_name": "FluxPipeline",
                "_diffusers_version": "0.30.0",
                "transformer": ["diffusers", "FluxTransformer2DModel"],
                "text_encoder": ["transformers", "CLIPTextModel"],
                "vae": ["diffusers", "AutoencoderKL"],
                "scheduler": ["diffusers", "Euler"],
                "tokenizer": [None, None],
            }
        )
    )
    write_safetensors(
        tmp_path / "transformer" / "diffusion_pytorch_model.safetensors",
        {"a": ("BF16", [100, 10]), "b": ("BF16", [10])},
    )
    write_safetensors(tmp_path / "text_encoder" / "model.safetensors", {"e": ("F16", [50, 4])})
    write_safetensors(tmp_path / "vae" / "diffusion_pytorch_model.safetensors", {"v": ("F32", [30])})
    (tmp_path / "scheduler").mkdir()
    r = inspect_path(tmp_path)
    assert r.format == "diffusers" and r.kind == "diffusion"
    assert r.params == 1_010 and r.weights_bytes == 2_020  # the denoiser only
    comps = {c.name: c.params for c in r.components}
    assert comps == {"transformer": 1_010, "text_encoder": 200, "vae": 30, "scheduler": None}
    assert "text_encoder 200" in r.warnings[-1]
    rec = to_record(r)
    assert rec.kind == "diffusion" and rec.params_b == pytest.approx(1.01e-6)


def test_to_record_round_trips_moe(tmp_path: Path):
    r = inspect_path(write_config(tmp_path, TINY_DEEPSEEK_MOE))
    rec = to_record(r, model_id="user_tiny_moe", name="Tiny MoE")
    arch = model_arch_from_record(rec)
    assert arch.params is None  # the catalog row recomputes the same count from its fields
    assert arch.param_count() == TINY_MOE_PARAMS and arch.active_param_count() == TINY_MOE_ACTIVE


# ---- safety: damaged or hostile files ---------------------------------------------------------


def _fast(fn, *args):
    t0 = time.perf_counter()
    with pytest.raises(ModelImportError) as ei:
        fn(*args)
    elapsed = time.perf_counter() - t0
    assert elapsed < 1.0, f"took {elapsed:.2f} s"
    assert str(ei.value)
    return str(ei.value)


@pytest.mark.parametrize("suffix", [".bin", ".pt", ".ckpt", ".pth"])
def test_pickles_refused_without_opening(tmp_path: Path, suffix: str):
    p = tmp_path / f"pytorch_model{suffix}"
    p.write_bytes(b"\x80\x04not even read")
    p.chmod(0)  # unreadable: proves the file is never opened
    try:
        msg = _fast(inspect_path, p)
    finally:
        p.chmod(0o600)
    assert "never opens pickles" in msg and "safetensors" in msg and "gguf" in msg


def test_folder_with_only_pickle_weights_uses_config(tmp_path: Path):
    write_config(tmp_path, TINY_LLAMA)
    (tmp_path / "pytorch_model.bin").write_bytes(b"\x80\x04")
    r = inspect_path(tmp_path)
    assert r.params_source == "config" and r.params == TINY_LLAMA_PARAMS
    assert "pickle" in r.warnings[0]


def test_safetensors_header_claiming_2_pow_60(tmp_path: Path):
    p = tmp_path / "huge.safetensors"
    p.write_bytes(struct.pack("<Q", 1 << 60) + b"{}")
    msg = _fast(inspect_path, p)
    assert f"{1 << 60:,}" in msg and f"{MAX_SAFETENSORS_HEADER:,}" in msg


@pytest.mark.parametrize(
    ("header", "data", "match"),
    [
        (b"not json at all", b"", "not a JSON object"),
        (b'{"a": ', b"", "not valid JSON"),
        (
            {"a": {"dtype": "F32", "shape": [1 << 40, 1 << 40], "data_offsets": [0, 4]}},
            b"",
            "more than any model",
        ),
        (
            {
                "a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]},
                "b": {"dtype": "F32", "shape": [4], "data_offsets": [8, 24]},
            },
            b"\0" * 24,
            "overlap",
        ),
        ({"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}}, b"\0" * 8, "cut short"),
        ({"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 12]}}, b"\0" * 16, "span"),
        ({"a": {"dtype": "Q4", "shape": [4], "data_offsets": [0, 2]}}, b"\0" * 2, "does not define"),
        ({"a": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 0]}}, b"", "invalid shape"),
    ],
)
def test_damaged_safetensors(tmp_path: Path, header, data: bytes, match: str):
    p = tmp_path / "bad.safetensors"
    write_raw_header(p, header, data)
    assert match in _fast(inspect_path, p)


def test_header_length_beyond_file(tmp_path: Path):
    p = tmp_path / "short.safetensors"
    write_raw_header(p, b"{}", length=5000)
    assert "only" in _fast(inspect_path, p)


def test_gguf_cut_in_half(tmp_path: Path):
    p = tmp_path / "whole.gguf"
    write_tiny_gguf(p, q8_rows=2048)
    size = p.stat().st_size
    with p.open("r+b") as f:
        f.truncate(size // 2)
    msg = _fast(inspect_path, p)
    assert "cut short" in msg


def test_gguf_absurd_counts_and_truncated_header(tmp_path: Path):
    p = tmp_path / "absurd.gguf"
    p.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 1 << 62, 1 << 61) + b"\0" * 64)
    assert "damaged" in _fast(inspect_path, p)
    p2 = tmp_path / "str.gguf"  # one metadata key whose string length runs past the end
    p2.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", 1 << 50) + b"k")
    assert "cut short" in _fast(inspect_path, p2)
    p3 = tmp_path / "arr.gguf"  # an array of 2^60 u32
    p3.write_bytes(
        b"GGUF"
        + struct.pack("<IQQ", 3, 0, 1)
        + struct.pack("<Q", 1)
        + b"k"
        + struct.pack("<IIQ", 9, 4, 1 << 60)
    )
    assert "cut short" in _fast(inspect_path, p3)


@pytest.mark.parametrize("name", ["random.safetensors", "random.gguf", "random"])
def test_random_1gb_file(tmp_path: Path, name: str):
    p = tmp_path / name
    with p.open("wb") as f:
        f.write(os.urandom(1 << 20))
        f.truncate(1 << 30)  # sparse: 1 GiB on paper, 1 MiB on disk
    assert p.stat().st_size == 1 << 30
    msg = _fast(inspect_path, p)
    assert p.name in msg


def test_missing_and_unsupported(tmp_path: Path):
    assert "does not exist" in _fast(inspect_path, tmp_path / "nope")
    (tmp_path / "m.onnx").write_bytes(b"x")
    assert "does not read" in _fast(inspect_path, tmp_path / "m.onnx")
    (tmp_path / "empty").mkdir()
    assert "no config.json" in _fast(inspect_path, tmp_path / "empty")


def test_qwen3_next_hybrid_and_deepseek_v32_indexer_configs(tmp_path: Path):
    # Qwen3-Next-80B-A3B config.json: the published safetensors total is 79,674,391,296 and
    # total minus the inactive experts' tensors 3,874,929,408
    qn = {
        "model_type": "qwen3_next",
        "hidden_size": 2048,
        "num_hidden_layers": 48,
        "vocab_size": 151936,
        "head_dim": 256,
        "num_attention_heads": 16,
        "num_key_value_heads": 2,
        "num_experts": 512,
        "num_experts_per_tok": 10,
        "moe_intermediate_size": 512,
        "shared_expert_intermediate_size": 512,
        "intermediate_size": 5120,
        "linear_num_key_heads": 16,
        "linear_key_head_dim": 128,
        "linear_num_value_heads": 32,
        "linear_value_head_dim": 128,
        "linear_conv_kernel_dim": 4,
        "full_attention_interval": 4,
        "tie_word_embeddings": False,
    }
    r = inspect_path(write_config(tmp_path / "qn", qn))
    assert r.params == 79_674_391_296 and r.warnings == []
    assert r.arch is not None and r.arch.active_param_count() == 3_874_929_408
    assert r.config["linear_attention_layers"] == 36
    # DeepSeek-V3.2-Exp: the V3 layout + the lightning indexer (61 × 13,959,424)
    ds = {
        "model_type": "deepseek_v32",
        "hidden_size": 7168,
        "num_hidden_layers": 61,
        "num_attention_heads": 128,
        "num_key_value_heads": 128,
        "intermediate_size": 18432,
        "moe_intermediate_size": 2048,
        "n_routed_experts": 256,
        "n_shared_experts": 1,
        "num_experts_per_tok": 8,
        "first_k_dense_replace": 3,
        "q_lora_rank": 1536,
        "kv_lora_rank": 512,
        "qk_nope_head_dim": 128,
        "qk_rope_head_dim": 64,
        "v_head_dim": 128,
        "vocab_size": 129280,
        "index_n_heads": 64,
        "index_head_dim": 128,
    }
    r = inspect_path(write_config(tmp_path / "ds", ds))
    assert r.params == 671_026_404_352 + 61 * 13_959_424


def test_gguf_string_array_with_absurd_length(tmp_path: Path):
    p = tmp_path / "vocab.gguf"
    p.write_bytes(
        b"GGUF"
        + struct.pack("<IQQ", 3, 0, 1)
        + struct.pack("<Q", 1)
        + b"k"
        + struct.pack("<IIQ", 9, 8, 1 << 40)
        + b"\0" * 4096
    )
    assert "damaged" in _fast(inspect_path, p)


def test_split_gguf_reads_every_part(tmp_path: Path):
    e1, b1 = write_tiny_gguf(tmp_path / "m-00001-of-00002.gguf")
    e2, b2 = write_tiny_gguf(tmp_path / "m-00002-of-00002.gguf", q8_rows=8)
    r = inspect_path(tmp_path / "m-00001-of-00002.gguf")
    assert r.params == e1 + e2 and r.weights_bytes == b1 + b2
    assert inspect_path(tmp_path).params == e1 + e2  # the folder: the first part, then all
    (tmp_path / "m-00002-of-00002.gguf").unlink()
    assert "missing" in _fast(inspect_path, tmp_path / "m-00001-of-00002.gguf")
