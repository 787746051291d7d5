"""Catalog row records and the models.csv → ``ModelArch`` mapping. No Qt, no SQL.

``ModelRecord`` is one row of ``models.csv`` (the flat, editable form stored in
the ``models`` table); ``CatalogModel`` is what the repository hands to the UI:
the record's descriptive fields plus the resolved :class:`ModelArch`. One schema: the
record declares only the catalog's own columns (:data:`MODEL_CATALOG_FIELDS`); each
architecture column takes its type and bounds from the ModelArch field it holds, and
:func:`model_arch_from_record` / :func:`arch_columns` map between them by the same names.

Column lists here are exactly the headers of the bundled ``data/*.csv`` files
(a test checks it), so export writes those columns in that order.
"""

from __future__ import annotations

import math
import re
import typing
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

import annotated_types
from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator, model_validator

from ..core.hardware.specs import GPU_BOUNDS, GpuSpec, PriceOffer, Pricing
from ..core.messages import Message, msg
from ..core.model_arch import ModelArch

GPU_COLUMNS: tuple[str, ...] = (
    "id",
    "name",
    "vendor",
    "segment",
    "architecture",
    "release_year",
    "memory_gb",
    "memory_type",
    "memory_bandwidth_gbps",
    "fp32_tflops",
    "fp16_tflops_dense",
    "bf16_tflops_dense",
    "fp8_tflops_dense",
    "int8_tops_dense",
    "int4_tops_dense",
    "tensor_core_gen",
    "tdp_w",
    "interconnect",
    "nvlink_bandwidth_gbps",
    "pcie_gen",
    "msrp_usd",
    "source",
    "notes",
    "fp4_tflops_dense",
    "gpu_memory_limit_gb",
)
PRICE_COLUMNS: tuple[str, ...] = (
    "gpu_id",
    "provider",
    "region",
    "pricing",
    "price_per_gpu_hour",
    "gpus_per_instance",
    "observed",
    "source",
    "notes",
    "currency",
    "includes_tax",
    "vat_invoice",
    "in_stock",
    "stock_gpus",
    "snapshot_at",
)
MODEL_COLUMNS: tuple[str, ...] = (
    "id",
    "name",
    "family",
    "params_b",
    "active_params_b",
    "num_layers",
    "hidden_size",
    "intermediate_size",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "vocab_size",
    "max_context",
    "tie_word_embeddings",
    "moe_num_experts",
    "moe_top_k",
    "license",
    "source",
    "notes",
    "sliding_window",
    "attention_pattern",
    "kv_lora_rank",
    "qk_rope_head_dim",
    "moe_intermediate_size",
    "n_shared_experts",
    "shared_expert_intermediate_size",
    "first_k_dense_replace",
    "moe_layer_step",
    "q_lora_rank",
    "qk_nope_head_dim",
    "v_head_dim",
    "index_n_heads",
    "index_head_dim",
    "linear_attention_layers",
    "linear_num_key_heads",
    "linear_key_head_dim",
    "linear_num_value_heads",
    "linear_value_head_dim",
    "hf_repo",
    "modelscope_id",
    "layer_pattern",
    "global_head_dim",
    "num_global_key_value_heads",
    "num_kv_shared_layers",
    "mamba_num_heads",
    "mamba_head_dim",
    "ssm_state_size",
    "mamba_n_groups",
    "mamba_conv_kernel",
    "conv_l_cache",
    "num_nextn_predict_layers",
    "kv_heads_per_layer",
    "attention_k_eq_v",
)
LAYER_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[
    MODEL_COLUMNS.index("layer_pattern") : MODEL_COLUMNS.index("num_nextn_predict_layers") + 1
]
"""Model columns added in schema m008: the per-layer pattern (``layer_pattern``, one
``core.model_arch.LAYER_KINDS`` character per layer), global-layer head sizes (Gemma 4),
KV-shared layers, Mamba-2 and LFM2 conv sizes and MTP layers (integers but the pattern)."""
PER_LAYER_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[MODEL_COLUMNS.index("kv_heads_per_layer") :]
"""Model columns added in schema m009: ``kv_heads_per_layer`` (text: one KV-head count per
layer, comma-separated, 0 on layers without attention — LFM2, OpenELM) and
``attention_k_eq_v`` (true/false: Gemma 4's full-attention layers take V from k_proj)."""
MOE_MLA_COLUMNS: tuple[str, ...] = MODEL_COLUMNS[
    MODEL_COLUMNS.index("moe_intermediate_size") : MODEL_COLUMNS.index("hf_repo")
]
"""Model columns added in schema m003 (MoE layout, MLA ranks and the DeepSeek-V3.2 indexer,
hybrid linear attention; integers, blank = none)."""
COLUMNS: dict[str, tuple[str, ...]] = {
    "gpus": GPU_COLUMNS,
    "prices": PRICE_COLUMNS,
    "models": MODEL_COLUMNS,
}
"""CSV/catalog columns per table, in file order."""

