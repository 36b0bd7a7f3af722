"""Real depth: RMS and max |x| of one sentence's residual stream at every layer, on a log axis, with the
what-if run beside the unedited one."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from engine.models.real_depth import DepthProfile

BLUE, ORANGE = "#0072B2", "#D55E00"  # Okabe–Ito; line styles tell the curves apart too


class RealDepthView(QWidget):
    """``show_profiles(base, edited)``: edited is None when no what-if is applied."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("realDepthPlot")
        self.plot.setLogMode(y=True)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.legend = self.plot.addLegend(offset=(10, 10))
        self._curves = {
            "rms": self.plot.plot(pen=pg.mkPen(BLUE, width=2.5)),
            "max": self.plot.plot(pen=pg.mkPen(ORANGE, width=2.5, style=Qt.PenStyle.DashLine)),
            "rms_edit": self.plot.plot(pen=pg.mkPen(BLUE, width=2, style=Qt.PenStyle.DotLine)),
            "max_edit": self.plot.plot(pen=pg.mkPen(ORANGE, width=2, style=Qt.PenStyle.DashDotLine)),
        }
        self.data: dict[str, np.ndarray] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.retranslate()

    def _names(self) -> dict[str, str]:
        return {"rms": self.tr("RMS"), "max": self.tr("max |x|"), "rms_edit": self.tr("RMS after the what-if"),
                "max_edit": self.tr("max |x| after the what-if")}

    def retranslate(self) -> None:
        self.plot.setTitle(self.tr("Real depth: the residual stream of this sentence"))
        self.plot.setLabel("bottom", self.tr("state (k: entering block k; last: after the last block)"))
        self.plot.setLabel("left", self.tr("size (log scale)"))
        self._update_legend()

    def _update_legend(self) -> None:
        self.legend.clear()
        names = self._names()
        for key, curve in self._curves.items():
            if key in self.data:
                self.legend.addItem(curve, names[key])

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_profiles(self, base: DepthProfile, edited: DepthProfile | None) -> None:
        self.data = {"rms": base.rms, "max": base.max_abs}
        if edited is not None:
            self.data.update(rms_edit=edited.rms, max_edit=edited.max_abs)
        for key, curve in self._curves.items():
            values = self.data.get(key)
            if values is None:
                curve.setData([], [])
            else:
                # The log axis can't show 0: a zeroed state is drawn at a tiny positive value.
                curve.setData(np.arange(len(values), dtype=float), np.maximum(values, 1e-12))
        self._update_legend()
        self.plot.enableAutoRange()
