"""Core's sentences as data: ``Message(id, params)`` and the one English template per id.

Core never hands the UI a sentence it would have to parse. Every reason, note,
assumption, piece of advice and error core writes is a :class:`Message`: an id from
:data:`TEMPLATES` (or one of the :data:`JOINERS`) and its parameters. A Message *is*
its English rendering — a ``str`` subclass, like ``markupsafe.Markup`` — so the CLI,
the JSON output, logs and tests read today's English text unchanged, while the UI
renders ``id`` through Qt's translator (``gpupicker.ui`` message rendering) and the
JSON adds ``{"id", "params"}`` beside each text (:func:`with_message_ids`).

Parameters are already-formatted strings (numbers keep core's formatting, e.g.
``"13.3"``), nested Messages (translated in turn) or tuples of Messages (for the
joiners). Parameters named in :data:`NAME_PARAMS` hold display names (GPUs,
providers) that a translated rendering may show under their localized names.

Logic never inspects message text: a decision needs its own field (an option's
``limit``, a flag), not a substring of a sentence.

Rules for templates: placeholders are ``{name}`` (``str.format`` syntax, no format
spec: core formats numbers before passing them); a literal brace is written ``{{``.
Changing an English template needs its zh_CN translation in
``resources/i18n/gpupicker_zh_CN.ts`` (context ``CoreText``): a test fails otherwise.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, Union

from pydantic import PlainValidator

Param = Union[str, "Message", tuple["Message", ...]]
"""A message parameter: formatted text, a nested message, or messages to join."""

Translate = Callable[[str], str]
"""Maps an English template (or joiner separator) to the UI language's version."""

JOINERS: dict[str, tuple[str, str]] = {
    # id: (separator, ending) — ". " between sentences ends with ".", clauses take no end
    "join.sentences": (". ", "."),
    "join.clauses": ("; ", ""),
    "join.list": (", ", ""),
    "join.space": (" ", ""),
    "join.none": ("", ""),
}
"""Ids that join their ``parts`` (a tuple of Messages) with a separator, and the text that
ends the whole (both translated: Chinese uses "。", "；", "、" and no spaces)."""

NAME_PARAMS: frozenset[str] = frozenset({"gpu", "gpus", "provider"})
"""Parameters holding display names of GPUs or providers (", "-separated for several):
a Chinese rendering may show them as ``gpupicker.core.zh_names.zh_name`` gives them."""

TEMPLATES: dict[str, str] = {}
"""Message id → the English template. Filled below, one section per core module."""


def _section(templates: Mapping[str, str]) -> None:
    clash = set(templates) & set(TEMPLATES)
    if clash:
        raise ValueError(f"message ids defined twice: {sorted(clash)}")
    TEMPLATES.update(templates)


# --- generic pieces (any module) -------------------------------------------------------------
_section({
    "text.verbatim": "{text}",
})

