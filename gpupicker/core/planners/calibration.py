"""Calibration on the user's own runs: correct memory and speed estimates per engine, task, GPU.

A *run* records what a job really used on one GPU type: the peak memory per GPU (typed, or
read from pasted ``nvidia-smi`` output) and/or its tokens/s, or the figures of a pasted
vLLM / llama.cpp start-up log (:func:`parse_log`). For each (engine = ``framework``, task,
GPU id) the runs give two correction factors, each the geometric mean of recorded/estimated
over the runs (one run: exactly recorded/estimated):

* memory: every component of the peak per GPU is scaled by the factor (the breakdown keeps
  its shape; the total moves to the recorded figure for the same workload, and nearby
  workloads — other batch, context, model size — move in proportion);
* speed: every rate is scaled by the speed factor (seconds per image divided by it).

Estimates are recomputed from each run's stored workload with today's model every time a
:class:`Calibration` is built, so a model change or a removed run never leaves a stale
factor. The error before/after is the median ``|estimate/recorded − 1|`` over the runs
without and with the factor (in-sample: with one run the error after is 0).

Tokens/s are compared with: training tokens/s over all GPUs (training tasks), generated
tokens/s summed over the batch (inference, ``batch`` > 1) or per sequence (``batch`` = 1).
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..hardware.specs import GpuSpec
from ..messages import Message, error_message, join, msg
from ..results import BREAKDOWN_COMPONENTS, MemoryEstimate, Throughput
from ..units import GiB, MiB
from ..workload import Workload

VLLM_DEFAULT_BLOCK_SIZE = 16
"""Tokens per KV block in vLLM when the log does not say (``--block-size`` default on CUDA,
vllm/config CacheConfig.block_size)."""


class CalibrationRun(BaseModel):
    """One recorded run. Bytes per GPU; tokens/s as described in the module docstring.

    Attributes:
        workload: the workload JSON as recorded (model resolved, so it survives catalog edits).
        gpu_id: catalog GPU id the run used.
        peak_bytes: peak memory per GPU (``nvidia-smi`` "used"), None when not recorded.
        tokens_per_s: measured speed, None when not recorded.
        kv_blocks / kv_tokens: vLLM KV-cache blocks / tokens from the start-up log.
        weights_bytes / kv_bytes / compute_buffer_bytes: per GPU, from a start-up log.
        n_ctx: llama.cpp context length from its log.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: int | None = None
    created_at: str = ""
    workload: dict[str, Any] = Field(default_factory=dict)
    gpu_id: str = Field(min_length=1)
    peak_bytes: int | None = Field(default=None, gt=0)
    tokens_per_s: float | None = Field(default=None, gt=0)
    kv_blocks: int | None = None
    kv_tokens: int | None = None
    weights_bytes: int | None = None
    kv_bytes: int | None = None
    compute_buffer_bytes: int | None = None
    n_ctx: int | None = None
    note: str = ""

    def workload_model(self) -> Workload:
        """The recorded workload (raises pydantic.ValidationError when it no longer validates)."""
        return Workload.model_validate(self.workload)

    def key(self) -> tuple[str, str, str]:
        """(engine, task, gpu_id) the run calibrates."""
        w = self.workload
        return (str(w.get("framework") or "transformers").lower(), str(w.get("task") or ""), self.gpu_id)


