"""Frozen result models shared by the calculator, the CLI, the plots and the results page.

One field per term, units in the field names. The UI and the CLI only display
these; they never compute.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SkipValidation

from .lazy_text import LazyText
from .messages import Text

BREAKDOWN_COMPONENTS: tuple[str, ...] = (
    "weights",
    "kv_cache",
    "activations",
    "logits",
    "gradients",
    "optimizer",
    "adapters",
    "quant_workspace",
    "optimizer_temp",
    "engine_reserve",
    "allocator_overhead",
    "cuda_context",
)
"""Memory components, in the order plots stack them."""

_COMPONENT_FIELDS = tuple(f"{c}_bytes" for c in BREAKDOWN_COMPONENTS)
"""The :class:`MemoryEstimate` field of each component: the one list the total sums."""
_COMPONENT_VALUES = attrgetter(*_COMPONENT_FIELDS)
"""The components' bytes of a MemoryEstimate as a tuple, in order (one C call: the fit verdict
reads the total of every GPU × count of a ranking)."""

COMPONENT_LABELS: dict[str, str] = {
    "weights": "Weights",
    "kv_cache": "KV cache",
    "activations": "Activations",
    "logits": "Logits / loss (fp32)",
    "gradients": "Gradients",
    "optimizer": "Optimizer states",
    "adapters": "LoRA adapters",
    "quant_workspace": "Dequantization workspace",
    "optimizer_temp": "Optimizer-step temporaries",
    "engine_reserve": "Engine reserve (CUDA graphs, compute buffers)",
    "allocator_overhead": "Allocator overhead (reserved − allocated)",
    "cuda_context": "CUDA context",
}
"""Plain-language names for the components (English source strings; the UI translates)."""


class CardMemory(BaseModel):
    """One card of a machine whose cards differ: what llama.cpp's layer split puts on it.

    Attributes:
        index: device index (``CUDA0`` = 0), the order of ``Workload.gpus``.
        gpu_id / gpu_name: the card's catalog id and name.
        layers: repeating layers on this card.
        output_layer: True for the card that holds the output layer (``output.weight`` and the
            logits): the last card of the split (llama.cpp ``load_tensors``).
        weights_bytes / kv_cache_bytes / compute_buffer_bytes / cuda_context_bytes: what
            llama.cpp's load log shows per device (``CUDA<i> buffer size``, ``KV buffer size``,
            ``compute buffer size``) and the process's CUDA context, bytes.
        capacity_bytes: what the card offers: its free memory when given, else its usable
            capacity, bytes.
        bandwidth_gbps: the card's memory bandwidth, GB/s (its share of the time per token).
    """

    model_config = ConfigDict(frozen=True)

    index: int
    gpu_id: str
    gpu_name: str
    layers: int
    output_layer: bool = False
    weights_bytes: int = 0
    kv_cache_bytes: int = 0
    compute_buffer_bytes: int = 0
    cuda_context_bytes: int = 0
    capacity_bytes: int = 0
    bandwidth_gbps: float = 0.0

    @property
    def total_bytes(self) -> int:
        """Peak on this card in bytes (weights + KV + compute buffer + CUDA context)."""
        return self.weights_bytes + self.kv_cache_bytes + self.compute_buffer_bytes + self.cuda_context_bytes

    @property
    def fits(self) -> bool:
        """True when this card's peak is within its capacity."""
        return self.total_bytes <= self.capacity_bytes