# --- recommend, cost, money, price_kind, owned, providers, summary --------------------------
_section({
    # recommend: an option's reason (_fit_and_speed, _limit_why, _limit_and_reason, _build_options)
    "recommend.does_not_fit":
        "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} GiB — VRAM is the limit",
    "recommend.does_not_fit.split": "Does not fit: needs {used} GiB per GPU, the {gpu} has {cap} "
                                    "GiB — VRAM is the limit even split over {n} GPUs",
    "recommend.does_not_fit.pipeline": "Does not fit: needs {used} GiB per GPU, the {gpu} has "
                                       "{cap} GiB — VRAM is the limit on each of the {n} GPUs "
                                       "(each GPU holds the whole pipeline)",
    "recommend.use_more_gpus": "use more GPUs, a bigger card or lower precision",
    "recommend.fits": "Fits: {used} of {cap} GiB per GPU ({headroom} headroom)",
    "recommend.fits.tight":
        "Fits: {used} of {cap} GiB per GPU ({headroom} headroom) — tight, VRAM is nearly the limit",
    "recommend.speed.training": "{rate} training tokens/s",
    "recommend.speed.training_image": "{s} s per training image (all GPUs together)",
    "recommend.speed.image": "{seconds} s per image",
    "recommend.speed.sequence": "{rate} tokens/s per sequence",
    "recommend.speed.sequence_aggregate": "{rate} tokens/s per sequence ({aggregate} aggregate)",
    "recommend.speed.sequence_aggregate_replica":
        "{rate} tokens/s per sequence ({aggregate} aggregate per replica)",
    "recommend.limit.bandwidth": "memory bandwidth ({bandwidth} GB/s) limits decode",
    "recommend.limit.compute": "compute ({tflops} dense TFLOPS) limits speed",
    "recommend.limit.interconnect": "the {link} link between GPUs limits speed",
    "recommend.limit.engine":
        "the {framework} engine's per-step overhead, not the GPU, limits speed",
    "recommend.limit.offload": "layers offloaded to system RAM limit speed",
    "recommend.fsdp_shards":
        "FSDP/ZeRO-3 shards weights, gradients and optimizer states over {n} GPUs",
    "recommend.diffusion_lora_data_parallel": "data-parallel training: each of the {n} GPUs "
                                              "trains on its own images and the LoRA gradients "
                                              "are all-reduced",
    "recommend.images_per_gpu": "each of the {n} GPUs renders its own images",
    "recommend.fabric_without_bandwidth": "{n} cards over {link}: its bandwidth is not in the "
                                          "catalog, the all-reduce is estimated at PCIe speed "
                                          "(a lower bound)",
    "recommend.pcie_all_reduce":
        "{n} cards over PCIe without NVLink: the all-reduce between GPUs costs speed",
    "recommend.replicas": "{replicas} replicas needed for {rpm} requests/min",
    "recommend.price.per_hour": "{per_hour}/h",
    "recommend.price.total": "{per_hour}/h × {hours} h = {total}",
    "recommend.price.per_month": "{per_hour}/h = {per_month}/month",
    "recommend.no_price": "no price in the catalog",
    "recommend.miss.no_price": "no price in the catalog to check against the budget",
    "recommend.miss.cap": "over the {cap}/h cap",
    "recommend.miss.budget": "over the {budget} budget",
    "recommend.miss.latency": "misses the latency target",
    "recommend.miss.deadline": "misses the {deadline} h deadline",
    "recommend.consumer_no_nvlink":
        "Consumer cards have no NVLink: gradient and parameter exchange go over PCIe",
    "recommend.price_marked": "Price marked {flag}: {why}",
    "recommend.scaling": "{n} GPUs on {nodes} nodes of {per} over {net}",
    "recommend.scaling.cost": "{n} GPUs on {nodes} nodes of {per} over {net}: each GPU runs at "
                              "{share} of its speed within one node (scaling cost)",
    # recommend: notes and errors
    "recommend.fx_rate": "1 USD = {rate} {currency}",
    "recommend.fx_rate.default": "1 USD = {rate} {currency} (default rate)",
    "recommend.prices_converted": "Prices converted to USD before ranking: {conversions}",
    "recommend.offers_capped": "Every price offer: the {k} cheapest providers per GPU, pricing "
                               "and instance size are ranked",
    "recommend.offers_dropped": "{dropped} dearer offers left out",
    "recommend.unknown_goal": "unknown goal {goal}; choose one of {goals}",
    "recommend.model_not_resolved": "model {model} is not resolved",
    "recommend.look_up_model": "look it up in the catalog first",
    "recommend.gpu_types_left_out": "{n} GPU type(s) left out: {why}",
    "recommend.owned_not_in_catalog": "owned {gpu_id}: the GPU is not in the catalog, left out",
    "recommend.not_estimated": "{gpu} × {n}: not estimated ({error})",
    "recommend.multi_node_added": "No part holds this job in one node of 8: options of 16–64 "
                                  "GPUs over InfiniBand/RoCE added, each with its scaling cost",
    "recommend.no_multi_gpu_training": "{gpus}: not offered for multi-GPU training (one "
                                       "unified-memory machine, no collective-communication "
                                       "fabric); single-machine options only",
    "recommend.reference_tokens": "{hours} h on {n} × {gpu} ≈ {mtokens} M training tokens at "
                                  "the estimated speed",
    "recommend.other_hours_follow": "other options' hours follow from their own speed",
    "recommend.pretrain_share": "For pre-training from scratch that is {share} of the "
                                "≈{btokens} B tokens a compute-optimal run needs (20 tokens per "
                                "parameter, Hoffmann et al. 2022): enough for a small "
                                "experiment, not a finished model",
    "recommend.no_single_gpu_fits": "No single GPU fits: the job needs {need} GiB on one GPU, "
                                    "the largest card ({gpu}) has {cap} GiB",
    "recommend.needs_several_gpus": "It needs several GPUs (or lower precision)",
    "recommend.nothing_fits": "No option fits in memory",
    "recommend.see_advice": "see the advice for changes that would",
    "recommend.not_24gb": "In {dtype} the model does not fit a 24 GB card",
    "recommend.guides_assume_quantized":
        "guides that quote speeds for such cards assume 8- or 4-bit quantized weights",
    "recommend.seed_agrees": "Agrees with the seed guide's rule of thumb for {scenario}: "
                             "{gpu} ({why})",
    "recommend.seed_suggests":
        "The buying guide's rule of thumb suggests {gpus} for {scenario} ({why})",
    "recommend.seed_rank": "with these prices and speeds its best option ranks #{rank} "
                           "({n} GPU, {verdict})",
    "recommend.seed_cost_speed": "It costs {cost}× the top pick and runs at {speed}× its speed "
                                 "({n} × {gpu}, {provider})",
    "recommend.seed_cost": "It costs {cost}× the top pick ({n} × {gpu}, {provider})",
    "recommend.seed.large_training": "large-model training (70B+)",
    "recommend.seed.llm_training": "LLM training (7B–70B)",
    "recommend.seed.fine_tuning": "fine-tuning / LoRA",
    "recommend.seed.inference": "inference",
    "recommend.seed.development": "development / testing",
    "recommend.seed.why.large_training": "most memory and speed",
    "recommend.seed.why.llm_training": "best balance of cost and performance",
    "recommend.seed.why.fine_tuning": "24 GB, good value",
    "recommend.seed.why.inference": "high throughput at a fair price",
    "recommend.seed.why.development": "lowest cost, enough VRAM",
    "recommend.verdict.fits": "fits",
    "recommend.verdict.does_not_fit": "does not fit",
    "recommend.no_price_short": "no price",
    # cost, money: exchange rates, run cost and buy-vs-rent assumptions, errors
    "money.no_rate": "no exchange rate for {currency}",
    "money.set_rate": "set one (1 USD = … {currency}) with `gpupicker catalog fx set` or in the "
                      "exchange-rate dialog",
    "cost.per_hour": "{n} × {price} per GPU-hour = {per_hour}/h",
    "cost.spot": "Spot: +{extra} redone work and restarts (one interruption per {mtbi} h, "
                 "checkpoints every {interval} h) → {hours} h",
    "cost.subscription": "{kind}: billed {n} × {period} h for a {run} h run = {total}",
    "cost.subscription.monthly": "Monthly subscription",
    "cost.subscription.yearly": "Yearly subscription",
    "cost.serving_hours": "Serving {hours} h per month",
    "cost.energy": "GPU energy {kwh} kWh ({watts} W × {share} × {n} GPUs)",
    "cost.kwh_per_million": "{kwh} kWh per 1M tokens",
    "cost.hours_used": "{hours} h used per month",
    "cost.power": "power {watts} W × {utilization} at ${price}/kWh",
    "cost.no_resale": "no resale value",
    "cost.mtbi_not_positive": "mean time between interruptions must be positive",
    "cost.replica_speed_not_positive": "replica throughput must be positive",
    # price_kind: kinds, trust marks and the top-pick note
    "price_kind.list": "provider list price",
    "price_kind.marketplace": "marketplace listing",
    "price_kind.aggregate": "scraped aggregate",
    "price_kind.guide": "quoted in a guide",
    "price_kind.user": "your own price",
    "price_kind.owned": "your own hardware",
    "price_kind.flag.low_trust": "low-trust",
    "price_kind.flag.stale": "stale",
    "price_kind.why.guide": "a figure quoted in a guide, no provider named",
    "price_kind.why.doubt": "its source says: {marker}",
    "price_kind.why.no_date": "observed date unknown",
    "price_kind.why.old": "observed {observed}, over {months} months ago",
    "price_kind.observed_unknown": "unknown",
    "price_kind.top_pick_flagged": "The top pick rests on a {flag} price ({provider}, {kind}, "
                                   "observed {observed}: {why})",
    "price_kind.check_it": "check it before relying on it",
    "price_kind.best_unflagged": "The best option with an unflagged price is #{rank} ({n} × "
                                 "{gpu}, {provider}, {per_hour}/h)",
    # owned: break-even and errors
    "owned.break_even": "Break-even vs the best rental ({n} × {gpu}, {provider}, {per_hour}/h): "
                        "{months} months at {share} use",
    "owned.break_even.never": "Break-even vs the best rental ({n} × {gpu}, {provider}, "
                              "{per_hour}/h): never (the rental costs less than the power bill)",
    "owned.no_power": "owned {gpu_id}: give its power draw in W (the catalog has no TDP)",
    # providers: the region filter
    "providers.only_region": "Only offers in {where} ({region}): {n} of {total} options",
    "providers.none_in_region": "No offer in {where} fits; the cheapest elsewhere is {n} × "
                                "{gpu}, {provider}, {per_hour}/h",
    "providers.cheaper_outside": "Cheaper outside {where}: {n} × {gpu}, {provider}, {price} "
                                 "against {here} here",
    "providers.seed_price_here": "The seed guide prices {n} × {gpu} at {price}/h × {hours} h = "
                                 "{total}; at {provider} today: {price2}/h × {hours2} h = "
                                 "{total2}",
    "providers.unknown_region": "unknown region {region}; choose one of {regions}",
    "providers.region.CN": "China",
    "providers.region.US": "the United States",
    "providers.region.EU": "the EU",
    "providers.region.CA": "Canada",
    "providers.region.JP": "Japan",
    "providers.region.DE": "Germany",
    "providers.region.FI": "Finland",
    "providers.region.FR": "France",
    "providers.region.GB": "the United Kingdom",
    "providers.region.NL": "the Netherlands",
    "providers.region.IN": "India",
})