OLD_COLUMN_NAMES: dict[str, dict[str, str]] = {
    "gpus": {},
    "prices": {"usd_per_gpu_hour": "price_per_gpu_hour"},
    "models": {},
}
"""Headers older CSV files use → today's column, per table. Imports accept both (a file
exported before migration m006 has ``usd_per_gpu_hour``); exports write today's names."""


def column_for_header(table: str, header: str) -> str:
    """The catalog column a CSV header names: ``header`` itself, or today's name of an old
    header (:data:`OLD_COLUMN_NAMES`; ``usd_per_gpu_hour`` → ``price_per_gpu_hour``)."""
    return OLD_COLUMN_NAMES.get(table, {}).get(header, header)


REQUIRED_COLUMNS: dict[str, tuple[str, ...]] = {
    "gpus": ("id", "name", "memory_gb", "memory_bandwidth_gbps"),
    "prices": ("gpu_id", "provider", "price_per_gpu_hour"),
    "models": ("id", "name", "family", "params_b"),
}
"""Columns an imported CSV must have (the others default to blank)."""

PRICING_TYPES: frozenset[str] = frozenset(typing.get_args(Pricing))
"""Accepted ``pricing`` values: :data:`gpupicker.core.hardware.specs.Pricing`'s."""

_CURRENCY_RE = re.compile(r"^[A-Z]{3}$")
PARAM_TOLERANCE = 0.02
"""Relative difference between the computed and the listed parameter count above which the
listed ``params_b``/``active_params_b`` are used instead (MLA, shared experts, odd layouts)."""

MAX_PRICE_PER_GPU_HOUR = 100_000.0
"""Largest accepted price per GPU-hour (in the row's currency); more is a typo."""
MIN_PRICE_PER_GPU_HOUR = 0.0001
"""Smallest accepted price per GPU-hour (in the row's currency): a hundredth of a cent. The
cheapest bundled offer is $0.05/h; 5e-324 or 1e-300 is damage, not a price."""
MAX_GPUS_PER_INSTANCE = 1024
"""Most GPUs one rented instance holds (the largest bundled instance has 8; an NVL72 rack 72)."""

_ISO_CODES = """
AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN
BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS
GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW
KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD
NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD
SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES
VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
"""
ISO_CURRENCIES: frozenset[str] = frozenset(_ISO_CODES.split())  # noqa: SIM905
"""ISO 4217 codes of circulating currencies (a currency with an exchange rate is also accepted)."""

_OBSERVED_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
_OBSERVED_QUARTER = re.compile(r"^(\d{4})-?Q([1-4])$", re.I)
_OBSERVED_PART = re.compile(r"^(early|mid|late)\s+(\d{4})$", re.I)
_OBSERVED_WORDS = frozenset({"unknown", "catalog commit (date unchecked)"})
_MIN_YEAR = 1990


def observed_start(text: str) -> date | None:
    """The first day an ``observed`` value can mean (None for blank/``unknown``).

    Accepted: ``""``, ``unknown``, ``YYYY``, ``YYYY-MM``, ``YYYY-MM-DD``, ``YYYYQn``
    (or ``YYYY-Qn``), ``early|mid|late YYYY`` and the bundled data's
    ``catalog commit (date unchecked)``.

    Raises:
        ValueError: for anything else (``yesterday``, ``2024-13``, ``31/12/2024`` …).
    """
    s = text.strip()
    if not s or s.lower() in _OBSERVED_WORDS:
        return None
    start: date | None = None
    if m := _OBSERVED_DATE.match(s):
        y, mo, d = int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1)
        try:
            start = date(y, mo, d)
        except ValueError:
            start = None
    elif m := _OBSERVED_QUARTER.match(s):
        start = date(int(m.group(1)), 3 * int(m.group(2)) - 2, 1)
    elif m := _OBSERVED_PART.match(s):
        start = date(int(m.group(2)), {"early": 1, "mid": 5, "late": 9}[m.group(1).lower()], 1)
    if start is None or start.year < _MIN_YEAR:
        raise ValueError(
            msg(
                "catalog.field_named",
                field="observed",
                reason=msg("catalog.observed.not_a_date", value=repr(text)),
            )
        )
    return start


CATALOG_ID_RE = re.compile(r"[a-z0-9_.-]{1,100}\Z")
"""A catalog id (GPU ``id``, price ``gpu_id``, model ``id``): lower-case letters, digits,
``_``, ``.`` and ``-``, at most 100 characters — what every bundled id is. An id reaches
shell lines, YAML, CSV and Markdown; with this rule it holds no quote, newline, colon, space
or markup, whatever those writers do."""


