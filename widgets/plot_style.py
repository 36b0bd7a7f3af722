"""Colours and pens shared by the plots: readable on white, distinguishable without colour too."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsItem

from widgets.grid_axis import GridAxis
from widgets.round_limits import linear_limits, log_limits

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
LEFT_AXIS_WIDTH = 64


def configure_plot(plot: pg.PlotItem, title: str, x_label: str, y_label: str) -> None:
    plot.setTitle(title)
    plot.setLabel("bottom", x_label)
    plot.setLabel("left", y_label)
    # An opaque light grid: a semi-transparent one costs ~6 ms per repaint here. The plots are
    # built with GridAxis, which draws pyqtgraph's fading of the finer levels opaque too.
    for name in ("bottom", "left"):
        axis = plot.getAxis(name)
        axis.setGrid(255)
        axis.setTickPen(pg.mkPen(GRID_COLOR))
        axis.setTextPen(pg.mkPen("k"))
        axis.setZValue(-1)  # the grid lines the axis draws stay behind the data and the legend
        cache_axis(axis)
    # A fixed width: when new data changes the tick labels' width, the plot needs no second
    # layout and paint pass.
    plot.getAxis("left").setWidth(LEFT_AXIS_WIDTH)
    # The x axes count layers, tokens or dimensions, which need no "(×1e3)" prefix; without it,
    # a range change doesn't re-render the axis label.
    plot.getAxis("bottom").enableAutoSIPrefix(False)

def cache_axis(axis: pg.AxisItem) -> None:
    """Keep the axis's rendering as a pixmap: replaying its tick labels costs ~1 ms per paint,
    and most edits leave the axis unchanged (a range change invalidates the cache)."""
    axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


def cell_ticks(names, most: int = 12) -> list[tuple[float, str]]:
    """Axis labels at the centres of heatmap cells, thinned out to at most about ``most``."""
    step = max(1, -(-len(names) // most))
    return [(i + 0.5, names[i]) for i in range(0, len(names), step)]


def set_legend(plot: pg.PlotItem, entries) -> None:
    """Fill the plot's legend with (item, name) pairs, replacing what it showed (a language change)."""
    legend = plot.legend
    legend.clear()
    for item, name in entries:
        legend.addItem(item, name)


def set_title_once(plot: pg.PlotItem, title: str) -> None:
    """Set a title only when it changed (each call re-lays out the plot)."""
    if plot.titleLabel.text != title:
        plot.setTitle(title)


def fit_view(plot: pg.PlotItem, x_max: float, values, log_y: bool) -> None:
    """Show layers 0..x_max and every finite value, the value axis between round numbers."""
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values) & (values > 0)] if log_y else values[np.isfinite(values)]
    if not values.size:
        y_range = (0.0, 1.0)
    elif log_y:
        y_range = log_limits(float(values.min()), float(values.max()))
    else:
        low, high = float(values.min()), float(values.max())
        margin = 0.02 * (high - low)
        y_range = linear_limits(low - margin, high + margin)
    x_max = max(x_max, 1)
    set_view(plot, (-0.03 * x_max, 1.03 * x_max), y_range)


def layer_curve(plot: pg.PlotItem, curve_pen, name: str | None = None) -> pg.PlotCurveItem:
    """An empty curve on ``plot``. A PlotCurveItem, not pyqtgraph's PlotDataItem: that one
    re-processes its points on every range change and costs ~6× more per update."""
    curve = pg.PlotCurveItem(pen=curve_pen, name=name)
    plot.addItem(curve)
    return curve


def draw_curve(curve: pg.PlotCurveItem, layers: np.ndarray, values: np.ndarray, log_y: bool) -> None:
    """Draw ``values`` over ``layers``, in log10 on a log-scale plot; layers whose value overflowed
    (or is 0, which a log scale can't show) are left out."""
    ok = np.isfinite(values) & (values > 0)
    curve.setData(layers[ok], np.log10(values[ok]) if log_y else values[ok])


def set_view(plot: pg.PlotItem, x_range: tuple[float, float], y_range: tuple[float, float]) -> None:
    """Show exactly ``x_range`` × ``y_range``; nothing happens when the plot shows them already.

    An explicit range instead of pyqtgraph's auto-range: that one settles during the paint and
    asks for a second full repaint of the plot on every update. An unchanged range leaves the
    axes' cached drawings valid.
    """
    if np.allclose(plot.vb.state["targetRange"], (x_range, y_range), rtol=1e-9, atol=1e-12) \
            and not plot.vb.autoRangeEnabled()[0] and not plot.vb.autoRangeEnabled()[1]:
        return
    plot.disableAutoRange()
    plot.setRange(xRange=x_range, yRange=y_range, padding=0)
    plot.vb.updateMatrix()  # now, not during the paint (which would then schedule another)


