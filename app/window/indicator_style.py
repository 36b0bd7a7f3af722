"""Fusion with check boxes and radio buttons that show in the dark theme.

Fusion draws an unchecked box in ``Base`` with an outline a shade darker than ``Window``: on the dark
palette that is #1E1E1E edged in #1F1F1F on a #2B2B2B menu, so the Draw: … entries of a plot's menu,
pyqtgraph's axis forms and the Settings' check boxes looked as if they had no box at all. This style
draws Fusion's indicator, then a light edge around it.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle

#: The edge of an indicator on the dark palette: the palette's placeholder grey, 4.5:1 on its menus.
EDGE = QColor("#9A9A9A")
_INDICATORS = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorRadioButton)


class VisibleIndicatorStyle(QProxyStyle):
    """Fusion, each check box and radio button edged in ``EDGE`` (the app sets it for the dark theme only)."""

    def __init__(self):
        super().__init__("Fusion")

    def drawPrimitive(self, element, option, painter, widget=None) -> None:  # noqa: N802 (Qt's name)
        super().drawPrimitive(element, option, painter, widget)
        if element not in _INDICATORS:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(EDGE, 1.0))
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(rect)
        else:
            painter.drawRoundedRect(rect, 1.5, 1.5)
        painter.restore()
