"""The stage picked in the block flow as one heatmap (tokens × dimensions), beside its table."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from engine.results.compute import Result
from widgets.common.stack_notes import stack_tokens_note
from widgets.plotkit.grid_axis import grid_axes
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.colour_bar import ColourBar
from widgets.plotkit.heatmap_image import HeatmapImage
from widgets.plotkit.lazy_menu import LazyMenuViewBox, plot_options_off
from widgets.plotkit.plot_style import HEATMAP_COLORMAP, cell_ticks, configure_plot, set_title_once
from widgets.plotkit.round_limits import colour_limit


class StageHeatmap(pg.PlotWidget):
    """Rows are tokens (top to bottom); a symmetric colour scale around 0 with a colour bar."""

    def __init__(self, parent=None):
        super().__init__(parent, axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self.setObjectName("stageHeatmap")
        self.setAccessibleName("stageHeatmap")
        configure_plot(self.plotItem)
        self.plotItem.invertY(True)
        self.plotItem.hideButtons()
        plot_options_off(self.plotItem)
        colormap = pg.colormap.get(HEATMAP_COLORMAP)
        self._image = HeatmapImage(axisOrder="row-major", blocky=True)
        self._image.setColorMap(colormap)
        self.plotItem.addItem(self._image)
        self._colour_bar = ColourBar(colormap, width=12)
        self._colour_bar.add_to(self.plotItem.layout, row=2, col=3)  # right of the plot's view and axis
        self.plotItem.layout.setColumnSpacing(2, 8)
        self._matrix = np.zeros((0, 0))
        self._names: tuple[list[str], list[str]] = ([], [])  # token and dimension labels
        self.plotItem.vb.sigResized.connect(lambda _: self._label_axes())
        self.note = PlotNote(self.plotItem.vb)  # that the stage holds the first tokens only

    def show_stage(self, result: Result | None, key: str | None, title: str = "") -> None:
        """Draw ``result.stages[key]``; an empty picture when there is no such stage."""
        stages = None if result is None else result.stages
        set_title_once(self.plotItem, title)
        self.note.set_text(stack_tokens_note(result) if result is not None else "")
        if stages is None or key not in stages:
            self._matrix = np.zeros((0, 0))
            self._image.clear()
            return
        self._matrix = np.asarray(stages[key], dtype=float)
        limit = colour_limit(self._matrix)
        self._image.setImage(np.nan_to_num(self._matrix, nan=0.0, posinf=limit, neginf=-limit), levels=(-limit, limit))
        rows, cols = self._matrix.shape
        self._image.setRect(QRectF(0, 0, cols, rows))
        self._colour_bar.set_levels(-limit, limit)
        self._names = (list(result.stack_labels[:rows]), [f"d{j + 1}" for j in range(cols)])
        self._label_axes()
        self.plotItem.setRange(xRange=(0, cols), yRange=(0, rows), padding=0)

    def _label_axes(self) -> None:
        """Token and dimension labels, thinned so that neighbours don't overlap at the plot's size."""
        view = self.plotItem.vb
        for name, names, length in (("left", self._names[0], view.height()), ("bottom", self._names[1], view.width())):
            axis = self.plotItem.getAxis(name)
            axis.setTicks([cell_ticks(names, axis, length)])

    def matrix(self) -> np.ndarray:
        """The matrix drawn now (for tests and scripts)."""
        return self._matrix
