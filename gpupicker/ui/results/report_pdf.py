"""The report as PDF: ``core.report.render_html`` laid out by ``QTextDocument`` and printed
with ``QPdfWriter`` on A4, laid out at 96 dpi so the text is about 680 px wide as on screen;
the charts' SVG (``core.svg_chart``) is rendered to images with ``QSvgRenderer``, since
QTextDocument does not draw inline SVG.

Needs a ``QGuiApplication``; :func:`ensure_gui_app` makes an offscreen one for the CLI.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QByteArray, QCoreApplication, QMarginsF, QSizeF, QUrl
from PySide6.QtGui import QGuiApplication, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument
from PySide6.QtSvg import QSvgRenderer

from ...core.messages import msg
from ...core.report.build import Report
from ...core.report.render import TextRenderer, chart_svg, render_html, split_svgs
from ...core.text.safe_write import replace_into, writable_target

PAGE_WIDTH_PX = 680
"""Layout width of the text on an A4 page (180 mm between the margins at 96 px per inch)."""
CHART_WIDTH_PX = 1280
"""Raster width of each chart in the PDF (2 × the SVG's 640 px)."""


def ensure_gui_app() -> QCoreApplication:
    """The running Qt application, or a new offscreen ``QGuiApplication`` (CLI use)."""
    app = QGuiApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication(["gpupicker-report"])
    return app


def svg_to_image(svg: str, width: int = CHART_WIDTH_PX) -> QImage:
    """Render one SVG document to a white-background image ``width`` px wide."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    size = renderer.defaultSize()
    h = max(1, int(width * size.height() / max(1, size.width())))
    img = QImage(width, h, QImage.Format.Format_ARGB32)
    img.fill(0xFFFFFFFF)
    p = QPainter(img)
    try:
        renderer.render(p)
    finally:
        p.end()
    return img


def report_document(r: Report, render: TextRenderer | None = None) -> QTextDocument:
    """A QTextDocument of the report with each chart as an image resource.

    ``render`` writes the texts and the charts' labels (default: English).
    """
    doc = QTextDocument()
    font = doc.defaultFont()
    font.setPointSizeF(8.0)
    doc.setDefaultFont(font)
    sources: dict[str, str] = {}
    images: dict[str, QImage] = {}
    for c in r.charts:
        docs = split_svgs(chart_svg(c, render))
        for i, svg in enumerate(docs):
            name = f"chart-{c.name}-{i}.png"
            images[name] = svg_to_image(svg)
        sources[c.name] = f"chart-{c.name}-0.png"
    html = render_html(r, sources, render)
    # a cost chart holds two SVGs (cost, hours): show the second under the first
    for c in r.charts:
        extra = "".join(
            f"<p><img src='chart-{c.name}-{i}.png' width='600'></p>" for i in range(1, len(split_svgs(c.svg)))
        )
        if extra:
            html = html.replace(
                f"<p><img src='chart-{c.name}-0.png' width='600'></p>",
                f"<p><img src='chart-{c.name}-0.png' width='600'></p>{extra}",
            )
    for name, img in images.items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), img)
    doc.setHtml(html)
    return doc


def write_pdf(r: Report, path: str | Path, render: TextRenderer | None = None) -> Path:
    """Write the report as an A4 PDF at ``path``, its texts written by ``render`` (English).

    Qt writes a temporary file beside the target, which then replaces it by the rules of
    core.safe_write (through a symlink, never over a FIFO or device).

    Raises:
        NotARegularFileError: ``path`` exists and is not a regular file.
        OSError: when the file cannot be written.
    """
    ensure_gui_app()
    target = writable_target(path)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        _print_pdf(r, Path(tmp_name), render)
        replace_into(tmp_name, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
    return Path(path)


def _print_pdf(r: Report, p: Path, render: TextRenderer | None) -> None:
    """Lay ``r`` out and print it to the PDF file ``p``."""
    writer = QPdfWriter(str(p))
    writer.setResolution(96)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle((render or TextRenderer())(r.title))
    writer.setCreator("gpupicker")
    doc = report_document(r, render)
    # lay the text out on the page as a ~96 dpi screen would (print_ scales it to the device):
    # A4 less the margins is 180 mm ≈ 680 px
    doc.setPageSize(QSizeF(PAGE_WIDTH_PX, PAGE_WIDTH_PX * 267 / 180))
    doc.print_(writer)
    if not p.exists() or p.stat().st_size == 0:
        raise OSError(msg("export.pdf_empty", path=str(p)))
