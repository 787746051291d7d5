"""vLLM's engine and scheduler defaults by version: V0 or V1, ``max_num_seqs``, ``max_num_batched_tokens``.

A workload names its vLLM version in ``environment`` ("vLLM v0.11.0", "vllm_0.10.2",
"vLLM 0.6.6 (V0 engine)"); :func:`vllm_era` reads it. The defaults are those of the OpenAI API
server (``vllm serve``, the ``OPENAI_API_SERVER`` usage context), all from vllm-project/vllm:

* **V0** (before 0.8, or 0.8–0.10 run with ``VLLM_USE_V1=0``): ``SchedulerConfig``
  ``max_num_seqs`` 256; without chunked prefill a step holds ``max(max_model_len, 2048)``
  tokens (the profile run too); chunked prefill turns itself on above a 32K context, 512 tokens a
  step (vllm issue #10517).
* **V1** (the default engine from 0.8.0; V0 removed by 0.11): chunked prefill always on
  (``EngineArgs._set_default_args_v1``), so the step budget is the usage context's default,
  not ``max_model_len``; the defaults moved four times (``vllm/engine/arg_utils.py``):

  - V1 as first made default (0.8.0): 8,192 tokens on H100 / H200 by device name, else 2,048
    (PR #12369, 2025-01-23); ``max_num_seqs`` 1,024 everywhere (PR #16158's description);
  - PR #16158 (2025-04-07, first in 0.8.4, UNCERTAIN): ``max_num_seqs`` back to 256 except on
    H100 / H200;
  - PR #17073 (2025-04-23, first in 0.8.5, UNCERTAIN): the larger pair (8,192 / 1,024) for every
    GPU whose ``get_device_total_memory()`` is ≥ 70 GiB instead of by name;
  - PR #17885 (2025-05-09, first in 0.9.0): A100s excepted ("Setting large
    ``max_num_batched_tokens`` for A100 reduces throughput"), as at v0.11.0
    (``EngineArgs.get_batch_defaults``).

  Then ``max_num_batched_tokens = min(max_num_seqs × max_model_len, budget)`` and
  ``max_num_seqs = min(max_num_seqs, max_num_batched_tokens)``
  (``_set_default_max_num_seqs_and_batched_tokens_args``). Where the device cannot be queried
  vLLM takes the small pair; so do we with no GPU.

The release each PR first shipped in is DERIVED from the merge date and the release dates
(UNCERTAIN to the patch release where marked).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..hardware.specs import GpuSpec
from ..units import GiB
from ..workload import Workload

Version = tuple[int, int, int]

VLLM_V1_SINCE: Version = (0, 8, 0)
"""First release whose default engine is V1 (``VLLM_USE_V1`` on by default)."""
VLLM_V0_REMOVED: Version = (0, 11, 0)
"""From this release there is no V0 engine to ask for (the brief's reading of the 0.10 / 0.11
release notes: V0 code removed)."""
VLLM_NEWEST_ERA: Version = (0, 9, 0)
"""The era assumed when ``environment`` names no vLLM version: PR #17885's defaults, unchanged
at v0.11.0 (and said in the estimate's assumptions)."""
VLLM_LARGE_GPU_GIB = 70
"""V1 gives the larger defaults to devices of at least this many GiB (PR #17073)."""
V0_MAX_NUM_SEQS = 256
V0_MIN_BATCHED_TOKENS = 2048
V0_CHUNKED_TOKENS = 512
V0_CHUNKED_ABOVE = 32768
"""V0 ``SchedulerConfig``: 256 sequences, ``max(max_model_len, 2048)`` tokens a step; chunked
prefill by itself above a 32K context with 512 tokens a step (vllm issue #10517: the profile
peak drops from 17.98 GiB at 29K to 15.05 GiB at 35K)."""
V1_SERVER_TOKENS = {True: 8192, False: 2048}
"""V1 OpenAI-server ``max_num_batched_tokens`` for large / other GPUs (PR #12369; the ``LLM``
class uses 16,384 / 8,192)."""
V1_SEQS = {True: 1024, False: 256}
"""V1 ``max_num_seqs`` for large / other GPUs from PR #16158 on (1,024 for all before it)."""

_VERSION = re.compile(r"vllm[\s_~:=-]*v?(\d+)\.(\d+)(?:\.(\d+))?", re.IGNORECASE)
_V0_NAMED = re.compile(r"\bV0 engine\b|VLLM_USE_V1\s*=\s*0", re.IGNORECASE)


class VllmEra(NamedTuple):
    """The vLLM engine a workload runs and its scheduler defaults on one GPU."""

    version: Version | None
    """As ``environment`` names it; None when it names none (:data:`VLLM_NEWEST_ERA` taken)."""
    v1: bool
    default_seqs: int
    default_budget: int
    """V1 ``max_num_batched_tokens`` default before the ``max_model_len`` cap; 0 under V0."""


def vllm_version(environment: str | None) -> Version | None:
    """(major, minor, patch) of the vLLM release ``environment`` names, or None.

    Reads "vLLM v0.11.0", "vLLM 0.6.6", "vLLM ~0.6", "rocm/vllm:rocm7.0.0_vllm_0.10.2_20251006".
    """
    m = _VERSION.search(environment or "")
    if not m:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def _large_gpu(gpu: GpuSpec | None, version: Version) -> bool:
    """Whether V1 at ``version`` gives ``gpu`` the larger scheduler defaults (module docstring)."""
    if gpu is None:
        return False
    name = f"{gpu.id} {gpu.name}".lower()
    if version < (0, 8, 5):
        return "h100" in name or "h200" in name
    big = gpu.usable_memory_bytes >= VLLM_LARGE_GPU_GIB * GiB
    return big and (version < (0, 9, 0) or "a100" not in name)


def vllm_era(w: Workload, gpu: GpuSpec | None) -> VllmEra:
    """The engine and scheduler defaults of ``w``'s vLLM version on ``gpu`` (module docstring)."""
    version = vllm_version(w.environment)
    v = version or VLLM_NEWEST_ERA
    v0_named = v < VLLM_V0_REMOVED and bool(_V0_NAMED.search(w.environment or ""))
    if v < VLLM_V1_SINCE or v0_named:
        return VllmEra(version, False, V0_MAX_NUM_SEQS, 0)
    large = _large_gpu(gpu, v)
    seqs = V1_SEQS[large] if v >= (0, 8, 4) else V1_SEQS[True]
    return VllmEra(version, True, seqs, V1_SERVER_TOKENS[large])


def vllm_batch_defaults(w: Workload, gpu: GpuSpec | None, max_model_len: int) -> tuple[int, int]:
    """``(max_num_seqs, max_num_batched_tokens)`` vLLM starts ``w`` with on ``gpu``.

    The workload's own values where given, else the era's defaults (module docstring).
    """
    era = vllm_era(w, gpu)
    seqs = w.max_num_seqs or era.default_seqs
    if w.max_num_batched_tokens:
        tokens = w.max_num_batched_tokens
    elif not era.v1:
        tokens = (
            V0_CHUNKED_TOKENS
            if max_model_len > V0_CHUNKED_ABOVE
            else max(max_model_len, V0_MIN_BATCHED_TOKENS)
        )
    else:
        tokens = min(seqs * max_model_len, era.default_budget)
    if not w.max_num_seqs and era.v1:
        seqs = min(seqs, tokens)
    return seqs, tokens


def chunked_step_budget(w: Workload, gpu: GpuSpec | None) -> int:
    """Tokens one vLLM step mixes (decodes + prefill chunks), or 0 when its prefills run alone.

    V1 always chunks; V0 only above a 32K ``max_model_len``, or with a given budget below
    ``max_model_len`` (which V0 accepts only with ``--enable-chunked-prefill``).
    """
    mml = w.max_model_len or w.context_tokens()
    era = vllm_era(w, gpu)
    chunked = mml > V0_CHUNKED_ABOVE or (w.max_num_batched_tokens or mml) < mml
    if not era.v1 and not chunked:
        return 0
    return vllm_batch_defaults(w, gpu, mml)[1]


__all__ = [
    "VllmEra",
    "chunked_step_budget",
    "vllm_batch_defaults",
    "vllm_era",
    "vllm_version",
]