class Placement(BaseModel):
    """Where a llama.cpp job's bytes live: the GPU, and the host RAM of the machine.

    Built by :mod:`gpupicker.core.memory.placement`. GPU-side figures are the
    :class:`MemoryEstimate` fields; this record holds the host side and the choices.

    Attributes:
        n_cpu_moe: layers (from the first) whose routed experts are in host RAM
            (llama.cpp ``--n-cpu-moe N``); 0 when none are.
        moe_layers_on_host: MoE layers among those ``n_cpu_moe`` (dense first layers have
            no experts to move).
        moe_layers: MoE layers of the model.
        auto: ``n_cpu_moe`` was chosen (``"auto"``, or llama.cpp's default ``--fit``) rather
            than given.
        kv_on_host: the KV cache is in host RAM (llama.cpp ``--no-kv-offload``).
        host_expert_bytes: routed-expert weights held in host RAM (bytes).
        host_weights_bytes: other weights in host RAM: token embeddings and the whole
            layers left off the GPU (``-ngl`` below the layer count), bytes.
        host_kv_bytes: KV cache in host RAM (bytes).
        host_buffers_bytes: the CPU compute buffer and output buffer (bytes).
        host_reserve_bytes: what the operating system and the engine process keep (bytes).
        host_ram_bytes: RAM of the machine (bytes; None: not given, not checked).
        unified: one memory pool shared by CPU and GPU (Apple, DGX Spark, Ryzen AI Max).
        host_read_bytes_per_token: bytes the CPU reads from host RAM per decode step.
        host_ram_bandwidth_gbps: the host RAM bandwidth assumed (GB/s, peak).
        host_bandwidth_source: where that figure comes from (machine class or the workload).
        pcie_gbps: host-to-GPU copy bandwidth assumed for prompt processing (GB/s).
        host_fits: False when the host side needs more RAM than the machine has; None when
            no RAM figure was given.
        ram_short_bytes: how much more RAM the placement needs (0 when it fits).
        pool_gpu_bytes: on a unified machine, the GPU side's bytes, which come out of the same
            RAM (0 on a discrete GPU).
    """

    model_config = ConfigDict(frozen=True)

    n_cpu_moe: int = 0
    moe_layers_on_host: int = 0
    moe_layers: int = 0
    auto: bool = False
    kv_on_host: bool = False
    host_expert_bytes: int = 0
    host_weights_bytes: int = 0
    host_kv_bytes: int = 0
    host_buffers_bytes: int = 0
    host_reserve_bytes: int = 0
    host_ram_bytes: int | None = None
    unified: bool = False
    host_read_bytes_per_token: float = 0.0
    host_ram_bandwidth_gbps: float = 0.0
    host_bandwidth_source: Text = ""
    pcie_gbps: float = 0.0
    host_fits: bool | None = None
    ram_short_bytes: int = 0
    pool_gpu_bytes: int = 0

    @property
    def ram_need_bytes(self) -> int:
        """RAM the machine needs: the host side, plus the GPU side on one unified pool (bytes)."""
        return self.host_total_bytes + self.pool_gpu_bytes

    @property
    def host_total_bytes(self) -> int:
        """Host RAM the placement needs, reserve included (bytes)."""
        return (
            self.host_expert_bytes
            + self.host_weights_bytes
            + self.host_kv_bytes
            + self.host_buffers_bytes
            + self.host_reserve_bytes
        )

    @property
    def host_model_bytes(self) -> int:
        """Weights held in host RAM (experts + other weights), bytes.

        What llama.cpp logs as ``CPU_Mapped model buffer size``.
        """
        return self.host_expert_bytes + self.host_weights_bytes


class MemoryEstimate(BaseModel):
    """Expected peak GPU memory **per GPU**, as ``nvidia-smi`` would show it.

    Every ``*_bytes`` field is an integer number of bytes on one GPU.
    ``total_bytes`` is their sum (CUDA context included).

    Attributes:
        num_gpus: GPUs the job is split over (the per-GPU figures already divide).
        max_concurrent_seqs: for serving engines with a KV pool (vLLM): how many
            sequences of the workload's context fit at once; ``None`` otherwise.
        gpu_layers: for llama.cpp partial offload: transformer layers on the GPU
            (``None`` = all).
        engine_message: the engine's own start-up error when ``engine_fits`` is False.
        kv_pool_tokens: tokens the engine's KV pool holds per GPU (vLLM blocks × 16).
        placement: llama.cpp / Ollama: what is in host RAM (experts, layers, KV) and whether
            the machine's RAM holds it (:class:`Placement`); None for other engines.
        engine_fits: ``False`` when the engine itself would refuse the job whatever
            the byte count says (vLLM: KV pool smaller than one sequence);
            ``None`` when bytes alone decide (see ``memory.fits_on``).
        assumptions: short sentences naming each assumption (shown in tooltips).
    """

    model_config = ConfigDict(frozen=True)

    weights_bytes: int = 0
    kv_cache_bytes: int = 0
    activations_bytes: int = 0
    logits_bytes: int = 0
    gradients_bytes: int = 0
    optimizer_bytes: int = 0
    adapters_bytes: int = 0
    quant_workspace_bytes: int = 0
    optimizer_temp_bytes: int = 0
    engine_reserve_bytes: int = 0
    allocator_overhead_bytes: int = 0
    cuda_context_bytes: int = 0
    num_gpus: int = 1
    max_concurrent_seqs: int | None = None
    gpu_layers: int | None = None
    engine_fits: bool | None = None
    engine_message: Text = ""
    kv_pool_tokens: int | None = None
    placement: Placement | None = None
    trainable_params: int = 0
    total_params: int = 0
    assumptions: tuple[Text, ...] = ()
    cards: tuple[CardMemory, ...] = ()
    """A machine of unlike cards (``Workload.gpus``): each card's share; the per-GPU fields
    above are then those of the card closest to full (core.memory.mixed)."""
    tensor_split: tuple[float, ...] = ()
    """The ``--tensor-split`` that gives ``cards`` their layers (layers per card, the output
    layer counted on the last one); empty without ``cards``."""

    @property
    def total_bytes(self) -> int:
        """Sum of the :data:`BREAKDOWN_COMPONENTS` on one GPU, in bytes (what breakdown() lists)."""
        return int(sum(_COMPONENT_VALUES(self)))

    def breakdown(self) -> dict[str, int]:
        """Component name → bytes per GPU, in :data:`BREAKDOWN_COMPONENTS` order."""
        return dict(zip(BREAKDOWN_COMPONENTS, map(int, _COMPONENT_VALUES(self)), strict=True))

    def engine_keys(self) -> dict[str, object]:
        """The engine's verdict as ``gpupicker estimate`` prints it, for one card or a machine.

        ``engine_starts`` False (with the engine's own ``engine_error`` when it gave one) when
        the engine refuses the job, and ``gpu_layers`` for a llama.cpp partial offload; empty
        when the engine starts with every layer on the GPU.
        """
        out: dict[str, object] = {}
        if self.engine_fits is False:
            out["engine_starts"] = False
            if self.engine_message:
                out["engine_error"] = self.engine_message
        if self.gpu_layers is not None:
            out["gpu_layers"] = self.gpu_layers
        return out


