"""Hugging Face TGI command lines: ``text-generation-launcher …`` and TGI's ``docker run``.

In ``docker run … ghcr.io/huggingface/text-generation-inference:<tag> …`` the image's entry
point is the launcher, so the words after the image are its flags.

The flags are those of ``docs/source/reference/launcher.md`` in huggingface/text-generation-
inference at commit db931fcf42da018a3657580c64bf2720f167f9ab (TGI 3.3.5).
"""

from __future__ import annotations

from pathlib import Path

from .job_model import JobRead

TGI_IMAGE = "ghcr.io/huggingface/text-generation-inference"
"""TGI's container image; its entry point is ``text-generation-launcher``."""


def tgi_words(words: list[str]) -> list[str] | None:
    """The launcher's own words of a TGI command line, or None for another command line.

    They are the words after the ``text-generation-launcher`` executable or the TGI image.
    """
    for i, w in enumerate(words):
        if Path(w).name == "text-generation-launcher":
            return words[i + 1 :]
        if w.startswith(TGI_IMAGE) and "docker" in words[:i]:
            return words[i + 1 :]
    return None


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


def tgi_flag(job: JobRead, f: str, value: str | None, flags: list[str]) -> bool:
    """Record what the TGI launcher flag ``f`` sets; False for a flag left to the caller.

    The flags TGI shares with the other servers (``--dtype``, ``--kv-cache-dtype``) are read by
    :mod:`.job_commands`. ``flags`` are all the flags of the line (``--sharded true`` with
    ``--num-shard N`` is that N).
    """
    from .job_commands import _float, _int

    if f == "--num-shard":
        _int(job, f, value, "parallelism.tensor_parallel")
        _int(job, f, value, "num_gpus")
    elif f == "--sharded":
        if str(value).lower() == "false" or "--num-shard" in flags:
            job.no_effect(f)  # one shard, or the --num-shard read
        else:
            job.not_modelled(f, value)  # every visible GPU: the count is the machine's
    elif f == "--quantize":
        q = TGI_QUANT.get(str(value).lower())
        if q is None:
            job.not_modelled(f, value)
        else:
            job.set(f, "weights_dtype", q[0])
            if q[1]:
                job.set(f, "quant_method", q[1])
    elif f == "--max-total-tokens":
        _int(job, f, value, "max_model_len")  # prompt + generated tokens of one request
    elif f == "--max-batch-prefill-tokens":
        _int(job, f, value, "max_num_batched_tokens")
    elif f == "--max-batch-size":
        _int(job, f, value, "max_num_seqs")
    elif f == "--cuda-memory-fraction":
        _float(job, f, value, "gpu_memory_utilization")
    elif f in TGI_NO_EFFECT:
        job.no_effect(f)
    elif f in TGI_NOT_MODELLED:
        job.not_modelled(f, value)
    else:
        return False
    return True


__all__ = ["TGI_IMAGE", "TGI_NO_EFFECT", "TGI_NOT_MODELLED", "TGI_QUANT", "tgi_flag", "tgi_words"]
