"""Writing a plot to a file: PNG or SVG image, or CSV of the data as plotted."""

from __future__ import annotations

import csv
import tempfile
from pathlib import Path

import pyqtgraph as pg
import pyqtgraph.exporters as pg_exporters
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from ...core.messages import msg
from ...core.text.safe_write import file_error_message, open_for_write, writable_target, write_bytes
from ...core.text.text_safety import neutralize
from ..i18n.core_messages import tr_message
from ..widgets.file_dialogs import ask_path

translate = QCoreApplication.translate

EXPORT_FILTER = "PNG image (*.png);;SVG image (*.svg);;CSV data (*.csv)"

DataTable = tuple[list[str], list[list[str | float]]]
"""A plot's data as drawn: column names (units in them) and one row per point."""


def whole_number(x: float) -> float:
    """A count or size as an int when it is one (``4``, not ``4.0``, in the CSV)."""
    return int(x) if float(x).is_integer() else x


def export_plot(plot_item: pg.PlotItem, path: str | Path, table: DataTable | None = None) -> Path:
    """Write ``plot_item`` to ``path``: PNG or SVG image, or CSV of the plotted data, by extension.

    CSV: ``table`` (the data as plotted, in linear units, with named columns; text cells a
    spreadsheet would run as a formula are neutralized) when given, else pyqtgraph's own
    export of the items. The file is written by core.safe_write's rules (through a symlink,
    never over a FIFO or device): pyqtgraph writes a temporary file first.

    Raises:
        ValueError: for another extension (``args[0]``: the ``export.plot_*`` Message).
        NotARegularFileError: ``path`` exists and is not a regular file.
        OSError: when the file cannot be written.
    """
    p = Path(path)
    ext = p.suffix.lower()
    cls = {
        ".png": pg_exporters.ImageExporter,
        ".svg": pg_exporters.SVGExporter,
        ".csv": pg_exporters.CSVExporter,
    }.get(ext)
    if cls is None:
        raise ValueError(msg("export.plot_format", ext=ext) if ext else msg("export.plot_no_extension"))
    target = writable_target(p)
    if ext == ".csv" and table is not None:
        with open_for_write(target, newline="") as f:
            out = csv.writer(f)
            out.writerow([neutralize(h) for h in table[0]])
            out.writerows([neutralize(c) if isinstance(c, str) else c for c in row] for row in table[1])
        return p
    exporter = cls(plot_item)
    if ext == ".png":
        exporter.parameters()["width"] = max(800, int(plot_item.sceneBoundingRect().width()) * 2)
    with tempfile.TemporaryDirectory(prefix="gpupicker-plot-") as folder:
        tmp = Path(folder) / f"plot{ext}"
        try:
            exporter.export(str(tmp))
        except ValueError:
            if ext != ".svg":
                raise
            # pyqtgraph 0.14's SVGExporter cannot parse the path data newer Qt writes
            # (pyqtgraph/pyqtgraph#3485, open): render the same scene with Qt's own SVG writer.
            _svg_with_qt(plot_item, tmp)
        write_bytes(target, tmp.read_bytes())
    return p


def _svg_with_qt(plot_item: pg.PlotItem, path: Path) -> None:
    """The plot's part of the scene as SVG through ``QSvgGenerator`` (vector, same look)."""
    from PySide6.QtCore import QRectF, QSize
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgGenerator

    src = plot_item.sceneBoundingRect()
    gen = QSvgGenerator()
    gen.setFileName(str(path))
    gen.setSize(QSize(int(src.width()), int(src.height())))
    gen.setViewBox(QRectF(0, 0, src.width(), src.height()))
    gen.setTitle("gpupicker plot")
    painter = QPainter(gen)
    try:
        plot_item.scene().render(painter, QRectF(0, 0, src.width(), src.height()), src)
    finally:
        painter.end()


def export_dialog(parent: QWidget, plot_item: pg.PlotItem, table: DataTable | None = None) -> str:
    """Ask for a file and export ``plot_item`` to it (PNG/SVG/CSV); returns the path ('' when
    cancelled). A failure is shown in a message box, nothing else changes."""
    path = ask_path(parent, "save", translate("Curves", "Export plot"), EXPORT_FILTER)
    if path:
        try:
            export_plot(plot_item, path, table)
        except (OSError, ValueError) as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(
                parent, translate("Curves", "Export plot"), tr_message(file_error_message(exc))
            )
            return ""
    return path
