"""A plot's legend below its view: per entry, a sample of the line or bar and its name, in as many
columns as fit the width."""

from __future__ import annotations

import re

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QSizePolicy

PADDING = 5.0
_DETAIL = re.compile(r"\s*[(（][^()（）]*[)）]$")  # a name's closing "(residual only)", "（稳定）"
SMALLEST_FONT = 0.75  # of the asked size: a key shrinks this far to stay within its height budget
FIGURE_SMALLEST_POINTS = 7.0  # in a figure a key may shrink further, to this size (a journal's smallest)


class PlotKey(pg.GraphicsWidget):
    """A layout item of its own, outside the view, so that it never covers the data however the
    curves run (a legend inside the view hid parts of them). One item: pyqtgraph's LegendItem makes
    a text document and a sample item per entry (~1.2 ms each to build). Its height follows its
    width: fewer columns, more rows."""

    def __init__(self):
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._entries: list[tuple[object, str]] = []
        self._font = QFont()
        self._font.setPointSizeF(9.0)
        self._asked_points = 9.0  # the size asked for; the font may be smaller to fit the budget
        self._height_budget = float("inf")
        self._smallest_points: float | None = None  # None: SMALLEST_FONT of the asked size
        self._short = False  # names drawn without their "(…)" details
        self._text_color = QColor("#000000")
        self._column_widths: list[float] = []
        self._drawn: list[tuple[object, str]] = []  # the entries as drawn: a note too wide split at its " · "
        self.setMinimumHeight(0.0)
        self.setMaximumHeight(0.0)  # no entries, no room (else Qt's default height of 50)

    def set_entries(self, entries) -> None:
        """(item, name) pairs: a PlotCurveItem or PlotDataItem shows its pen, a BarGraphItem its bar,
        None a note on the styles (``"thin dashed: A"``), in italics without a sample.
        The same items under the same names as now cost a repaint only, not a new layout (plots set
        their key on every edit)."""
        entries = list(entries)
        if len(entries) == len(self._entries) and all(
                item is shown and name == shown_name for (item, name), (shown, shown_name) in zip(entries, self._entries)):
            self.update()  # an item's pen may have changed
            return
        self._entries = entries
        self._relayout()

    def names(self) -> list[str]:
        return [name for _, name in self._entries]

    def set_text_color(self, color) -> None:
        self._text_color = QColor(color)
        self.update()

    def point_size(self) -> float:
        """The size asked for (presentation mode scales it); see ``shown_point_size``."""
        return self._asked_points

    def shown_point_size(self) -> float:
        return self._font.pointSizeF()

    def set_point_size(self, size: float) -> None:
        self._asked_points = size
        self._relayout()

    def set_height_budget(self, height: float) -> None:
        """The most height the key should take: it draws its text smaller (down to a limit) to stay
        within it, so that on a small screen the key doesn't crowd out the plot."""
        if height != self._height_budget:
            self._height_budget = height
            self._relayout()

    def height_at(self, width: float) -> float:
        """The height the entries take below a view ``width`` pixels wide, at the asked size."""
        if not self._entries:
            return 0.0
        shown = self._font.pointSizeF()
        self._font.setPointSizeF(self._asked_points)
        columns = max(1, len(self._fit_columns(width)))
        _, row, _, _ = self._metrics()
        self._font.setPointSizeF(shown)
        return -(-len(self._drawn_at(width)) // columns) * row + 2 * PADDING

    def column_width(self) -> float:
        """The width of the entries in one column (beside a view), at the asked size."""
        if not self._entries:
            return 0.0
        shown = self._font.pointSizeF()
        self._font.setPointSizeF(self._asked_points)
        width = self._fit_columns(0.0, split=False)[0] + 2 * PADDING  # a note whole, as beside a figure's view
        self._font.setPointSizeF(shown)
        return width

    def set_smallest_points(self, points: float | None) -> None:
        """The smallest size the key may shrink to (None: SMALLEST_FONT of the asked size)."""
        if points != self._smallest_points:
            self._smallest_points = points
            self._relayout()

    def columns(self) -> int:
        """How many columns the entries take at the present width."""
        return len(self._column_widths)

    def _metrics(self) -> tuple[QFontMetricsF, float, float, float]:
        """Font metrics, row height, the sample's length and the gap before the name: the sample
        and the gap grow with the text (presentation mode enlarges it)."""
        metrics = QFontMetricsF(self._font)
        return metrics, metrics.height() + 2.0, 2.2 * metrics.height(), 0.4 * metrics.height()

    def _fit_columns(self, width: float, split: bool = True) -> list[float]:
        """Column widths for the entries, filled row by row: as few rows as fit in ``width``, and
        then as few columns as those rows need (4 entries in 2 × 2, not 3 + 1)."""
        metrics, _, sample, gap = self._metrics()
        italic = QFontMetricsF(self._note_font())
        entry_widths = [italic.horizontalAdvance(name) if item is None
                        else sample + gap + metrics.horizontalAdvance(self._shown_name(name))
                        for item, name in (self._drawn_at(width) if split else self._entries)]

        def columns(count: int) -> list[float]:
            return [max(entry_widths[i::count]) for i in range(count)]

        def fits(count: int) -> bool:
            return sum(columns(count)) + PADDING * (count + 1) <= width

        for count in range(len(entry_widths), 0, -1):
            if fits(count) or count == 1:
                balanced = -(-len(entry_widths) // -(-len(entry_widths) // count))  # same rows, fewest columns
                return columns(balanced if fits(balanced) else count)
        return []

    def _drawn_at(self, width: float) -> list[tuple[object, str]]:
        """The entries as drawn at ``width``: a note on the styles wider than the key ("thick: ‖∂L/∂W‖ ·
        thin: ‖∂L/∂x‖" in presentation mode, cut at its end) as one note per part of it."""
        italic = QFontMetricsF(self._note_font())
        drawn = []
        for item, name in self._entries:
            if item is None and " · " in name and italic.horizontalAdvance(name) + 2 * PADDING > width:
                drawn += [(None, part) for part in name.split(" · ")]
            else:
                drawn.append((item, name))
        return drawn

    def _note_font(self) -> QFont:
        font = QFont(self._font)
        font.setItalic(True)
        return font

    def _shown_name(self, name: str) -> str:
        """``name`` as drawn: without its parenthesised detail when the key must be short."""
        return _DETAIL.sub("", name) if self._short else name

    def _relayout(self) -> None:
        # The asked size, or the largest smaller one whose rows fit the budget; at the smallest, the
        # names without their "(…)" details (the rule: a short key drops them; the curves stay named).
        for short in (False, True):
            self._short = short
            points = self._asked_points
            while True:
                self._font.setPointSizeF(points)
                self._drawn = self._drawn_at(self.size().width())
                self._column_widths = self._fit_columns(self.size().width())
                _, row, _, _ = self._metrics()
                rows = -(-len(self._drawn) // max(1, len(self._column_widths)))
                height = rows * row + 2 * PADDING if self._entries else 0.0
                smallest = SMALLEST_FONT * self._asked_points
                if self._smallest_points is not None:
                    smallest = min(smallest, self._smallest_points)
                if height <= self._height_budget or points - 0.25 < smallest:
                    break
                points -= 0.25
            if height <= self._height_budget or not any(_DETAIL.search(name) for _, name in self._entries):
                break
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
            self.setMaximumHeight(height)  # the layout gives it this height, and the view the rest
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self._fit_columns(self.size().width()) != self._column_widths:
            self._relayout()

    def paint(self, painter, *args) -> None:
        if not self._entries:
            return
        metrics, row, sample, gap = self._metrics()
        columns = len(self._column_widths)
        used = sum(self._column_widths) + PADDING * (columns - 1)
        left = max(PADDING, (self.size().width() - used) / 2)  # the block is centred under the view
        painter.setFont(self._font)
        for i, (item, name) in enumerate(self._drawn):
            column, line = i % columns, i // columns
            x = left + sum(self._column_widths[:column]) + PADDING * column
            middle = PADDING + line * row + row / 2
            if item is None:  # a note on the styles: text only
                painter.setFont(self._note_font())
                painter.setPen(self._text_color)
                painter.drawText(QRectF(x, middle - row / 2, self._column_widths[column] + PADDING, row),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
                painter.setFont(self._font)
                continue
            if isinstance(item, pg.BarGraphItem):
                side = metrics.height() * 0.8
                painter.setPen(pg.mkPen(item.opts.get("pen")))
                painter.setBrush(pg.mkBrush(item.opts.get("brush")))
                painter.drawRect(QRectF(x + (sample - side) / 2, middle - side / 2, side, side))
            else:
                painter.setPen(pg.mkPen(item.opts.get("pen")))
                painter.drawLine(QPointF(x, middle), QPointF(x + sample, middle))
            painter.setPen(self._text_color)
            painter.drawText(QRectF(x + sample + gap, middle - row / 2, self._column_widths[column], row),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self._shown_name(name))
