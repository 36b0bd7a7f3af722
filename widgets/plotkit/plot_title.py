"""A plot's title: one line that fits the width it is given, a smaller font, then two or more lines."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QSizePolicy

from widgets.plotkit.text_fit import balanced_lines, wrapped_lines

TITLE_POINTS = 11.0  # pyqtgraph's size for plot titles
SHRINK = (1.0, 0.9, 0.8)  # font scales tried before the text is wrapped
WRAP_SHRINK = (0.8, 0.7, 0.6)  # font scales tried for a title in two lines
SMALLEST_POINTS = 6.0  # a title is never drawn smaller


class PlotTitle(pg.GraphicsWidget):
    """Drawn with QPainter: pyqtgraph's LabelItem lays out a rich-text document (~0.5 ms to build
    each, a few ms of the window's start-up for seven titles) and asks for its text's whole width,
    which widened a plot past its widget and cut it off. This one takes the width the layout gives
    it. ``text`` is the whole title: too long for one line at the smallest size, it is wrapped at its
    words (a single word wider than the plot alone is cut, hover it to read it)."""

    def __init__(self, text: str = ""):
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.text = text
        self._points = TITLE_POINTS
        self._color = QColor("#000000")
        self._shown = (text, TITLE_POINTS)
        self._fixed: float | None = None  # a size set from outside (a row of titles in one size)
        self._own_fit: tuple[tuple, float] | None = None  # (its inputs, fitted_points' answer)
        self._fit_height()

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self._refit()

    def color(self) -> QColor:
        return QColor(self._color)

    def set_color(self, color) -> None:
        self._color = QColor(color)
        self.update()

    def point_size(self) -> float:
        """The size asked for (the one shown may be smaller, see ``shown``)."""
        return self._points

    def set_point_size(self, size: float) -> None:
        self._points = size
        self._fixed = None  # a row of titles matches its new sizes again (on its next layout)
        self._fit_height()
        self._refit()

    def shown(self) -> tuple[str, float]:
        """The text drawn and its point size, as they fit now."""
        return self._shown

    def _font(self, points: float) -> QFont:
        font = QFont()
        font.setPointSizeF(points)
        return font

    def _fit_height(self, lines: int = 1, points: float | None = None) -> None:
        line = QFontMetricsF(self._font(self._points if points is None else points)).height()
        height = max(QFontMetricsF(self._font(self._points)).height(), lines * line) + 8
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
            self.setMaximumHeight(height)

    def fitted_points(self) -> float:
        """The size this title would take by itself at its width (its own fit, whatever is fixed).
        Kept until its text, width, size or the application's font change: a row of titles asks on
        every result, mostly with nothing changed."""
        width = self.size().width() - 8
        key = (self.text, width, self._points, QFont().key())
        if self._own_fit is None or self._own_fit[0] != key:
            self._own_fit = (key, self._fit(width, None)[1])
        return self._own_fit[1]

    def set_fixed_points(self, points: float | None) -> None:
        """Draw at ``points`` (wrapped at its words when need be), not at a size of its own; None: fit
        itself again. Panels side by side then carry titles of one size."""
        if points != self._fixed:
            self._fixed = points
            self._refit()

    def _refit(self) -> None:
        text, points, lines = self._fit(self.size().width() - 8, self._fixed)
        self._shown = (text, points)
        self._fit_height(lines, points)
        self.setToolTip(self.text if text.replace("\n", " ") != self.text else "")
        self.update()

    def _fit(self, width: float, fixed: float | None) -> tuple[str, float, int]:
        """(text as drawn, its point size, its lines) at ``width``: at ``fixed`` points if given."""
        if fixed is not None and width > 0:
            wrapped = wrapped_lines(self.text, self._font(fixed), width)
            return "\n".join(wrapped), fixed, len(wrapped)
        shown = (self.text, self._points)
        lines = 1
        if width > 0:
            for scale in SHRINK:
                font = self._font(self._points * scale)
                shown = (self.text, self._points * scale)
                if QFontMetricsF(font).horizontalAdvance(self.text) <= width:
                    break
            else:  # two lines, at a smaller size if need be (WRAP_SHRINK); more only at the floor: never cut
                for scale in WRAP_SHRINK:
                    points = max(self._points * scale, SMALLEST_POINTS)
                    wrapped = wrapped_lines(self.text, self._font(points), width)
                    if len(wrapped) <= 2:
                        wrapped = balanced_lines(self.text, self._font(points), width) if len(wrapped) == 2 else wrapped
                        break
                lines = len(wrapped)
                shown = ("\n".join(wrapped), points)
        return shown[0], shown[1], lines

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._refit()

    def paint(self, painter, *args) -> None:
        text, points = self._shown
        if not text:
            return
        painter.setFont(self._font(points))
        painter.setPen(self._color)
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, text)