# --- memory, memory_common, engines, training, training_frameworks, diffusion, fit -----------


# --- throughput, speed_inference, serving, gpu_sustained, accelerators, frameworks, checks ---


# --- advisor, calibration, launch_config, workload, report -----------------------------------
_section({
    "report.ranked_by.cheapest": "Ranked by cheapest",
    "report.ranked_by.fastest": "Ranked by fastest",
    "report.ranked_by.value": "Ranked by value",
    "report.ranked_by.headroom": "Ranked by headroom",
    "report.tie_break.cheapest":
        "equal cost: the faster option first, then fewer GPUs, then the GPU id",
    "report.tie_break.fastest":
        "equal speed: the cheaper option first, then fewer GPUs, then the GPU id",
    "report.tie_break.value":
        "equal value score: the cheaper option first, then fewer GPUs, then the GPU id",
    "report.tie_break.headroom":
        "equal headroom: the cheaper option first, then fewer GPUs, then the GPU id",
    "report.doubted_price_last": "a price its own source doubts (e.g. 'scraper artefact') ranks "
                                 "after the other priced options of its tier",
})


_FORMATTER = string.Formatter()


def placeholders(template: str) -> frozenset[str]:
    """The ``{name}`` fields of ``template`` (``{{`` escapes excluded)."""
    return frozenset(f for _, f, _, _ in _FORMATTER.parse(template) if f)


