"""``gpupicker report``: the whole answer for one workload as Markdown, HTML or PDF.

``gpupicker report --workload FILE|- --out PATH.{md,html,pdf} [--goal G] [--top N]``

The format follows the extension. ``.md`` and ``.html`` are written without Qt
(Markdown charts go beside the file as SVG + CSV); ``.pdf`` starts an offscreen
``QGuiApplication`` for ``QPdfWriter``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core.ranking.recommend import GOALS
from ..core.report.build import REPORT_FORMATS, Report, build_report
from ..core.report.render import write_text_report
from ..core.workload import Workload


def make_report(w: Workload, repo: Any, goal: str = "cheapest", top: int = 10) -> Report:
    """Recommend for ``w`` with the catalog ``repo`` and build its :class:`Report`.

    Raises:
        ValueError: unknown model or GPU, or a workload that cannot be estimated.
    """
    from ..core.planners.launch_config import model_repo
    from ..service.resolve import resolve_model
    from .recommend import display_money, run_recommend

    money = display_money(repo)
    rec = run_recommend(w, repo, goal=goal, money=money)
    name, ref, ms_id, family = "", None, None, None
    if w.model_id:
        cm = repo.get_catalog_model(w.model_id)
        if cm is not None:
            name, ref = cm.name, model_repo(cm.hf_repo, cm.source)
            ms_id, family = cm.modelscope_id or None, cm.family
    w = resolve_model(w, repo)
    return build_report(
        w,
        rec.options,
        repo.gpus(),
        repo.prices(),
        notes=rec.notes,
        top=top,
        model_name=name,
        model_ref=ref,
        goal=goal,
        money=money,
        modelscope_id=ms_id,
        family=family,
    )


ENGLISH_ONLY = (
    "--lang {lang} is the window's language; the CLI report is written in English, amounts in the "
    "catalog's display currency (`gpupicker catalog currency`); the window's File › Export report… "
    "writes it in {lang}"
)
"""The warning for ``gpupicker --lang … report``: the CLI renders the report's English texts."""


def write_report(r: Report, out: Path) -> list[Path]:
    """Write ``r`` in the format of ``out``'s extension; returns the files written.

    Raises:
        ValueError: unknown extension. OSError: cannot write.
    """
    if out.suffix.lower() == ".pdf":
        from ..ui.results.report_pdf import write_pdf

        return [write_pdf(r, out)]
    return write_text_report(r, out)


def cmd_report(args: argparse.Namespace) -> int:
    """``gpupicker report``: write the report of the first workload of the input."""
    from .common import error_text, open_repo, read_workload_texts

    out = Path(args.out)
    if out.suffix.lower() not in REPORT_FORMATS:
        print(f"gpupicker report: {out.name}: use a .md, .html or .pdf file name", file=sys.stderr)
        return 2
    texts = read_workload_texts(args.workload, "report", limit=1)
    if texts is None:
        return 2
    lang = getattr(args, "lang", None)
    if lang and not lang.lower().startswith("en"):
        print(f"gpupicker report: warning: {ENGLISH_ONLY.format(lang=lang)}", file=sys.stderr)
    text = texts[0]
    repo = open_repo(getattr(args, "catalog", None))
    try:
        if repo is None:
            raise ValueError("the catalog could not be opened; a report needs its GPUs and prices")
        w, _unknown = Workload.from_json_text(text)  # bounded: core.json_limits
        r = make_report(w, repo, args.goal, args.top)
        files = write_report(r, out)
    except (ValidationError, ValueError) as exc:
        print(f"gpupicker report: {error_text(exc)}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"gpupicker report: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    for f in files:
        print(f)
    return 0


def add_report_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``report`` on the ``gpupicker`` subparsers."""
    from .common import int_in

    r: argparse.ArgumentParser = sub.add_parser(
        "report", help="write the answer as a Markdown, HTML or PDF report"
    )
    r.add_argument("--workload", required=True, metavar="FILE", help="workload JSON; '-' = stdin")
    r.add_argument("--out", required=True, metavar="PATH", help="report.md, report.html or report.pdf")
    r.add_argument("--goal", choices=GOALS, default="cheapest", help="ranking goal")
    r.add_argument("--top", type=int_in(1, 1000), default=10, metavar="N", help="options listed")
    r.set_defaults(func=cmd_report)
    return r
