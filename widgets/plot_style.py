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


def configure_plot(plot: pg.PlotItem, title: str, x_label: str, y_label: str) -> None:
    plot.setTitle(title)
    plot.setLabel("bottom", x_label)
    plot.setLabel("left", y_label)
    plot.showGrid(x=True, y=True, alpha=0.25)
    plot.setMenuEnabled(True)


def use_light_theme() -> None:
    """White backgrounds and black text for every plot created afterwards (figures for slides)."""
    pg.setConfigOptions(background="w", foreground="k", antialias=True)