class Message(str):
    """A sentence core writes: an id, its parameters, and (as the str value) its English text.

    Build one with :func:`msg` (a template id) or :func:`join` (several messages).

    Attributes:
        id: a key of :data:`TEMPLATES` or :data:`JOINERS`.
        params: parameter name → :data:`Param` (for joiners: ``{"parts": (Message, ...)}``).
    """

    __slots__ = ("id", "params")
    id: str
    params: Mapping[str, Param]

    def __new__(cls, id: str, params: Mapping[str, Param], english: str) -> Message:
        """Wrap ``english`` (already rendered from ``id`` and ``params``); use :func:`msg`."""
        self = super().__new__(cls, english)
        self.id = id
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle/copy as a Message (str's own reduce would drop id and params)."""
        return (Message, (self.id, dict(self.params), str(self)))

    def to_json(self) -> dict[str, Any]:
        """``{"id": ..., "params": {...}}`` with nested messages as the same kind of dict."""
        return {"id": self.id, "params": {k: _param_json(v) for k, v in self.params.items()}}

    def render(self, translate: Translate | None = None,
               name: Callable[[str], str] | None = None) -> str:
        """This message in another language.

        Args:
            translate: English template / separator → translated one (``None``: English).
            name: display name → localized display name, applied to :data:`NAME_PARAMS`.

        Returns:
            The rendered text; ``str(self)`` when both are ``None``.
        """
        if translate is None and name is None:
            return str(self)
        tr = translate or _same
        if self.id in JOINERS:
            sep, end = JOINERS[self.id]
            parts = self.params.get("parts", ())
            assert isinstance(parts, tuple)
            body = tr(sep).join(p.render(translate, name) for p in parts)
            return body + (tr(end) if end else "")
        values: dict[str, str] = {}
        for key, value in self.params.items():
            if isinstance(value, Message):
                values[key] = value.render(translate, name)
            elif isinstance(value, tuple):
                values[key] = "".join(p.render(translate, name) for p in value)
            elif name is not None and key in NAME_PARAMS:
                # one name may hold ", " itself ("RTX PRO 6000 Blackwell (Workstation, 96GB)")
                whole = name(value)
                values[key] = whole if whole != value or ", " not in value \
                    else ", ".join(name(v) for v in value.split(", "))
            else:
                values[key] = value
        return tr(TEMPLATES[self.id]).format_map(values)


def _same(text: str) -> str:
    return text


def _param_json(value: Param) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, tuple):
        return [p.to_json() for p in value]
    return value