class Throughput(BaseModel):
    """Speed figures for one GPU type × count. Rates are tokens/s unless named otherwise.

    Attributes:
        decode_tokens_per_s: per-sequence decode speed (batch as in the workload).
        aggregate_decode_tokens_per_s: decode tokens/s summed over the batch.
        prefill_tokens_per_s: prompt-processing speed (tokens/s).
        train_tokens_per_s: training tokens/s over all GPUs.
        seconds_per_image: image generation latency per image.
        output_tokens_per_s: generated tokens/s of the whole batch with its prefill included
            (throughput benchmarks: ``b·new / (prefill + decode)``).
        ttft_s / itl_s: time to first token of one request and inter-token latency (seconds).
        range_pct: ± percent the speed is expected to be within, from ``evidence``.
        evidence: the published measurements the engine/GPU profile was checked against.
        bound: ``"memory-bandwidth"``, ``"compute"``, ``"interconnect"``, ``"cpu-offload"``
            or ``"host-ram-bandwidth"`` (experts or KV read from host RAM by the CPU) — what
            limits it.
        efficiency: fraction of peak bandwidth (decode) or MFU (training) assumed.
        assumptions: sentences naming engine, efficiency/MFU and scaling assumed.
        offload_alternative: image jobs that only fit with sequential CPU offload: the clause
            naming the quantized denoiser that fits instead (no full stop; also one of the
            ``assumptions``), for the option's reason; ``""`` otherwise.
    """

    model_config = ConfigDict(frozen=True)

    decode_tokens_per_s: float | None = None
    aggregate_decode_tokens_per_s: float | None = None
    prefill_tokens_per_s: float | None = None
    train_tokens_per_s: float | None = None
    seconds_per_image: float | None = None
    output_tokens_per_s: float | None = None
    ttft_s: float | None = None
    itl_s: float | None = None
    range_pct: float | None = None
    evidence: Text = ""
    bound: str = ""
    efficiency: float | None = None
    assumptions: tuple[Text, ...] = ()
    offload_alternative: Text = ""

    def decode_keys(self) -> dict[str, float]:
        """The decode rates as ``gpupicker estimate`` prints them (tokens/s, 2 decimals).

        ``decode_tokens_per_s`` per sequence and ``aggregate_decode_tokens_per_s`` over the
        batch; empty for a job that does not decode.
        """
        if self.decode_tokens_per_s is None:
            return {}
        return {
            "decode_tokens_per_s": round(self.decode_tokens_per_s, 2),
            "aggregate_decode_tokens_per_s": round(self.aggregate_decode_tokens_per_s or 0.0, 2),
        }


class CostEstimate(BaseModel):
    """Money, time and energy for one option. Money in ``currency``; time in hours.

    Attributes:
        usd_per_hour: price of all GPUs of the option per wall-clock hour.
        hours: run length (training/image jobs) or ``None`` when open-ended.
        usd_total: ``usd_per_hour × hours``, when hours is known (a spot run's hours include
            its expected interruptions: core.spot).
        hours_low / hours_high, usd_total_low / usd_total_high: a spot run's hours and total
            at the low and high end of its interruption rate (None otherwise, and the high end
            None when the job cannot finish at that rate).
        spot_interruptions: interruptions a spot run expects (None otherwise).
        startup_hours: billed start-up included in ``hours`` (None: none billed).
        spot_unfinishable: True when a spot run is interrupted faster than it progresses at the
            middle of its rate range (no hours, no total).
        usd_per_month: for serving (hours/month a setting, default 730).
        usd_per_million_tokens: serving/generation cost per 1e6 output tokens.
        energy_kwh: GPU energy for the run (TDP × utilization × hours).
        kwh_per_million_tokens: GPU energy per 1e6 tokens produced (TDP known, speed known).
    """

    model_config = ConfigDict(frozen=True)

    currency: str = "USD"
    usd_per_hour: float = 0.0
    hours: float | None = None
    usd_total: float | None = None
    usd_per_month: float | None = None
    usd_per_million_tokens: float | None = None
    energy_kwh: float | None = None
    kwh_per_million_tokens: float | None = None
    assumptions: tuple[Text, ...] = ()
    hours_low: float | None = None
    hours_high: float | None = None
    usd_total_low: float | None = None
    usd_total_high: float | None = None
    spot_interruptions: float | None = None
    spot_unfinishable: bool = False
    startup_hours: float | None = None


