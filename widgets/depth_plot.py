"""How big the hidden state gets across 0..N stacked blocks: no norm, Pre-Norm, Post-Norm, and the seed's toy."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from engine.compute import Result
from widgets.plot_style import BLUE, GREEN, GREY, ORANGE, RED, configure_plot, fit_view, pen, use_light_theme

CURVES = (  # key, legend, pen, symbol
    ("none", "no norm (residual only)", pen(GREY, 2, Qt.PenStyle.DotLine), "x"),
    ("pre", "Pre-Norm", pen(BLUE, 2.5), "o"),
    ("post", "Post-Norm", pen(ORANGE, 2.5, Qt.PenStyle.DashDotLine), "s"),
    ("toy", "toy v ← a·v + b (explodes)", pen(RED, 2.5, Qt.PenStyle.DashLine), "t"),
    ("toy_normalized", "toy with a norm (stable)", pen(GREEN, 2.5), "d"),
)


class DepthPlot(QWidget):
    """RMS of the hidden state after each layer (0 = input); a log-scale toggle above the plot."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("depthPlot")
        self.plot.setAccessibleName("depthPlot")
        self.log_scale = QCheckBox("Log scale")
        self.log_scale.setObjectName("depthLogScale")
        self.log_scale.setToolTip("Show the value axis on a log scale (the toy explosion grows exponentially)")
        self.log_scale.setChecked(True)
        self.log_scale.toggled.connect(self._on_log_scale)
        top = QHBoxLayout()
        top.addStretch(1)
        top.addWidget(self.log_scale)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.plot)
        configure_plot(self.plot.plotItem, "Value size by depth", "layer", "RMS of the hidden state")
        self.plot.plotItem.addLegend(offset=(10, 10), brush=(255, 255, 255, 220))
        self.plot.plotItem.setLogMode(y=True)
        self.plot.plotItem.getAxis("left").enableAutoSIPrefix(False)
        self._curves = {
            key: self.plot.plot([], [], pen=p, symbol=symbol, symbolSize=6, symbolBrush=p.color(), name=name)
            for key, name, p, symbol in CURVES
        }
        self._data: dict[str, np.ndarray] = {}
        self._shown = None
        self.plot.scene().sigMouseMoved.connect(self._on_hover)

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
        for key, values in self._data.items():
            finite = np.isfinite(values) & (values > 0)  # an overflowed layer ends the curve
            layers = np.arange(len(values), dtype=float)
            self._curves[key].setData(layers[finite], values[finite])
        self._fit()

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
            parts = [f"{name}: {self._data[key][layer]:.4g}" for key, name, _, _ in CURVES]
            self.plot.setToolTip(f"layer {layer}\n" + "\n".join(parts))


if __name__ == "__main__":
    from PySide6.QtWidgets import QApplication

    from engine.compute import compute
    from engine.presets import load_preset

    app = QApplication([])
    use_light_theme()
    view = DepthPlot()
    view.show_result(compute(load_preset("xian")))
    view.resize(800, 400)
    view.show()
    app.exec()
