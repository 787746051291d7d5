"""The flag sets of Hugging Face TGI's launcher (plain data).

What ``--quantize`` selects, and the flags that change nothing the estimate models or that
change it in a way it does not model.

From ``docs/source/reference/launcher.md`` in huggingface/text-generation-inference at commit
db931fcf42da018a3657580c64bf2720f167f9ab (TGI 3.3.5). Plain data: :mod:`.job_tgi` reads the
flags with them and :mod:`.job_flags` names the rest.
"""

from __future__ import annotations

TGI_QUANT = {
    "awq": ("int4", "awq"),
    "gptq": ("int4", "gptq"),
    "marlin": ("int4", "gptq"),
    "bitsandbytes": ("int8", None),
    "bitsandbytes-nf4": ("nf4", None),
    "eetq": ("int8", None),
    "fp8": ("fp8", None),
}
"""``--quantize`` values → (weights dtype, quant method): AWQ / GPTQ / Marlin 4-bit,
bitsandbytes LLM.int8 (8-bit) and NF4, EETQ int8 weight-only, FP8 (launcher.md ``--quantize``
and ``docs/source/conceptual/quantization.md``). ``bitsandbytes-fp4``, ``exl2`` and
``compressed-tensors`` are named as not modelled."""

TGI_NO_EFFECT = frozenset(
    {
        "--revision",
        "--validation-workers",
        "--trust-remote-code",
        "--max-concurrent-requests",
        "--max-best-of",
        "--max-stop-sequences",
        "--max-top-n-tokens",
        "--hostname",
        "-p",
        "--port",
        "--prometheus-port",
        "--shard-uds-path",
        "--master-addr",
        "--master-port",
        "--huggingface-hub-cache",
        "--weights-cache-override",
        "--json-output",
        "--otlp-endpoint",
        "--otlp-service-name",
        "--cors-allow-origin",
        "--api-key",
        "--watermark-gamma",
        "--watermark-delta",
        "--ngrok",
        "--ngrok-authtoken",
        "--ngrok-edge",
        "--tokenizer-config-path",
        "--disable-grammar-support",
        "-e",
        "--env",
        "--max-client-batch-size",
        "--usage-stats",
        "--payload-limit",
        "-g",
        "--graceful-termination-timeout",
    }
)
"""Launcher flags that change neither memory nor speed: addresses, the router's request limits
(``--max-concurrent-requests`` queues requests, it does not batch them), telemetry, sampling
limits, tokenizer paths."""

TGI_NOT_MODELLED = frozenset(
    {
        "--speculate",
        "--max-input-tokens",
        "--max-input-length",
        "--max-batch-total-tokens",
        "--max-waiting-tokens",
        "--waiting-served-ratio",
        "--cuda-graphs",
        "--disable-custom-kernels",
        "--rope-scaling",
        "--rope-factor",
        "--lora-adapters",
        "--enable-prefill-logprobs",
    }
)
"""Launcher flags that change memory or speed in a way gpupicker does not model: Medusa / n-gram
speculation, the prompt cap and the KV pool's token cap (the estimate sizes the pool from the
memory left), the scheduler's waiting rules, CUDA-graph batch sizes, RoPE scaling, LoRA
adapters."""

__all__ = ["TGI_NOT_MODELLED", "TGI_NO_EFFECT", "TGI_QUANT"]
