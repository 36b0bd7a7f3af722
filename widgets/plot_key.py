"""A plot's legend drawn as one item: per entry, a sample of the line or bar and its name."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF

if TYPE_CHECKING:
    from widgets.plot_panel import PlotPanel

PADDING = 5.0


class PlotKey(pg.GraphicsWidgetAnchor, pg.GraphicsWidget):
    """Anchored in a corner of the plot's view like pyqtgraph's LegendItem, which makes a text
    document and a sample item per entry: ~1.2 ms each to build, and 16 ms of the window's
    start-up for its 13 entries. Entries fill ``columns`` columns row by row."""

    def __init__(self, plot: pg.PlotItem | PlotPanel, offset: tuple[float, float], columns: int = 1,
                 background: str = "#FFFFFF"):
        pg.GraphicsWidget.__init__(self)
        pg.GraphicsWidgetAnchor.__init__(self)
        self.setFlag(self.GraphicsItemFlag.ItemIgnoresTransformations)
        self._entries: list[tuple[object, str]] = []
        self._columns = columns
        self._font = QFont()
        self._font.setPointSizeF(9.0)
        self._text_color = QColor("#000000")
        self._background = QColor(background)
        self._size = QSizeF(0.0, 0.0)
        self.setParentItem(plot.vb)
        # As pyqtgraph: a positive offset measures from the left (top) edge, others from the right (bottom).
        corner = (1 if offset[0] <= 0 else 0, 1 if offset[1] <= 0 else 0)
        self.anchor(itemPos=corner, parentPos=corner, offset=offset)

    def set_entries(self, entries) -> None:
        """(item, name) pairs: a PlotCurveItem or PlotDataItem shows its pen, a BarGraphItem its bar."""
        self._entries = list(entries)
        self._relayout()

    def names(self) -> list[str]:
        return [name for _, name in self._entries]

    def set_colors(self, text, background) -> None:
        self._text_color, self._background = QColor(text), QColor(background)
        self.update()

    def point_size(self) -> float:
        return self._font.pointSizeF()

    def set_point_size(self, size: float) -> None:
        self._font.setPointSizeF(size)
        self._relayout()

    def _metrics(self) -> tuple[QFontMetricsF, float, float]:
        metrics = QFontMetricsF(self._font)
        row = metrics.height() + 2.0
        return metrics, row, 2.2 * metrics.height()  # the sample's length grows with the text

    def _relayout(self) -> None:
        metrics, row, sample = self._metrics()
        widths = [0.0] * self._columns
        for i, (_, name) in enumerate(self._entries):
            column = i % self._columns
            widths[column] = max(widths[column], sample + PADDING + metrics.horizontalAdvance(name))
        rows = -(-len(self._entries) // self._columns)
        self._column_widths = widths
        self.prepareGeometryChange()
        self._size = QSizeF(sum(widths) + PADDING * (self._columns + 1), rows * row + 2 * PADDING)
        self.resize(self._size)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return QRectF(QPointF(0.0, 0.0), self._size)

    def paint(self, painter, *args) -> None:
        if not self._entries:
            return
        painter.fillRect(self.boundingRect(), self._background)
        metrics, row, sample = self._metrics()
        painter.setFont(self._font)
        for i, (item, name) in enumerate(self._entries):
            column, line = i % self._columns, i // self._columns
            x = PADDING + sum(self._column_widths[:column]) + PADDING * column
            middle = PADDING + line * row + row / 2
            if isinstance(item, pg.BarGraphItem):
                side = metrics.height() * 0.8
                painter.setPen(pg.mkPen(item.opts.get("pen")))
                painter.setBrush(pg.mkBrush(item.opts.get("brush")))
                painter.drawRect(QRectF(x + (sample - side) / 2, middle - side / 2, side, side))
            else:
                painter.setPen(pg.mkPen(item.opts.get("pen")))
                painter.drawLine(QPointF(x, middle), QPointF(x + sample, middle))
            painter.setPen(self._text_color)
            painter.drawText(QRectF(x + sample + PADDING, middle - row / 2, self._column_widths[column], row),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
