"""A short note written on a plot: why it shows less than asked, or that it is out of date."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsObject, QGraphicsWidget

MARGIN = 6.0
PADDING = 4.0


class PlotNote(QGraphicsObject):
    """Text across the top of ``host`` (a view or a whole panel), wrapped to its width, on a pale
    box that lets the data show through. A child of the host, not of its data: zooming and panning
    leave it in place, and it is drawn in every export of the plot, so a figure says it too.

    ``over``: items of the host (its views) to sit across instead of the whole host, so that a note on
    a panel of several plots leaves their titles and axes readable.
    """

    def __init__(self, host: QGraphicsWidget, over: Sequence[QGraphicsWidget] = ()):
        super().__init__(host)
        self._host = host
        self._over = tuple(over)
        self._text = ""
        self._font = QFont()
        self._font.setPointSizeF(9.0)
        self._rect = QRectF()
        self.setZValue(1e6)  # above the data and the grid
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the plot underneath stays draggable
        for item in (host, *self._over):
            item.geometryChanged.connect(self._relayout)
        self.hide()

    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        """Show ``text`` (empty: no note)."""
        if text == self._text:
            return
        self._text = text
        self.setVisible(bool(text))
        self._relayout()

    def set_point_size(self, size: float) -> None:
        self._font.setPointSizeF(size)
        self._relayout()

    def point_size(self) -> float:
        return self._font.pointSizeF()

    def _relayout(self) -> None:
        self.prepareGeometryChange()
        area = QRectF()
        for item in self._over:
            area = area.united(item.mapRectToItem(self._host, item.rect()))
        if area.isEmpty():
            area = self._host.rect()
        width = max(area.width() - 2 * MARGIN, 40.0)
        flags = int(Qt.TextFlag.TextWordWrap)
        text = QFontMetricsF(self._font).boundingRect(QRectF(0, 0, width - 2 * PADDING, 1e4), flags, self._text)
        self._rect = QRectF(area.left() + MARGIN, area.top() + MARGIN, width, text.height() + 2 * PADDING)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._rect

    def paint(self, painter, *args) -> None:
        if not self._text:
            return
        painter.setPen(QPen(QColor(120, 120, 120), 1))
        painter.setBrush(QColor(255, 250, 225, 225))  # pale yellow: a note, not data
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setPen(QColor(40, 40, 40))
        painter.setFont(self._font)
        painter.drawText(self._rect.adjusted(PADDING, PADDING, -PADDING, -PADDING),
                         int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft), self._text)