def check_catalog_id(value: str, column: str = "id") -> str:
    """``value`` when it is a catalog id (:data:`CATALOG_ID_RE`).

    Raises:
        ValueError: naming the column and the value, e.g. ``"id 'H100:64\\n#' may hold only
            a-z, 0-9, '_', '.' and '-' (at most 100 characters)"``.
    """
    if not CATALOG_ID_RE.match(value):
        reason = msg("catalog.id.bad_characters", value=repr(value[:120]))
        raise ValueError(msg("catalog.field_named", field=column, reason=reason))
    return value


def check_price(
    offer: PriceOffer,
    *,
    known_currencies: set[str] | frozenset[str] = frozenset(),
    today: date | None = None,
    allow_future: bool = False,
) -> PriceOffer:
    """Catalog rules beyond ``PriceOffer``'s own, applied on every write path.

    - ``gpu_id`` is a catalog id (:func:`check_catalog_id`);
    - ``pricing`` is a known type;
    - ``price_per_gpu_hour`` is finite, from :data:`MIN_PRICE_PER_GPU_HOUR` to
      :data:`MAX_PRICE_PER_GPU_HOUR`; ``gpus_per_instance`` at most
      :data:`MAX_GPUS_PER_INSTANCE`;
    - ``observed`` is blank or a date form accepted by :func:`observed_start`, and does
      not start after ``today`` + 1 day (unless ``allow_future``: the bundled data is
      checked without the clock, so a wrong system date cannot break start-up);
    - ``currency`` is a 3-letter ISO 4217 code (:data:`ISO_CURRENCIES`) or one of
      ``known_currencies`` (codes with an exchange rate in the settings).

    Raises:
        ValueError: naming the column, e.g. ``"price_per_gpu_hour: inf is not a finite number"``.
    """
    check_catalog_id(offer.gpu_id, "gpu_id")
    if offer.pricing not in PRICING_TYPES:
        kinds = ", ".join(sorted(PRICING_TYPES))
        reason = msg("catalog.price.unknown_pricing", value=repr(offer.pricing), kinds=kinds)
        raise ValueError(msg("catalog.field_named", field="pricing", reason=reason))
    price = offer.price_per_gpu_hour
    if not math.isfinite(price):
        raise _field_error("price_per_gpu_hour", msg("catalog.value.not_finite", value=repr(price)))
    if price > MAX_PRICE_PER_GPU_HOUR:
        limit_text = f"{MAX_PRICE_PER_GPU_HOUR:,.0f}"
        reason = msg("catalog.price.above_limit", value=f"{price:g}", limit=limit_text)
        raise _field_error("price_per_gpu_hour", reason)
    if price < MIN_PRICE_PER_GPU_HOUR:
        reason = msg("catalog.price.below_lowest", value=f"{price:g}", limit=f"{MIN_PRICE_PER_GPU_HOUR:g}")
        raise _field_error("price_per_gpu_hour", reason)
    if offer.gpus_per_instance is not None and offer.gpus_per_instance > MAX_GPUS_PER_INSTANCE:
        reason = msg(
            "catalog.price.gpus_above_limit",
            value=str(offer.gpus_per_instance),
            limit=f"{MAX_GPUS_PER_INSTANCE:,}",
        )
        raise _field_error("gpus_per_instance", reason)
    try:
        start = observed_start(offer.observed)
    except ValueError:
        raise _field_error(
            "observed", msg("catalog.observed.not_a_date", value=repr(offer.observed))
        ) from None
    if start is not None and not allow_future:
        limit = (today or date.today()) + timedelta(days=1)
        if start > limit:
            today_text = (today or date.today()).isoformat()
            reason = msg("catalog.observed.future", value=repr(offer.observed), today=today_text)
            raise _field_error("observed", reason)
    if not _CURRENCY_RE.match(offer.currency):
        reason = msg("catalog.currency.not_a_code", value=repr(offer.currency))
        raise ValueError(msg("catalog.field_named", field="currency", reason=reason))
    if offer.currency not in ISO_CURRENCIES and offer.currency not in known_currencies:
        reason = msg("catalog.currency.unknown", value=repr(offer.currency))
        raise ValueError(msg("catalog.field_named", field="currency", reason=reason))
    return offer


def _field_error(field: str, reason: Message) -> ValueError:
    """The error refusing ``field`` for ``reason`` (``field: reason``; the UI shows the
    column's header for ``field``)."""
    return ValueError(msg("catalog.field", field=field, reason=reason))


