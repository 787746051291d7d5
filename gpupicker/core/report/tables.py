"""The report's tables: the job's rows, the ranked options' rows and the stated tie-break.

Amounts are shown in the display currency by the money rule of the table, report and reasons
(:func:`~gpupicker.core.pricing.money.amount_decimals`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..messages import Message, join, msg, verbatim
from ..pricing.money import SYMBOLS, USD, Money, amount_decimals
from ..results import Option
from ..units import GiB
from ..workload import Workload

TIE_BREAKS: dict[str, str] = {
    "cheapest": "report.tie_break.cheapest",
    "fastest": "report.tie_break.fastest",
    "value": "report.tie_break.value",
    "headroom": "report.tie_break.headroom",
}
"""The message id of each goal's tie-break, as ``recommend._build_options``' sort key applies it
(fitting and within-budget options always come first)."""

RANKED_BY: dict[str, str] = {
    "cheapest": "report.ranked_by.cheapest",
    "fastest": "report.ranked_by.fastest",
    "value": "report.ranked_by.value",
    "headroom": "report.ranked_by.headroom",
}
"""The message id of each goal's "ranked by" clause."""


def tie_break_rule(goal: str) -> Message:
    """The stated ranking rule for ``goal`` (see :data:`TIE_BREAKS`; unknown goals: cheapest's)."""
    goal = goal if goal in TIE_BREAKS else "cheapest"
    return join(
        [
            join(
                [msg(RANKED_BY[goal]), msg(TIE_BREAKS[goal]), msg("report.doubted_price_last")],
                "clauses",
            )
        ]
    )


NAMED_IDS: dict[str, dict[str, str]] = {
    "report.task": {
        "inference": "report.task.inference",
        "lora": "report.task.lora",
        "qlora": "report.task.qlora",
        "full_ft": "report.task.full_ft",
        "pretrain": "report.task.pretrain",
        "decode_ceiling": "report.task.decode_ceiling",
        "image_gen": "report.task.image_gen",
        "diffusion_lora": "report.task.diffusion_lora",
    },
    "pricing": {
        "on_demand": "pricing.on_demand",
        "spot": "pricing.spot",
        "reserved": "pricing.reserved",
        "reserved_1y": "pricing.reserved_1y",
        "capacity_block": "pricing.capacity_block",
        "marketplace": "pricing.marketplace",
        "monthly": "pricing.monthly",
        "yearly": "pricing.yearly",
        "owned": "pricing.owned",
    },
}
"""Group → code → the message id naming it: tasks (``report.task``) and pricing kinds
(``pricing``)."""


def named(group: str, code: str) -> Message:
    """A task (group ``report.task``) or pricing kind (``pricing``) by its code (:data:`NAMED_IDS`).

    A code without an id (a pricing kind the user typed) is shown as the catalog spells it.

    Raises:
        KeyError: ``group`` is not one of :data:`NAMED_IDS`.
    """
    key = NAMED_IDS[group].get(code)
    return msg(key) if key is not None else verbatim(code)


def job_rows(w: Workload, model_name: str, money: Money = USD) -> list[tuple[Message, Message]]:
    """The job table: (label, value) rows of the fields the job sets, amounts in ``money``."""
    v = verbatim
    rows = [
        (msg("report.job.task"), named("report.task", w.task)),
        (msg("report.job.model"), v(model_name)),
        (msg("report.job.weights"), v(w.weights_dtype)),
    ]
    if w.is_training:
        rows += [
            (msg("report.job.micro_batch"), v(str(w.batch))),
            (msg("report.job.seq_len"), v(str(w.training_seq_len()))),
            (msg("report.job.optimizer"), v(w.optimizer)),
            (msg("report.job.grad_ckpt"), msg("report.on" if w.grad_ckpt else "report.off")),
        ]
        if w.lora is not None:
            rows.append((msg("report.job.lora_rank"), v(str(w.lora.r))))
    elif w.task != "image_gen":
        rows += [
            (msg("report.job.batch"), v(str(w.batch))),
            (msg("report.job.context"), v(str(w.context_tokens()))),
            (msg("report.job.kv_cache"), v(w.kv_cache_dtype)),
        ]
    rows.append((msg("report.job.framework"), v(w.framework)))
    # money rows: a USD report keeps the workload file's bare number; another display
    # currency shows the amount in it (the workload holds USD, core.money)
    for label, value, money_row in (
        ("report.job.gpus", w.num_gpus if w.num_gpus > 1 else None, False),
        ("report.job.preferred_gpu", w.gpu, False),
        ("report.job.run_hours", w.train_hours, False),
        ("report.job.dataset_tokens", w.dataset_tokens, False),
        ("report.job.rpm", w.requests_per_minute, False),
        ("report.job.pricing", w.pricing, False),
        ("report.job.budget", w.budget_usd, True),
        ("report.job.max_per_hour", w.max_usd_per_hour, True),
        ("report.job.deadline", w.deadline_hours, False),
    ):
        if value is None:
            continue
        if label == "report.job.pricing":
            shown = named("pricing", str(value))
        elif label == "report.job.dataset_tokens":  # 1.5e+07 was written by :g
            shown = msg("report.job.mtokens", mtokens=f"{float(value) / 1e6:,.1f}")
        elif money_row and money.currency != "USD":
            shown = v(money.fmt(float(value)))
        else:
            shown = v(f"{value:g}" if isinstance(value, float) else str(value))
        rows.append((msg(label), shown))
    return rows


