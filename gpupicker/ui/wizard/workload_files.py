"""File workflow of the main window: workload JSON in and out, results out as CSV.

The workload format is the one ``gpupicker estimate --workload`` reads (a
:class:`~gpupicker.core.workload.Workload` as JSON, ``model_id`` naming a catalog model).
Nothing here computes: the CSV holds what core returned, in the units the table shows.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import TypeAlias

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication

from ...catalog import CatalogRepository
from ...catalog.errors import validation_text
from ...core.results import Option
from ...core.text.json_limits import MAX_WORKLOAD_BYTES, JsonLimitError, duplicate_keys, loads_bounded
from ...core.text.safe_write import open_for_write, write_text
from ...core.units import GB, GiB
from ...core.workload import Workload
from ...importers.job_model import JobRead
from ...service.resolve import UnknownModelError, resolve_model
from ..i18n.placeholders import tr_fmt
from ..results.options_model import OptionsTableModel

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

translate = QCoreApplication.translate

Cell: TypeAlias = str | float
"""One value of the results CSV (``csv.writer`` writes numbers with ``repr``, text as is)."""


class WorkloadFileError(ValueError):
    """A workload file that cannot be used; the message says why in plain words."""


def read_workload(path: str | os.PathLike[str], repo: CatalogRepository) -> Workload:
    """Read, size-check and validate a workload file; resolve ``model_id`` in ``repo``.

    Raises:
        WorkloadFileError: missing, too big, not UTF-8 JSON, invalid fields, unknown model.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise WorkloadFileError(tr_fmt(translate("Files", "%1 is not a file."), str(p)))
        if size > MAX_WORKLOAD_BYTES:
            raise WorkloadFileError(
                tr_fmt(
                    translate("Files", "%1 is %2 MiB; workload files are small JSON files (at most 10 MiB)."),
                    p.name,
                    f"{size / 2**20:.1f}",
                )
            )
        text = p.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise WorkloadFileError(str(exc)) from exc
    except UnicodeDecodeError as exc:
        raise WorkloadFileError(translate("Files", "Not a UTF-8 text file.")) from exc
    if not text.strip():
        raise WorkloadFileError(translate("Files", "The file is empty."))
    try:
        loads_bounded(text)
    except JsonLimitError as exc:
        from ..i18n.core_messages import tr_message

        raise WorkloadFileError(tr_message(exc.args[0])) from exc
    except ValueError:
        pass  # not JSON: pydantic's parser below says where
    try:
        w = Workload.model_validate_json(text)
    except ValidationError as exc:
        from ..i18n.core_messages import tr_message

        raise WorkloadFileError(validation_text(exc, sep="\n", limit=6, render=tr_message)) from exc
    if w.model is None:
        if not w.model_id:
            raise WorkloadFileError(translate("Files", "The file names no model (model_id)."))
        model_id = w.model_id
        try:
            w = resolve_model(w, repo)
        except UnknownModelError as exc:
            raise WorkloadFileError(
                tr_fmt(translate("Files", "Unknown model_id “%1”: it is not in the catalog."), model_id)
            ) from exc
    return w


def read_job_workload(path: str | os.PathLike[str], repo: CatalogRepository) -> tuple[Workload, JobRead]:
    """Read a job file (axolotl / LLaMA-Factory / torchtune YAML, TrainingArguments JSON, a
    SkyPilot task, an engine command line) into a workload with its model resolved.

    Raises:
        WorkloadFileError: the job cannot be read, names no known model, or does not validate.
    """
    from ...importers.job_lookup import catalog_models_lookup
    from ...importers.job_model import JobReadError
    from ...importers.jobs import read_job_file
    from ..i18n.core_messages import tr_message

    lookup = catalog_models_lookup(repo.models())
    try:
        job = read_job_file(Path(path), lookup)
        w = Workload.model_validate(job.workload)
    except JobReadError as exc:
        raise WorkloadFileError(tr_message(exc.message)) from exc
    except ValidationError as exc:
        raise WorkloadFileError(validation_text(exc, sep="\n", limit=6, render=tr_message)) from exc
    if w.model is None:
        try:
            w = resolve_model(w, repo)
        except UnknownModelError as exc:
            raise WorkloadFileError(str(exc)) from exc
    return w, job


def job_summary(job: JobRead) -> tuple[str, str]:
    """(one line for the status bar, the full account for its tooltip) of a job read: what it
    set, what it did not use and why, and its warnings, in the UI's language."""
    from ..i18n.core_messages import tr_message

    unused = [f"{k} — {tr_message(w)}" for k, w in job.unused]
    modelled_not = [k for k, w in job.unused if getattr(w, "id", "") == "job.unused.not_modelled"]
    line = tr_fmt(
        translate("Files", "Read from the %1 job: %2 keys set the workload, %3 not used"),
        job.kind,
        str(len(job.read)),
        str(len(job.unused)),
    )
    if modelled_not:
        line += tr_fmt(translate("Files", " — not modelled: %1"), ", ".join(modelled_not))
    full = [translate("Files", "Read:")] + [f"  {k} → {v}" for k, v in job.read]
    if unused:
        full += [translate("Files", "Not used:")] + [f"  {u}" for u in unused]
    full += [tr_message(w) for w in job.warnings]
    return line, "\n".join(full)


