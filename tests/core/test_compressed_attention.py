"""DeepSeek-V4's compressed attention KV and Nemotron 3 Super's LatentMoE parameter count.

DeepSeek-V4-Flash: its Hugging Face config.json and model.safetensors.index.json as quoted
verbatim in a public DeepSeek-V4 port's audit note (43 layers, 1 KV head of 512, qk_rope 64,
sliding_window 128, index 64 × 128, compress_ratios ``[0, 0, (4, 128) × 20, 4, 0]``: 43 layers
and the ``mtp.0`` block). The KV hand computation follows SGLang's
``DSV4PoolConfigurator._get_bytes_per_full_token`` and ``get_compress_state_ring_size``
(sgl-project/sglang ``python/sglang/srt/model_executor/pool_configurator.py``).

Nemotron 3 Super 120B-A12B: its config.json as quoted in public code, checked against the
BF16 safetensors header totals quoted in a public parameter-count test (123,611,012,096 BF16
weights, of which the MTP block is 2,942,324,736).
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from gpupicker import paths
from gpupicker.catalog.model_arch_map import arch_columns, model_arch_from_record
from gpupicker.catalog.records import ModelRecord
from gpupicker.core.memory import estimate_memory
from gpupicker.core.memory.common import kv_bytes, recurrent_state_bytes, state_assumption
from gpupicker.core.model_arch import ModelArch
from gpupicker.core.workload import Workload
from gpupicker.importers import inspect_path, to_record
from tests.support.model_files import write_config

V4_FLASH: dict[str, Any] = {
    "architectures": ["DeepseekV4ForCausalLM"],
    "model_type": "deepseek_v4",
    "hidden_size": 4096,
    "num_hidden_layers": 43,
    "num_attention_heads": 64,
    "num_key_value_heads": 1,
    "head_dim": 512,
    "qk_rope_head_dim": 64,
    "q_lora_rank": 1024,
    "o_lora_rank": 1024,
    "o_groups": 8,
    "moe_intermediate_size": 2048,
    "n_routed_experts": 256,
    "n_shared_experts": 1,
    "num_experts_per_tok": 6,
    "num_hash_layers": 3,
    "hc_mult": 4,
    "index_n_heads": 64,
    "index_head_dim": 128,
    "index_topk": 512,
    "sliding_window": 128,
    "num_nextn_predict_layers": 1,
    "max_position_embeddings": 1048576,
    "vocab_size": 129280,
    "tie_word_embeddings": False,
    "expert_dtype": "fp4",
    "compress_ratios": [0, 0] + [4, 128] * 20 + [4, 0],
}

# By hand from the config and SGLang's pool layout, bf16 KV:
#   an entry is the one 512-value latent (K = V): 2 · 512 = 1,024 B; an indexer key 128 FP8
#   values + one fp32 scale per 128 = 132 B
#   per token: 21 ratio-4 layers · (1,024 + 132) / 4 + 20 ratio-128 layers · 1,024 / 128
V4_BF16_PER_TOKEN = 21 * (1024 + 132) / 4 + 20 * 1024 / 128  # 6,229 B
#   FP8: SGLang's packed entry (512 − 64) nope bytes + 2 · 64 rope bytes + 8 scale bytes = 584
V4_FP8_PER_TOKEN = 21 * (584 + 132) / 4 + 20 * 584 / 128  # 3,850.25 B
#   fixed per sequence: the 128-token window on all 43 layers (16-bit entries), and the fp32
#   compressor rings: 8 slots of 2·2·512·4 B (+ the indexer's 2·2·128·4 B) per ratio-4 layer,
#   128 slots of 2·512·4 B per ratio-128 layer
V4_STATE = 43 * 128 * 1024 + 21 * 8 * (2 * 2 * 512 * 4 + 2 * 2 * 128 * 4) + 20 * 128 * 2 * 512 * 4

SUPER: dict[str, Any] = {
    "architectures": ["NemotronHForCausalLM"],
    "model_type": "nemotron_h",
    "hidden_size": 4096,
    "num_hidden_layers": 88,
    "hybrid_override_pattern": (
        "MEMEMEM*EMEMEMEM*EMEMEMEM*EMEMEMEMEM*EMEMEMEMEM*EMEMEMEMEM*EMEMEMEMEM*EMEMEMEM*EMEMEMEME"
    ),
    "num_attention_heads": 32,
    "num_key_value_heads": 2,
    "head_dim": 128,
    "mamba_num_heads": 128,
    "mamba_head_dim": 64,
    "ssm_state_size": 128,
    "n_groups": 8,
    "conv_kernel": 4,
    "n_routed_experts": 512,
    "n_shared_experts": 1,
    "num_experts_per_tok": 22,
    "moe_intermediate_size": 2688,
    "moe_latent_size": 1024,
    "moe_shared_expert_intermediate_size": 5376,
    "mlp_hidden_act": "relu2",
    "num_nextn_predict_layers": 1,
    "max_position_embeddings": 262144,
    "vocab_size": 131072,
    "tie_word_embeddings": False,
}
SUPER_BF16_HEADER_TOTAL = 123_611_012_096  # BF16 tensors of the checkpoint, MTP block included
SUPER_MTP = 2_942_324_736


def _bundled(model_id: str) -> ModelRecord:
    with (paths.data_dir() / "models.csv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f, restval="") if r["id"] == model_id]
    return ModelRecord(**rows[0])


def _imported(tmp_path: Path, cfg: dict[str, Any]) -> ModelArch:
    rec = to_record(inspect_path(write_config(tmp_path, cfg)), model_id="user_x", name="X")
    return model_arch_from_record(ModelRecord.model_validate(rec.model_dump()))


def test_v4_flash_config_reads_one_ratio_per_layer_and_drops_the_mtp_blocks():
    arch = ModelArch.from_config(V4_FLASH)
    assert arch.kv_compress_ratios is not None and len(arch.kv_compress_ratios) == 43
    assert [arch.kv_compress_ratios.count(r) for r in (0, 4, 128)] == [2, 21, 20]


@pytest.mark.parametrize("tokens", [131_072, 1_048_576])
def test_v4_flash_kv_matches_the_hand_computation(tokens: int):
    arch = ModelArch.from_config(V4_FLASH)
    assert kv_bytes(arch, tokens, 1, "bf16") == pytest.approx(V4_BF16_PER_TOKEN * tokens)
    assert kv_bytes(arch, tokens, 1, "fp8") == pytest.approx(V4_FP8_PER_TOKEN * tokens)
    assert recurrent_state_bytes(arch, 1, "vllm") == V4_STATE == 17_842_176
    total = kv_bytes(arch, tokens, 1, "bf16") + V4_STATE
    # 834,289,664 B (0.78 GiB) at 128k and 6,549,422,080 B (6.10 GiB) at 1M, against
    # 5.5 GiB / 44 GiB if every layer cached a full 1,024 B entry per token
    assert total == {131_072: 834_289_664, 1_048_576: 6_549_422_080}[tokens]


def test_v4_flash_kv_in_a_format_no_engine_stores_it_in_is_refused_by_name():
    arch = ModelArch.from_config(V4_FLASH)
    with pytest.raises(ValueError, match="'q4_0'"):
        kv_bytes(arch, 1024, 1, "q4_0")


@pytest.mark.parametrize(
    "ratios, match",
    [
        ([0, 0] + [2, 1] * 20 + [2], "ratio 2 is not one"),  # DeepSeek-V4.1's CSA2 tiers
        ([0, 4, 128], "3 entries but the model has 43 layers"),
        ([0, 0] + [4, -1] * 20 + [4], "whole number"),
    ],
)
def test_an_unmodelled_compression_list_is_refused_by_name(ratios: list[int], match: str):
    with pytest.raises(ValueError, match=match):
        ModelArch.from_config({**V4_FLASH, "compress_ratios": ratios})


def test_v4_flash_parameters_from_its_config():
    """284.33B total / 13.80B active: DeepSeek's "284B" V4-Flash; the checkpoint's 159.6 GB
    is the FP4 experts (277.0B · (0.5 + 1/32) B = 147.2 GB) plus FP8 / BF16 for the rest and the
    MTP block."""
    arch = ModelArch.from_config(V4_FLASH)
    assert arch.mlp_params_total() == 43 * (256 * 3 * 4096 * 2048 + 3 * 4096 * 2048 + 4096 * 256)
    assert arch.param_count() == 284_332_164_690
    assert arch.active_param_count() == 13_799_556_690
    assert arch.param_count() == pytest.approx(284e9, rel=0.01)


def test_v4_flash_assumption_names_its_layers_and_fixed_state():
    arch = ModelArch.from_config(V4_FLASH)
    (said,) = state_assumption(arch, V4_STATE, 1)
    text = said.render()
    assert "21 layers" in text and "128× on 20" in text and "last 128 tokens on all 43" in text
    assert "0.017 GiB" in text


def test_super_parameters_match_the_safetensors_headers_and_nvidias_figures():
    arch = ModelArch.from_config(SUPER)
    assert [arch.count_layers(k) for k in "MEF"] == [40, 40, 8]
    assert arch.param_count() == SUPER_BF16_HEADER_TOTAL - SUPER_MTP  # 120,668,687,360
    assert arch.param_count() == pytest.approx(120e9, rel=0.02)
    # the public parser's active count of the same headers; NVIDIA's "A12B" is rounded down
    assert arch.active_param_count() == 12_770_216_960
    # one expert runs in the 1024-wide latent: up and down between 1024 and 2688, no gate
    assert arch.expert_params() == 2 * 1024 * 2688


def test_super_without_latent_would_be_four_times_too_big():
    """The same config read as a plain MoE (experts at the full 4096 width) is 4× the experts."""
    plain = ModelArch.from_config({**SUPER, "moe_latent_size": None})
    assert plain.param_count() > 3.5 * ModelArch.from_config(SUPER).param_count()


@pytest.mark.parametrize(
    "model_id, config", [("deepseek_v4_flash", V4_FLASH), ("nemotron3_super_120b_a12b", SUPER)]
)
def test_bundled_rows_equal_their_config_and_survive_export_import(
    tmp_path: Path, model_id: str, config: dict
):
    bundled = model_arch_from_record(_bundled(model_id))
    from_config = ModelArch.from_config(config)
    assert bundled.param_count() == pytest.approx(from_config.param_count(), rel=1e-5)
    # a catalog export of the row read back, and the config through `model import`
    exported = model_arch_from_record(
        ModelRecord(**{**_bundled(model_id).model_dump(), **arch_columns(bundled)})
    )
    imported = _imported(tmp_path, config)
    for arch in (exported, imported):
        for tokens in (4096, 131_072, 1_048_576):
            assert kv_bytes(arch, tokens, 1, "bf16") == pytest.approx(
                kv_bytes(bundled, tokens, 1, "bf16"), rel=0.01
            )
        assert recurrent_state_bytes(arch, 1, "vllm") == recurrent_state_bytes(bundled, 1, "vllm")
        assert arch.param_count() == pytest.approx(bundled.param_count(), rel=0.01)
        w = Workload(task="inference", model=arch, prompt_len=131_072, new_tokens=1, framework="sglang")
        ref = Workload(task="inference", model=bundled, prompt_len=131_072, new_tokens=1, framework="sglang")
        assert estimate_memory(w).total_bytes == pytest.approx(estimate_memory(ref).total_bytes, rel=0.01)


def test_mtp_drafts_of_both_models_are_their_own_mtp_blocks():
    """Super's MTP block is one attention and one LatentMoE block (mtp_hybrid_override_pattern
    "*E"): 2,942,324,736 parameters in its BF16 headers. V4-Flash's mtp.0 is one layer of ratio 0
    (the config's last compress_ratios entry): it keeps only its 128-token window."""
    from gpupicker.core.speculative import Speculative, draft_arch

    super_mtp = draft_arch(Speculative(method="mtp"), ModelArch.from_config(SUPER))
    assert super_mtp is not None
    assert super_mtp.param_count() == pytest.approx(SUPER_MTP, rel=1e-4)
    assert kv_bytes(super_mtp, 131_072, 1, "bf16") == 131_072 * 2 * 2 * 128 * 2
    v4_mtp = draft_arch(Speculative(method="mtp"), ModelArch.from_config(V4_FLASH))
    assert v4_mtp is not None and v4_mtp.kv_compress_ratios == (0,)
    assert kv_bytes(v4_mtp, 1_048_576, 1, "bf16") == 0
    assert recurrent_state_bytes(v4_mtp, 1, "vllm") == 128 * 1024


def test_v4_flash_is_sized_in_its_released_fp4_experts_by_default():
    """Its checkpoint is 159,609,485,896 B (FP4 experts, FP8 elsewhere, the MTP block
    included); sized as MXFP4 experts with the rest 16-bit it stays within 2 % of that, where
    FP8 everywhere would be 1.8× and bf16 3.6×."""
    w = Workload.model_validate({"task": "inference", "model_id": "deepseek_v4_flash"})
    assert w.weights_dtype == "mxfp4"
    est = estimate_memory(w.with_model(model_arch_from_record(_bundled("deepseek_v4_flash"))))
    assert est.weights_bytes == pytest.approx(159_609_485_896, rel=0.02)


def test_a_v4_config_import_suggests_its_fp4_experts():
    """quantization_config says fp8 (the attention and shared experts), expert_dtype fp4."""
    from gpupicker.importers.hf_config import quantization_facts

    cfg = {**V4_FLASH, "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}}
    assert quantization_facts(cfg)["weights_dtype"] == "mxfp4"
    assert quantization_facts({**cfg, "expert_dtype": None})["weights_dtype"] == "fp8"
