"""A plot title that fits the width it is given: a smaller font, then "…", rather than a wider plot."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QSizePolicy

from widgets.plot_style import TITLE_SIZE
from widgets.text_fit import elided, font_of, points


class FittingTitle(pg.LabelItem):
    """pyqtgraph's LabelItem asks for its text's whole width, so a long title (or a narrow window)
    widened the plot beyond its widget, which then cut the plot off. This one takes the width the
    layout gives it: the text is set up to a fifth smaller, and elided if it still does not fit.
    ``text`` stays the full title."""

    def __init__(self, text: str = "", **style):
        self._full = text
        self._shown: tuple[str, str] | None = None  # the text and size on show
        super().__init__(text, size=TITLE_SIZE, **style)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text, **style) -> None:  # noqa: N802 (pyqtgraph's name)
        self._full = text
        self.opts.update(style)  # as pyqtgraph does: the size asked for, which the fit starts from
        self._size = str(self.opts.get("size", TITLE_SIZE))
        self._show(self._fitted(), force=True)

    def _fitted(self) -> tuple[str, str]:
        """The text and its font size ("11pt") that fit the width."""
        if self.size().width() <= 0 or not self._size.endswith("pt"):  # not laid out yet
            return self._full, self._size
        width = self.size().width() - 8
        asked = points(self._size, 11.0)
        for scale in (1.0, 0.9, 0.8):
            size = f"{asked * scale:.1f}pt"
            font = font_of(size)
            if QFontMetricsF(font).horizontalAdvance(self._full) <= width:
                return self._full, size
        return elided(self._full, font, width), size

    def _show(self, fitted: tuple[str, str], force: bool = False) -> None:
        if fitted == self._shown and not force:
            return
        self._shown = fitted
        text, size = fitted
        super().setText(text, size=size)  # lays it out again (and calls resizeEvent, which finds it fitted)
        self.opts["size"] = self._size  # the size asked for, not the one that fits now
        self.text = self._full
        self.setToolTip(self._full if text != self._full else "")  # the whole title, when cut

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._shown is not None:
            self._show(self._fitted())

    def updateMin(self) -> None:  # noqa: N802
        super().updateMin()
        self.setMinimumWidth(0)  # pyqtgraph makes it the text's width
