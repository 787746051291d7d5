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
stays in view in a narrow window (:meth:`OptionsColumnSizer.fit_columns`)."""
GPU_LEAST_PX = 260
"""The GPU column narrows to no less than this (or the width of "NVIDIA GeForce RTX 4090"
when that is less), whatever the window's width; wider names elide in the middle."""
GPU_MOST_PX = 330
"""The GPU column is never wider: "NVIDIA RTX PRO 6000 Blackwell (Workstation, 96GB)" fits."""
HEADER_PADDING_PX = 16
"""A header section's room around its title: ``style.qss`` pads sections 6 px each side,
plus the frame."""


def resize_sections(table: QTableView, sizes: dict[int, int]) -> None:
    """Give ``table``'s columns these widths (section → px) and lay the view out at once.

    Each ``sectionResized`` starts a zero timer in QTableView (``QTableView::columnResized``,
    qtbase ``src/widgets/itemviews/qtableview.cpp``) that repaints the viewport from that
    column rightwards when it fires, which is after the paint already pending: fitted as the
    results page was first shown, the table painted twice. With the header's signals held,
    ``doItemsLayout`` updates the scroll bars and viewport now, for that same paint."""
    hh = table.horizontalHeader()
    changed = {c: size for c, size in sizes.items() if hh.sectionSize(c) != size}
    if not changed:
        return
    blocked = hh.blockSignals(True)
    try:
        for c, size in changed.items():
            hh.resizeSection(c, size)
    finally:
        hh.blockSignals(blocked)
    table.doItemsLayout()


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
            cap = {"gpu": GPU_MOST_PX, "provider": 150, "reason": 10_000, **self.GROWING_COLUMNS}.get(
                name, 180
            )
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
            texts = {model.row_texts(row)[c] for k, row in samples.items() if k[0] == name}
            need = min(cap, max((fm.horizontalAdvance(t) for t in texts), default=0) + 16)
            if need > hh.sectionSize(c):
                hh.resizeSection(c, need)
                if c in self.natural:  # fit_columns starts from the grown width
                    self.natural[c] = need
                grown = True
        if grown:
            self.fit_columns()

    def fit_columns(self) -> None:
        """Keep the GPU names whole and the cost and provider columns in view at the table's
        width.

        Every column starts from its natural width. Where the columns up to the provider's
        (the last one a user needs to pick an offer) do not fit the viewport, the shrinkable
        columns first give their room above their cells' or title's width (:attr:`floors`:
        nothing is cut; the roomiest first), and only then the GPU column narrows, down to
        :data:`GPU_LEAST_PX` (names elide in the middle, the full name is in the tooltip).
        The columns after the provider's (price date, reason) scroll into view.
        A wider window gives every column its natural width back.
        """
        natural_gpu = self._gpu_width
        if not natural_gpu:
            return
        cols = OptionsTableModel.COLUMNS
        hh = self.table.horizontalHeader()
        g, last = cols.index("gpu"), cols.index("provider")
        natural, floors = self.natural, self.floors
        # the widths are worked out first and set at the end: a section resize can bring the
        # horizontal scroll bar, whose viewport resize calls this again mid-way
        sizes = {c: natural.get(c, hh.sectionSize(c)) for c in range(last + 1) if not hh.isSectionHidden(c)}
        sizes[g] = natural_gpu
        spare = self.table.viewport().width() - sum(sizes.values())
        for c in sorted(
            (c for c in natural if c in sizes), key=lambda c: natural[c] - floors[c], reverse=True
        ):
            if spare >= 0:
                break
            take = min(-spare, natural[c] - floors[c])
            sizes[c] = natural[c] - take
            spare += take
        if spare < 0:
            least = self.table.fontMetrics().horizontalAdvance("NVIDIA GeForce RTX 4090") + 24
            sizes[g] = max(min(least, natural_gpu, GPU_LEAST_PX), natural_gpu + spare)
        resize_sections(self.table, {**natural, **sizes})
