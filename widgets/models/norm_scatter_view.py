"""A norm's real input → output (before γ/β), every element, with a straight line and a·tanh(αx) + b fitted."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from engine.models.norm_fit import NormFit

GREY, BLUE, ORANGE = "#777777", "#0072B2", "#D55E00"


class NormScatterView(QWidget):
    """``show_fit(fit, name)``; ``show_fit(None, "")`` clears it (a residual state has no norm)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("normScatterPlot")
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.legend = self.plot.addLegend(offset=(10, 10))
        self.points = pg.ScatterPlotItem(size=3, pen=None, brush=pg.mkBrush(GREY))
        self.plot.addItem(self.points)
        self.line = self.plot.plot(pen=pg.mkPen(BLUE, width=2, style=Qt.PenStyle.DashLine))
        self.tanh = self.plot.plot(pen=pg.mkPen(ORANGE, width=2.5))
        self.fit: NormFit | None = None
        self._name = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.retranslate()

    def retranslate(self) -> None:
        self.plot.setLabel("bottom", self.tr("input x"))
        self.plot.setLabel("left", self.tr("normalized output (before γ, β)"))
        self._write_titles()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _write_titles(self) -> None:
        self.legend.clear()
        if self.fit is None:
            self.plot.setTitle(self.tr("Input → output: pick a norm"))
            return
        f = self.fit
        self.plot.setTitle(self.tr("{name}: input → output").format(name=self._name))
        self.legend.addItem(self.line, self.tr("line, R² = {r2}").format(r2=f"{f.line_r2:.3f}"))
        self.legend.addItem(self.tanh, self.tr("a·tanh(αx) + b, α = {alpha}, R² = {r2}").format(
            alpha=f"{f.tanh_alpha:.3g}", r2=f"{f.tanh_r2:.3f}"))

    def show_fit(self, fit: NormFit | None, name: str) -> None:
        self.fit, self._name = fit, name
        if fit is None:
            self.points.setData([], [])
            self.line.setData([], [])
            self.tanh.setData([], [])
        else:
            self.points.setData(fit.x, fit.y)
            xs = np.linspace(float(fit.x.min()), float(fit.x.max()), 200)
            self.line.setData(xs, fit.slope * xs + fit.intercept)
            self.tanh.setData(xs, fit.tanh_scale * np.tanh(fit.tanh_alpha * xs) + fit.tanh_offset)
        self._write_titles()
        self.plot.enableAutoRange()