# --------------------------------------------------------------------------------------------
# log parsing
# --------------------------------------------------------------------------------------------
_NUM = r"([0-9][0-9,]*(?:\.[0-9]+)?)"
_PATTERNS: tuple[tuple[str, re.Pattern[str], float], ...] = (
    # vLLM V0 (vllm/executor/*: logger.info("# GPU blocks: %d, # CPU blocks: %d", …))
    ("kv_blocks", re.compile(r"#\s*GPU blocks:\s*" + _NUM), 1.0),
    # vLLM V1 (vllm/v1/core/kv_cache_utils.py: "GPU KV cache size: %s tokens")
    ("kv_tokens", re.compile(r"GPU KV cache size:\s*" + _NUM + r"\s*tokens"), 1.0),
    # vLLM model runner: "Model loading took %.4f GiB and …" / older "Loading model weights
    # took %.4f GB"
    (
        "weights_bytes",
        re.compile(r"(?:Model loading|Loading model weights) took\s*" + _NUM + r"\s*Gi?B"),
        GiB,
    ),
    ("kv_bytes", re.compile(r"Available KV cache memory:\s*" + _NUM + r"\s*GiB"), GiB),
    # llama.cpp (src/llama-model.cpp, llama-kv-cache.cpp, llama-context.cpp):
    # "CUDA0 model buffer size =  4403.49 MiB", "CUDA0 KV buffer size = 512.00 MiB",
    # "CUDA0 compute buffer size = 296.00 MiB", "n_ctx = 4096"
    ("weights_bytes", re.compile(r"CUDA\d+\s+(?:model\s+)?buffer size\s*=\s*" + _NUM + r"\s*MiB"), MiB),
    ("kv_bytes", re.compile(r"CUDA\d+\s+KV buffer size\s*=\s*" + _NUM + r"\s*MiB"), MiB),
    ("kv_bytes", re.compile(r"KV self size\s*=\s*" + _NUM + r"\s*MiB"), MiB),
    ("compute_buffer_bytes", re.compile(r"CUDA\d+\s+compute buffer size\s*=\s*" + _NUM + r"\s*MiB"), MiB),
    ("n_ctx", re.compile(r"\bn_ctx\s*=\s*" + _NUM), 1.0),
)
_BLOCK_SIZE = re.compile(r"block_size[=:\s]+(\d+)")
_SMI_USED = re.compile(r"(\d+)\s*MiB\s*/\s*(\d+)\s*MiB")


MAX_LOG_FIGURE = 1 << 60
"""Largest figure read from a log (bytes, tokens or blocks): about 10^18, a million times
the memory of any GPU. A larger one (a 400-digit number) is damage, not a measurement."""
MAX_BLOCK_SIZE = 4096
"""Largest KV block size accepted from a log (vLLM's choices are 1 … 256 tokens)."""


def _figure(name: str, value: float) -> int:
    """``value`` as an int, refusing what no log can mean (inf, > :data:`MAX_LOG_FIGURE`)."""
    if not math.isfinite(value) or value > MAX_LOG_FIGURE:
        raise ValueError(msg("calibration.log_figure_absurd", figure=name))
    return int(round(value))


def parse_log(text: str) -> dict[str, int]:
    """Figures from a pasted vLLM or llama.cpp start-up log, or ``nvidia-smi`` output.

    Raises:
        ValueError: a figure beyond :data:`MAX_LOG_FIGURE`, a ``block_size`` outside 1 …
            :data:`MAX_BLOCK_SIZE`, or a KV cache of 0 tokens or blocks (the engine had no
            room for one: not a run to calibrate on), each as a core Message.

    Returns only what was found: ``kv_blocks``, ``kv_tokens``, ``weights_bytes``,
    ``kv_bytes``, ``compute_buffer_bytes``, ``n_ctx`` and ``peak_bytes`` (the largest
    "used" figure of an ``nvidia-smi`` table, per GPU). vLLM V1 logs only tokens: blocks =
    tokens / block size (``block_size=N`` in the log, else 16); V0 logs blocks: tokens =
    blocks × block size. llama.cpp buffers on several GPUs are summed per kind (a split
    model): that is the total over the GPUs, divided by their count in :func:`make_run`.
    """
    out: dict[str, int] = {}
    sums: dict[str, float] = {}
    for line in text.splitlines():
        for name, pat, unit in _PATTERNS:
            m = pat.search(line)
            if m and not (name == "weights_bytes" and "compute" in line.lower()):
                value = float(m.group(1).replace(",", "")) * unit
                if name in ("weights_bytes", "kv_bytes", "compute_buffer_bytes") and unit == MiB:
                    sums[name] = sums.get(name, 0.0) + value
                else:
                    out[name] = _figure(name, value)
                break
    for name, v in sums.items():
        out.setdefault(name, _figure(name, v))
    bs = _BLOCK_SIZE.search(text)
    block = VLLM_DEFAULT_BLOCK_SIZE
    if bs:
        digits = bs.group(1)
        block = int(digits) if len(digits) <= 6 else 0
        if not 1 <= block <= MAX_BLOCK_SIZE:
            raise ValueError(msg("calibration.log_block_size", value=digits[:12], limit=MAX_BLOCK_SIZE))
    for name in ("kv_tokens", "kv_blocks"):
        if out.get(name) == 0:
            raise ValueError(msg("calibration.log_no_kv"))
    if "kv_tokens" in out and "kv_blocks" not in out:
        out["kv_blocks"] = out["kv_tokens"] // block
    elif "kv_blocks" in out and "kv_tokens" not in out:
        out["kv_tokens"] = out["kv_blocks"] * block
    used = [float(m.group(1)) for m in _SMI_USED.finditer(text)]
    if used:
        out["peak_bytes"] = _figure("peak_bytes", max(used) * MiB)
    return out