def currency_symbol(currency: str) -> str:
    """The symbol of ``currency`` in money texts (``core.money.SYMBOLS``; else ``"XYZ "``)."""
    cur = (currency or "USD").upper()
    return SYMBOLS.get(cur, cur + " ")


def money_text(usd: float | None, decimals: int | None = 2, money: Money = USD) -> str:
    """A USD amount in the display currency: its symbol, whole from 1000 on.

    Two significant digits below ``10 ** -decimals``; ``decimals=None``: the money rule of the
    table, report and reasons (:func:`~gpupicker.core.pricing.money.amount_decimals`).
    """
    if usd is None:
        return "-"
    v = usd * money.per_usd
    sym = currency_symbol(money.currency)
    if abs(v) >= 1000:
        return f"{sym}{v:,.0f}"
    if decimals is None:
        decimals = amount_decimals(v)
    if 0 < abs(v) < 10**-decimals:
        return f"{sym}{v:.2g}"
    return f"{sym}{v:,.{decimals}f}"


def ranking_total(o: Option) -> float | None:
    """The amount an option row shows, USD: the job's total, else its monthly cost (None: neither)."""
    c = o.cost
    return c.usd_total if c.usd_total is not None else c.usd_per_month


def option_row(
    o: Option, others: Sequence[Option], d: int | None = None, money: Money = USD
) -> dict[str, Message | str]:
    """One row of the options table: ``o`` and the same GPU's ``others`` counts.

    Totals with ``d`` decimals; None (the report): the money rule of ``money_text``.
    """
    c = o.cost
    v = verbatim
    monthly = c.usd_total is None and c.usd_per_month is not None
    shown = money_text(ranking_total(o), d, money)
    total = msg("report.per_month", total=shown) if monthly else v(shown)
    more = [
        msg("report.other_count", n=x.num_gpus, total=money_text(ranking_total(x), d, money))
        for x in others
        if ranking_total(x) is not None
    ]
    per_hour = c.usd_per_hour * money.per_usd
    return {
        "rank": v(str(o.rank)),
        "gpu": msg("report.gpu", gpu=o.gpu_name),
        "count": v(str(o.num_gpus)),
        "fits": msg("report.yes" if o.fits else "report.no"),
        "memory": msg(
            "report.memory",
            used=f"{o.total_bytes_per_gpu / GiB:.1f}",
            cap=f"{o.capacity_bytes_per_gpu / GiB:.1f}",
        ),
        "provider": msg("report.provider", provider=o.provider) if o.provider else v("-"),
        "pricing": named("pricing", o.pricing) if o.pricing else v("-"),
        "per_hour": v(money_text(c.usd_per_hour, 2 if per_hour >= 0.1 else 4, money) if o.provider else "-"),
        "hours": v("-" if c.hours is None else f"{c.hours:,.2f}"),
        "total": total if ranking_total(o) is not None else v("-"),
        "others": join(more, "list") if more else v("-"),
        "reason": o.reason,
    }


def one_row_per_gpu(options: Sequence[Any], top: int) -> list[tuple[Any, list[Any]]]:
    """``(best option, the same GPU type's other counts)`` per GPU type, in rank order.

    Fitting, within-budget options only (all options when none fits), ``top`` types.
    """
    pool = [o for o in options if o.fits and o.within_budget] or list(options)
    groups: dict[str, list[Any]] = {}
    for o in pool:
        groups.setdefault(o.gpu_id, []).append(o)
    out = []
    for gid in list(groups)[:top]:
        best, *rest = groups[gid]
        seen = {best.num_gpus}
        others = []
        for x in rest:
            if x.num_gpus not in seen:
                seen.add(x.num_gpus)
                others.append(x)
        out.append((best, sorted(others, key=lambda x: x.num_gpus)))
    return out
