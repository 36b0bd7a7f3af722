"""How big the hidden state gets across 0..N stacked blocks: no norm, Pre-Norm, Post-Norm, and the seed's toy."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from engine.compute import Result
from widgets.grid_axis import grid_axes
from widgets.plot_style import (BLUE, GREEN, GREY, ORANGE, RED, configure_plot, fit_view, pen, set_legend,
                                set_title_once)

CURVES = (  # key, pen: each curve differs in line style too, so none needs colour to be told apart
    ("none", pen(GREY, 2, Qt.PenStyle.DotLine)),
    ("pre", pen(BLUE, 2.5)),
    ("post", pen(ORANGE, 2.5, Qt.PenStyle.DashDotLine)),
    ("toy", pen(RED, 2.5, Qt.PenStyle.DashLine)),
    ("toy_normalized", pen(GREEN, 2.5, Qt.PenStyle.DashDotDotLine)),
)


class DepthPlot(QWidget):
    """RMS of the hidden state after each layer (0 = input); a log-scale toggle above the plot."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = pg.PlotWidget(axisItems=grid_axes())
        self.plot.setObjectName("depthPlot")
        self.plot.setAccessibleName("depthPlot")
        self.log_scale = QCheckBox()
        self.log_scale.setObjectName("depthLogScale")
        self.log_scale.setChecked(True)
        self.log_scale.toggled.connect(self._on_log_scale)
        top = QHBoxLayout()
        top.addStretch(1)
        top.addWidget(self.log_scale)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.plot)
        configure_plot(self.plot.plotItem, "", "", "")
        self.plot.plotItem.addLegend(offset=(10, 10), brush=(255, 255, 255, 220))
        self.plot.plotItem.setLogMode(y=True)
        self.plot.plotItem.getAxis("left").enableAutoSIPrefix(False)
        self._curves = {
            key: self.plot.plot([], [], pen=p)
            for key, p in CURVES
        }
        self._data: dict[str, np.ndarray] = {}
        self._shown = None
        self.plot.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def _curve_names(self) -> dict[str, str]:
        return {"none": self.tr("no norm (residual only)"), "pre": self.tr("Pre-Norm"),
                "post": self.tr("Post-Norm"), "toy": self.tr("toy v ← a·v + b (explodes)"),
                "toy_normalized": self.tr("toy with a norm (stable)")}

    def retranslate(self) -> None:
        item = self.plot.plotItem
        set_title_once(item, self.tr("Value size by depth"))
        item.setLabel("bottom", self.tr("layer"))
        item.setLabel("left", self.tr("RMS of the hidden state"))
        names = self._curve_names()
        set_legend(item, [(self._curves[key], names[key]) for key, _ in CURVES])
        self.log_scale.setText(self.tr("Log scale"))
        self.log_scale.setToolTip(self.tr("Show the value axis on a log scale (the toy explosion grows exponentially)"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_result(self, result: Result) -> None:
        profile = result.depth
        if profile is self._shown and profile is not None:
            return  # the stack was reused: nothing to redraw
        self._shown = profile
        if profile is None:
            for curve in self._curves.values():
                curve.setData([], [])
            self._data = {}
            return
        self._data = {
            "none": profile.none.rms, "pre": profile.pre.rms, "post": profile.post.rms,
            "toy": np.abs(profile.toy), "toy_normalized": np.abs(profile.toy_normalized),
        }
        self._fit()  # first: a range set after the data would make every curve redo its points
        for key, values in self._data.items():
            finite = np.isfinite(values) & (values > 0)  # an overflowed layer ends the curve
            layers = np.arange(len(values), dtype=float)
            self._curves[key].setData(layers[finite], values[finite])

    def _fit(self) -> None:
        values = np.concatenate(list(self._data.values())) if self._data else np.array([])
        layers = max((len(v) - 1 for v in self._data.values()), default=1)
        fit_view(self.plot.plotItem, layers, values, self.log_scale.isChecked())

    def _on_log_scale(self, on: bool) -> None:
        self.plot.plotItem.setLogMode(y=on)
        self._fit()

    def curve_data(self) -> dict[str, np.ndarray]:
        """The values drawn now, by curve key (for tests and scripts)."""
        return dict(self._data)

    def _on_hover(self, pos) -> None:
        if not self._data or not self.plot.plotItem.sceneBoundingRect().contains(pos):
            return
        layer = int(round(self.plot.plotItem.vb.mapSceneToView(pos).x()))
        if 0 <= layer < len(self._data["pre"]):
            names = self._curve_names()
            parts = [f"{names[key]}: {self._data[key][layer]:.4g}" for key, _ in CURVES]
            self.plot.setToolTip(self.tr("layer {n}").format(n=layer) + "\n" + "\n".join(parts))


if __name__ == "__main__":
    from widgets.preview import preview

    preview(DepthPlot, (800, 400))
