"""Dequantization workspace of quantized Linear layers in transformers ``generate``.

What the quantized kernels allocate at a step (bitsandbytes LLM.int8's int8 inputs, int32
products and outlier columns; one dequantized 4-bit Linear): :func:`quant_inference_workspace`,
used by :func:`gpupicker.core.memory.hf_inference_memory`.
"""

from __future__ import annotations

from ..dtypes import bytes_per_weight
from ..model_arch import ModelArch

_LAYER_LINEARS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
"""The Linear modules of a transformers decoder layer (unfused, as Llama/Qwen/Mistral build it)."""


def _largest_linear(arch: ModelArch) -> int:
    """Weights (d_in × d_out) of the widest Linear of one decoder layer (one expert for MoE)."""
    shapes = arch.module_shapes()
    return max(din * dout for name, (din, dout) in shapes.items() if name in _LAYER_LINEARS)


BNB_INT8_OUTLIER_BYTES_PER_WEIGHT = 9
"""Peak bytes per weight of one Linear while bitsandbytes LLM.int8 dequantizes its outlier
columns: ``int8_mixed_scaled_mm`` (bitsandbytes/backends/default/ops.py) gathers
``CB[:, outlier_cols]`` (int8, 1 B) and ``int8_vectorwise_dequant`` computes
``A * stats.view(-1, 1) * 7.874e-3`` (two float32 temporaries, 4 + 4 B) before ``.to(A.dtype)``."""
BNB_INT8_BYTES_PER_IN = 3
"""Per token per input feature of a bitsandbytes int8 matmul: the 16-bit copy of the input
(``A.to(torch.float16)`` in ``MatMul8bitLt.forward``, or ``|A|`` for the outlier mask) and its
int8 quantization ``CA`` (``int8_vectorwise_quant``): 2 + 1 B."""
BNB_INT8_BYTES_PER_OUT = 4
"""Per token per output feature: ``int8_linear_matmul``'s int32 product, alive while
``int8_mm_dequant`` writes the 16-bit output (bitsandbytes/backends/cuda/ops.py)."""


BNB_METHODS = frozenset({"bitsandbytes", "bnb", "llm.int8", "llm_int8"})
"""``quant_method`` spellings of bitsandbytes LLM.int8 (the default for ``int8`` in transformers)."""


def quant_inference_workspace(
    arch: ModelArch, weights_dtype: str, quant_method: str | None, prefill_tokens: int
) -> tuple[int, float]:
    """Dequantization workspace (bytes) and extra prefill bytes per token of quantized weights.

    For transformers ``generate`` with quantized Linear layers, at the prefill of
    ``prefill_tokens`` tokens (batch × prompt):

    * bitsandbytes LLM.int8 (``int8`` unless ``quant_method`` names GPTQ/AWQ-style kernels):
      each matmul holds its int8 input and int32 product (:data:`BNB_INT8_BYTES_PER_IN` · h +
      :data:`BNB_INT8_BYTES_PER_OUT` · I per token), and dequantizes the weight columns that
      meet an outlier (``llm_int8_threshold`` 6.0) at :data:`BNB_INT8_OUTLIER_BYTES_PER_WEIGHT`
      bytes per weight. A column is an outlier column when any prompt token exceeds the
      threshold in it, so a long prompt can reach every column: the bound taken is every
      column of the widest Linear of a layer. A one-token prefill meets the few systematic
      outlier features only (LLM.int8 paper, Dettmers et al. 2022, §4: about six feature
      dimensions): no column workspace.
    * 4-bit (NF4 / AWQ / GPTQ): a one-token step runs the GEMV kernels on the packed weights
      (bitsandbytes ``matmul_4bit`` → ``gemv_4bit`` when A has one row; AutoAWQ/GPTQModel
      GEMV/GEMM kernels), a longer prefill dequantizes one Linear at a time to 16-bit
      (``dequantize_4bit`` in ``MatMul4Bit``; AutoAWQ's fp16 matmul path for ≥ 1024 tokens):
      2 bytes per weight of the widest Linear.
    * GPTQ int8 kernels dequantize on the fly like the 4-bit ones (2 bytes per weight at a
      multi-token prefill).
    * FP8 (transformers fine-grained FP8): ``FP8Linear`` quantizes the activations per block
      (``act_quant``) and multiplies FP8 by FP8 (``w8a8_block_fp8_matmul_triton``): no weight
      is dequantized.

    Returns:
        ``(workspace_bytes, extra_bytes_per_prefill_token)``; ``(0, 0.0)`` for 16-bit and FP8
        weights.
    """
    bpw = bytes_per_weight(weights_dtype)
    if bpw >= 2.0 or weights_dtype == "fp8":
        return 0, 0.0
    widest = _largest_linear(arch)
    method = (quant_method or "bitsandbytes").lower()
    if weights_dtype == "int8" and method in BNB_METHODS:
        extra = float(
            BNB_INT8_BYTES_PER_IN * arch.hidden_size + BNB_INT8_BYTES_PER_OUT * arch.active_mlp_width
        )
        ws = BNB_INT8_OUTLIER_BYTES_PER_WEIGHT * widest if prefill_tokens > 1 else 0
        return ws, extra
    return (2 * widest if prefill_tokens > 1 else 0), 0.0


__all__ = ["BNB_METHODS", "quant_inference_workspace"]