def unknown_workload_fields(path: str | os.PathLike[str]) -> list[str]:
    """Top-level keys of the workload file at ``path`` that no Workload field reads
    (core ``Workload.unknown_fields``; the CLI prints ``cli.common.unknown_fields_warning``).

    Call after :func:`read_workload` succeeded; an unreadable file gives ``[]``.
    """
    try:
        data = loads_bounded(Path(path).read_bytes().decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    return Workload.unknown_fields(data)


def repeated_workload_keys(path: str | os.PathLike[str]) -> list[str]:
    """Keys the workload file at ``path`` gives twice or more in one object (JSON keeps the
    last value silently; core ``json_limits.duplicate_keys``); an unreadable file gives ``[]``."""
    try:
        return duplicate_keys(Path(path).read_bytes().decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        return []


def workload_json(w: Workload, repo: CatalogRepository | None = None) -> str:
    """``w`` as JSON without default fields; a catalog model is saved as its ``model_id``."""
    exclude: set[str] = set()
    if w.model_id and repo is not None and repo.get_model(w.model_id) == w.model:
        exclude.add("model")
    data = w.model_dump_json(exclude_defaults=True, exclude=exclude, indent=2)
    return data + "\n"


def write_workload(path: str | os.PathLike[str], w: Workload, repo: CatalogRepository | None = None) -> None:
    """Save ``w`` by core.safe_write's rules (atomically; through a symlink; a FIFO or device
    is refused with NotARegularFileError, an OSError)."""
    write_text(path, workload_json(w, repo))


def safe_cell(v: Cell) -> Cell:
    """Neutralize text a spreadsheet would run as a formula (= + - @ at the start)."""
    if isinstance(v, str) and v.startswith(_FORMULA_START):
        return "'" + v
    return v


def _num(v: float | None, digits: int = 4) -> Cell:
    return "" if v is None else round(float(v), digits)


def write_results_csv(path: str | os.PathLike[str], options: list[Option], table: OptionsTableModel) -> int:
    """Write ``options`` (rank order as shown) with units in the headers; returns the rows.

    ``table`` is the results' :class:`~gpupicker.ui.results.options_model.OptionsTableModel`
    (display unit, display currency and the cost column's meaning come from it).
    """
    unit = table.unit
    per = GB if unit == "GB" else GiB
    display_cur = table.currency
    rate = table.usd_per_unit or 1.0

    def money(v: float | None, cur: str) -> tuple[Cell, str]:
        if v is None:
            return "", cur
        if cur == "USD" and display_cur != "USD":
            return round(v / rate, 6), display_cur
        return round(v, 6), cur

    rows: list[list[Cell]] = []
    currencies: set[str] = set()
    for o in options:
        c, t = o.cost, o.throughput
        tok = t.train_tokens_per_s or t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s
        if o.serving is not None and o.serving.aggregate_decode_tokens_per_s:
            tok = o.serving.aggregate_decode_tokens_per_s  # all replicas
        hourly, cur = money(c.usd_per_hour if o.provider else None, c.currency)
        total, _ = money(c.usd_total, c.currency)
        month, _ = money(c.usd_per_month, c.currency)
        mtok, _ = money(c.usd_per_million_tokens, c.currency)
        if o.provider:
            currencies.add(cur)
        rows.append(
            [
                o.rank,
                safe_cell(o.gpu_name),
                safe_cell(o.gpu_id),
                o.num_gpus,
                "yes" if o.fits else "no",
                _num(o.memory.total_bytes / per, 2),
                _num(o.capacity_bytes_per_gpu / per, 2),
                _num(o.headroom_bytes / per, 2),
                _num(tok, 1),
                _num(c.hours, 2),
                _num(t.seconds_per_image, 2),
                hourly,
                total,
                month,
                mtok,
                cur if o.provider else "",
                safe_cell(o.provider or ""),
                safe_cell(o.price_observed or ""),
                safe_cell(", ".join(o.labels)),
                safe_cell(table._reason(o)),
                _num(t.range_pct, 0),
                safe_cell(t.evidence or ""),
            ]
        )
    cur_label = next(iter(currencies)) if len(currencies) == 1 else translate("Files", "see Currency")
    header = [
        translate("Files", "Rank"),
        translate("Files", "GPU"),
        translate("Files", "GPU id"),
        translate("Files", "GPUs"),
        translate("Files", "Fits"),
        tr_fmt(translate("Files", "Peak memory per GPU (%1)"), unit),
        tr_fmt(translate("Files", "Capacity per GPU (%1)"), unit),
        tr_fmt(translate("Files", "Headroom per GPU (%1)"), unit),
        translate("Files", "Throughput (tokens/s)"),
        translate("Files", "Run time (h)"),
        translate("Files", "Time per image (s)"),
        tr_fmt(translate("Files", "Price per hour, all GPUs (%1)"), cur_label),
        tr_fmt(translate("Files", "Total cost (%1)"), cur_label),
        tr_fmt(translate("Files", "Cost per month (%1)"), cur_label),
        tr_fmt(translate("Files", "Cost per 1M tokens (%1)"), cur_label),
        translate("Files", "Currency"),
        translate("Files", "Provider"),
        translate("Files", "Price date"),
        translate("Files", "Label"),
        translate("Files", "Why"),
        translate("Files", "Speed range (±%)"),
        translate("Files", "Speed evidence"),
    ]
    with open_for_write(path, newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return len(rows)
