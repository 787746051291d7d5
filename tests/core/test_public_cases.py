"""Published figures (validation/public-cases.md) as sanity checks.

Rows used for a ±15 % check, compared with the estimate's *allocated* bytes
(total less CUDA context and allocator reserve), because each source reports
``torch.cuda.max_memory_allocated``:
  C01, C04 (LitGPT LoRA, GB = 1e9), C06, C08 (Qwen LoRA + grad ckpt; "GB" read as 1e9),
  C36 (LitGPT inference), C38 (Qwen inference, 2048 generated tokens).
Rows left out of the ±15 % check, and why:
  C02 (LitGPT QLoRA 2023 quantized on the GPU at load time: the peak is the bf16 load,
  not training), C15–C17 (torchtune with torch.compile, optimizer-in-backward and paged
  optimizer states in CUDA managed memory that the torch counter does not see),
  C40 (Qwen remote code with its own cache; measurement method not stated),
  C46 (ExLlama engine), C48/C64/C65 (speed rows), C59/C60 (image rows: test_memory.py).
Fit / out-of-memory rows checked: C26, C29 (OOM), C46, C48, C59 (fit).
"""

from __future__ import annotations

import pytest

from gpupicker.core.hardware.specs import GpuSpec
from gpupicker.core.memory import estimate_memory
from gpupicker.core.units import GB
from gpupicker.core.workload import Workload

LLAMA2_7B = dict(
    hidden_size=4096, intermediate_size=11008, num_hidden_layers=32, num_attention_heads=32, vocab_size=32000
)
LLAMA2_13B = dict(
    hidden_size=5120, intermediate_size=13824, num_hidden_layers=40, num_attention_heads=40, vocab_size=32000
)
QWEN_7B = dict(
    model_type="qwen",
    hidden_size=4096,
    intermediate_size=11008,
    num_hidden_layers=32,
    num_attention_heads=32,
    vocab_size=151936,
)
QWEN_14B = dict(
    model_type="qwen",
    hidden_size=5120,
    intermediate_size=13696,
    num_hidden_layers=40,
    num_attention_heads=40,
    vocab_size=152064,
)
LLAMA3_70B = dict(
    hidden_size=8192,
    intermediate_size=28672,
    num_hidden_layers=80,
    num_attention_heads=64,
    num_key_value_heads=8,
    vocab_size=128256,
)
QWEN3_32B = dict(
    model_type="qwen3",
    hidden_size=5120,
    intermediate_size=25600,
    num_hidden_layers=64,
    num_attention_heads=64,
    num_key_value_heads=8,
    head_dim=128,
    vocab_size=151936,
)
QV = {"r": 8, "targets": ["q_proj", "v_proj"]}
QWEN_LORA = {"r": 64, "targets": ["c_attn", "c_proj", "w1", "w2"]}


def _card(gib: float, mem_type: str = "GDDR6X", segment: str = "consumer") -> GpuSpec:
    return GpuSpec(
        id="card",
        name="card",
        memory_gb=gib,
        memory_type=mem_type,
        memory_bandwidth_gbps=1000,
        segment=segment,
    )


def _allocated_gb(**workload) -> float:
    est = estimate_memory(Workload(**workload))
    return (est.total_bytes - est.cuda_context_bytes - est.allocator_overhead_bytes) / GB


@pytest.mark.parametrize(
    ("case", "measured_gb", "workload"),
    [
        ("C01", 21.3, dict(task="lora", model=LLAMA2_7B, seq_len=1304, lora=QV, framework="litgpt")),
        ("C04", 38.12, dict(task="lora", model=LLAMA2_13B, seq_len=1304, lora=QV, framework="litgpt")),
        ("C06", 23.8, dict(task="lora", model=QWEN_7B, seq_len=2048, grad_ckpt=True, lora=QWEN_LORA)),
        ("C08", 37.4, dict(task="lora", model=QWEN_14B, seq_len=2048, grad_ckpt=True, lora=QWEN_LORA)),
        (
            "C36",
            13.52,
            dict(task="inference", model=LLAMA2_7B, prompt_len=16, new_tokens=256, framework="litgpt"),
        ),
        ("C38", 16.99, dict(task="inference", model=QWEN_7B, prompt_len=1, new_tokens=2048)),
    ],
)
def test_published_peaks_within_15_percent(case, measured_gb, workload):
    assert _allocated_gb(**workload) == pytest.approx(measured_gb, rel=0.15), case


def test_oom_rows_are_predicted_oom():
    # C26: Llama-3-70B QLoRA under DeepSpeed ZeRO-3 on 8× T4 16 GB (ECC: 15 GiB usable)
    t4 = _card(16, "GDDR6", "datacenter")
    c26 = estimate_memory(
        Workload(
            task="qlora",
            model=LLAMA3_70B,
            seq_len=2048,
            grad_ckpt=True,
            num_gpus=8,
            parallelism={"zero_stage": 3},
            framework="deepspeed",
        )
    )
    assert c26.total_bytes > t4.usable_memory_bytes
    # C29: Llama-2-13B QLoRA meets an untruncated ~4,000-token sample on a 24 GB card. Batch is
    # UNCERTAIN in the row; we use qlora.py's own script settings (per-device batch 16, r = 64
    # on all linear layers, gradient checkpointing on).
    c29 = estimate_memory(
        Workload(task="qlora", model=LLAMA2_13B, seq_len=4000, batch=16, lora={"r": 64}, grad_ckpt=True)
    )
    assert c29.total_bytes > _card(24).usable_memory_bytes


def test_fit_rows_are_predicted_to_fit():
    # C46: LLaMA-7B GPTQ 4-bit, 2,048-token context, on an RTX 3060 12 GB
    c46 = estimate_memory(
        Workload(task="inference", model=LLAMA2_7B, weights_dtype="int4", prompt_len=1920, new_tokens=128)
    )
    assert c46.total_bytes < _card(12, "GDDR6").usable_memory_bytes
    # C48: vLLM serves Qwen3-32B bf16 with max-model-len 32000 on one H100 NVL 94 GB
    nvl = _card(94, "HBM3", "datacenter")
    c48 = estimate_memory(Workload(task="inference", model=QWEN3_32B, framework="vllm", seq_len=32000), nvl)
    assert c48.max_concurrent_seqs and c48.max_concurrent_seqs >= 1
    assert c48.total_bytes <= nvl.memory_bytes
