"""DoRA (weight-decomposed LoRA, peft ``use_dora=True``): what it adds to a LoRA job.

peft's ``DoraLinearLayer`` (``src/peft/tuners/lora/dora.py``) keeps one trainable
magnitude per output feature of every adapted Linear (``lora_magnitude_vector``: ``d_out``
values, in the adapter dtype) and, in every forward, forms the full adapted weight
``W + s·B·A`` (dequantizing a 4-/8-bit base first) to take its per-row norm; the norm is
detached from the graph (DoRA paper, Liu et al. 2024, §4.3), so the backward adds little.
Hence, per adapted module and forward pass:

* parameters: ``+d_out`` trainable (gradients and optimizer states like the adapters');
* memory traffic: read W (its bytes per weight), write and read the bf16 ``W + s·B·A``
  (2 + 2 bytes per weight); with gradient checkpointing the forward runs twice.

This module only counts; :mod:`.memory.training` and :mod:`.speed.training` add the counts.
"""

from __future__ import annotations

from .model_arch import ModelArch
from .workload.parts import LoraConfig

DORA_TEMP_BYTES_PER_WEIGHT = 4.0
"""bf16 ``W + s·B·A`` written once and read once for the norm (2 + 2 bytes per weight)."""


def _adapted(arch: ModelArch, lora: LoraConfig) -> list[tuple[int, int, int]]:
    """(d_in, d_out, copies per layer) of each adapted module (experts count once each)."""
    shapes = arch.module_shapes()
    out = []
    for t in lora.targets:
        if t in shapes:
            din, dout = shapes[t]
            mult = (
                (arch.num_local_experts or 1)
                if (arch.is_moe and t in ("gate_proj", "up_proj", "down_proj", "w1", "w2", "w3"))
                else 1
            )
            out.append((din, dout, mult))
    return out


def dora_magnitude_params(arch: ModelArch, lora: LoraConfig) -> int:
    """Trainable magnitude values DoRA adds (0 without ``use_dora``).

    Σ ``d_out`` over adapted modules and layers (peft ``lora_magnitude_vector``).
    """
    if not lora.use_dora:
        return 0
    return sum(dout * mult for _, dout, mult in _adapted(arch, lora)) * arch.num_hidden_layers


def dora_extra_bytes_per_step(
    arch: ModelArch, lora: LoraConfig, weight_bytes: float, grad_ckpt: bool
) -> float:
    """Bytes of memory traffic DoRA adds to one training step (0 without ``use_dora``).

    One forward per micro-batch, two with gradient checkpointing: per adapted weight,
    ``weight_bytes`` to read W plus :data:`DORA_TEMP_BYTES_PER_WEIGHT`.

    Args:
        arch: the model.
        lora: the adapter settings (``use_dora``, ``targets``).
        weight_bytes: bytes per base weight (0.53 for NF4, 2 for bf16).
        grad_ckpt: gradient checkpointing (the forward runs twice).
    """
    if not lora.use_dora:
        return 0.0
    weights = sum(din * dout * mult for din, dout, mult in _adapted(arch, lora))
    passes = 2 if grad_ckpt else 1
    return weights * arch.num_hidden_layers * (weight_bytes + DORA_TEMP_BYTES_PER_WEIGHT) * passes
