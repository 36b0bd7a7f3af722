"""Colours and pens shared by the plots: readable on white, distinguishable without colour too."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt

# Okabe–Ito colours (safe for the common colour-vision deficiencies); each series also differs
# in line style or marker so that it reads in greyscale.
BLUE = "#0072B2"
ORANGE = "#E69F00"
GREEN = "#009E73"
RED = "#D55E00"
GREY = "#6F6F6F"
PURPLE = "#CC79A7"
SKY = "#56B4E9"

HEATMAP_COLORMAP = "CET-CBD1"  # diverging and colour-blind safe: negative blue, positive yellow


def pen(color: str, width: float = 2.0, style=Qt.PenStyle.SolidLine):
    return pg.mkPen(color=color, width=width, style=style)


GRID_COLOR = "#E4E4E4"


def configure_plot(plot: pg.PlotItem, title: str, x_label: str, y_label: str) -> None:
    plot.setTitle(title)
    plot.setLabel("bottom", x_label)
    plot.setLabel("left", y_label)
    # An opaque light grid: pyqtgraph's semi-transparent one costs ~6 ms per repaint here.
    for name in ("bottom", "left"):
        axis = plot.getAxis(name)
        axis.setGrid(255)
        axis.setTickPen(pg.mkPen(GRID_COLOR))
        axis.setTextPen(pg.mkPen("k"))
        axis.setZValue(-1)  # the grid lines the axis draws stay behind the data and the legend


def set_title_once(plot: pg.PlotItem, title: str) -> None:
    """Set a title only when it changed (each call re-lays out the plot)."""
    if plot.titleLabel.text != title:
        plot.setTitle(title)


def fit_now(plot: pg.PlotItem) -> None:
    """Auto-range to the new data at once: left to the next paint, the range change would
    trigger a second full repaint."""
    plot.enableAutoRange()
    plot.vb.updateAutoRange()


def use_light_theme() -> None:
    """White backgrounds and black text for every plot created afterwards (figures for slides)."""
    pg.setConfigOptions(background="w", foreground="k", antialias=True)
