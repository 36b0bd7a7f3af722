"""Text in the plots' own terms: pyqtgraph's "11pt" font sizes, and text cut to a length with "…"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF


def points(size: str | None, default: float) -> float:
    """11.0 from pyqtgraph's "11pt"; ``default`` for anything else (no size, pixels)."""
    return float(size[:-2]) if size and size.endswith("pt") else default


def font_of(size: str | None) -> QFont:
    """The application font at pyqtgraph's ``size`` ("11pt"), or at its own size."""
    font = QFont()
    if size and size.endswith("pt"):
        font.setPointSizeF(points(size, font.pointSizeF()))
    return font


def elided(text: str, font: QFont, length: float) -> str:
    """``text`` as it fits in ``length`` pixels of ``font``: whole, or cut with "…"."""
    return QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, max(length, 1.0))
