"""A plot's curves by key, each built when first drawn: a plot that offers more curves than it starts
with (stacks the user may pick later) doesn't pay for them at start-up (nine curves of the depth and
gradient plots were ~14 M instructions of the window's first paint)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import numpy as np
import pyqtgraph as pg

from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import layer_curve


class LazyCurves(Mapping):
    """``key -> PlotCurveItem`` for every declared key; a curve is made on first access and stacked
    where it would be had all been made at once: under the curves declared after it, and under what
    ``above()`` names (items added to the plot later that stay on top, e.g. A's dashed twins).
    ``built()`` is called with each new curve (the window gives it the theme and presentation scale)."""

    def __init__(self, plot: PlotPanel, pens: Mapping, above: Callable[[], pg.GraphicsObject | None],
                 built: Callable[[], None]):
        self._plot, self._pens, self._above, self._built = plot, dict(pens), above, built
        self._curves: dict = {}

    def __getitem__(self, key) -> pg.PlotCurveItem:
        if key not in self._curves:
            pen = self._pens[key]  # KeyError for an undeclared key, as a dict gives
            curve = layer_curve(self._plot, pen)
            keys = list(self._pens)
            later = [self._curves[k] for k in keys[keys.index(key) + 1:] if k in self._curves]
            top = later[0] if later else self._above()
            if top is not None:
                curve.stackBefore(top)
            self._curves[key] = curve
            self._built()
        return self._curves[key]

    def __iter__(self) -> Iterator:
        return iter(self._pens)

    def __len__(self) -> int:
        return len(self._pens)

    def to_draw(self, data: Mapping[object, np.ndarray]) -> dict:
        """The curves ``data`` has values for (made now if need be) and those made before, which
        drawing empties when ``data`` lacks their key; a curve never made has nothing to empty."""
        return {key: self[key] for key in self._pens if key in data or key in self._curves}
