"""The results page's sentences about the whole result: the one-line job summary, why
nothing (or nothing within the limits) is shown as fitting, and the advisor's lines.

Translated in the ``ResultsPage`` context, as the page's own strings are."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from ...core.messages import as_message, join
from ...core.planners.advisor import Advice
from ...core.results import Option
from ...core.workload import Workload
from ...service.recommendation import CatalogSnapshot
from ..i18n.core_messages import tr_message
from ..i18n.formatting import fmt_bytes, fmt_money, fmt_number
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import task_short
from ..i18n.zh_counts import code_name

translate = QCoreApplication.translate

ABSURD_FACTOR = 10
"""A job needing this many times the largest GPU's memory gets a sanity note."""
ABSURD_PARAMS = 10_000_000_000_000
"""Models above 10 T parameters are far beyond any published model."""


def _join(text: str, sentence: str) -> str:
    """``text`` and ``sentence`` as one paragraph: a space after Latin punctuation, none after
    a Chinese full stop (a translated text)."""
    return text + ("" if text.endswith(("。", "！", "？")) else " ") + sentence


def absurd_note(w: Workload, options: Sequence[Option], unit: str) -> str:
    """A sanity note when the job needs far more memory than any GPU has (e.g. 1e15
    parameters); empty otherwise. ``unit``: the byte unit shown (GiB or GB)."""
    if not options:
        return ""
    biggest = max(o.capacity_bytes_per_gpu for o in options)
    params = w.model.param_count() if w.model is not None else 0
    if biggest <= 0:
        return ""
    # each GPU × count's memory once (its offers share it), and on every change only until
    # one option needs less than the limit, as almost all do: summing every option's
    # breakdown cost 2–8 ms of each input change
    memories = list({id(o.memory): o.memory for o in options}.values())
    if params <= ABSURD_PARAMS and any(m.total_bytes < ABSURD_FACTOR * biggest for m in memories):
        return ""
    need = min(m.total_bytes for m in memories)
    text = tr_fmt(
        translate(
            "ResultsPage",
            "This job needs at least %1 per GPU; the largest GPU in the catalog has "
            "%2. Check the model size and the settings: the memory chart is hidden "
            "because its scale would be meaningless.",
        ),
        fmt_bytes(need, unit),
        fmt_bytes(biggest, unit),
    )
    if params > ABSURD_PARAMS:
        text += " " + tr_fmt(
            translate(
                "ResultsPage",
                "The model has %1 billion parameters; the largest published "
                "models have a few thousand billion.",
            ),
            fmt_number(params / 1e9),
        )
    return text


def nothing_fits_text(count: int, causes: Sequence[str], advice_heading: str, absurd: str) -> str:
    """Why none of the ``count`` options fits, with core.advisor's ``causes`` ids
    (``grad_ckpt``, ``multi_node``), a pointer to the advisor box titled ``advice_heading``
    ('' when it lists nothing) and the ``absurd`` note ('' when none)."""
    text = tr_fmt(
        translate(
            "ResultsPage",
            "Nothing fits: none of the %1 GPU options in the catalog can hold "
            "this job, even with up to 8 GPUs. The table lists them anyway, "
            "closest first. Try a lower precision, LoRA/QLoRA, a smaller batch or "
            "shorter sequences.",
        ),
        str(count),
    )
    if "grad_ckpt" in causes:
        text = _join(
            text,
            translate(
                "ResultsPage",
                "Activations are the largest part of the memory: turn on gradient checkpointing first.",
            ),
        )
    if "multi_node" in causes:
        text = _join(
            text,
            translate(
                "ResultsPage",
                "One node of 8 GPUs is not enough: the job needs "
                "more GPUs across several nodes (multi-node FSDP / "
                "ZeRO-3).",
            ),
        )
    if advice_heading:
        # the heading is built from the GPU name, not cut from a title
        text = _join(
            text,
            tr_fmt(translate("ResultsPage", "See “%1” below for changes that would help."), advice_heading),
        )
    if absurd:
        text += "\n" + absurd
    return text