_GPU_LIMITS: dict[str, float] = {name: hi for name, (_lo, hi) in GPU_BOUNDS.items()}
"""Upper bounds of the GPU figures: core.hardware.GPU_BOUNDS (declared there once)."""
_MODEL_LIMITS: dict[str, float] = {
    "params_b": 1_000_000,
    "active_params_b": 1_000_000,
    "num_layers": 100_000,
    "hidden_size": 10_000_000,
    "intermediate_size": 100_000_000,
    "num_attention_heads": 1_000_000,
    "num_key_value_heads": 1_000_000,
    "head_dim": 1_000_000,
    "vocab_size": 100_000_000,
    "max_context": 10_000_000_000,
    "moe_num_experts": 1_000_000,
    "moe_top_k": 1_000_000,
    "sliding_window": 10_000_000_000,
    "kv_lora_rank": 10_000_000,
    "qk_rope_head_dim": 1_000_000,
    "moe_intermediate_size": 100_000_000,
    "n_shared_experts": 1_000_000,
    "shared_expert_intermediate_size": 100_000_000,
    "first_k_dense_replace": 100_000,
    "moe_layer_step": 100_000,
    "q_lora_rank": 10_000_000,
    "qk_nope_head_dim": 1_000_000,
    "v_head_dim": 1_000_000,
    "index_n_heads": 1_000_000,
    "index_head_dim": 1_000_000,
    "linear_attention_layers": 100_000,
    "linear_num_key_heads": 1_000_000,
    "linear_key_head_dim": 1_000_000,
    "linear_num_value_heads": 1_000_000,
    "linear_value_head_dim": 1_000_000,
}


def _check_numbers(record: BaseModel, limits: dict[str, float]) -> None:
    for name, limit in limits.items():
        v = getattr(record, name, None)
        if v is None or isinstance(v, bool):
            continue
        if not math.isfinite(v):
            raise _field_error(name, msg("catalog.value.not_finite", value=repr(v)))
        if abs(v) > limit:
            raise _field_error(name, msg("catalog.value.above_limit", value=f"{v:g}", limit=f"{limit:,.0f}"))


def check_gpu(gpu: GpuSpec) -> GpuSpec:
    """Reject non-finite or absurd figures in a ``GpuSpec`` (``inf`` memory, 1e30 TFLOPS …).

    The ``id`` is a catalog id (:func:`check_catalog_id`).

    Raises:
        ValueError: naming the column.
    """
    check_catalog_id(gpu.id)
    _check_numbers(gpu, _GPU_LIMITS)
    for name, (lo, _hi) in GPU_BOUNDS.items():
        v = getattr(gpu, name, None)
        if v is not None and not isinstance(v, bool) and v < lo:
            raise _field_error(name, msg("catalog.value.below_lowest", value=f"{v:g}", limit=f"{lo:g}"))
    return gpu


def check_model(record: ModelRecord) -> ModelRecord:
    """Reject non-finite or absurd sizes in a ``ModelRecord``.

    The ``id`` is a catalog id (:func:`check_catalog_id`).

    Raises:
        ValueError: naming the column.
    """
    check_catalog_id(record.id)
    _check_numbers(record, _MODEL_LIMITS)
    return record


def _blank_to_none(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: (None if isinstance(v, str) and not v.strip() else v) for k, v in data.items()}
    return data


MODEL_CATALOG_FIELDS: dict[str, tuple[Any, Any]] = {
    "id": (str, Field(min_length=1)),
    "name": (str, Field(min_length=1)),
    "family": (str, ""),
    "params_b": (float, Field(gt=0)),
    "active_params_b": (float | None, Field(default=None, gt=0)),
    "license": (str, ""),
    "source": (str, ""),
    "notes": (str, ""),
    "attention_pattern": (str, ""),
    "hf_repo": (str, Field(default="", pattern=r"^$|^[A-Za-z0-9][\w.-]*/[\w.-]+$")),
    "modelscope_id": (str, Field(default="", pattern=r"^$|^[A-Za-z0-9][\w.-]*/[\w.-]+$")),
}
"""models.csv columns that are the catalog's own: ``(type, default or Field)``. Every other
column of :data:`MODEL_COLUMNS` holds a :class:`ModelArch` field and takes its type and
bounds from there (:func:`arch_field`)."""

ARCH_FIELD_OF_COLUMN: dict[str, str] = {
    "num_layers": "num_hidden_layers",
    "moe_num_experts": "num_local_experts",
    "moe_top_k": "num_experts_per_tok",
    "max_context": "max_position_embeddings",
}
"""models.csv columns named differently from the ModelArch field they hold."""

ARCH_COLUMNS: tuple[str, ...] = tuple(c for c in MODEL_COLUMNS if c not in MODEL_CATALOG_FIELDS)
"""models.csv columns that hold a ModelArch field, in file order."""

MOE_ONLY_COLUMNS: frozenset[str] = frozenset(
    {
        "moe_num_experts",
        "moe_top_k",
        "moe_intermediate_size",
        "n_shared_experts",
        "shared_expert_intermediate_size",
        "first_k_dense_replace",
        "moe_layer_step",
    }
)
"""Architecture columns that mean something only for a MoE row (more than one expert)."""


def arch_field(column: str) -> str:
    """The :class:`ModelArch` field a models.csv architecture column holds.

    Raises:
        KeyError: for a column that holds no ModelArch field (a catalog field, or unknown).
    """
    field = ARCH_FIELD_OF_COLUMN.get(column, column)
    if column in MODEL_CATALOG_FIELDS or field not in ModelArch.model_fields:
        raise KeyError(f"models.csv column {column!r} holds no ModelArch field")
    return field


