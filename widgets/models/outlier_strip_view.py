"""Massive activations: max |x| over tokens for every state × dimension (log colour), and the outlier
dimensions named with their token."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from engine.models.outliers import Outlier, outlier_dims, outlier_strip

#: How many outlier dimensions the caption names (the largest, one line each).
NAMED = 4


class OutlierStripView(QWidget):
    """``show_states(states, labels)``: the strip of ``states`` (L + 1, T, d) and its largest outliers."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = pg.PlotWidget()
        self.plot.setObjectName("outlierStripPlot")
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(pg.colormap.get("viridis"))
        self.plot.addItem(self.image)
        self.plot.invertY(True)
        self.caption = QLabel()
        self.caption.setObjectName("outlierCaption")
        self.caption.setWordWrap(True)
        self.outliers: list[Outlier] = []
        self._labels: tuple[str, ...] = ()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.caption)
        self.retranslate()

    def retranslate(self) -> None:
        self.plot.setTitle(self.tr("Outlier dimensions: log₁₀ max |x| over the tokens"))
        self.plot.setLabel("bottom", self.tr("dimension"))
        self.plot.setLabel("left", self.tr("state"))
        self._write_caption()

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_states(self, states: np.ndarray, labels: tuple[str, ...]) -> None:
        strip = outlier_strip(states)
        image = np.log10(np.maximum(strip, 1e-6))
        # Colours from the typical dimension (median) to the largest: the outliers are the bright ones.
        self.image.setImage(image, levels=(float(np.median(image)), float(image.max()) + 1e-6))
        self._labels = labels
        largest: dict[int, Outlier] = {}  # per dimension, the state where it is largest
        for outlier in outlier_dims(states):
            best = largest.get(outlier.dim)
            if best is None or abs(outlier.value) > abs(best.value):
                largest[outlier.dim] = outlier
        self.outliers = sorted(largest.values(), key=lambda o: -abs(o.value))
        self.plot.autoRange()
        self._write_caption()

    def _write_caption(self) -> None:
        if not self.outliers:
            self.caption.setText(self.tr("No dimension stands beyond 4σ of its state."))
            return
        lines = [self.tr("dim {dim}: {value} at token {token} “{label}” (state {state})").format(
            dim=o.dim, value=f"{o.value:.4g}", token=o.token,
            label=self._labels[o.token] if o.token < len(self._labels) else "", state=o.layer)
            for o in self.outliers[:NAMED]]
        self.caption.setText(self.tr("Beyond 4σ: {dims} dimension(s). Largest:").format(dims=len(self.outliers))
                             + "\n" + "\n".join(lines))
