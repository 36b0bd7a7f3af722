"""A norm's real input → output (before γ/β), every element, with a straight line and a·tanh(αx) + b fitted."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from engine.models.norm_fit import NormFit
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import BLUE, GREY, RED, configure_plot, layer_curve, pen, set_title_once
from widgets.plotkit.round_limits import linear_limits
from widgets.common.retranslation import Retranslating


class NormScatterView(Retranslating, PlotPanel):
    """``show_fit(fit, name)``; ``show_fit(None, "")`` clears it. Before a model is loaded (``loaded`` False)
    the note says to load one; after, that a residual state has no norm to show."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("normScatterPlot")
        self.setAccessibleName("normScatterPlot")
        configure_plot(self)
        self.getAxis("left").enableAutoSIPrefix(False)
        self.points = pg.ScatterPlotItem(size=3, pen=None, brush=pg.mkBrush(GREY))
        self.addItem(self.points)
        self.line = layer_curve(self, pen(BLUE, 2, Qt.PenStyle.DashLine))
        self.tanh = layer_curve(self, pen(RED, 2.5))
        self.fit: NormFit | None = None
        self.loaded = False
        self._name = ""
        self.retranslate()
        self.show_fit(None, "")

    def retranslate(self) -> None:
        self.setLabel("bottom", self.tr("input x"))
        self.setLabel("left", self.tr("normalized output (before γ, β)"))
        self._write_texts()

    def _write_texts(self) -> None:
        f = self.fit
        if f is None:
            set_title_once(self, self.tr("A norm's input → output"))
            self.key.set_entries([])
            self.note.set_text(self.tr("Pick a norm as the place to see its input → output.") if self.loaded else
                               self.tr("Load a model to see a norm's real input → output."))
            return
        set_title_once(self, self.tr("{name}: input → output").format(name=self._name))
        finite = np.isfinite(f.x) & np.isfinite(f.y)
        self.note.set_text("" if finite.all() else self.tr("{count} of {total} points are NaN or inf: left out.").format(
            count=int(finite.size - finite.sum()), total=finite.size))
        self.key.set_entries([
            (self.line, self.tr("line, R² = {r2}").format(r2=f"{f.line_r2:.3f}")),
            (self.tanh, self.tr("a·tanh(αx) + b, α = {alpha}, R² = {r2}").format(alpha=f"{f.tanh_alpha:.3g}",
                                                                                r2=f"{f.tanh_r2:.3f}"))])

    def show_fit(self, fit: NormFit | None, name: str) -> None:
        if fit is not None and (self.fit is None or name != self._name):
            self.vb.refit()  # another norm: a zoom into the last one means nothing here
        self.fit, self._name = fit, name
        if fit is None:
            self.points.setData([], [])
            self.line.setData([], [])
            self.tanh.setData([], [])
        else:
            finite = np.isfinite(fit.x) & np.isfinite(fit.y)  # a run gone NaN/inf: the finite points only
            x, y = fit.x[finite], fit.y[finite]
            self.points.setData(x, y)
            low, high = (float(x.min()), float(x.max())) if x.size else (-1.0, 1.0)
            xs = np.linspace(low, high, 200)
            fitted = np.isfinite(fit.slope) and np.isfinite(fit.tanh_alpha)
            self.line.setData(xs if fitted else [], fit.slope * xs + fit.intercept if fitted else [])
            self.tanh.setData(xs if fitted else [],
                              fit.tanh_scale * np.tanh(fit.tanh_alpha * xs) + fit.tanh_offset if fitted else [])
            x_range = linear_limits(low, high)
            y_values = np.concatenate([y, self.line.yData if fitted else []])
            y_range = linear_limits(*((float(np.min(y_values)), float(np.max(y_values))) if y_values.size else (-1.0, 1.0)))
            self.vb.fit(x_range, y_range)
        for axis in ("left", "bottom"):  # no numbers on an empty plot: they would mean nothing
            self.getAxis(axis).setTicks(None if fit is not None else [[]])
        self._write_texts()


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(NormScatterView, (800, 400))