def _column_from_arch(column: str) -> tuple[Any, Any]:
    """``(type, Field)`` of an architecture column: the ModelArch field's type, made optional
    (a blank cell is "not given"), with its bounds. ModelArch's ``0`` for a size it does
    not know (``hidden_size`` …) is a blank cell in a row, so there the bound is ≥ 1.

    Raises:
        TypeError: for a ModelArch constraint this mapping does not carry over (so a new one
            is never dropped silently).
    """
    info = ModelArch.model_fields[arch_field(column)]
    kinds = [t for t in (typing.get_args(info.annotation) or (info.annotation,)) if t is not type(None)]
    if typing.get_origin(kinds[0]) is tuple:  # a per-layer list: "0,0,8,0" in one cell
        return (str | None, Field(default=None, pattern=r"^\d+(,\d+)*$", max_length=700_000))
    ge = le = None
    for m in info.metadata:
        if isinstance(m, annotated_types.Ge):
            ge = m.ge
        elif isinstance(m, annotated_types.Le):
            le = m.le
        else:
            raise TypeError(
                f"ModelArch.{arch_field(column)}: constraint {m!r} is not "
                "carried over to the models.csv column"
            )
    if ge == 0 and type(info.default) is int and info.default == 0:
        ge = 1
    return (kinds[0] | None, Field(default=None, ge=ge, le=le))


class _ModelRecordBase(BaseModel):
    """Validators and methods of :class:`ModelRecord` (its fields are made from
    :data:`MODEL_COLUMNS` below)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    if TYPE_CHECKING:  # the architecture columns, typed as their ModelArch fields at run time

        def __getattr__(self, name: str) -> Any: ...

    @model_validator(mode="before")
    @classmethod
    def _blank_cells(cls, data: Any) -> Any:
        return _blank_to_none(data)

    @field_validator(
        "family",
        "license",
        "source",
        "notes",
        "attention_pattern",
        "hf_repo",
        "modelscope_id",
        mode="before",
        check_fields=False,
    )
    @classmethod
    def _none_to_empty(cls, v: Any) -> Any:
        return "" if v is None else v

    @field_validator("kv_heads_per_layer", mode="before", check_fields=False)
    @classmethod
    def _per_layer_list(cls, v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return ",".join(str(x) for x in v)
        return v.replace(" ", "") if isinstance(v, str) else v

    @field_validator("tie_word_embeddings", "attention_k_eq_v", mode="before", check_fields=False)
    @classmethod
    def _bool(cls, v: Any) -> Any:
        if isinstance(v, str):
            s = v.strip().lower()
            if s in ("true", "1", "yes", "y"):
                return True
            if s in ("false", "0", "no", "n"):
                return False
            if not s:
                return None
        return v

    @property
    def kind(self) -> Literal["llm", "diffusion"]:
        """``"diffusion"`` for image/video models (family ``diffusion`` or no layer count)."""
        if self.family.lower() == "diffusion" or self.num_layers is None:
            return "diffusion"
        return "llm"

    def to_arch(self) -> ModelArch:
        """The architecture the calculator uses (see :func:`model_arch_from_record`).

        Raises:
            ValueError: when the row cannot describe a model (e.g. heads not a multiple of
                KV heads, or an LLM row missing its layer sizes).
        """
        return model_arch_from_record(self)


_MODEL_RECORD_DOC = """\
One row of ``models.csv`` as stored in the catalog (sizes are element counts).

Catalog columns (:data:`MODEL_CATALOG_FIELDS`) are declared here; every architecture
column has the type and lower bound of the :class:`ModelArch` field it holds (the
four spelled differently: :data:`ARCH_FIELD_OF_COLUMN`); a blank cell is "not given".