def use_light_theme() -> None:
    """White backgrounds and black text for every plot created afterwards (figures for slides)."""
    pg.setConfigOptions(background="w", foreground="k", antialias=True)


# --- themes and presentation mode: applied to every plot under a widget ---------------------------

# Legends are opaque: blending a translucent one over the plot costs ~0.15 ms per repaint each.
LIGHT = {"background": "#FFFFFF", "foreground": "#000000", "grid": GRID_COLOR, "legend": "#FFFFFF"}
DARK = {"background": "#1E1E1E", "foreground": "#E6E6E6", "grid": "#3A3A3A", "legend": "#1E1E1E"}


def plot_items(root) -> list[tuple[pg.GraphicsView, list]]:
    """Every pyqtgraph view under ``root`` (itself included) with its PlotItems."""
    views = [root] if isinstance(root, pg.GraphicsView) else []
    views += root.findChildren(pg.GraphicsView)
    return [(view, [item for item in view.scene().items() if isinstance(item, pg.PlotItem)]) for view in views]


def apply_plot_theme(root, dark: bool) -> None:
    """Colour every plot under ``root`` for a dark or a light background."""
    colors = DARK if dark else LIGHT
    for view, plots in plot_items(root):
        view.setBackground(colors["background"])
        for plot in plots:
            for name in ("left", "bottom", "right", "top"):
                axis = plot.getAxis(name)
                if isinstance(axis, GridAxis):
                    axis.set_background(colors["background"])
                axis.setTextPen(pg.mkPen(colors["foreground"]))
                axis.setPen(pg.mkPen(colors["foreground"]))
                axis.setTickPen(pg.mkPen(colors["foreground"] if axis.grid is False else colors["grid"]))
                axis.labelStyle["color"] = colors["foreground"]
                axis.setLabel(axis.labelText, **axis.labelStyle)
            plot.titleLabel.setText(plot.titleLabel.text, color=colors["foreground"])
            if plot.legend is not None:
                plot.legend.setBrush(colors["legend"])
                plot.legend.setLabelTextColor(colors["foreground"])
                for _, label in plot.legend.items:  # existing labels keep their colour until re-set
                    label.setText(label.text, color=colors["foreground"])
        for item in view.scene().items():
            if isinstance(item, pg.ColorBarItem):
                item.axis.setTextPen(pg.mkPen(colors["foreground"]))
                item.axis.labelStyle["color"] = colors["foreground"]
                item.axis.setLabel(item.axis.labelText, **item.axis.labelStyle)


def scale_plots(root, factor: float, originals: dict) -> None:
    """Scale text sizes and line widths of every plot under ``root`` by ``factor`` relative to
    the sizes remembered in ``originals`` (filled on first use), so 1.0 restores them."""
    from PySide6.QtGui import QFont

    for _, plots in plot_items(root):
        for plot in plots:
            base = originals.setdefault(("title", id(plot)), 11.0)
            plot.titleLabel.setText(plot.titleLabel.text, size=f"{base * factor:.0f}pt")
            for name in ("left", "bottom"):
                axis = plot.getAxis(name)
                font = QFont()
                font.setPointSizeF(originals.setdefault(("tick", id(axis)), 9.0) * factor)
                axis.setStyle(tickFont=font)
                axis.labelStyle["font-size"] = f"{originals.setdefault(('label', id(axis)), 10.0) * factor:.0f}pt"
                axis.setLabel(axis.labelText, **axis.labelStyle)
            if plot.legend is not None:
                plot.legend.setLabelTextSize(f"{originals.setdefault(('legend', id(plot)), 9.0) * factor:.0f}pt")
            for item in plot.listDataItems():
                if isinstance(item, (pg.PlotDataItem, pg.PlotCurveItem)) and item.opts.get("pen") is not None:
                    item_pen = pg.mkPen(item.opts["pen"])
                    item_pen.setWidthF(originals.setdefault(("pen", id(item)), item_pen.widthF()) * factor)
                    item.setPen(item_pen)
