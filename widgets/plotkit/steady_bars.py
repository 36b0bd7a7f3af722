"""Bars whose bounding rectangle is worked out once per change, not on every question."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QRectF


class SteadyBars(pg.BarGraphItem):
    """pyqtgraph's BarGraphItem works out its bounding rectangle on every call: its data's bounds and a
    pen's padding in pixels, through the device transform. Qt asks for it about four times per item and
    repaint (the row statistics' four series: 16 times an edit). Here it is kept until the bars, their
    pens or the view's transform (which sets how wide a pixel is) change."""

    def __init__(self, **opts):
        self._bounds: QRectF | None = None
        super().__init__(**opts)

    def setOpts(self, **opts) -> None:  # noqa: N802 (pyqtgraph's name)
        self._bounds = None
        super().setOpts(**opts)
        self._bounds = None  # asked for while pyqtgraph changed it: worked out again from all of the change

    def viewTransformChanged(self) -> None:  # noqa: N802 (pyqtgraph's name)
        self._bounds = None
        super().viewTransformChanged()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        if self._bounds is None:
            self._bounds = super().boundingRect()
        return QRectF(self._bounds)  # a copy: the kept one is never handed out to be changed