class ServingPlan(BaseModel):
    """How one option serves ``requests_per_minute`` (see :mod:`gpupicker.core.speed.serving`).

    Attributes:
        replicas: independent engine instances; ``gpus_per_replica`` GPUs each.
        max_concurrent_seqs: sequences one replica holds at once at the request mix (its KV pool
            or memory, at most the engine's ``max_num_seqs``/slots).
        concurrent_seqs: sequences one replica runs at the offered load (Little's law).
        replica_decode_tokens_per_s: generated tokens/s of one replica at ``concurrent_seqs``.
        aggregate_decode_tokens_per_s: the same over all replicas.
        requests_per_s_capacity: requests/s one replica completes at ``max_concurrent_seqs``.
        ttft_s / itl_s: time to first token and inter-token latency at the offered load (s).
        meets_targets: False when a TTFT/ITL target cannot be met at any concurrency.
        notes: sentences naming the limits and targets.
    """

    model_config = ConfigDict(frozen=True)

    replicas: int = 1
    gpus_per_replica: int = 1
    max_concurrent_seqs: int = 0
    concurrent_seqs: int = 0
    replica_decode_tokens_per_s: float = 0.0
    aggregate_decode_tokens_per_s: float = 0.0
    requests_per_s_capacity: float = 0.0
    ttft_s: float = 0.0
    itl_s: float = 0.0
    meets_targets: bool = True
    notes: tuple[Text, ...] = ()


class Option(BaseModel):
    """One ranked answer: a GPU type × count × price offer, with its verdict and reason.

    ``price_kind`` is the offer's kind code (:data:`gpupicker.core.pricing.price_kind.PRICE_KINDS`);
    ``price_flag`` is ``"low-trust"`` or ``"stale"`` (``price_flag_reason`` says why) when the
    price deserves a second look. For owned hardware ``break_even_months`` is the purchase
    paid back by the rent saved against the best rental option (None: never).
    ``calibration`` names the user's runs that corrected memory and speed ('' when none).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    gpu_id: str
    gpu_name: str
    num_gpus: int = Field(ge=1)
    fits: bool
    memory: MemoryEstimate
    capacity_bytes_per_gpu: int
    headroom_bytes: int
    throughput: Throughput
    cost: CostEstimate
    provider: str = ""
    pricing: str = ""
    price_observed: str = ""
    price_kind: str = ""
    price_flag: str = ""
    price_flag_reason: Text = ""
    price_doubted: bool = False
    """The price's own source doubts it, or it is too low to be real: it ranks after the
    trusted prices of its tier and takes no label (core.offers.doubted_price)."""
    in_stock: str = ""
    """``yes`` / ``no``: the offer's ledger snapshot listed it as available or not; ``""``: no
    stock data (core.stock)."""
    stock_gpus: int | None = None
    snapshot_at: str = ""
    """When the ledger snapshot with the stock was taken (UTC ISO 8601; '' without one)."""
    snapshot_stale: bool = False
    """The snapshot is older than core.stock.STALE_SNAPSHOT_DAYS."""
    break_even_months: float | None = None
    calibration: Text = ""
    within_budget: bool = True
    labels: tuple[str, ...] = ()
    limit: str = ""
    rank: int = 0
    serving: ServingPlan | None = None
    lazy_reason: SkipValidation[Any] = Field(default="", exclude=True, repr=False)
    """The reason as given: a text, or a :class:`~gpupicker.core.lazy_text.LazyText` built when
    first read (read :attr:`reason`). Not validated, not dumped: a plain field costs less to
    build than a private attribute (~400 options per recommendation)."""

    @property
    def reason(self) -> Text:
        """The plain-language reason, built when first read.

        Fit verdict, speed and its limit, price and the limits it misses (core.ranking.reasons).
        """
        r = self.lazy_reason
        return r.get() if isinstance(r, LazyText) else r

    @property
    def total_bytes_per_gpu(self) -> int:
        """Expected peak memory per GPU in bytes."""
        return self.memory.total_bytes
