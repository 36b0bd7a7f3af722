"""Text in the plots' own terms: pyqtgraph's "11pt" font sizes, text wrapped or cut to a length with "…"."""

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


def wrapped_lines(text: str, font: QFont, length: float) -> list[str]:
    """``text`` broken at its spaces into lines of at most ``length`` pixels of ``font``; a word
    longer than a line (a Chinese title has no spaces) is broken between its characters."""
    metrics = QFontMetricsF(font)
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and metrics.horizontalAdvance(joined) <= length:
            lines[-1] = joined
            continue
        lines.append("")
        for char in word:
            if lines[-1] and metrics.horizontalAdvance(lines[-1] + char) > length:
                lines.append("")
            lines[-1] += char
    return lines or [""]


def balanced_lines(text: str, font: QFont, length: float) -> list[str]:
    """``text`` in two lines of at most ``length`` pixels, broken at the space that makes the longer
    line shortest (greedy wrapping left "… sets σ to" over a lone "1"); a break after " · " is
    preferred when it fits. The greedy lines when no space gives two that fit."""
    metrics = QFontMetricsF(font)
    words = text.split(" ")
    options = []
    for i in range(1, len(words)):
        first, second = " ".join(words[:i]).rstrip(" ·"), " ".join(words[i:]).lstrip("· ")
        widest = max(metrics.horizontalAdvance(first), metrics.horizontalAdvance(second))
        if first and second and widest <= length:
            options.append((words[i - 1] != "·" and words[i] != "·", widest, [first, second]))
    return min(options, key=lambda option: option[:2])[2] if options else wrapped_lines(text, font, length)
