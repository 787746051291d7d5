"""What File › Open and File › Compare with… say about a workload or job file they read:
the fields it named that gpupicker ignores, never dropped silently.

Translated in the ``MainWindow`` context, as the window's own strings are."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from ...catalog import CatalogRepository
from ...core.workload import Workload
from ...importers.jobs import is_job_file
from ..i18n.core_messages import tr_message
from ..i18n.placeholders import tr_fmt
from .workload_files import read_job_workload, read_workload, repeated_workload_keys, unknown_workload_fields

translate = QCoreApplication.translate


def open_warning(path: str) -> str:
    """The status-bar warning after opening the workload JSON ``path``: its unknown fields
    and its keys given more than once ('' when none)."""
    unknown, repeated = unknown_workload_fields(path), repeated_workload_keys(path)
    notes = []
    if unknown:
        notes.append(
            tr_fmt(
                translate("MainWindow", "Unknown workload fields ignored (%1): %2"),
                Path(path).name,
                ", ".join(unknown),
            )
        )
    if repeated:
        notes.append(
            tr_fmt(
                translate("MainWindow", "Keys given more than once (%1), the last value used: %2"),
                Path(path).name,
                ", ".join(repeated),
            )
        )
    return "; ".join(notes)


def compare_reader(repo: CatalogRepository) -> Callable[[str], tuple[Workload, list[str]]]:
    """The Compare dialog's file reader: a path → its workload (models resolved against
    ``repo``) and what reading it left out, as Open says it. Raises what
    :func:`~.workload_files.read_workload` / :func:`~.workload_files.read_job_workload` raise."""

    def read(path: str) -> tuple[Workload, list[str]]:
        if is_job_file(path):
            w, job = read_job_workload(path, repo)
            not_modelled = [k for k, why in job.unused if getattr(why, "id", "") == "job.unused.not_modelled"]
            said = (
                [tr_fmt(translate("MainWindow", "not modelled: %1"), ", ".join(not_modelled))]
                if not_modelled
                else []
            )
            return w, said + [tr_message(m) for m in job.warnings]
        w = read_workload(path, repo)
        unknown = unknown_workload_fields(path)
        return w, [
            tr_fmt(translate("MainWindow", "unknown workload fields ignored: %1"), ", ".join(unknown))
        ] if unknown else []

    return read