# --------------------------------------------------------------------------------------------
# factors
# --------------------------------------------------------------------------------------------
def _measured_speed(w: Workload, t: Throughput) -> float:
    if w.is_training:
        return t.train_tokens_per_s or 0.0
    if t.seconds_per_image:
        return 1.0 / t.seconds_per_image
    if w.batch > 1:
        return t.aggregate_decode_tokens_per_s or 0.0
    return t.decode_tokens_per_s or 0.0


class Factor(BaseModel):
    """One correction: ``factor`` = recorded/estimated (geometric mean over ``runs``)."""

    model_config = ConfigDict(frozen=True)

    factor: float
    runs: int
    error_before: float
    error_after: float


def _factor(pairs: list[tuple[float, float]]) -> Factor | None:
    """``pairs`` of (estimated, recorded) → a :class:`Factor`, or None.

    None when there are none or the correction would not lower the median error on those runs
    (then the model's own estimate stays: runs that disagree with each other are no basis for
    a correction).

    The factor is the median of recorded/estimated (robust to one mistyped run); with one or
    two runs that is their geometric mean.
    """
    pairs = [(e, r) for e, r in pairs if e > 0 and r > 0]
    if not pairs:
        return None
    f = math.exp(statistics.median(math.log(r / e) for e, r in pairs))
    before = statistics.median(abs(e / r - 1) for e, r in pairs)
    after = statistics.median(abs(e * f / r - 1) for e, r in pairs)
    if after >= before:
        return None
    return Factor(factor=f, runs=len(pairs), error_before=before, error_after=after)


PLAUSIBLE_RATIO = 4.0
"""A recorded figure more than this factor away from the estimate is refused as a likely unit
or typing mistake (MiB for GiB, tokens/min for tokens/s): the H200 and public validation cases
are within ±10 % in memory and ±45 % in speed (``make accuracy``), so 4× is far outside the
model's error."""


def check_plausible(run: CalibrationRun, gpu: GpuSpec, estimated_bytes: int, estimated_speed: float) -> None:
    """Refuse a run that cannot be what the job used on ``gpu``.

    Args:
        run: the run to store.
        gpu: the GPU it ran on.
        estimated_bytes: the model's peak for the run's workload (bytes per GPU).
        estimated_speed: the model's speed in the run's unit (tokens/s, images/s).

    Raises:
        ValueError: a peak above the GPU's memory, or a peak or speed more than
            :data:`PLAUSIBLE_RATIO` × away from the estimate; the sentence names the figure.
    """
    cap = gpu.memory_bytes  # binary GiB, as nvidia-smi reports (24 GB RTX 4090: 24,564 MiB)
    if run.peak_bytes:
        gib = run.peak_bytes / GiB
        if run.peak_bytes > cap * 1.001:
            raise ValueError(
                msg(
                    "calibration.peak_over_capacity", gib=f"{gib:,.2f}", cap=f"{cap / GiB:,.1f}", gpu=gpu.name
                )
            )
        ratio = run.peak_bytes / estimated_bytes if estimated_bytes else 1.0
        if not 1 / PLAUSIBLE_RATIO <= ratio <= PLAUSIBLE_RATIO:
            raise ValueError(
                msg(
                    "calibration.peak_implausible",
                    gib=f"{gib:,.3g}",
                    ratio=f"{ratio:.3g}",
                    estimate=f"{estimated_bytes / GiB:,.2f}",
                )
            )
    if run.tokens_per_s and estimated_speed:
        ratio = run.tokens_per_s / estimated_speed
        if not 1 / PLAUSIBLE_RATIO <= ratio <= PLAUSIBLE_RATIO:
            raise ValueError(
                msg(
                    "calibration.speed_implausible",
                    rate=f"{run.tokens_per_s:,.4g}",
                    ratio=f"{ratio:.3g}",
                    estimate=f"{estimated_speed:,.1f}",
                )
            )