Attributes:
    params_b: total parameters in billions (10**9).
    active_params_b: parameters used per token in billions (MoE); equals ``params_b``
        for dense models.
    num_layers: transformer blocks (HF ``num_hidden_layers``).
    intermediate_size: MLP width; per expert for MoE rows.
    max_context: context length in tokens.
    sliding_window: local-attention window in tokens (blank = none).
    attention_pattern: free text such as ``"5 sliding : 1 global"``.
    hf_repo: the Hugging Face repository id of the checkpoint (``Qwen/Qwen3-8B``), the model
        argument of a launch command; ``modelscope_id`` the ModelScope id where one exists.
    kv_lora_rank: MLA latent rank (DeepSeek-V2/V3, Kimi K2).
    moe_intermediate_size: expert width; when set, ``intermediate_size`` is the width of
        the dense layers (blank: ``intermediate_size`` is per expert, as in Mixtral).
    n_shared_experts: always-active experts of ``moe_intermediate_size`` (DeepSeek, GLM,
        Kimi, Llama 4, ERNIE).
    shared_expert_intermediate_size: one gated shared MLP of this width (Qwen2-MoE).
    first_k_dense_replace: dense layers before the first MoE layer.
    moe_layer_step: every n-th layer is MoE (Llama 4 Maverick: 2); blank = every layer.
    q_lora_rank, qk_nope_head_dim, v_head_dim: MLA query rank and head dims.
    index_n_heads, index_head_dim: DeepSeek-V3.2 lightning-indexer heads and width.
    linear_attention_layers: Gated DeltaNet layers of a hybrid (Qwen3-Next: 36 of 48);
        ``linear_num_key_heads`` … ``linear_value_head_dim`` their sizes (conv kernel 4).
    layer_pattern: one character per layer (``core.model_arch.LAYER_KINDS``): ``F`` full
        attention, ``S`` sliding window, ``L`` Gated DeltaNet, ``M`` Mamba-2, ``C`` LFM2 short
        conv, ``-``/``E`` Nemotron-H MLP/MoE-only blocks; blank = from the counts and
        ``attention_pattern``. Read from config.json ``layer_types``,
        ``sliding_window_pattern``, ``full_attention_interval`` or ``hybrid_override_pattern``.
    global_head_dim, num_global_key_value_heads: full-attention layers' head size and KV heads
        when they differ from the sliding layers' (Gemma 4).
    num_kv_shared_layers: last layers that reuse an earlier layer's KV (Gemma 3n / 4 E-series).
    mamba_num_heads, mamba_head_dim, ssm_state_size, mamba_n_groups, mamba_conv_kernel:
        Mamba-2 mixer sizes (Nemotron-H ``n_groups``, ``conv_kernel``).
    conv_l_cache: LFM2 short-conv cache length (``conv_L_cache``).
    num_nextn_predict_layers: multi-token-prediction layers shipped with the checkpoint
        (DeepSeek-V3 / GLM ``num_nextn_predict_layers``, Qwen3.5 ``mtp_num_hidden_layers``).
    kv_heads_per_layer: KV heads of each layer, comma-separated (``0,0,8,0,…``; 0 on layers
        without attention), when they differ per layer (LFM2's GGUF ``head_count_kv`` array,
        OpenELM's ``num_kv_heads`` list); blank = ``num_key_value_heads`` on every attention
        layer.
    attention_k_eq_v: Gemma 4 ``attention_k_eq_v``: full-attention layers have no v_proj (V is
        k_proj's output) and ``num_global_key_value_heads`` KV heads.
"""

if TYPE_CHECKING:
    ModelRecord = _ModelRecordBase
else:
    ModelRecord = create_model(
        "ModelRecord",
        __base__=_ModelRecordBase,
        __module__=__name__,
        __doc__=_MODEL_RECORD_DOC,
        **{
            c: MODEL_CATALOG_FIELDS[c] if c in MODEL_CATALOG_FIELDS else _column_from_arch(c)
            for c in MODEL_COLUMNS
        },
    )


class CatalogModel(BaseModel):
    """A catalog model as the UI lists it: descriptive fields plus the resolved architecture.

    Attributes:
        kind: ``"llm"`` or ``"diffusion"``.
        params_b: total parameters in billions as listed in the catalog.
        active_params_b: parameters per token in billions (MoE), else ``params_b``.
        max_context: context length in tokens (None for diffusion rows).
        arch: the :class:`ModelArch` the calculator uses.
        is_user: True when the user added or changed this row.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    family: str = ""
    kind: Literal["llm", "diffusion"] = "llm"
    params_b: float
    active_params_b: float | None = None
    max_context: int | None = None
    arch: ModelArch
    license: str = ""
    source: str = ""
    notes: str = ""
    hf_repo: str = ""
    modelscope_id: str = ""
    is_user: bool = False

    @classmethod
    def from_record(cls, rec: ModelRecord, is_user: bool = False) -> CatalogModel:
        """Build from a stored row.

        Raises:
            ValueError: when the row does not describe a valid architecture.
        """
        return cls(
            id=rec.id,
            name=rec.name,
            family=rec.family,
            kind=rec.kind,
            params_b=rec.params_b,
            active_params_b=rec.active_params_b,
            max_context=rec.max_context,
            arch=rec.to_arch(),
            license=rec.license,
            source=rec.source,
            notes=rec.notes,
            hf_repo=rec.hf_repo,
            modelscope_id=rec.modelscope_id,
            is_user=is_user,
        )


# ---- models.csv → ModelArch ------------------------------------------------------------------

# catalog family → Hugging Face model_type (decides gated MLP and q/k/v biases).
_FAMILY_MODEL_TYPE: dict[str, str] = {
    "llama2": "llama",
    "llama3": "llama",
    "llama3.1": "llama",
    "llama3.2": "llama",
    "llama3.3": "llama",
    "codellama": "llama",
    "yi": "llama",
    "llama4": "llama4",
    "mistral": "mistral",
    "mistral-small": "mistral",
    "mistral-large": "mistral",
    "ministral": "mistral",
    "mixtral": "mixtral",
    "qwen": "qwen",
    "qwen1.5": "qwen2",
    "qwen2": "qwen2",
    "qwen2.5": "qwen2",
    "qwen3": "qwen3",
    "qwen3-coder": "qwen3_moe",
    "qwen1.5-moe": "qwen2_moe",
    # the Qwen3.5 / 3.6 text decoder is the Qwen3-Next hybrid: gated full attention (q_proj × 2)
    # and Gated DeltaNet layers (transformers models/qwen3_5 builds on models/qwen3_next)
    "qwen3_5": "qwen3_next",
    "gemma": "gemma",
    "gemma2": "gemma2",
    "gemma3": "gemma3_text",
    "phi3": "phi3",
    "phi4": "phi3",
    "phi3.5-moe": "phimoe",
    "phi-2": "phi",
    "phi2": "phi",
    "deepseek-v2": "deepseek_v2",
    "deepseek-v3": "deepseek_v3",
    "kimi-k2": "deepseek_v3",
    "deepseek-moe": "deepseek",
    "gpt2": "gpt2",
    "falcon": "falcon",
    "starcoder2": "starcoder2",
    "gpt-neox": "gpt_neox",
    "glm4": "glm",
    "glm4.5": "glm4_moe",
    "gpt-oss": "gpt_oss",
    "baichuan2": "baichuan",
    "internlm2.5": "internlm2",
    "minicpm": "minicpm",
    "command-r": "cohere",
    "cohere": "cohere",
    "dbrx": "dbrx",
}
# families whose attention projections carry biases although their model_type is not in
# core's q/k/v-bias list (GLM-4 add_qkv_bias, GLM-4.5 attention_bias, gpt-oss attention_bias).
_FAMILY_ATTENTION_BIAS = frozenset({"glm4", "glm4.5", "gpt-oss"})


def model_type_for(rec: ModelRecord) -> str:
    """Hugging Face ``model_type`` for a catalog row, from its family (and id for distills)."""
    fam = rec.family.lower().strip()
    if fam == "deepseek-r1-distill":
        return "qwen2" if "qwen" in rec.id.lower() else "llama"
    if fam == "qwen3" and (rec.moe_num_experts or 0) > 1:
        return "qwen3_moe"
    return _FAMILY_MODEL_TYPE.get(fam, re.sub(r"[^a-z0-9]+", "_", fam) or "llama")


_ALL_SLIDING = re.compile(r"all\s+layers", re.I)
_RATIO_IN_PARENS = re.compile(r"\(\s*(\d+)\s*:\s*(\d+)\s*\)")
_LOCAL = r"(?:sliding|local|chunked)"
_GLOBAL = r"(?:global|full)"
_LOCAL_FIRST = re.compile(rf"(\d+)\s*[^:\d]*?{_LOCAL}[^:]*:\s*(\d+)\s*[^:\d]*?{_GLOBAL}", re.I)
_GLOBAL_FIRST = re.compile(rf"(\d+)\s*[^:\d]*?{_GLOBAL}[^:]*:\s*(\d+)\s*[^:\d]*?{_LOCAL}", re.I)


def sliding_window_layers(num_layers: int, sliding_window: int | None, pattern: str) -> int | None:
    """How many of ``num_layers`` use local (sliding/chunked) attention.

    ``"5 sliding : 1 global"`` → 5 of every 6 layers (the global layer closes each
    period, as in Gemma 3); ``"alternating sliding/full (1:1)"`` → half;
    ``"1 full : 3 sliding"`` → 3 of 4; ``"all layers sliding-window"`` or a window
    with no pattern → every layer. Returns None when there is no window or the
    pattern is not understood (the calculator then treats every layer as global,
    which over- rather than under-estimates the KV cache).
    """
    if not sliding_window or num_layers <= 0:
        return None
    text = (pattern or "").strip()
    if not text or _ALL_SLIDING.search(text):
        return num_layers
    local = glob = None
    if m := _LOCAL_FIRST.search(text):
        local, glob = int(m.group(1)), int(m.group(2))
    elif m := _GLOBAL_FIRST.search(text):
        glob, local = int(m.group(1)), int(m.group(2))
    elif re.search(r"alternating", text, re.I):
        local, glob = 1, 1
        if (m := _RATIO_IN_PARENS.search(text)) and re.search(rf"{_LOCAL}\s*/\s*{_GLOBAL}", text, re.I):
            local, glob = int(m.group(1)), int(m.group(2))
    if not local or not glob:
        return None
    period = local + glob
    n_global = (num_layers // period) * glob + max(0, num_layers % period - local)
    return num_layers - n_global


def _rel_diff(a: int, b: float) -> float:
    return abs(a - b) / b if b else 0.0


def model_arch_from_record(rec: ModelRecord) -> ModelArch:
    """Map a models.csv row to the calculator's :class:`ModelArch`.

    Every architecture column (:data:`ARCH_COLUMNS`) fills its ModelArch field
    (:func:`arch_field`: ``num_layers``→``num_hidden_layers``,
    ``moe_num_experts``→``num_local_experts``, ``moe_top_k``→``num_experts_per_tok``,
    ``max_context``→``max_position_embeddings``); the MoE columns only for a MoE row, whose
    ``intermediate_size`` is per expert unless ``moe_intermediate_size`` is given (then it is
    the dense layers' width); ``model_type`` comes from the
    family (Qwen2 biases, non-gated Falcon/StarCoder2/GPT-2 MLPs); the attention
    pattern sets ``sliding_window_layers``. When the
    parameter count computed from those fields differs from ``params_b``·10**9 (or
    the active count from ``active_params_b``·10**9) by more than 2 %, the listed
    figures are set as ``params``/``active_params``. Diffusion rows carry ``params``
    only.

    Raises:
        ValueError: when the row does not describe a valid architecture.
    """
    listed = int(round(rec.params_b * 1e9))
    listed_active = int(round((rec.active_params_b or rec.params_b) * 1e9))
    if rec.kind == "diffusion":
        # active < total for a denoiser of experts run one at a time (Wan2.2 A14B: 27B / 14B)
        return ModelArch(
            name=rec.name,
            kind="diffusion",
            params=listed,
            active_params=listed_active if listed_active < listed else None,
        )
    missing = [
        f
        for f in ("num_layers", "hidden_size", "num_attention_heads", "vocab_size")
        if getattr(rec, f) is None
    ]
    if missing:
        raise ValueError(msg("catalog.model.llm_missing", columns=", ".join(missing)))
    moe = (rec.moe_num_experts or 0) > 1
    # every architecture column passes through (blank: ModelArch's default, 0 for a size it
    # does not know); the MoE ones only for a MoE row
    fields: dict[str, Any] = {
        arch_field(c): v
        for c in ARCH_COLUMNS
        if (v := getattr(rec, c)) is not None and (moe or c not in MOE_ONLY_COLUMNS)
    }
    if moe and rec.moe_intermediate_size is None and rec.intermediate_size:
        fields["moe_intermediate_size"] = rec.intermediate_size  # per expert, as in Mixtral
    fields.update(name=rec.name, kind="llm", model_type=model_type_for(rec))
    if not rec.layer_pattern:  # the stated per-layer pattern decides; else the words do
        fields["sliding_window_layers"] = sliding_window_layers(
            rec.num_layers, rec.sliding_window, rec.attention_pattern
        )
    if rec.family.lower() in _FAMILY_ATTENTION_BIAS:
        fields["attention_bias"] = True
    arch = ModelArch(**fields)
    if not rec.layer_pattern and arch.num_hidden_layers and (arch.sliding_window or arch.is_hybrid):
        # state the layer kinds the counts describe, so the row and an export of it agree
        arch = arch.model_copy(
            update={
                "layer_pattern": arch.layers,
                "sliding_window_layers": (
                    arch.layers.count("S") if arch.sliding_window else arch.sliding_window_layers
                ),
            }
        )
    if (
        _rel_diff(arch.param_count(), listed) > PARAM_TOLERANCE
        or _rel_diff(arch.active_param_count(), listed_active) > PARAM_TOLERANCE
    ):
        arch = arch.model_copy(update={"params": listed, "active_params": listed_active})
    return arch


def arch_columns(arch: ModelArch) -> dict[str, Any]:
    """The architecture columns of a models.csv row describing ``arch`` (the inverse of
    :func:`model_arch_from_record`'s pass-through, for imported models).

    ModelArch's ``0`` for a size it does not know becomes a blank cell (None); the MoE
    columns are blank unless ``arch.is_moe``. ``sliding_window_layers`` has no column:
    ``layer_pattern`` states every layer's kind (:attr:`ModelArch.layers`, written for any
    model with sliding-window, linear-attention, Mamba or conv layers), so a re-read row holds
    the same KV and state as the config it came from; nor have the ``params`` overrides.
    """
    out: dict[str, Any] = {}
    for c in ARCH_COLUMNS:
        field = arch_field(c)
        v = getattr(arch, field)
        unknown_size = type(ModelArch.model_fields[field].default) is int and v == 0
        if isinstance(v, tuple):
            v = ",".join(str(x) for x in v)
        out[c] = None if unknown_size or (c in MOE_ONLY_COLUMNS and not arch.is_moe) else v
    if (
        out.get("layer_pattern") is None
        and arch.num_hidden_layers
        and (arch.sliding_window or arch.is_hybrid)
    ):
        out["layer_pattern"] = arch.layers
    return out
