"""Table model of ranked options for the results page."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtGui import QStandardItemModel
from typing_extensions import override

from ...core.pricing.ranked_cost import option_cost, ranked_cost_kind
from ...core.ranking.mixed_plan import PURCHASE_PROVIDER
from ...core.results import Option
from ..i18n.core_messages import tr_message
from ..i18n.formatting import (
    display_name,
    fmt_bytes,
    fmt_hours,
    fmt_money,
    fmt_number,
    fmt_rate,
    list_separator,
    unit_bytes,
)
from ..i18n.placeholders import tr_fmt
from ..i18n.texts import component_label, label_name
from ..widgets.table_model import ModelIndex as _Index
from .option_tooltips import cell_tooltip, header_tooltip
from .options_delegate import RIGHT_COLUMNS, bold, bold_font, foreground

_SortKey = float | str | None
"""A sort-role value: a number (int included), a text, or None (no value in the option)."""

# data() runs for every visible cell and role on each repaint (about 1,300 calls per input
# change): roles as plain ints and the brushes, font and alignment made once
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_USER = int(Qt.ItemDataRole.UserRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
_ANSWERED = frozenset((_DISPLAY, _USER, _USER + 1, _FOREGROUND, _FONT, _ALIGN, _TOOLTIP))
"""The roles :meth:`OptionsTableModel.data` answers (``_USER + 1``: ``OptionRole``)."""
_CELL_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren


def two_lines(title: str) -> str:
    """``title`` broken at the space nearest its middle ("VRAM used / per GPU" → "VRAM
    used" over "/ per GPU"): the header of a 13-column table is as wide as its titles, and on
    one line they pushed the total-cost and provider columns out of a 1240-px window while the
    numbers under them need half that. Titles under 10 characters or without a space stay
    on one line."""
    if len(title) < 10 or " " not in title:
        return title
    mid = len(title) / 2
    cut = min((i for i, ch in enumerate(title) if ch == " "), key=lambda i: abs(i - mid))
    return f"{title[:cut]}\n{title[cut + 1 :]}"


class OptionsTableModel(QStandardItemModel):
    """Rows = :class:`~gpupicker.core.results.Option` in rank order; display only.

    ``Qt.UserRole`` gives raw values for sorting.

    A QStandardItemModel without items, for its C++ ``index`` / ``rowCount`` /
    ``columnCount``: the proxy maps every ``data`` call of every painted cell through the
    source's ``index``, whose bounds check called the Python ``rowCount`` and ``columnCount``
    (16 of the 23 Python calls per cell); natively a full table repaint (12 rows × 11
    columns at 1240 × 860) takes 2.8 ms instead of 4.0. ``data``, ``headerData``
    and ``flags`` are answered here; the row count follows :meth:`set_options`.
    QStandardItemModel's ``itemData`` and ``multiData`` know no items: ask ``data``."""

    COLUMNS = (
        "rank",
        "label",
        "gpu",
        "count",
        "fits",
        "vram",
        "headroom",
        "speed",
        "usd_per_hour",
        "usd_total",
        "provider",
        "observed",
        "reason",
    )
    OptionRole = Qt.ItemDataRole.UserRole + 1
    _option_role = int(OptionRole)
    assert _option_role in _ANSWERED

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, len(self.COLUMNS), parent)
        self._options: list[Option] = []
        self._cache: dict[int, tuple[tuple[str, ...], tuple[float, ...]]] = {}
        self._on_screen: set[int] = set()  # rows read to paint since every row was repainted
        self.any_fits = False
        self.any_hours = False
        self.currency = "USD"
        self.usd_per_unit = 1.0
        self.unit = "GiB"
        self.training = True
        self.cost_kind = "total"

    def set_options(
        self,
        options: tuple[Option, ...] | list[Option],
        unit: str = "GiB",
        training: bool = True,
        currency: str = "USD",
        usd_per_unit: float = 1.0,
        sort_column: int = -1,
    ) -> None:
        """Replace all rows (a new recommendation); money shows in ``currency``.

        As many rows as before (an edit of the same job: one row per GPU × count × offer)
        signal ``dataChanged`` rather than a reset, so the view repaints once instead of
        re-laying out every row first. Only the rows whose texts, colours or
        fonts changed are signalled, see :meth:`_signal_changed`; ``sort_column`` is the
        column a sorting proxy sorts by (-1: none)."""
        if self._options and len(options) == len(self._options):
            before = self._header_key()
            layout = self._layout_key()
            shown = (self._options, self._text_key(), self._cache)
            self._replace(options, unit, training, currency, usd_per_unit)
            self._signal_changed(layout, shown, sort_column)
            if self._header_key() != before:  # else the header need not repaint
                self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.COLUMNS) - 1)
            return
        self.beginResetModel()
        self._on_screen.clear()  # the view repaints every row after a reset
        self._replace(options, unit, training, currency, usd_per_unit)
        blocked = self.blockSignals(True)  # rows inserted/removed inside the reset: not news
        self.setRowCount(len(self._options))
        self.blockSignals(blocked)
        self.endResetModel()

    def _layout_key(self) -> tuple[bool, list[tuple[str, bool]]]:
        """What decides which rows a :class:`~.fit_filter.FitFilter` shows: whether any option
        fits and each row's GPU and fit (and so which row is a GPU type's first)."""
        return self.any_fits, [(o.gpu_id, o.fits) for o in self._options]

    def _text_key(self) -> tuple[object, ...]:
        """What a row's texts depend on besides its option and row number (:meth:`_row`): the
        memory unit, the speed column's kind, the currency and its rate, the cost column's
        kind, and the UI's locale (its language names GPUs and labels)."""
        return (
            self.unit,
            self.training,
            self.currency,
            self.usd_per_unit,
            self.cost_kind,
            QLocale().name(),
        )

    def _signal_changed(
        self,
        layout: tuple[bool, list[tuple[str, bool]]],
        shown: tuple[list[Option], tuple[object, ...], dict[int, tuple[tuple[str, ...], tuple[float, ...]]]],
        sort_column: int,
    ) -> None:
        """Emit ``dataChanged`` for the rows that look different after :meth:`_replace`.

        A money-only edit usually changes no text, and a full-range ``dataChanged``
        repainted the whole table anyway (6 ms per change for ~130 cells). When the filter's
        input (:meth:`_layout_key`) is unchanged and no column sorts, only the rows on screen
        — those a view read to paint (:meth:`shown_texts`) since every row was last
        repainted; not rows read for column widths or tooltips (31 rows were compared for 10
        on screen) — are compared, and only those that differ signalled; otherwise every row
        is (a sorting proxy's order may follow keys no painted text shows). ``shown`` is the
        last (options, :meth:`_text_key`, texts): a row whose option equals its last one,
        formatted alike, keeps its texts (a ~5 µs comparison instead of ~75 µs of formatting)."""
        n, cols = len(self._options), len(self.COLUMNS)
        changed: list[int] = []
        if sort_column < 0 and self._layout_key() == layout:
            old_options, old_key, old_texts = shown
            alike = old_key == self._text_key()
            for row in self._on_screen:
                before = old_texts.get(row)
                if row >= n:
                    continue
                if before is not None and alike and self._options[row] == old_options[row]:
                    self._cache[row] = before  # the same option, formatted alike: the same texts
                elif before is None or self._row(row)[0] != before[0]:
                    changed.append(row)
            if not changed:
                return
            top, bottom = min(changed), max(changed)
        else:
            top, bottom = 0, n - 1
            self._on_screen.clear()  # every row is repainted, and read again
        self.dataChanged.emit(self.index(top, 0), self.index(bottom, cols - 1))

    def _header_key(self) -> tuple[bool, str, str]:
        """What :meth:`headerData` depends on besides the translation: the speed column's
        kind, the cost column's kind and the memory unit (26 header texts compared per change
        cost 0.4 ms)."""
        return (self.any_hours, self.cost_kind, self.unit)

    def _replace(
        self,
        options: tuple[Option, ...] | list[Option],
        unit: str,
        training: bool,
        currency: str,
        usd_per_unit: float,
    ) -> None:
        self.currency = currency
        self.usd_per_unit = usd_per_unit or 1.0
        self._options = list(options)
        self._cache = {}
        self.any_fits = any(o.fits for o in self._options)
        self.any_hours = any(o.cost.hours for o in self._options)
        self.cost_kind = _cost_kind(self._options)
        self.unit = unit
        self.training = training

    def option(self, row: int) -> Option:
        """The option shown in ``row``."""
        return self._options[row]

    def options(self) -> list[Option]:
        """All options in rank order."""
        return list(self._options)

    @override
    def flags(self, index: _Index) -> Qt.ItemFlag:
        """Selectable and enabled cells, as a QAbstractTableModel's (QStandardItemModel's
        own would make them editable and draggable)."""
        return _CELL_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    @override
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return two_lines(self.header_text(section))
        if role == Qt.ItemDataRole.ToolTipRole:
            return header_tooltip(self.COLUMNS[section], self.unit, self.cost_kind)
        return None

    def header_text(self, section: int) -> str:
        """Column ``section``'s title on one line (the header shows it on two:
        :func:`two_lines`)."""
        return {
            "rank": self.tr("#"),
            "label": self.tr("Label"),
            "gpu": self.tr("GPU"),
            "count": self.tr("GPUs"),
            "fits": self.tr("Fits"),
            "vram": self.tr("VRAM used / per GPU"),
            "headroom": self.tr("Headroom"),
            "speed": self.tr("Run time") if self.any_hours else self.tr("Tokens/s"),
            "usd_per_hour": self.tr("Price/hour"),
            "usd_total": self.cost_header(),
            "provider": self.tr("Provider"),
            "observed": self.tr("Price date"),
            "reason": self.tr("Why"),
        }[self.COLUMNS[section]]

    def cost_header(self) -> str:
        """The cost column's title: what the number is (run total, per month, per 1M tokens)."""
        return {
            "total": self.tr("Total cost"),
            "month": self.tr("Cost / month"),
            "mtok": self.tr("Cost / 1M tokens"),
        }[self.cost_kind]

    def _speed(self, o: Option) -> tuple[str, float]:
        t = o.throughput
        if o.cost.hours is not None and self.training:
            return fmt_hours(o.cost.hours), o.cost.hours
        if t.train_tokens_per_s:
            return tr_fmt(self.tr("%1 tok/s"), fmt_rate(t.train_tokens_per_s)), -t.train_tokens_per_s
        rate = t.aggregate_decode_tokens_per_s or t.decode_tokens_per_s
        if o.serving is not None and o.serving.aggregate_decode_tokens_per_s:
            rate = o.serving.aggregate_decode_tokens_per_s  # tokens/s of all replicas
        if rate:
            return fmt_rate(rate), -rate
        if t.seconds_per_image:
            return tr_fmt(self.tr("%1 s/image"), fmt_number(t.seconds_per_image, 1)), t.seconds_per_image
        return "—", float("inf")

    def _reason(self, o: Option) -> str:
        if o.reason:
            return tr_message(o.reason)
        if o.fits:
            return tr_fmt(self.tr("Fits with %1 free per GPU"), fmt_bytes(o.headroom_bytes, self.unit))
        bd = o.memory.breakdown()
        biggest = max(bd, key=lambda k: bd[k])
        return tr_fmt(
            self.tr("Needs %1 per GPU, has %2 (largest: %3)"),
            fmt_bytes(o.memory.total_bytes, self.unit),
            fmt_bytes(o.capacity_bytes_per_gpu, self.unit),
            component_label(biggest),
        )

    def _count(self, o: Option) -> str:
        """ "× 2", and for serving how the GPUs are used (two rows of 2 GPUs differ):
        "× 2 (2 replicas × 1)" or "× 2 (tensor parallel)"."""
        text = f"× {o.num_gpus}"
        plan = o.serving
        if plan is None or o.num_gpus < 2:
            return text
        if plan.replicas > 1:
            return (
                text
                + " "
                + tr_fmt(self.tr("(%1 replicas × %2)"), str(plan.replicas), str(plan.gpus_per_replica))
            )
        return text + " " + self.tr("(tensor parallel)")

    def _vram_text(self, o: Option) -> str:
        """ "20.5 GiB / 23.9 GiB"; per card, in the GPU column's order, for a machine of unlike
        cards (its layer split): "20.5/23.9 · 20.5/23.9 GiB" (the tooltip names each card)."""
        if not o.memory.cards:
            return (
                f"{fmt_bytes(o.memory.total_bytes, self.unit)} / "
                f"{fmt_bytes(o.capacity_bytes_per_gpu, self.unit)}"
            )
        per = unit_bytes(self.unit)
        return (
            " · ".join(
                f"{fmt_number(c.total_bytes / per, 1)}/{fmt_number(c.capacity_bytes / per, 1)}"
                for c in o.memory.cards
            )
            + f" {self.unit}"
        )

    def shown_texts(self, row: int) -> tuple[str, ...]:
        """The display texts of ``row``, one per column, read to paint them: the row counts
        as on screen (the next edit compares its texts, :meth:`_signal_changed`)."""
        self._on_screen.add(row)
        return self._row(row)[0]

    def row_texts(self, row: int) -> tuple[str, ...]:
        """The display texts of ``row`` read for anything but painting (not "on screen")."""
        return self._row(row)[0]

    def _row(self, row: int) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """Display strings and sort keys of ``row``, computed once per recommendation."""
        cached = self._cache.get(row)
        if cached is not None:
            return cached
        o = self._options[row]
        speed_text, speed_key = self._speed(o)
        reason = self._reason(o)
        display = {
            "rank": str(o.rank or row + 1),
            "label": list_separator().join(label_name(x) for x in o.labels),
            "gpu": display_name(o.gpu_name),
            "count": self._count(o),
            "fits": self.tr("Yes") if o.fits else self.tr("No"),
            "vram": self._vram_text(o) + self._ram_text(o),
            "headroom": fmt_bytes(o.headroom_bytes, self.unit),
            "speed": speed_text,
            "usd_per_hour": self._money(o.cost.usd_per_hour, o.cost.currency) if o.provider else "—",
            "usd_total": self._total_text(o),
            "provider": self._provider(o),
            "observed": (o.price_observed or "—") + ("  ⚠" if o.price_flag else ""),
            "reason": reason,
        }
        cached = (tuple(display[c] for c in self.COLUMNS), (speed_key,))
        self._cache[row] = cached
        return cached

    def _provider(self, o: Option) -> str:
        """The provider cell, with the stock of an offer a ledger snapshot listed (core.stock):
        ✓ in stock, ✗ out of stock, ? after either when the snapshot is stale."""
        name = (
            self.tr("A card to buy")
            if o.provider == PURCHASE_PROVIDER
            else self.tr("Your own hardware")
            if o.pricing == "owned"
            else display_name(o.provider)
        ) or self.tr("no price in catalog")
        # a short mark before the name (the column is narrow and elides the middle); the
        # tooltip's reason says it in words, with the snapshot's time and age
        mark = "✗" if o.in_stock == "no" else "✓" if o.in_stock == "yes" else ""
        if mark and o.snapshot_stale:
            mark += "?"
        return f"{mark} {name}" if mark else name

    def _ram_text(self, o: Option) -> str:
        """`` + 11.6 GiB RAM`` when llama.cpp keeps experts, layers or KV in host RAM ('' else)."""
        p = o.memory.placement
        if p is None or not (p.moe_layers_on_host or p.kv_on_host or o.memory.gpu_layers is not None):
            return ""
        return tr_fmt(self.tr(" + %1 RAM"), fmt_bytes(p.host_model_bytes + p.host_kv_bytes, self.unit))

    def _money(self, v: float | None, currency: str, digits: int | None = 2) -> str:
        """USD amounts convert to the display currency; other currencies show as they are.

        ``digits=None``: the money rule of the table, report and reasons (``amount_decimals``).
        """
        if v is not None and currency == "USD" and self.currency != "USD":
            return fmt_money(v / self.usd_per_unit, self.currency, digits)
        return fmt_money(v, currency, digits)

    def _total_text(self, o: Option) -> str:
        """The cost cell; the unit is in the header, repeated only when a row differs."""
        c = o.cost
        kind = _kind_of(o)
        if kind == "total":
            return self._money(c.usd_total, c.currency, None)
        if kind == "month":
            text = self._money(c.usd_per_month, c.currency, None)
            return text if self.cost_kind == "month" else tr_fmt(self.tr("%1 / month"), text)
        if kind == "mtok":
            text = self._money(c.usd_per_million_tokens, c.currency, None)
            return text if self.cost_kind == "mtok" else tr_fmt(self.tr("%1 / 1M tok"), text)
        return "—"

    def _sort_key(self, o: Option, col: str, row: int) -> _SortKey:
        """Raw value of ``col`` for sorting (cheap: no formatting except speed/reason)."""
        if col == "rank":
            return o.rank
        if col == "count":
            return o.num_gpus
        if col == "fits":
            return int(o.fits)
        if col == "vram":
            return o.memory.total_bytes
        if col == "headroom":
            return o.headroom_bytes
        if col == "usd_per_hour":
            return o.cost.usd_per_hour if o.provider else float("inf")
        if col == "usd_total":
            return option_cost(o)  # the figure the ranking sorts on
        if col == "speed":  # not through _row: sorting reads every row, and no reason text
            return self._speed(o)[1]
        if col == "reason":
            return self._row(row)[0][self.COLUMNS.index("reason")]
        return {
            "label": ",".join(o.labels),
            "gpu": o.gpu_name,
            "provider": o.provider,
            "observed": o.price_observed,
        }[col]

    @override
    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        role = int(role)
        if role not in _ANSWERED:  # decoration, check state, background…: 3 of 7 per cell
            return None
        row = index.row()
        if not index.isValid() or not 0 <= row < len(self._options):
            return None
        if role == _DISPLAY:
            return self.shown_texts(row)[index.column()]
        o = self._options[row]
        col = self.COLUMNS[index.column()]
        if role == _USER:
            return self._sort_key(o, col, row)
        if role == self._option_role:
            return o
        if role == _FOREGROUND:
            return foreground(o, col)
        if role == _FONT and bold(o, col):
            return bold_font()
        if role == _ALIGN and col in RIGHT_COLUMNS:
            return _RIGHT
        if role == _TOOLTIP:
            return cell_tooltip(o, col, self._row(row)[0][self.COLUMNS.index("reason")], self.unit)
        return None


def _kind_of(o: Option) -> str:
    """What the cost cell shows: the ranked figure's kind, "" for a price per hour only."""
    kind = ranked_cost_kind(o.cost)
    return "" if kind == "hour" else kind


def _cost_kind(options: list[Option]) -> str:
    """What most priced options' cost means: "total", "month" or "mtok"."""
    kinds = [k for k in (_kind_of(o) for o in options) if k]
    if not kinds:
        return "total"
    return max(("total", "month", "mtok"), key=kinds.count)
