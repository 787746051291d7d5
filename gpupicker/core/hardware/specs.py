"""GPU specification and price records (the catalog's rows as core models).

Units are in the field names: ``memory_gb`` is the vendor's "GB" (binary, ≈ GiB),
``memory_bandwidth_gbps`` GB/s, ``*_tflops_dense`` dense TFLOPS (no 2:4
sparsity), ``tdp_w`` watts, prices per GPU-hour in ``currency``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from typing_extensions import override

from ..units import GiB

Pricing = Literal[
    "on_demand",
    "spot",
    "reserved_1y",
    "reserved",
    "capacity_block",
    "marketplace",
    "monthly",
    "yearly",
    "owned",
]
"""The pricing types of a price row: the one list the catalog's check, the UI's display names
and the ``pricing.*`` message templates are tested against."""


GPU_BOUNDS: dict[str, tuple[float, float]] = {
    # column: (lowest, highest) accepted, both inclusive; a figure outside is a typo or damage
    "memory_gb": (0.5, 100_000),  # smallest accelerator modelled: 0.5 GB; B200 has 180 GB
    "memory_bandwidth_gbps": (1.0, 1_000_000),  # HBM3e (B200): 8,000 GB/s
    "fp32_tflops": (0.001, 10_000_000),
    "fp16_tflops_dense": (0.001, 10_000_000),
    "bf16_tflops_dense": (0.001, 10_000_000),
    "fp8_tflops_dense": (0.001, 10_000_000),
    "int8_tops_dense": (0.001, 10_000_000),
    "int4_tops_dense": (0.001, 10_000_000),
    "fp4_tflops_dense": (0.001, 10_000_000),
    "gpu_memory_limit_gb": (0.5, 100_000),  # the GPU's share of a unified memory
    "tdp_w": (1.0, 100_000),
    "nvlink_bandwidth_gbps": (0.001, 10_000_000),
    "pcie_gen": (1, 100),
    "msrp_usd": (0.0, 1e9),
    "release_year": (1990, 2200),
}
"""The physically sensible range of each numeric GPU figure, declared once: the ``GpuSpec``
fields below, the catalog's record checks (bundled data, CSV import, the editor) and its
error texts all read it. Lower bounds keep divisions by capacity, bandwidth or TFLOPS finite
(a ``memory_gb`` of 1e-300 divided every ``recommend`` by zero); the smallest bundled figures are
8 GB, 153 GB/s and 4.45 FP32 TFLOPS (``data/gpus.csv``). TFLOPS and TOPS are above 0 when
given (unknown is blank, not 0)."""


def _bounded(name: str, *, optional: bool = False) -> Any:
    lo, hi = GPU_BOUNDS[name]
    return Field(default=None, ge=lo, le=hi) if optional else Field(ge=lo, le=hi)


def _drop_blank(data: object) -> object:
    """CSV rows carry '' for unknown figures: drop them so field defaults apply."""
    if isinstance(data, dict):
        return {k: v for k, v in data.items() if not (isinstance(v, str) and not v.strip())}
    return data


class GpuSpec(BaseModel):
    """One GPU or accelerator model (datasheet figures; see ``source``).

    Attributes:
        memory_gb: memory capacity as the vendor quotes it ("80 GB"); GPU memory
            sizes are binary, so this is effectively GiB (see ``memory_bytes``).
        memory_bandwidth_gbps: peak memory bandwidth in GB/s.
        bf16_tflops_dense: dense BF16 tensor throughput in TFLOPS (10**12 FLOP/s).
        fp8_tflops_dense: dense FP8 tensor TFLOPS; ``None`` where the tensor cores lack FP8.
        fp4_tflops_dense: dense FP4 tensor TFLOPS (NVFP4/MXFP4: half the vendors' sparse
            "AI TOPS", AMD's dense MXFP4 figure); ``None`` where the hardware has no FP4
            (Hopper, Ada, Ampere and older; data/README.md names the source of each value).
        gpu_memory_limit_gb: on a unified-memory machine (Apple, DGX Spark, Ryzen AI Max), the
            GB of its ``memory_gb`` the GPU may use by default (macOS's Metal working set, about
            75-84 %; a UMA carve-out); ``None`` for a discrete card, whose whole memory is its own.
        nvlink_bandwidth_gbps: total bidirectional NVLink bandwidth per GPU in GB/s.
        tdp_w: board power in watts.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    vendor: str = ""
    segment: str = ""
    architecture: str = ""
    release_year: int | None = _bounded("release_year", optional=True)
    memory_gb: float = _bounded("memory_gb")
    memory_type: str = ""
    memory_bandwidth_gbps: float = _bounded("memory_bandwidth_gbps")
    fp32_tflops: float | None = _bounded("fp32_tflops", optional=True)
    fp16_tflops_dense: float | None = _bounded("fp16_tflops_dense", optional=True)
    bf16_tflops_dense: float | None = _bounded("bf16_tflops_dense", optional=True)
    fp8_tflops_dense: float | None = _bounded("fp8_tflops_dense", optional=True)
    int8_tops_dense: float | None = _bounded("int8_tops_dense", optional=True)
    int4_tops_dense: float | None = _bounded("int4_tops_dense", optional=True)
    fp4_tflops_dense: float | None = _bounded("fp4_tflops_dense", optional=True)
    gpu_memory_limit_gb: float | None = _bounded("gpu_memory_limit_gb", optional=True)
    tensor_core_gen: str = ""
    tdp_w: float | None = _bounded("tdp_w", optional=True)
    interconnect: str = ""
    nvlink_bandwidth_gbps: float | None = _bounded("nvlink_bandwidth_gbps", optional=True)
    pcie_gen: int | None = _bounded("pcie_gen", optional=True)
    msrp_usd: float | None = _bounded("msrp_usd", optional=True)
    source: str = ""
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _blank(cls, data: Any) -> Any:
        return _drop_blank(data)

    @property
    def memory_bytes(self) -> int:
        """Capacity in bytes: ``memory_gb`` × 2**30.

        GPU vendors' memory "GB" are binary: ``nvidia-smi`` reports 24,564 MiB
        for a 24 GB RTX 4090, 81,920 MiB for an 80 GB A100 and 143,771 MiB for a
        141 GB H200 — i.e. about ``memory_gb`` GiB. The fit verdict compares the
        peak estimate against this figure.
        """
        return int(self.memory_gb * GiB)

    @property
    def usable_memory_bytes(self) -> int:
        """Bytes a process can actually use: nominal capacity less the ECC/driver reserve.

        Datacenter GDDR cards run with ECC on and lose 1/16 of the memory
        (``nvidia-smi``: T4 15,360 MiB, L4 23,034 MiB, A10 23,028 MiB, L40S
        46,068 MiB of 16/24/24/48 GiB); HBM and consumer cards lose under 1 %
        (H100 SXM 81,559 MiB of 80 GiB). This is what fit verdicts compare with.

        On a unified-memory machine with a ``gpu_memory_limit_gb`` the GPU gets that share, not
        the whole pool (a 128 GB Mac: 107.52 GiB, Metal's recommendedMaxWorkingSetSize).
        """
        gb = (
            self.memory_gb
            if self.gpu_memory_limit_gb is None
            else min(self.memory_gb, self.gpu_memory_limit_gb)
        )
        return _usable_bytes(gb, self.memory_type, self.segment)

    @property
    def dense_16bit_tflops(self) -> float:
        """Dense BF16 (else FP16, else FP32) TFLOPS: the training/prefill compute peak."""
        return self.bf16_tflops_dense or self.fp16_tflops_dense or self.fp32_tflops or 0.0

    @override
    def __hash__(self) -> int:
        """A hash of the row's identity (id, name, memory, power), not of all its fields.

        The speed model keys its per-GPU memos on the row, hundreds of times per ranking; equal
        rows still hash equal, and two versions of one id differ in their other fields only
        rarely (then they just share a bucket).
        """
        return hash((self.id, self.name, self.memory_gb, self.tdp_w))

    @property
    def has_fp8(self) -> bool:
        """True when the tensor cores run FP8 (Hopper, Ada, Blackwell, MI300 …)."""
        return bool(self.fp8_tflops_dense)

    @property
    def has_fp4(self) -> bool:
        """True when the tensor cores multiply FP4 (NVFP4/MXFP4) inputs (Blackwell, CDNA 4)."""
        return bool(self.fp4_tflops_dense)

    @property
    def has_nvlink(self) -> bool:
        """True for NVLink/Infinity-Fabric-class GPU-to-GPU links (not PCIe only)."""
        return bool(self.nvlink_bandwidth_gbps) and "pcie only" not in self.interconnect.lower()

    @property
    def is_cuda(self) -> bool:
        """True for NVIDIA GPUs (the CUDA software stack the estimates assume).

        Third-party modified NVIDIA boards count (vendor "NVIDIA (third-party modified)": an
        RTX 4090 48GB is an AD102 on NVIDIA's driver).
        """
        return self.vendor.lower().startswith("nvidia")


@lru_cache(maxsize=256)
def _usable_bytes(memory_gb: float, memory_type: str, segment: str) -> int:
    ecc_gddr = "gddr" in memory_type.lower() and segment.lower() == "datacenter"
    return int(memory_gb * GiB * (0.9375 if ecc_gddr else 0.995))


class PriceOffer(BaseModel):
    """A rental (or ownership) price for one GPU-hour.

    ``price_per_gpu_hour`` is an amount in ``currency`` (USD or CNY …); convert before
    comparing across currencies. ``includes_tax`` is ``"yes"`` when the price includes VAT
    (含税) and ``"no"`` when VAT comes on top (不含税); ``vat_invoice`` ``"yes"`` / ``"no"``:
    whether the provider issues a VAT special invoice (增值税专用发票), which a Chinese
    company needs to deduct the input VAT. Blank: not stated by the source.
    """

    model_config = ConfigDict(frozen=True, extra="ignore", allow_inf_nan=False)

    gpu_id: str = Field(min_length=1)
    provider: str = Field(min_length=1)
    region: str = ""
    pricing: str = "on_demand"
    price_per_gpu_hour: float = Field(gt=0, le=100_000, description="price per GPU-hour, in `currency`")
    gpus_per_instance: int | None = Field(default=None, ge=1)
    observed: str = ""
    source: str = ""
    notes: str = ""
    currency: str = "USD"
    includes_tax: Literal["", "yes", "no"] = ""
    vat_invoice: Literal["", "yes", "no"] = ""
    price_kind: str = Field(
        default="",
        description="kind code of core.price_kind; blank = "
        "derived from provider, pricing and source (not a CSV column)",
    )
    in_stock: Literal["", "yes", "no"] = Field(
        default="",
        description="whether a ledger snapshot listed the offer as available "
        "(yes / no); blank: the source says nothing about stock",
    )
    stock_gpus: int | None = Field(
        default=None, ge=0, le=10_000_000, description="GPUs the snapshot listed as available"
    )
    snapshot_at: str = Field(
        default="", max_length=40, description="when the ledger snapshot was taken (UTC ISO 8601)"
    )

    @model_validator(mode="before")
    @classmethod
    def _blank(cls, data: Any) -> Any:
        return _drop_blank(data)

    @field_validator("includes_tax", "vat_invoice", "in_stock", mode="before")
    @classmethod
    def _yes_no(cls, v: Any) -> Any:
        """NULL (a row stored before the column existed) is "not stated"; case is ignored."""
        return "" if v is None else v.strip().lower() if isinstance(v, str) else v

    @field_validator("snapshot_at", mode="before")
    @classmethod
    def _no_snapshot(cls, v: Any) -> Any:
        """NULL (a row stored before the column existed, a short CSV row) is no snapshot."""
        return "" if v is None else v

    @model_validator(mode="after")
    def _stock_agrees(self) -> PriceOffer:
        if (
            self.stock_gpus is not None
            and self.in_stock
            and (self.stock_gpus > 0) != (self.in_stock == "yes")
        ):
            raise ValueError(f"in_stock {self.in_stock!r} disagrees with stock_gpus {self.stock_gpus}")
        return self

    @field_validator("currency", mode="after")
    @classmethod
    def _upper(cls, v: str | None) -> str:
        return (v or "USD").upper()
