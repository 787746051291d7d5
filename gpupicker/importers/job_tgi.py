"""Hugging Face TGI command lines: ``text-generation-launcher …`` and TGI's ``docker run``.

In ``docker run … ghcr.io/huggingface/text-generation-inference:<tag> …`` the image's entry
point is the launcher, so the words after the image are its flags.

The flags are those of ``docs/source/reference/launcher.md`` in huggingface/text-generation-
inference at commit db931fcf42da018a3657580c64bf2720f167f9ab (TGI 3.3.5).
"""

from __future__ import annotations

from pathlib import Path

from .job_model import JobRead, set_float, set_int, set_quant
from .job_tgi_flags import TGI_NO_EFFECT, TGI_NOT_MODELLED, TGI_QUANT

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


def tgi_flag(job: JobRead, f: str, value: str | None, flags: list[str]) -> bool:
    """Record what the TGI launcher flag ``f`` sets; False for a flag left to the caller.

    The flags TGI shares with the other servers (``--dtype``, ``--kv-cache-dtype``) are read by
    :mod:`.job_commands`. ``flags`` are all the flags of the line (``--sharded true`` with
    ``--num-shard N`` is that N).
    """
    if f == "--num-shard":
        set_int(job, f, value, "parallelism.tensor_parallel")
        set_int(job, f, value, "num_gpus")
    elif f == "--sharded":
        if str(value).lower() == "false" or "--num-shard" in flags:
            job.no_effect(f)  # one shard, or the --num-shard read
        else:
            job.not_modelled(f, value)  # every visible GPU: the count is the machine's
    elif f == "--quantize":
        set_quant(job, f, value, TGI_QUANT)
    elif f == "--max-total-tokens":
        set_int(job, f, value, "max_model_len")  # prompt + generated tokens of one request
    elif f == "--max-batch-prefill-tokens":
        set_int(job, f, value, "max_num_batched_tokens")
    elif f == "--max-batch-size":
        set_int(job, f, value, "max_num_seqs")
    elif f == "--cuda-memory-fraction":
        set_float(job, f, value, "gpu_memory_utilization")
    elif f in TGI_NO_EFFECT:
        job.no_effect(f)
    elif f in TGI_NOT_MODELLED:
        job.not_modelled(f, value)
    else:
        return False
    return True


__all__ = ["TGI_IMAGE", "tgi_flag", "tgi_words"]
