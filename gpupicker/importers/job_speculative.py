"""SGLang's ``--speculative-*`` server arguments read into the workload's ``speculative``.

The flags are SGLang's ``ServerArgs`` (``docs/advanced_features/server_arguments.md``,
sgl-project/sglang at b36e8e1): ``--speculative-algorithm`` (EAGLE, EAGLE3, NEXTN, STANDALONE,
NGRAM), ``--speculative-draft-model-path``, ``--speculative-num-steps`` (draft steps per verify),
``--speculative-eagle-topk`` (branches per step; 1 is a chain) and
``--speculative-num-draft-tokens`` (tokens verified per step; a chain of ``n`` steps verifies
``n + 1``). SGLang parses them with Python's ``argparse``, which takes an unambiguous prefix of
a flag as the flag (``--speculative-algo``, as SGLang's own Qwen3-Next page writes it).
"""

from __future__ import annotations

from typing import Any

from .job_model import JobRead, ModelLookup

SGLANG_SPECULATIVE = (
    "--speculative-algorithm",
    "--speculative-draft-model-path",
    "--speculative-draft-model-revision",
    "--speculative-num-steps",
    "--speculative-eagle-topk",
    "--speculative-num-draft-tokens",
    "--speculative-accept-threshold-single",
    "--speculative-accept-threshold-acc",
    "--speculative-token-map",
    "--speculative-attention-mode",
)
"""SGLang's speculative-decoding server arguments (server_arguments.md)."""


def sglang_flag_name(flag: str) -> str:
    """``flag`` as SGLang's argparse reads it.

    An unambiguous prefix of one of :data:`SGLANG_SPECULATIVE` is that flag; any other flag is
    returned as written.
    """
    if flag in SGLANG_SPECULATIVE or not flag.startswith("--speculative-"):
        return flag
    matches = [f for f in SGLANG_SPECULATIVE if f.startswith(flag)]
    return matches[0] if len(matches) == 1 else flag


def read_sglang_speculative(job: JobRead, flags: list[tuple[str, str | None]], lookup: ModelLookup) -> None:
    """Set ``speculative`` from SGLang's ``--speculative-*`` flags of a command line.

    A chain (``--speculative-eagle-topk 1``, ``num-draft-tokens = num-steps + 1``) is what the
    speculative model costs; a tree (top-k above 1) and the acceptance thresholds are named as
    not modelled. A draft checkpoint the catalog does not hold is named as not modelled: an
    EAGLE head is then sized as one decoder layer of the target (core.speculative), and a
    separate draft model cannot be sized, so the whole speculative setting is named.
    """
    from ..core.workload import Workload

    spec = {f: v for f, v in flags if f in SGLANG_SPECULATIVE}
    if not spec:
        return
    cfg: dict[str, Any] = {}
    algo = spec.get("--speculative-algorithm")
    if algo:
        cfg["method"] = algo.lower()
    draft = spec.get("--speculative-draft-model-path")
    draft_id = lookup(draft) if draft else None
    if draft_id is not None:
        cfg["draft_model"] = draft_id
    steps = spec.get("--speculative-num-steps")
    if steps is not None and steps.isdigit():
        cfg["num_speculative_tokens"] = int(steps)
    try:
        Workload.model_validate({"task": "inference", "model": {"params": 1_000_000_000}, "speculative": cfg})
    except ValueError:
        for f, v in spec.items():
            job.not_modelled(f, v)
        return
    for f, v in spec.items():
        if f == "--speculative-draft-model-path" and draft_id is None:
            job.not_modelled(f, v)  # not in the catalog: the head's own size is not read
        elif f in ("--speculative-algorithm", "--speculative-draft-model-path", "--speculative-num-steps"):
            job.read.append((f, "(read into speculative)"))
        elif f == "--speculative-eagle-topk" and v == "1":
            job.read.append((f, "(1: a chain of draft tokens)"))
        elif f == "--speculative-num-draft-tokens" and steps is not None and v == str(int(steps) + 1):
            job.read.append((f, "(num-steps + 1: the chain verified)"))
        elif f == "--speculative-draft-model-revision":
            job.no_effect(f)
        else:
            job.not_modelled(f, v)
    job.set("--speculative-algorithm", "speculative", cfg)


__all__ = ["SGLANG_SPECULATIVE", "read_sglang_speculative", "sglang_flag_name"]
