"""How wide the results table's columns are: fitted once to their contents, widened for a
later job's longer texts, and narrowed so the cost and provider columns stay in view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QStyle, QTableView
from typing_extensions import override

from ...core.results import Option
from .options_model import OptionsTableModel

SHRINKABLE_COLUMNS = frozenset(
    ("rank", "fits", "vram", "headroom", "speed", "usd_per_hour", "usd_total", "provider", "observed")
)
"""Columns that give room (down to their cells' or title's width) so the provider column
stays in view in a narrow window (:meth:`OptionsColumnSizer.fit_to_provider`)."""
HEADER_PADDING_PX = 16
"""A header section's room around its title: ``style.qss`` pads sections 6 px each side,
plus the frame."""


class OptionsColumnSizer(QObject):
    """Sizes the columns of the results table (``table``, showing ``model`` through a proxy),
    again whenever the table's viewport changes width.

    Public: ``sized`` (the columns were fitted to a first result), ``natural`` / ``floors``
    (section → its width fitted to its contents / the least it may take, px).
    """

    GROWING_COLUMNS = {"count": 220, "label": 200, "vram": 320}
    """Columns whose texts depend on the job (a serving row's "× 2 (2 replicas × 1)", several
    labels, a llama.cpp row's "+ 13.5 GiB RAM"): sized once, they clipped a later job's texts;
    they widen up to these caps (px) when a new result needs it, and never narrow."""

    def __init__(self, table: QTableView, model: OptionsTableModel) -> None:
        super().__init__(table)
        self.table = table
        self.model = model
        self.sized = False
        self._grown_for: frozenset[tuple[object, ...]] = frozenset()
        self._gpu_width = 0
        self.natural: dict[int, int] = {}
        self.floors: dict[int, int] = {}
        table.viewport().installEventFilter(self)  # its width decides the columns

    def table_height_for(self, rows: int) -> int:
        """Height of the table showing ``rows`` rows (header, frame and scroll bar included)."""
        row_h = self.table.verticalHeader().defaultSectionSize()
        head = self.table.horizontalHeader().sizeHint().height()
        bar = self.table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return head + rows * row_h + 2 * self.table.frameWidth() + bar + 2

    @override
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Fit the columns when the table's viewport changes width (a window resize, a
        vertical scroll bar coming or going, the splitter): :meth:`fit_columns`."""
        if event.type() == QEvent.Type.Resize and obj is self.table.viewport():
            self.fit_columns()
        return super().eventFilter(obj, event)

    def size_columns(self) -> None:
        """Fit columns to their contents once, then cap the wide ones (names elide)."""
        self.table.resizeColumnsToContents()
        hh = self.table.horizontalHeader()
        cols = OptionsTableModel.COLUMNS
        for c, name in enumerate(cols):
            cap = {"gpu": 260, "provider": 150, "reason": 10_000, **self.GROWING_COLUMNS}.get(name, 180)
            hh.resizeSection(c, min(hh.sectionSize(c) + 8, cap))
        self._gpu_width = hh.sectionSize(cols.index("gpu"))
        # the least each column can take when the window is narrow: its cells' width, or its
        # title's longest line with the header's padding, without the sort arrow's room
        fm = self.table.fontMetrics()
        model = self.model
        self.natural = {c: hh.sectionSize(c) for c, name in enumerate(cols) if name in SHRINKABLE_COLUMNS}
        self.floors = {
            c: min(
                self.natural[c],
                max(
                    self.table.sizeHintForColumn(c),
                    max(
                        fm.horizontalAdvance(line)
                        for line in str(model.headerData(c, Qt.Orientation.Horizontal) or "").split("\n")
                    )
                    + HEADER_PADDING_PX,
                ),
            )
            for c in self.natural
        }
        self.fit_columns()

    def grow_columns(self, options: Sequence[Option]) -> None:
        """Widen :data:`GROWING_COLUMNS` to this result's texts (never narrower).

        The texts come from one option per distinct GPU count / serving layout and label set
        (a few), not from every row: reading all rows' cells cost ~2 ms per change.
        """
        samples: dict[tuple[object, ...], int] = {}
        for row, o in enumerate(options):
            plan = o.serving
            samples.setdefault(
                ("count", o.num_gpus, plan.replicas if plan else 0, plan.gpus_per_replica if plan else 0), row
            )
            samples.setdefault(("label", o.labels), row)
            p = o.memory.placement
            samples.setdefault(
                (
                    "vram",
                    o.memory.gpu_layers is not None
                    or (p is not None and bool(p.moe_layers_on_host or p.kv_on_host)),
                ),
                row,
            )
        key = frozenset(samples)
        if key == self._grown_for:
            return
        self._grown_for = key
        cols = OptionsTableModel.COLUMNS
        hh = self.table.horizontalHeader()
        fm = self.table.fontMetrics()
        model = self.model
        grown = False
        for name, cap in self.GROWING_COLUMNS.items():
            c = cols.index(name)
            texts = {str(model.data(model.index(row, c)) or "") for k, row in samples.items() if k[0] == name}
            need = min(cap, max((fm.horizontalAdvance(t) for t in texts), default=0) + 16)
            if need > hh.sectionSize(c):
                hh.resizeSection(c, need)
                grown = True
        if grown:
            self.fit_columns()

    def fit_columns(self) -> None:
        """Narrow the GPU column (names elide in the middle, full name in the tooltip) so the
        cost and provider columns stay in view at the window's width; widen it back when
        there is room."""
        cols = OptionsTableModel.COLUMNS
        natural = self._gpu_width
        if not natural:
            return
        hh = self.table.horizontalHeader()
        g = cols.index("gpu")
        others = sum(
            hh.sectionSize(c)
            for c, name in enumerate(cols)
            if name not in ("gpu", "reason") and not hh.isSectionHidden(c)
        )
        room = self.table.viewport().width() - others
        least = self.table.fontMetrics().horizontalAdvance("NVIDIA GeForce RTX 4090") + 24
        hh.resizeSection(g, max(min(least, natural), min(natural, room)))
        self.fit_to_provider()

    def fit_to_provider(self) -> None:
        """Where the GPU column at its least still leaves the provider column (the last one a
        user needs to pick an offer) partly out of view, take the rest from the other
        columns' room above their cells' or title's width (:attr:`floors`), the roomiest
        first; each starts from its natural width, so a wider window gives it back."""
        cols = OptionsTableModel.COLUMNS
        hh = self.table.horizontalHeader()
        natural = self.natural
        floors = self.floors
        for c, size in natural.items():
            hh.resizeSection(c, size)
        last = cols.index("provider")
        spare = self.table.viewport().width() - sum(
            hh.sectionSize(c) for c in range(last + 1) if not hh.isSectionHidden(c)
        )
        for c in sorted(natural, key=lambda c: natural[c] - floors[c], reverse=True):
            if spare >= 0:
                break
            take = min(-spare, natural[c] - floors[c])
            hh.resizeSection(c, natural[c] - take)
            spare += take