class Calibration:
    """Memory and speed factors per (engine, task, GPU id), from the user's runs.

    Build with :meth:`from_runs`; :meth:`apply` corrects one estimate.
    """

    def __init__(
        self,
        memory: dict[tuple[str, str, str], Factor],
        speed: dict[tuple[str, str, str], Factor],
        skipped: Sequence[Message] = (),
    ) -> None:
        """Use :meth:`from_runs`."""
        self.memory = memory
        self.speed = speed
        self.skipped = tuple(skipped)

    def __bool__(self) -> bool:
        """True when any factor exists."""
        return bool(self.memory or self.speed)

    @classmethod
    def from_runs(cls, runs: Iterable[CalibrationRun], gpus: Sequence[GpuSpec]) -> Calibration:
        """Recompute today's estimate for every run and derive the factors.

        A run whose workload no longer validates or whose GPU is gone is skipped and named
        in ``skipped`` (one Message per run: "run ID: why").
        """
        from ..memory import estimate_memory
        from ..speed.throughput import estimate_throughput

        by_id = {g.id: g for g in gpus}
        mem: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
        spd: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
        skipped: list[Message] = []
        for run in runs:
            gpu = by_id.get(run.gpu_id)
            try:
                w = run.workload_model()
                if gpu is None:
                    raise ValueError(msg("calibration.gpu_not_in_catalog", gpu_id=repr(run.gpu_id)))
                m = estimate_memory(w, gpu, w.num_gpus)
                key = run.key()
                if run.peak_bytes:
                    mem.setdefault(key, []).append((float(m.total_bytes), float(run.peak_bytes)))
                if run.tokens_per_s:
                    t = estimate_throughput(w, gpu, w.num_gpus, m if m.gpu_layers is not None else None)
                    spd.setdefault(key, []).append((_measured_speed(w, t), run.tokens_per_s))
            except ValueError as exc:  # pydantic.ValidationError is a ValueError
                skipped.append(msg("calibration.run_skipped", run=str(run.id), error=error_message(exc)))
        return cls(
            {k: f for k, v in mem.items() if (f := _factor(v))},
            {k: f for k, v in spd.items() if (f := _factor(v))},
            skipped,
        )

    def factors_for(self, w: Workload, gpu_id: str) -> tuple[Factor | None, Factor | None]:
        """(memory factor, speed factor) for ``w`` on ``gpu_id`` (None where no run)."""
        key = (w.framework.lower(), w.task, gpu_id)
        return self.memory.get(key), self.speed.get(key)

    def apply(
        self, w: Workload, gpu_id: str, mem: MemoryEstimate, t: Throughput
    ) -> tuple[MemoryEstimate, Throughput, Message | str]:
        """Corrected memory and speed for ``w`` on ``gpu_id``, and the sentence saying so.

        ``''`` and the inputs unchanged when no run matches.
        """
        fm, fs = self.factors_for(w, gpu_id)
        if fm is None and fs is None:
            return mem, t, ""
        if fm is not None:
            mem = scale_memory(mem, fm.factor)
        if fs is not None:
            t = scale_speed(t, fs.factor)
        return mem, t, calibrated_text(fm, fs)


def calibrated_text(fm: Factor | None, fs: Factor | None) -> Message:
    """The note on a calibrated estimate: "Calibrated on your N run(s) (memory ×F, …).".

    Args:
        fm: the memory factor applied, or ``None``.
        fs: the speed factor applied, or ``None`` (at least one of the two is given).

    Raises:
        ValueError: both are ``None``.
    """
    if fm is None and fs is None:
        raise ValueError("calibrated_text needs a memory or a speed factor")
    n = max(f.runs for f in (fm, fs) if f is not None)
    params: dict[str, str | int] = {"n": n}
    if fm is not None:
        params.update(mf=f"{fm.factor:.3f}", mb=f"{fm.error_before:.1%}", ma=f"{fm.error_after:.1%}")
    if fs is not None:
        params.update(sf=f"{fs.factor:.3f}", sb=f"{fs.error_before:.1%}", sa=f"{fs.error_after:.1%}")
    one = n == 1
    if fm is not None and fs is not None:
        id_ = "calibration.both.one" if one else "calibration.both.many"
    elif fm is not None:
        id_ = "calibration.memory.one" if one else "calibration.memory.many"
    else:
        id_ = "calibration.speed.one" if one else "calibration.speed.many"
    return join([msg(id_, **params)])


