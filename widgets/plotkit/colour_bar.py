"""A vertical colour scale: the colour map as a strip, with a value axis beside it."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from widgets.plotkit.grid_axis import QuickAxis
from widgets.plotkit.heatmap_image import HeatmapImage


class ColourBar:
    """The strip and its axis, to be placed side by side in a grid layout. pyqtgraph's own
    ColorBarItem builds a whole PlotItem with its menus (~10 ms of the window's start-up)."""

    def __init__(self, colormap: pg.ColorMap, width: int = 14):
        self.view = pg.ViewBox(enableMenu=False, enableMouse=False)
        self.view.setFixedWidth(width)
        self._strip = HeatmapImage(np.linspace(0.0, 1.0, 256)[:, None], axisOrder="row-major", levels=(0.0, 1.0))
        self._strip.setColorMap(colormap)
        self.view.addItem(self._strip)
        self.axis = QuickAxis("right")
        # The labels' room only grows: a scale whose labels change with every edit ("0.05", "−0.005")
        # would otherwise widen and narrow its axis, and lay out and redraw every panel beside it
        # (QuickAxis measures it again when the tick font changes).
        self.axis.setStyle(autoReduceTextSpace=False)
        self.axis.linkToView(self.view)
        self._levels = (0.0, 1.0)
        self.set_levels(-1.0, 1.0)

    def add_to(self, layout, row: int, col: int) -> None:
        """The strip at (row, col) of a grid layout (a QGraphicsGridLayout), its axis in the next column."""
        layout.addItem(self.view, row, col)
        layout.addItem(self.axis, row, col + 1)

    def set_visible(self, on: bool) -> None:
        """Show or hide the strip and its axis (a hidden one takes no room in the layout)."""
        self.view.setVisible(on)
        self.axis.setVisible(on)

    def set_levels(self, low: float, high: float) -> None:
        """The values at the bottom and top of the strip (the images' levels)."""
        if (low, high) == self._levels:
            return
        self._levels = (low, high)
        self._strip.setRect(QRectF(0.0, low, 1.0, high - low))
        self.view.setRange(xRange=(0.0, 1.0), yRange=(low, high), padding=0)
        # Now, not during the paint: pyqtgraph moves the strip there, and sizes the axis to its new
        # labels, either of which paints the whole plot twice.
        self.view.updateMatrix()
        self.axis.draw_now()

    def levels(self) -> tuple[float, float]:
        return self._levels
