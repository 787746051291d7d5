"""Help › About: what build this is, where the user's files are, and the licences.

The facts come from :mod:`gpupicker.version_info` (version, commit, bundled data date) and
:mod:`gpupicker.paths` (catalog, log folder); Qt's runtime version from ``qVersion()``.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ... import paths
from ...version_info import version_info
from ..i18n.placeholders import tr_fmt

if TYPE_CHECKING:  # the About box never opens the catalog itself
    from ...catalog import CatalogRepository

NOTICES_FILE = "THIRD-PARTY-NOTICES.txt"


def notices_path() -> Path:
    """Where the licence texts are (``packaging/build.py`` puts them there).

    onedir: next to the executable; macOS .app: ``Contents/Resources``; one-file build:
    ``gpupicker-portable-legal/`` next to it; source checkout: the repository root.
    """
    if not getattr(sys, "frozen", False):
        return Path(__file__).resolve().parents[3] / NOTICES_FILE
    exe_dir = Path(sys.executable).resolve().parent
    candidates = [
        exe_dir / NOTICES_FILE,
        exe_dir.parent / "Resources" / NOTICES_FILE,
        exe_dir / "gpupicker-portable-legal" / NOTICES_FILE,
    ]
    return next((p for p in candidates if p.is_file()), candidates[0])


def about_facts(repo: CatalogRepository | None = None) -> list[tuple[str, str]]:
    """(label, value) rows of the About box, labels translated. ``repo``: the open catalog."""
    import PySide6

    info = version_info()
    catalog = getattr(repo, "path", None) or paths.catalog_path()
    data = tr_fmt(QApplication.translate("About", "prices observed up to %1"), info.data_date)
    rows = [
        (QApplication.translate("About", "Version"), info.version),
        (QApplication.translate("About", "Commit"), info.commit),
        (QApplication.translate("About", "Bundled catalog data"), data),
        (QApplication.translate("About", "Qt / PySide6"), f"{qVersion()} / {PySide6.__version__}"),
        (QApplication.translate("About", "Python"), sys.version.split()[0]),
        (QApplication.translate("About", "Catalog"), str(catalog)),
        (QApplication.translate("About", "Log folder"), str(paths.user_log_dir())),
        (QApplication.translate("About", "Licences"), str(notices_path())),
    ]
    if info.built:
        rows.insert(2, (QApplication.translate("About", "Built"), info.built))
    return rows


def about_html(repo: CatalogRepository | None = None) -> str:
    """The About text as simple rich text (a table of facts and the licence sentence)."""
    cells = "".join(
        f"<tr><td><b>{html.escape(k)}</b>&nbsp;&nbsp;</td><td>{html.escape(v)}</td></tr>"
        for k, v in about_facts(repo)
    )
    summary = QApplication.translate(
        "About",
        "gpupicker tells you which GPU to use for an AI job, how much memory it needs, "
        "how fast it runs and what it costs — offline, from a catalog you can edit.",
    )
    licence = QApplication.translate(
        "About",
        "gpupicker is free software under the MIT licence. It includes Qt and PySide6 "
        "under the GNU LGPL 3.0 and other third-party components under their own "
        "licences; the file named under Licences has every notice, the licence texts "
        "and how to replace the Qt libraries.",
    )
    return f"<p>{html.escape(summary)}</p><table>{cells}</table><p>{html.escape(licence)}</p>"


def show_about(parent: QWidget | None) -> QMessageBox:
    """Non-modal About box over ``parent`` (its ``repo`` attribute names the open catalog)."""
    box = QMessageBox(parent)
    box.setWindowTitle(QApplication.translate("About", "About gpupicker"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setText(about_html(getattr(parent, "repo", None)))
    box.show()
    return box


__all__ = ["NOTICES_FILE", "about_facts", "about_html", "notices_path", "show_about"]
