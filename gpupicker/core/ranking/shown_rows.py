"""What a one-row-per-GPU-type listing hides, and where the user's own GPU ranks in it.

The CLI's ``recommend`` table (without ``--every-count``) and the window's results page (with
"One row per GPU type" ticked) list each GPU type once; both say how many rows that hides and
where the preferred GPU × count ranks, with these messages, so the two say the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import Message, msg
from ..results import Option
from ..units import GiB


def one_per_gpu_options(options: Sequence[Option]) -> list[Option]:
    """Each GPU type once, at its best-ranked option (ranks stay those of the full ranking)."""
    seen: set[str] = set()
    out: list[Option] = []
    for o in options:
        if o.gpu_id not in seen:
            seen.add(o.gpu_id)
            out.append(o)
    return out


def hidden_rows_message(hidden: int) -> Message:
    """The note that ``hidden`` other GPU counts and offers of the listed types are not shown."""
    return msg("recommend.rows_hidden", count=f"{hidden:,}")


def preferred_rank_message(option: Option) -> Message:
    """Where the user's GPU × count ranks, and whether it fits.

    "Your {gpu} × {n}: #{rank}, fits ({gib} GiB per GPU)" (or "does not fit"); memory in GiB
    (2**30 bytes) per GPU, one decimal.
    """
    return msg(
        "recommend.preferred_rank.fits" if option.fits else "recommend.preferred_rank.no_fit",
        gpu=option.gpu_name,
        count=option.num_gpus,
        rank=option.rank,
        gib=f"{option.total_bytes_per_gpu / GiB:.1f}",
    )


def preferred_option(options: Sequence[Option], preferred: tuple[str, int] | None) -> Option | None:
    """The option of the preferred (GPU id, count), or None (none set, or not ranked)."""
    if preferred is None:
        return None
    return next((o for o in options if (o.gpu_id, o.num_gpus) == preferred), None)
