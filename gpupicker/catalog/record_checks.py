"""The catalog's own checks of a row beyond its pydantic model. No Qt, no SQL.

Applied on every write path:
catalog ids, pricing kinds, price and size bounds, ``observed`` dates and currencies.
SQL.
"""

from __future__ import annotations

import math
import re
import typing
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

import annotated_types
from pydantic import BaseModel

from ..core.hardware.specs import GPU_BOUNDS, GpuSpec, PriceOffer, Pricing
from ..core.messages import Message, join, msg
from ..core.model_arch import ModelArch
from .records import ModelRecord, arch_field

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
    r"""``value`` when it is a catalog id (:data:`CATALOG_ID_RE`).

    Raises:
        ValueError: naming the column and the value, e.g. ``"id 'H100:64\n#' may hold only
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

    :func:`price_problems` lists them.

    Raises:
        ValueError: naming the column, e.g. ``"price_per_gpu_hour: inf is not a finite number"``;
            a row breaking several rules gets one error naming each (``a; b``).
    """
    problems = price_problems(
        offer.__dict__, known_currencies=known_currencies, today=today, allow_future=allow_future
    )
    if problems:
        raise ValueError(problems[0] if len(problems) == 1 else join(problems, "clauses"))
    return offer


def price_problems(
    values: Mapping[str, Any],
    *,
    known_currencies: set[str] | frozenset[str] = frozenset(),
    today: date | None = None,
    allow_future: bool = False,
) -> list[Message]:
    """Every catalog rule the price fields in ``values`` break, in column order.

    A field absent is not checked, so a CSV row pydantic refused can still have its other
    fields checked. The rules:

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

    Returns:
        One ``field: reason`` message per broken rule (empty when the fields are fine).
    """
    out: list[Message] = []
    if "gpu_id" in values:
        try:
            check_catalog_id(values["gpu_id"], "gpu_id")
        except ValueError as exc:
            out.append(exc.args[0])
    if "pricing" in values and values["pricing"] not in PRICING_TYPES:
        kinds = ", ".join(sorted(PRICING_TYPES))
        reason = msg("catalog.price.unknown_pricing", value=repr(values["pricing"]), kinds=kinds)
        out.append(msg("catalog.field_named", field="pricing", reason=reason))
    if "price_per_gpu_hour" in values:
        out += _price_bounds(values["price_per_gpu_hour"])
    n = values.get("gpus_per_instance")
    if n is not None and n > MAX_GPUS_PER_INSTANCE:
        reason = msg("catalog.price.gpus_above_limit", value=str(n), limit=f"{MAX_GPUS_PER_INSTANCE:,}")
        out.append(msg("catalog.field", field="gpus_per_instance", reason=reason))
    if "observed" in values:
        out += _observed_problems(values["observed"], today, allow_future)
    if "currency" in values:
        out += _currency_problems(values["currency"], known_currencies)
    return out


def _price_bounds(price: float) -> list[Message]:
    """The bound ``price_per_gpu_hour`` breaks (finite, MIN … MAX), if any."""
    if not math.isfinite(price):
        reason = msg("catalog.value.not_finite", value=repr(price))
    elif price > MAX_PRICE_PER_GPU_HOUR:
        reason = msg("catalog.price.above_limit", value=f"{price:g}", limit=f"{MAX_PRICE_PER_GPU_HOUR:,.0f}")
    elif price < MIN_PRICE_PER_GPU_HOUR:
        reason = msg("catalog.price.below_lowest", value=f"{price:g}", limit=f"{MIN_PRICE_PER_GPU_HOUR:g}")
    else:
        return []
    return [msg("catalog.field", field="price_per_gpu_hour", reason=reason)]


def _observed_problems(observed: str, today: date | None, allow_future: bool) -> list[Message]:
    """Why ``observed`` is refused (not a date form, or after tomorrow), if it is."""
    try:
        start = observed_start(observed)
    except ValueError:
        reason = msg("catalog.observed.not_a_date", value=repr(observed))
        return [msg("catalog.field", field="observed", reason=reason)]
    if start is not None and not allow_future:
        day = today or date.today()
        if start > day + timedelta(days=1):
            reason = msg("catalog.observed.future", value=repr(observed), today=day.isoformat())
            return [msg("catalog.field", field="observed", reason=reason)]
    return []


def _currency_problems(currency: str, known_currencies: set[str] | frozenset[str]) -> list[Message]:
    """Why ``currency`` is refused (not 3 capital letters, or no known code), if it is."""
    if not _CURRENCY_RE.match(currency):
        reason = msg("catalog.currency.not_a_code", value=repr(currency))
    elif currency not in ISO_CURRENCIES and currency not in known_currencies:
        reason = msg("catalog.currency.unknown", value=repr(currency))
    else:
        return []
    return [msg("catalog.field_named", field="currency", reason=reason)]


def _field_error(field: str, reason: Message) -> ValueError:
    """The error refusing ``field`` for ``reason``.

    It reads ``field: reason``; the UI shows the
    column's header for ``field``.
    """
    return ValueError(msg("catalog.field", field=field, reason=reason))


_GPU_LIMITS: dict[str, float] = {name: hi for name, (_lo, hi) in GPU_BOUNDS.items()}
"""Upper bounds of the GPU figures: core.hardware.GPU_BOUNDS (declared there once)."""
_MODEL_LIMITS: dict[str, float | None] = {
    "params_b": 1_000_000,
    "active_params_b": 1_000_000,
    "num_layers": None,
    "hidden_size": None,
    "intermediate_size": None,
    "num_attention_heads": None,
    "num_key_value_heads": None,
    "head_dim": None,
    "vocab_size": None,
    "max_context": 10_000_000_000,
    "moe_num_experts": None,
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
"""Upper bound of each numeric models.csv column, in the order they are checked. ``None``: the
bound the :class:`ModelArch` field of the column declares (``Field(le=…)``, read by
:func:`_model_limits`), so a bound is declared once, where the core model that reads the
figure is; the rest are the catalog's own (ModelArch declares no upper bound for them)."""


def _model_limits() -> dict[str, float]:
    """:data:`_MODEL_LIMITS` with every ``None`` read from the ModelArch field's ``le`` bound.

    Raises:
        LookupError: for a ``None`` whose ModelArch field declares no upper bound.
    """
    out: dict[str, float] = {}
    for column, own in _MODEL_LIMITS.items():
        if own is None:
            field = ModelArch.model_fields[arch_field(column)]
            les = [m.le for m in field.metadata if isinstance(m, annotated_types.Le)]
            if not les:
                raise LookupError(f"ModelArch.{arch_field(column)} declares no upper bound")
            own = float(typing.cast(float, les[0]))
        out[column] = own
    return out


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
    _check_numbers(record, _model_limits())
    return record