def over_limits_text(w: Workload, options: Sequence[Option], snap: CatalogSnapshot) -> str:
    """Options fit in memory but none within the budget / cap / deadline — say what
    the cheapest fitting one would cost and which limits rejected the rest ('' otherwise);
    money in the snapshot's display currency."""
    from ...core.ranking.summary import limits_summary

    s = limits_summary(w, options)
    if s is None:
        return ""
    k = 1.0 / (snap.display_rate() or 1.0)
    amount = fmt_money(s.money * k, snap.display_currency)
    if s.money_kind == "per_month":
        amount = tr_fmt(translate("ResultsPage", "%1 per month"), amount)
    elif s.money_kind == "per_hour":
        amount = tr_fmt(translate("ResultsPage", "%1 per hour"), amount)
    limits = []
    if "budget" in s.rejected:
        limits.append(
            tr_fmt(
                translate("ResultsPage", "the %1 budget rejected %2"),
                fmt_money((w.budget_usd or 0) * k, snap.display_currency),
                str(s.rejected["budget"]),
            )
        )
    if "cap" in s.rejected:
        limits.append(
            tr_fmt(
                translate("ResultsPage", "the %1 per hour cap rejected %2"),
                fmt_money((w.max_usd_per_hour or 0) * k, snap.display_currency),
                str(s.rejected["cap"]),
            )
        )
    if "deadline" in s.rejected:
        limits.append(
            tr_fmt(
                translate("ResultsPage", "the %1 h deadline rejected %2"),
                fmt_number(w.deadline_hours or 0),
                str(s.rejected["deadline"]),
            )
        )
    o = s.cheapest
    return tr_fmt(
        translate(
            "ResultsPage",
            "Nothing is within your limits. The cheapest option that fits costs %1: "
            "%2 × %3 (%4). Of the %5 options that fit, %6.",
        ),
        amount,
        str(o.num_gpus),
        o.gpu_name,
        o.provider,
        str(s.fitting),
        "; ".join(limits),
    )


def summary_text(w: Workload) -> str:
    """The job in one line: task · model · weight precision · (inference: engine, serving
    load) · batch and tokens · what the Tokens/s column adds up."""
    name = (w.model.name if w.model is not None else "") or w.model_id or ""
    parts = [task_short(w.task), name, w.weights_dtype.upper()]
    if w.is_training:
        parts.append(
            tr_fmt(translate("ResultsPage", "batch %1 × %2 tokens"), str(w.batch), str(w.training_seq_len()))
        )
    elif w.task == "inference":
        parts.extend(_inference_summary(w))
    return " · ".join(p for p in parts if p)


def _inference_summary(w: Workload) -> list[str]:
    """The inference parts of :func:`summary_text`: the engine, the request rate or batch,
    the tokens, and that the Tokens/s column is the total of every sequence (and replica)."""
    tokens = tr_fmt(
        translate("ResultsPage", "in %1 / out %2 tokens"),
        str(w.avg_prompt_tokens),
        str(w.avg_output_tokens),
    )
    parts = [code_name(w.framework)]
    if w.requests_per_minute:  # a request rate: the plan sizes the batch and replicas, not w.batch
        rpm = w.requests_per_minute
        rate = fmt_number(rpm, 0 if float(rpm).is_integer() else 2)
        parts.append(tr_fmt(translate("ResultsPage", "%1 requests/min"), rate))
        parts.append(tokens)
        parts.append(translate("ResultsPage", "tokens/s of all replicas together"))
    else:
        parts.append(tr_fmt(translate("ResultsPage", "batch %1, %2"), str(w.batch), tokens))
        if w.batch > 1:
            parts.append(translate("ResultsPage", "tokens/s of the whole batch"))
    return parts


def advice_text(number: int, a: Advice, unit: str) -> str:
    """One line of the advisor list: ``number``, what to change, the bytes it saves and the
    new peak (in ``unit``, GiB or GB), whether it then fits, and what it costs in speed or
    quality."""
    what = tr_message(a.description or "") or a.action or str(a)
    saves, new_total = a.saves_bytes, a.new_total_bytes
    text = f"{number}. {what}"
    if saves is not None and new_total is not None:
        text += "  —  " + tr_fmt(
            translate("ResultsPage", "saves %1, new peak %2"),
            fmt_bytes(saves, unit),
            fmt_bytes(new_total, unit),
        )
    if a.fits is not None:
        text += "  " + (
            translate("ResultsPage", "(fits)") if a.fits else translate("ResultsPage", "(still too big)")
        )
    costs = [as_message(c) for c in (a.speed_cost, a.quality_cost) if c]
    if costs:
        text += "  ·  " + tr_message(join(costs, "clauses"))
    return text