def scale_memory(mem: MemoryEstimate, factor: float) -> MemoryEstimate:
    """Every component × ``factor`` (bytes rounded), the assumption named."""
    upd: dict[str, object] = {
        f"{c}_bytes": int(round(getattr(mem, f"{c}_bytes") * factor)) for c in BREAKDOWN_COMPONENTS
    }
    upd["assumptions"] = (*mem.assumptions, join([msg("calibration.scaled_memory", factor=f"{factor:.3f}")]))
    return mem.model_copy(update=upd)


def scale_speed(t: Throughput, factor: float) -> Throughput:
    """Every rate × ``factor``, seconds per image ÷ ``factor``."""
    upd: dict[str, object] = {}
    for name in (
        "decode_tokens_per_s",
        "aggregate_decode_tokens_per_s",
        "prefill_tokens_per_s",
        "train_tokens_per_s",
    ):
        v = getattr(t, name)
        if v is not None:
            upd[name] = v * factor
    if t.seconds_per_image is not None:
        upd["seconds_per_image"] = t.seconds_per_image / factor
    upd["assumptions"] = (*t.assumptions, join([msg("calibration.scaled_speed", factor=f"{factor:.3f}")]))
    return t.model_copy(update=upd)


def make_run(
    w: Workload,
    gpu_id: str,
    *,
    peak_gib: float | None = None,
    tokens_per_s: float | None = None,
    log_text: str = "",
) -> CalibrationRun:
    """A run from CLI/GUI input: typed figures win over figures read from ``log_text``.

    Raises:
        ValueError: nothing to calibrate on (no peak, no speed, no figure in the log).
    """
    found = parse_log(log_text) if log_text else {}
    n = max(1, w.num_gpus)
    for name in ("weights_bytes", "kv_bytes", "compute_buffer_bytes"):
        if name in found and "CUDA1" in log_text:
            found[name] //= n
    peak = int(peak_gib * GiB) if peak_gib is not None else found.get("peak_bytes")
    if log_text and not found:
        raise ValueError(msg("calibration.log_unreadable"))
    if peak is None and tokens_per_s is None and not found:
        raise ValueError(msg("calibration.nothing_to_calibrate"))
    data = w.model_dump(mode="json", exclude_none=True)
    # model_validate: the log's figures are keyword data for the int fields it names
    return CalibrationRun.model_validate(
        {
            "workload": data,
            "gpu_id": gpu_id,
            "peak_bytes": peak,
            "tokens_per_s": tokens_per_s,
            **{k: v for k, v in found.items() if k != "peak_bytes"},
        }
    )


def calibrate_report(
    report: dict[str, Any], w: Workload, gpu: GpuSpec, cal: Calibration | None
) -> dict[str, Any]:
    """``gpupicker estimate``'s dict corrected by ``cal`` for ``w``'s engine, task and GPU.

    Adds ``calibration`` (the sentence), ``uncalibrated_total_bytes`` and scales
    ``total_bytes``, ``total_gib``, ``breakdown``, ``fits`` and the speed keys. Unchanged
    when no run matches.
    """
    if not cal:
        return report
    fm, fs = cal.factors_for(w, gpu.id)
    if fm is None and fs is None:
        return report
    out = dict(report)
    if fm is not None:
        bd = {k: int(round(v * fm.factor)) for k, v in report["breakdown"].items()}
        out["uncalibrated_total_bytes"] = report["total_bytes"]
        out["breakdown"] = bd
        out["total_bytes"] = sum(bd.values())
        out["total_gib"] = round(out["total_bytes"] / GiB, 3)
        if "fits" in out:  # the engine's own verdict (vLLM) is kept
            cap = gpu.usable_memory_bytes
            engine_ok = bool(report["fits"]) or report["total_bytes"] > cap
            out["fits"] = out["total_bytes"] <= cap and engine_ok
    if fs is not None:
        for k in (
            "train_tokens_per_s",
            "decode_tokens_per_s",
            "aggregate_decode_tokens_per_s",
            "prefill_tokens_per_s",
        ):
            if out.get(k) is not None:
                out[k] = round(out[k] * fs.factor, 2)
        for k in ("seconds_per_image", "hours"):
            if out.get(k) is not None:
                out[k] = round(out[k] / fs.factor, 4)
    out["calibration"] = calibrated_text(fm, fs)
    return out


__all__ = [
    "Calibration",
    "CalibrationRun",
    "Factor",
    "calibrate_report",
    "calibrated_text",
    "make_run",
    "parse_log",
    "scale_memory",
    "scale_speed",
]