def msg(id: str, **params: str | int | Message) -> Message:
    """The message ``id`` with ``params`` (its English text rendered now).

    Args:
        id: a key of :data:`TEMPLATES`.
        **params: one value per placeholder: formatted text, an ``int`` (written with
            ``str``; format other numbers first) or a nested :class:`Message`.

    Raises:
        KeyError: ``id`` is not in :data:`TEMPLATES`.
        ValueError: ``params`` do not name exactly the template's placeholders.
        TypeError: a value is not text, an int or a Message.
    """
    template = TEMPLATES[id]
    if _FIELDS.get(id) is None:
        _FIELDS[id] = placeholders(template)
    if _FIELDS[id] != params.keys():
        raise ValueError(f"message {id!r} takes {sorted(_FIELDS[id])}, got {sorted(params)}")
    values: dict[str, Param] = {}
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise TypeError(f"message {id!r}: {key}={value!r} is not text, int or Message")
        values[key] = value if isinstance(value, str) else str(value)
    return Message(id, values, template.format_map(values))


_FIELDS: dict[str, frozenset[str]] = {}
"""Placeholders per id, parsed on first use."""


def join(parts: Iterable[Message], how: str = "sentences") -> Message:
    """``parts`` joined as sentences, clauses, a list, with a space or with nothing.

    ``how``: "sentences" ("A. B."), "clauses" ("A; B"), "list" ("A, B"), "space" ("A B"),
    "none" ("AB").

    Raises:
        KeyError: ``how`` is not a joiner (``"join." + how`` not in :data:`JOINERS`).
        TypeError: a part is not a :class:`Message`.
    """
    id = "join." + how
    sep, end = JOINERS[id]
    items = tuple(parts)
    for p in items:
        if not isinstance(p, Message):
            raise TypeError(f"join() takes Messages, got {type(p).__name__}: {p!r}")
    return Message(id, {"parts": items}, sep.join(items) + end)


def verbatim(text: str) -> Message:
    """``text`` as a message that is never translated.

    For a file path, an engine's own log line, a user-typed name. Use sparingly: prose
    belongs in a template.
    """
    return msg("text.verbatim", text=text)


def _keep_str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {type(value).__name__}")
    return value


Text = Annotated[str, PlainValidator(_keep_str)]
"""A pydantic field type for core's texts: a :class:`Message` is stored as it is (pydantic
would otherwise turn a ``str`` subclass into a plain ``str`` and drop its id)."""


def with_message_ids(obj: Any) -> Any:
    """A JSON-ready copy of ``obj``, each Message beside its ``{"id", "params"}``.

    Every key holding a Message (or a list of them) gains a sibling ``<key>_message`` /
    ``<key>_messages`` with :meth:`Message.to_json`.

    The text values stay as they are (the English rendering), so JSON readers of the text
    see no change. Lists and dicts are walked; other values pass through.
    """
    if isinstance(obj, dict):
        out: dict[Any, Any] = {}
        for key, value in obj.items():
            out[key] = with_message_ids(value)
            if isinstance(value, Message):
                out[f"{key}_message"] = value.to_json()
            elif (isinstance(value, (list, tuple)) and value
                  and all(isinstance(v, Message) for v in value)):
                out[f"{key}_messages"] = [v.to_json() for v in value]
        return out
    if isinstance(obj, (list, tuple)) and not isinstance(obj, str):
        return [with_message_ids(v) for v in obj]
    if isinstance(obj, Message):
        return str(obj)
    return obj


__all__ = ["JOINERS", "NAME_PARAMS", "TEMPLATES", "Message", "Param", "Text", "Translate",
           "join", "msg", "placeholders", "verbatim", "with_message_ids"]
