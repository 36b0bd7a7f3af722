"""Colours and pens shared by the plots: readable on white, distinguishable without colour too."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QGraphicsItem

from widgets.plotkit.grid_axis import GridAxis
from widgets.plotkit.plot_key import PlotKey
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.plot_title import PlotTitle
from widgets.plotkit.quick_curve import QuickCurve
from widgets.plotkit.round_limits import KEEP_SHARE, linear_limits, log_limits
from widgets.plotkit.text_fit import points

if TYPE_CHECKING:
    from widgets.plotkit.plot_panel import PlotPanel

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


def configure_plot(plot: pg.PlotItem | PlotPanel) -> None:
    """Grid, axes and widths shared by the line plots (titles and labels come from each plot's
    retranslate, in the UI language)."""
    # An opaque light grid: a semi-transparent one costs ~6 ms per repaint here. The plots are
    # built with GridAxis, which draws pyqtgraph's fading of the finer levels opaque too.
    for name in ("bottom", "left"):
        axis = plot.getAxis(name)
        axis.setGrid(255)
        axis.setTickPen(pg.mkPen(GRID_COLOR))
        axis.setTextPen(pg.mkPen("k"))
        axis.setZValue(-1)  # the grid lines the axis draws stay behind the data
        # Major and minor grid lines; pyqtgraph's third, faintest level (every tenth of a major step)
        # is barely visible and makes each axis drawing cost twice as much.
        axis.setStyle(maxTickLevel=1)
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


CELL_LABEL_GAP = 8  # pixels between neighbouring cell labels
CELL_STEPS = (1, 2, 5)  # every 1st, 2nd, 5th, 10th, 20th, … cell is labelled
MIN_CELL_LABELS = 3  # fewer after thinning (4 columns: "d2", "d4"): the first, middle and last instead, if they fit


def cell_ticks(names, axis: pg.AxisItem, length: float, gap: float = CELL_LABEL_GAP) -> list[tuple[float, str]]:
    """Labels at the centres of heatmap cells along ``length`` pixels of ``axis``: every k-th name
    (k = 1, 2, 5, 10, 20, …), so that neighbouring labels never overlap (d = 4096 gives d500,
    d1000, …), at least ``gap`` pixels apart; a few cells thinned to fewer than three labels get
    the first, middle and last, or the first and last."""
    count = len(names)
    if not count or length <= 0:
        return []
    metrics = QFontMetricsF(axis.style["tickFont"] or QFont())
    if axis.orientation in ("left", "right"):
        need = metrics.height() + 2
    else:  # the longest names by characters stand for all: 4096 names would take ms to measure
        need = max(metrics.horizontalAdvance(name) for name in heapq.nlargest(16, names, key=len)) + gap
    cell = length / count
    step = 1
    while step * cell < need and step < count:
        step = next(m * 10**e for e in range(12) for m in CELL_STEPS if m * 10**e > step)
    if step == 1:
        return [(i + 0.5, names[i]) for i in range(count)]
    shown = list(range(step - 1, count, step))  # the step-th, 2·step-th … (d500, d1000)
    if (step - 1) * cell >= need or not shown:
        shown.insert(0, 0)  # and the first, when it has room beside the step-th
    if len(shown) < MIN_CELL_LABELS:  # a few wide cells thinned to one or two: the first, middle and last
        for few in ([0, (count - 1) // 2, count - 1], [0, count - 1]):
            if len(set(few)) == len(few) >= len(shown) and min(b - a for a, b in zip(few, few[1:])) * cell >= need:
                shown = few
                break
    return [(i + 0.5, names[i]) for i in shown]


def set_title_once(plot: pg.PlotItem | PlotPanel, title: str) -> None:
    """Set a title only when it changed (each call re-lays out the plot)."""
    if plot.titleLabel.text != title:
        plot.setTitle(title)


def fit_view(plot: PlotPanel, x_max: float, values, log_y: bool) -> None:
    """Show layers 0..x_max and every finite value, the value axis between round numbers. A value
    axis that still holds the values, and is not much wider than they need, stays as it is."""
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values) & (values > 0)] if log_y else values[np.isfinite(values)]
    if not values.size:
        y_range = (0.0, 1.0)
    elif log_y:
        low, high = float(np.log10(values.min())), float(np.log10(values.max()))
        margin = KEEP_MARGIN * (high - low)
        y_range = settled_range(plot, log_limits(float(values.min()), float(values.max())),
                                (low - margin, high + margin))
    else:
        low, high = float(values.min()), float(values.max())
        margin = KEEP_MARGIN * (high - low)
        needed = (low - margin, high + margin)
        y_range = settled_range(plot, linear_limits(*needed), needed)
    x_max = max(x_max, 1)
    plot.vb.fit((-0.05 * x_max, 1.05 * x_max), y_range)  # room for the last tick's label


KEEP_MARGIN = 0.02  # of the data's span: room left around the data, in fresh and in kept limits


def settled_range(plot: PlotPanel, fresh: tuple[float, float], needed: tuple[float, float]) -> tuple[float, float]:
    """The value range fitted last if it still holds ``needed`` (the data's, with its margins) and is at
    most 1/KEEP_SHARE as wide as ``fresh`` (the rounded range for the data); else ``fresh``."""
    if plot.vb.fitted is None:
        return fresh
    shown_low, shown_high = plot.vb.fitted[1]
    if not (shown_low <= needed[0] and needed[1] <= shown_high):
        return fresh
    return (shown_low, shown_high) if (fresh[1] - fresh[0]) >= KEEP_SHARE * (shown_high - shown_low) else fresh


#: A pinned scenario's (A's) curves: dashes of this pattern (in pen widths), whatever B's style.
PINNED_DASHES = [2.0, 2.5]
PINNED_WIDTH = 0.7  # of B's width: A reads as the thinner, broken twin of each curve


def pinned_pen(curve_pen):
    """The pen of A's twin of a curve drawn with ``curve_pen``: the same colour, thinner, in short
    dashes (distinct from every style B's curves use, so A and B tell apart in greyscale too)."""
    p = pg.mkPen(curve_pen)
    p.setWidthF(max(1.2, PINNED_WIDTH * p.widthF()))
    p.setStyle(Qt.PenStyle.CustomDashLine)
    p.setDashPattern(PINNED_DASHES)
    return p


def layer_curve(plot: PlotPanel, curve_pen) -> pg.PlotCurveItem:
    """An empty curve on ``plot``. A PlotCurveItem (QuickCurve), not pyqtgraph's PlotDataItem: that one
    re-processes its points on every range change and costs ~6× more per update."""
    curve = QuickCurve(pen=curve_pen)
    plot.addItem(curve)
    return curve


def draw_curve(curve: pg.PlotCurveItem, layers: np.ndarray, values: np.ndarray, log_y: bool) -> None:
    """Draw ``values`` over ``layers``, in log10 on a log-scale plot; layers whose value overflowed
    (or is 0, which a log scale can't show) are left out."""
    ok = np.isfinite(values) & (values > 0)
    x, y = layers[ok], np.log10(values[ok]) if log_y else values[ok]
    if _holds(curve.xData, x) and _holds(curve.yData, y):
        return  # unchanged (the toy after an edit, a stack not drawn): no new path, no repaint
    curve.setData(x, y)


def draw_layer_curves(curves: Mapping, data: Mapping, first_layer: int, log_y: bool) -> None:
    """Draw each of ``curves`` (by key) with ``data``'s values for its key over the layers ``first_layer``,
    ``first_layer`` + 1, …; a curve whose key ``data`` lacks is emptied."""
    for key, curve in curves.items():
        values = data.get(key, np.array([]))
        draw_curve(curve, np.arange(first_layer, first_layer + len(values), dtype=float), values, log_y)


def _holds(drawn: np.ndarray | None, values: np.ndarray) -> bool:
    return drawn is not None and drawn.shape == values.shape and np.array_equal(drawn, values)


def use_light_theme() -> None:
    """White backgrounds and black text for every plot created afterwards (figures for slides)."""
    pg.setConfigOptions(background="w", foreground="k", antialias=True)


# --- themes and presentation mode: applied to every plot under a widget ---------------------------

# Legends are opaque: blending a translucent one over the plot costs ~0.15 ms per repaint each.
LIGHT = {"background": "#FFFFFF", "foreground": "#000000", "grid": GRID_COLOR, "legend": "#FFFFFF"}
DARK = {"background": "#1E1E1E", "foreground": "#E6E6E6", "grid": "#3A3A3A", "legend": "#1E1E1E"}


def graphics_views(root) -> list[pg.GraphicsView]:
    """Every pyqtgraph view under ``root`` (itself included)."""
    views = [root] if isinstance(root, pg.GraphicsView) else []
    return views + root.findChildren(pg.GraphicsView)


def _is_title(item) -> bool:
    """A PlotItem's title (the teaching tabs' plots): a LabelItem that isn't one of a legend's entries."""
    return isinstance(item, pg.LabelItem) and not isinstance(item.parentItem(), pg.LegendItem)


def apply_plot_theme(root, dark: bool) -> None:
    """Colour every plot under ``root`` (axes, titles, legends) for a dark or a light background."""
    colors = DARK if dark else LIGHT
    foreground = colors["foreground"]
    for view in graphics_views(root):
        view.setBackground(colors["background"])
        for item in view.scene().items():
            if isinstance(item, pg.AxisItem):
                if isinstance(item, GridAxis):
                    item.set_background(colors["background"])
                item.setTextPen(pg.mkPen(foreground))
                item.setPen(pg.mkPen(foreground))
                item.setTickPen(pg.mkPen(foreground if item.grid is False else colors["grid"]))
                item.labelStyle["color"] = foreground
                item.setLabel(item.labelText, **item.labelStyle)
            elif isinstance(item, PlotKey):
                item.set_text_color(foreground)
            elif isinstance(item, PlotTitle):
                item.set_color(foreground)
            elif isinstance(item, pg.LegendItem):
                item.setBrush(colors["legend"])
                item.setLabelTextColor(foreground)
                for _, label in item.items:  # existing labels keep their colour until re-set
                    label.setText(label.text, color=foreground)
            elif _is_title(item):
                item.setText(item.text, color=foreground)


def scale_plots(root, factor: float, originals: dict) -> None:
    """Scale text sizes and line widths of every plot under ``root`` by ``factor`` relative to
    the sizes remembered in ``originals`` (filled on first use), so 1.0 restores them."""
    for view in graphics_views(root):
        for item in view.scene().items():
            if isinstance(item, pg.AxisItem):
                tick_font = item.style["tickFont"]
                font = QFont()
                font.setPointSizeF(originals.setdefault(("tick", id(item)), tick_font.pointSizeF() if tick_font else 9.0)
                                   * factor)
                item.setStyle(tickFont=font)
                label = originals.setdefault(("label", id(item)), points(item.labelStyle.get("font-size"), 10.0))
                item.labelStyle["font-size"] = f"{label * factor:.0f}pt"
                item.setLabel(item.labelText, **item.labelStyle)
                width = originals.setdefault(("width", id(item)), item.fixedWidth)
                if width is not None:  # a fixed width (the value axes) grows with its tick labels
                    item.setWidth(width * factor)
            elif isinstance(item, (PlotKey, PlotNote)):
                item.set_point_size(originals.setdefault(("key", id(item)), item.point_size()) * factor)
            elif isinstance(item, PlotTitle):
                item.set_point_size(originals.setdefault(("title", id(item)), item.point_size()) * factor)
            elif isinstance(item, pg.LegendItem):
                base = originals.setdefault(("legend", id(item)), points(item.opts.get("labelTextSize"), 9.0))
                item.setLabelTextSize(f"{base * factor:.0f}pt")  # for entries added later
                for _, label in item.items:  # pyqtgraph stores the size in them without redrawing
                    label.setText(label.text, size=f"{base * factor:.0f}pt")
            elif _is_title(item):
                base = originals.setdefault(("title", id(item)), points(item.opts.get("size"), 11.0))
                item.setText(item.text, size=f"{base * factor:.0f}pt")
            elif _is_line(item) and item.opts.get("pen") is not None:
                line_pen = pg.mkPen(item.opts["pen"])
                line_pen.setWidthF(originals.setdefault(("pen", id(item)), line_pen.widthF()) * factor)
                item.setPen(line_pen)


def _is_line(item) -> bool:
    """A data line: a PlotDataItem, or a PlotCurveItem of its own (not one a PlotDataItem draws with)."""
    return isinstance(item, pg.PlotDataItem) or (
        isinstance(item, pg.PlotCurveItem) and not isinstance(item.parentItem(), pg.PlotDataItem))
