"""The frame a heatmap of one matrix is drawn in: a title over a view box with its left and bottom axes
(and a top one where marks go), the axes linked to the view, without SI prefixes, kept as pixmaps. The
outlier strip, the sink-mass map and the training heatmaps share it; the colour bar goes beside the view."""

from __future__ import annotations

from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtWidgets import QGraphicsGridLayout

from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plotkit.grid_axis import QuickAxis
from widgets.plotkit.plot_panel import grid_layout
from widgets.plotkit.plot_style import cache_axis
from widgets.plotkit.plot_title import PlotTitle


@dataclass(frozen=True)
class HeatmapFrame:
    layout: QGraphicsGridLayout
    title: PlotTitle
    view: FittedViewBox
    axes: dict[str, QuickAxis]
    #: The grid row the view box is in (a colour bar goes in it, column 2).
    view_row: int


def heatmap_frame(widget: pg.GraphicsView, invert_y: bool, top_axis: bool = False) -> HeatmapFrame:
    """Lay ``widget`` out as a title (row 0), an optional top axis, the view with its left axis, and the
    bottom axis under it."""
    layout = grid_layout(widget)
    layout.setContentsMargins(1, 1, 1, 1)
    layout.setSpacing(0)
    title = PlotTitle()
    layout.addItem(title, 0, 0, 1, 4)
    view = FittedViewBox(invertY=invert_y)
    axes = {side: QuickAxis(side) for side in ("left", "bottom") + (("top",) if top_axis else ())}
    row = 2 if top_axis else 1
    if top_axis:
        layout.addItem(axes["top"], 1, 1)
    layout.addItem(axes["left"], row, 0)
    layout.addItem(view, row, 1)
    layout.addItem(axes["bottom"], row + 1, 1)
    for axis in axes.values():
        axis.linkToView(view)
        axis.enableAutoSIPrefix(False)
        cache_axis(axis)
    return HeatmapFrame(layout, title, view, axes, row)
