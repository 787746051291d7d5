"""The notes about a whole ranking: nothing fits, and what the seed guide's rule of thumb says.

The seed guide (the buying guides gpupicker grew from) has a quick decision
table — a rule of thumb only; :func:`summary_notes` compares the ranking's answer with it, by
the numbers (cost and speed against the guide's GPU), not by rank alone.
"""

from __future__ import annotations

import math

from ..dtypes import bytes_per_weight
from ..messages import Message, as_message, join, msg, sentence
from ..pricing.ranked_cost import option_cost
from ..results import Option
from ..units import GiB
from ..workload import Workload
from .reasons import speed_figure

SEED_TABLE: tuple[tuple[Message, tuple[str, ...], Message], ...] = tuple(
    (msg(row), ids, msg(why))
    for row, ids, why in (
        ("recommend.seed.large_training", ("h100_sxm",), "recommend.seed.why.large_training"),
        ("recommend.seed.llm_training", ("a100_sxm_80gb",), "recommend.seed.why.llm_training"),
        ("recommend.seed.fine_tuning", ("rtx_4090",), "recommend.seed.why.fine_tuning"),
        ("recommend.seed.inference", ("rtx_4090", "l40s"), "recommend.seed.why.inference"),
        ("recommend.seed.development", ("rtx_3090",), "recommend.seed.why.development"),
    )
)


"""The seed guide's quick decision table (scenario, GPU ids, why) — a rule of thumb only:
large-model training (70B+) on the H100 (most memory and speed), LLM training (7B–70B) on the
A100 80GB (best balance of cost and performance), fine-tuning / LoRA on the RTX 4090 (24 GB,
good value), inference on the RTX 4090 or L40S (high throughput at a fair price), development /
testing on the RTX 3090 (lowest cost, enough VRAM)."""

SEED_GPU_NAMES: dict[str, str] = {
    "h100_sxm": "NVIDIA H100 SXM5 80GB",
    "a100_sxm_80gb": "NVIDIA A100 SXM4 80GB",
    "rtx_4090": "NVIDIA GeForce RTX 4090",
    "l40s": "NVIDIA L40S",
    "rtx_3090": "NVIDIA GeForce RTX 3090",
}
"""The names of :data:`SEED_TABLE`'s GPU ids (data/gpus.csv ``name``; a test checks them), for
prose when a seed GPU has no ranked option (a region or provider filter left it out)."""


def seed_row(w: Workload) -> int | None:
    """Index of the seed decision-table row this workload falls under (None: no row)."""
    if w.model is None:
        return None
    p = w.model.param_count()
    if w.is_full_training:
        if p >= 65e9:
            return 0
        if p >= 6e9:
            return 1
        return 4
    if w.is_adapter_training:
        return 2
    if w.task == "inference":
        return 3
    return None


def _cards_per_copy(o: Option) -> int:
    """The GPUs one copy of the model runs on: a serving replica's, else the option's count.

    An option serving its load with several one-GPU replicas still holds the model on a
    single card (its ``num_gpus`` counts every replica).
    """
    return o.serving.gpus_per_replica if o.serving is not None else o.num_gpus


def _small_card_notes(w: Workload, options: list[Option]) -> list[Message]:
    """Why 24 GB cards alone do not serve 16-bit weights, when they do not.

    Memory (no option of one card of at most 24 GiB per model copy fits): the note that
    guides quoting speeds for such cards assume quantized weights. Load (one such card holds
    the model, but the requests need several replicas): the replica count, so the note never
    blames memory for what the serving load decides.
    """
    small = [o for o in options if _cards_per_copy(o) == 1 and o.capacity_bytes_per_gpu <= 24 * GiB]
    if not small:
        return []
    if not any(o.fits for o in small):
        return [
            sentence(
                join(
                    [
                        msg("recommend.not_24gb", dtype=w.weights_dtype),
                        msg("recommend.guides_assume_quantized"),
                    ],
                    "clauses",
                )
            )
        ]
    replicated = [o for o in small if o.fits and o.num_gpus > 1]
    if replicated and not any(o.fits and o.num_gpus == 1 for o in small):
        fewest = min(o.num_gpus for o in replicated)
        return [sentence(msg("recommend.small_card_replicas", dtype=w.weights_dtype, n=fewest))]
    return []


