"""A curve whose bounding rectangle takes fewer steps to work out after new data."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF


def _finite_bounds(values: np.ndarray) -> tuple[float, float] | None:
    """The smallest and largest finite value (None if none): pyqtgraph's nanmin/nanmax under a
    warnings filter, then a second pass without the infinite ones, in one mask."""
    finite = values if np.isfinite(values).all() else values[np.isfinite(values)]
    if not finite.size:
        return None
    return float(finite.min()), float(finite.max())


def _length(vector) -> float:
    """A pixel vector's length, 0 for none or one too long for a float (as pyqtgraph counts it)."""
    try:
        return 0.0 if vector is None else vector.length()
    except OverflowError:
        return 0.0


class QuickCurve(pg.PlotCurveItem):
    """pyqtgraph's PlotCurveItem, whose bounding rectangle after each setData (Qt asks for it before
    the paint) is its finite data's bounds padded by the pen: the same rectangle, without the bounds
    cache, the warnings filter and the percentile options that pyqtgraph's ``dataBounds`` serves. The
    plots' curves take new data on every edit (about 7 of them an edit on ``xian``)."""

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        if self._boundingRect is None:
            x, y = self.xData, self.yData
            xs = None if x is None or not len(x) else _finite_bounds(x)
            ys = None if xs is None else _finite_bounds(y)
            if ys is None:
                return QRectF()
            (xmn, xmx), (ymn, ymx) = xs, ys
            if self.opts["fillLevel"] not in (None, "enclosed") or self.opts["shadowPen"] is not None or (
                    self.opts["pen"] is not None and not self.opts["pen"].isCosmetic()):
                return super().boundingRect()  # what these curves never use: pyqtgraph's own reckoning
            px = py = 0.0
            pad = self.pixelPadding()
            if pad > 0:
                px, py = (_length(v) * pad for v in self.pixelVectors())
            self._boundingRect = QRectF(xmn - px, ymn - py, 2 * px + xmx - xmn, 2 * py + ymx - ymn)
        return self._boundingRect
