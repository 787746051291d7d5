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
    # report: title, headings and the job table (core/report.py). A {tag} is always "": it keeps
    # a source apart from the same English words of another module in the one CoreText context
    # of the .ts ("gradient checkpointing" there: 开启梯度检查点; "none": 不影响质量)
    "report.title": "GPU plan: {task} {model}",
    "report.title_bare": "GPU plan: {task}",
    "report.task.inference": "inference",
    "report.task.lora": "lora",
    "report.task.qlora": "qlora",
    "report.task.full_ft": "full_ft",
    "report.task.pretrain": "pretrain",
    "report.task.decode_ceiling": "decode_ceiling",
    "report.task.image_gen": "image_gen",
    "report.task.diffusion_lora": "diffusion_lora",
    "report.written": "Written by gpupicker on {date}. Offline estimate: check the assumptions "
                      "below before you rent.",
    "report.h.job": "Job",
    "report.h.options": "Ranked options",
    "report.h.fits": "What fits",
    "report.h.plots": "Plots",
    "report.h.assumptions": "Assumptions",
    "report.h.notes": "Notes",
    "report.h.prices": "Prices used",
    "report.h.launch": "Launch",
    "report.tie_break_label": "Tie-break: {rule}",
    "report.job.task": "task",
    "report.job.model": "model",
    "report.job.weights": "weights",
    "report.job.micro_batch": "micro-batch",
    "report.job.seq_len": "sequence length",
    "report.job.optimizer": "optimizer",
    "report.job.grad_ckpt": "gradient checkpointing{tag}",
    "report.job.lora_rank": "LoRA rank",
    "report.job.batch": "batch",
    "report.job.context": "context tokens",
    "report.job.kv_cache": "KV cache",
    "report.job.framework": "framework",
    "report.job.gpus": "GPUs",
    "report.job.preferred_gpu": "preferred GPU",
    "report.job.run_hours": "run length (h)",
    "report.job.dataset_tokens": "dataset tokens",
    "report.job.rpm": "requests per minute",
    "report.job.pricing": "pricing",
    "report.job.budget": "budget",
    "report.job.max_per_hour": "max per hour",
    "report.job.deadline": "deadline (h)",
    "report.on": "on",
    "report.off": "off",
    # report: the ranked-options table (pricing kinds as the catalog spells them)
    "report.col.rank": "#",
    "report.col.gpu": "GPU",
    "report.col.count": "n",
    "report.col.fits": "fits",
    "report.col.memory": "memory per GPU",
    "report.col.provider": "provider",
    "report.col.pricing": "pricing",
    "report.col.per_hour": "{symbol}/h (all GPUs)",
    "report.col.hours": "hours",
    "report.col.total": "total",
    "report.col.others": "other counts",
    "report.yes": "yes",
    "report.no": "no",
    "report.gpu": "{gpu}",
    "report.provider": "{provider}",
    "report.memory": "{used} / {cap} GiB",
    "report.per_month": "{total}/month",
    "report.other_count": "×{n} {total}",
    "report.option_line": "{option} × {count}: {reason}",
    "report.pricing.on_demand": "on_demand",
    "report.pricing.spot": "spot",
    "report.pricing.reserved": "reserved",
    "report.pricing.reserved_1y": "reserved_1y",
    "report.pricing.capacity_block": "capacity_block",
    "report.pricing.marketplace": "marketplace",
    "report.pricing.monthly": "monthly",
    "report.pricing.yearly": "yearly",
    "report.pricing.owned": "owned",
    # report: what fits (core.fit) and the charts (core.svg_chart)
    "report.fits.gpu": "GPU",
    "report.fits.largest": "largest",
    "report.fits.value": "value",
    "report.fits.gib": "GiB per GPU at it",
    "report.dim.batch": "batch size",
    "report.dim.seq_len": "context (tokens)",
    "report.dim.lora_r": "LoRA rank",
    "report.dim.concurrency": "concurrent sequences",
    "report.fit.none": "none{tag}",
    "report.fit.at_limit": "{value} (limit)",
    "report.fit.gib": "{used} of {cap}",
    "report.chart.memory_title": "What fits: memory per GPU against {dimension}",
    "report.chart.gib_per_gpu": "GiB per GPU",
    "report.chart.shared": "peak memory per GPU (the same on every card)",
    "report.chart.capacity": "{gpu} ({cap} GiB usable)",
    "report.chart.series": "{gpu} · {pricing}",
    "report.chart.cost_title": "Cost by number of GPUs",
    "report.chart.hours_title": "Hours by number of GPUs",
    "report.chart.cost_hours_title": "Cost and hours by number of GPUs",
    "report.chart.n_gpus": "number of GPUs",
    "report.chart.hours": "hours",
    "report.chart.total": "total cost ({currency})",
    "report.chart.per_month": "cost per month ({currency})",
    "report.chart.per_hour": "price per hour ({currency})",
    # report: price sources and the launch config
    "report.prices.gpu": "GPU",
    "report.prices.provider": "provider",
    "report.prices.pricing": "pricing",
    "report.prices.per_gpu_hour": "per GPU-hour",
    "report.prices.observed": "observed",
    "report.prices.source": "source",
    "report.prices.unknown_date": "unknown",
    "report.prices.no_source": "(no source recorded)",
    "report.launch.engine": "Engine: {engine}",
    "report.launch.assumes": "assumes: {text}",
    "report.launch.warning": "warning: {text}",
    "report.launch.skypilot_md": "SkyPilot `task.yaml`:",
    "report.launch.dstack_md": "dstack `.dstack.yml`:",
    "report.launch.skypilot": "SkyPilot task.yaml",
    "report.launch.dstack": "dstack .dstack.yml",
    "report.launch.nothing": "No option fits, so there is nothing to launch.",
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
                values[key] = (whole if whole != value
                               else ", ".join(name(v) for v in value.split(", ")))
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