def summary_notes(w: Workload, options: list[Option]) -> list[Message]:
    """Notes about the whole ranking of ``w`` (``options`` in rank order).

    No single GPU fits (and the biggest one's size), nothing fits at all, 16-bit weights that
    no 24 GB card holds, and the seed guide's rule of thumb against the top option (agrees, or
    costs / speeds differ by a factor, with the guide's GPU's own reason). When the guide's
    best option is the workload's own GPU × count, the note calls it the user's GPU and leaves
    its rank to the preferred-GPU line (:func:`~.shown_rows.preferred_rank_message`).
    """
    notes: list[Message] = []
    # one card per model copy: is there such an option, and does any fit (the first that fits
    # ends the look: the top options usually do)
    single, single_fits = False, False
    for o in options:
        if _cards_per_copy(o) == 1:
            single = True
            if o.fits:
                single_fits = True
                break
    if single and not single_fits:
        singles = [o for o in options if _cards_per_copy(o) == 1]
        biggest = max(singles, key=lambda o: o.capacity_bytes_per_gpu)
        need = min(o.memory.total_bytes for o in singles)
        notes.append(
            join(
                [
                    msg(
                        "recommend.no_single_gpu_fits",
                        need=f"{need / GiB:.0f}",
                        gpu=biggest.gpu_name,
                        cap=f"{biggest.capacity_bytes_per_gpu / GiB:.0f}",
                    ),
                    msg("recommend.needs_several_gpus"),
                ],
                "sentences",
            )
        )
    if options and not single_fits and not any(o.fits for o in options):  # the region note says why
        notes.append(sentence(join([msg("recommend.nothing_fits"), msg("recommend.see_advice")], "clauses")))
    if w.model is not None and bytes_per_weight(w.weights_dtype) >= 2.0 and w.task == "inference":
        notes.extend(_small_card_notes(w, options))
    row = seed_row(w)
    if row is not None:
        scen, ids, why = SEED_TABLE[row]
        seed_opts = [o for o in options if o.gpu_id in ids]
        top = options[0] if options else None
        if top is not None and top.gpu_id in ids:
            notes.append(sentence(msg("recommend.seed_agrees", scenario=scen, gpu=top.gpu_name, why=why)))
        elif seed_opts and top is not None:
            b = seed_opts[0]
            verdict = msg("recommend.verdict.fits" if b.fits else "recommend.verdict.does_not_fit")
            diff: list[Message] = []
            if b.fits and top.fits:
                tm, bm = option_cost(top), option_cost(b)
                if math.isfinite(tm) and math.isfinite(bm) and tm > 0:
                    ts, bs = speed_figure(w, top.throughput), speed_figure(w, b.throughput)
                    who: dict[str, str | int | Message] = {
                        "n": top.num_gpus,
                        "gpu": top.gpu_name,
                        "provider": top.provider or msg("recommend.no_price_short"),
                    }
                    diff.append(
                        sentence(
                            msg(
                                "recommend.seed_cost_speed",
                                cost=f"{bm / tm:.2f}",
                                speed=f"{bs / ts:.2f}",
                                **who,
                            )
                            if ts > 0 and bs > 0
                            else msg("recommend.seed_cost", cost=f"{bm / tm:.2f}", **who)
                        )
                    )
            names = {**SEED_GPU_NAMES, **{o.gpu_id: o.gpu_name for o in seed_opts}}  # never ids
            head = sentence(
                join(
                    [
                        msg(
                            "recommend.seed_suggests",
                            gpus=", ".join(names.get(i, i) for i in ids),
                            scenario=scen,
                            why=why,
                        ),
                        # the preferred GPU × count has its own rank line (shown_rows):
                        # the note names it as the user's instead of ranking it twice
                        msg("recommend.seed_is_preferred")
                        if (b.gpu_id, b.num_gpus) == (w.gpu, w.num_gpus)
                        else msg("recommend.seed_rank", rank=b.rank, n=b.num_gpus, verdict=verdict),
                    ],
                    "clauses",
                )
            )
            notes.append(join([head, *diff, as_message(b.reason)], "space"))
    return notes


__all__ = ["SEED_TABLE", "seed_row", "summary_notes"]
