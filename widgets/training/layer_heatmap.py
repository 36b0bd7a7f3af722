"""One per-layer measurement of one run as a layer × step heatmap: step across, layer 1 at the bottom,
on a log₁₀ colour scale (gradient norm, update-to-weight ratio, residual RMS) or a linear one (the
largest attention logit), with its colour bar beside it."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from engine.training.run_curves import LayerMap

from widgets.common.retranslation import Retranslating
from widgets.plotkit.colour_bar import ColourBar
from widgets.plotkit.decimate import pooled_columns
from widgets.plotkit.grid_axis import QuickAxis
from widgets.plotkit.heatmap_frame import heatmap_frame
from widgets.plotkit.heatmap_image import HeatmapImage
from widgets.plotkit.log_ticks import log_tick_levels, power_label
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.plot_style import cache_axis, cell_ticks
from widgets.plotkit.round_limits import linear_limits

COLORMAP = "viridis"  # sequential and colour-blind safe: small values dark, large bright


class LayerHeatmap(Retranslating, pg.GraphicsView):
    """``show_map(layer_map)`` draws one run's map (engine.training.run_curves); ``clear()``: empty.

    ``log`` labels the colour bar in powers of ten (the map's values are log₁₀ already). The image holds
    at most one column per pixel of the view (neighbouring steps max-pooled), so a long run costs
    no more to draw than a short one, and a spike stays visible.
    """

    def __init__(self, name: str, log: bool, parent=None):
        super().__init__(parent)
        self.setObjectName(f"trainingHeatmap_{name}")
        self.setAccessibleName(f"trainingHeatmap_{name}")
        self.name, self.log = name, log
        frame = heatmap_frame(self, invert_y=False)
        layout = frame.layout
        self.titleLabel, self.vb, self._axes = frame.title, frame.view, frame.axes  # noqa: N815 (the plot kit's name)
        self._axes["left"].setWidth(34)
        self._axes["bottom"].setStyle(maxTickLevel=0)  # labelled steps only: minor ticks crowd a short axis
        colormap = pg.colormap.get(COLORMAP)
        self.image = HeatmapImage(axisOrder="row-major")
        self.image.setColorMap(colormap)
        self.vb.addItem(self.image)
        self.colour_bar = ColourBar(colormap)
        self.colour_bar.add_to(layout, row=1, col=2)
        cache_axis(self.colour_bar.axis)
        self.colour_bar.axis.enableAutoSIPrefix(False)
        layout.setColumnSpacing(1, 6)
        layout.setColumnStretchFactor(1, 1)
        self.note = PlotNote(self.vb)
        self._values = np.zeros((0, 0))  # (layers, steps) drawn now, before pooling
        self._steps = np.zeros(0)
        self._levels = (0.0, 1.0)
        self._layers = 0
        self._planned = 1
        self._ticks: list | None = None  # the step axis's labels now
        self.vb.sigResized.connect(self._on_resized)
        self.retranslate()
        self.clear()

    def getAxis(self, name: str) -> QuickAxis:  # noqa: N802 (PlotItem's name)
        return self._axes[name]

    def retranslate(self) -> None:
        titles = {"layer_grad_norm": self.tr("Gradient norm by layer"),
                  "update_ratio": self.tr("Update-to-weight ratio by layer"),
                  "residual_rms": self.tr("RMS of the residual stream by layer"),
                  "max_logit": self.tr("Largest attention logit by layer")}
        self.titleLabel.set_text(titles[self.name])
        self._axes["bottom"].setLabel(self.tr("step"))
        self._axes["left"].setLabel(self.tr("layer"))
        self.colour_bar.axis.setLabel(self.tr("log₁₀ scale") if self.log else "")
        self._update_note()

    def _update_note(self) -> None:
        self.note.set_text("" if self._values.size else self.tr("Press Train to start a run."))

    def clear(self) -> None:
        self._values, self._steps, self._layers, self._ticks = np.zeros((0, 0)), np.zeros(0), 0, None
        self.image.clear()
        for axis in self._axes.values():
            axis.setTicks([[]])
        self.colour_bar.set_visible(False)
        self.vb.fit((0.0, 1.0), (0.0, 1.0))
        self.vb.refit()
        self._update_note()

    def show_map(self, layer_map: LayerMap) -> None:
        """The map's (layers, filled rows) values; the step axis runs to its run's planned length, so it
        does not move as the run trains."""
        if not layer_map.values.size:
            self.clear()
            return
        levels = self._rounded_levels(*(layer_map.finite_range or (0.0, 1.0)))
        # Non-finite cells (a diverged step) take the low end rather than breaking the colour scale.
        self._values = np.nan_to_num(layer_map.values, nan=levels[0], posinf=levels[1], neginf=levels[0])
        self._steps = np.asarray(layer_map.steps, dtype=float)
        self._planned = layer_map.planned
        if levels != self._levels or not self.colour_bar.view.isVisible():
            self._levels = levels
            self.colour_bar.set_levels(*levels)
            self.colour_bar.set_visible(True)
            self._colour_ticks()
        layers = layer_map.values.shape[0]
        if layers != self._layers:
            self._layers = layers
            self._layer_ticks()
        self._draw_image()
        self._update_note()

    def _rounded_levels(self, low: float, high: float) -> tuple[float, float]:
        """Colour levels on half-decades (log) or round numbers (linear), kept while the data fit:
        the scale does not creep with every update."""
        if self.log:
            low, high = math.floor(2 * low) / 2, math.ceil(2 * high) / 2
            high = max(high, low + 0.5)
        else:
            low, high = linear_limits(low, high)
        if self._values.size and self._levels[0] <= low and high <= self._levels[1]:
            return self._levels
        return low, high

    def _colour_ticks(self) -> None:
        low, high = self._levels
        axis = self.colour_bar.axis
        if not self.log:
            axis.setTicks(None)
            return
        length = max(self.colour_bar.view.height(), 40.0)
        majors = log_tick_levels(low, high, length, 24.0)[0][1]
        axis.setTicks([[(v, power_label(v)) for v in majors]])

    def _on_resized(self) -> None:
        if self._values.size:
            self._draw_image()
            self._colour_ticks()
            self._layer_ticks()

    def _layer_ticks(self) -> None:
        """Layer numbers 1 … N up the left axis, thinned to the view's height."""
        left = self._axes["left"]
        left.setTicks([cell_ticks([str(k + 1) for k in range(self._layers)], left, max(self.vb.height(), 1.0))])

    def _draw_image(self) -> None:
        columns = self._values.shape[1]
        by = max(1, math.ceil(columns / max(self.vb.width(), 1.0)))
        self.image.setImage(pooled_columns(self._values, by), levels=self._levels)
        # Step k covers k - 0.5 .. k + 0.5; a stored run's rows may be every few steps.
        first, last = float(self._steps[0]), float(self._steps[-1])
        spacing = (last - first) / (columns - 1) if columns > 1 else 1.0
        # Layer k (1-based) fills k - 1 .. k, where cell_ticks puts its label.
        self.image.setRect(QRectF(first - spacing / 2, 0.0, last - first + spacing, self._layers))
        self.vb.fit((first - spacing / 2, max(last, self._planned) + spacing / 2), (0.0, float(self._layers)))
        self._step_ticks(max(last, self._planned))

    def _step_ticks(self, last: float) -> None:
        """Round step numbers with room between their labels (pyqtgraph's own crowd a narrow panel)."""
        axis = self._axes["bottom"]
        room = QFontMetricsF(axis.style.get("tickFont") or QFont()).horizontalAdvance(f"{last:.0f}") + 14
        fits = max(1, int(max(self.vb.width(), 1.0) // room))
        step = next(m * 10**e for e in range(10) for m in (1, 2, 5) if last / (m * 10**e) <= fits)
        ticks = [(float(k), str(k)) for k in range(step, int(last) + 1, step)]
        if ticks != self._ticks:
            self._ticks = ticks
            axis.setTicks([ticks])
