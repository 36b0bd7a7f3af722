"""How big the hidden state gets across 0..N stacked blocks: no norm, Pre-Norm, Post-Norm, the chosen
variant (Peri-Norm, DeepNorm, Mix-LN), and the seed's toy."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from engine.compute import Result
from widgets.common.stack_notes import stack_note
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import (BLUE, GREEN, GREY, ORANGE, RED, configure_plot, draw_curve, fit_view, layer_curve,
                                pen, set_title_once, variant_pen)
from widgets.plots.placement_names import VARIANTS, placement_names
from widgets.common.retranslation import Retranslating

CURVES = (  # key, pen: each curve differs in line style too, so none needs colour to be told apart
    ("none", pen(GREY, 2, Qt.PenStyle.DotLine)),
    ("pre", pen(BLUE, 2.5)),
    ("post", pen(ORANGE, 2.5, Qt.PenStyle.DashDotLine)),
    # At most one of the variants is drawn (the chosen placement), so they share a style.
    ("peri", variant_pen(3)),
    ("deepnorm", variant_pen(3)),
    ("mixln", variant_pen(3)),
    ("toy", pen(RED, 2.5, Qt.PenStyle.DashLine)),
    ("toy_normalized", pen(GREEN, 2.5, Qt.PenStyle.DashDotDotLine)),
)


def _item(key: str) -> str:
    """The curve item that draws the curve ``key``."""
    return "variant" if key in VARIANTS else key


class DepthPlot(Retranslating, QWidget):
    """RMS of the hidden state after each layer (0 = input); a log-scale toggle above the plot."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = PlotPanel()
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
        configure_plot(self.plot)
        self.key = self.plot.key
        self.plot.set_log_y(True)
        self.plot.getAxis("left").enableAutoSIPrefix(False)
        # One item per curve drawn at a time (the variants share one); built here, in CURVES' order.
        self._curves: dict[str, pg.PlotCurveItem] = {}
        for key, p in CURVES:
            if _item(key) not in self._curves:
                self._curves[_item(key)] = layer_curve(self.plot, p)
        # Where a curve overflowed, a label at its last finite point says so (the curve just stops);
        # built for the first overflow of each curve (eight text items are a few ms of the start-up).
        self._overflow_labels: dict[str, pg.TextItem] = {}
        self._overflow: dict[str, int] = {}
        self._data: dict[str, np.ndarray] = {}
        self._ln_scaling = False
        self._key_names: list[str] = []
        self._shown = None
        self.plot.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def _curve_names(self) -> dict[str, str]:
        return {"none": self.tr("no norm (residual only)"), **placement_names(self._ln_scaling),
                "toy": self.tr("toy v ← a·v + b (explodes)"), "toy_normalized": self.tr("toy with a norm (stable)")}

    def retranslate(self) -> None:
        set_title_once(self.plot, self.tr("Value size by depth"))
        self.plot.setLabel("bottom", self.tr("layer"))
        self.plot.setLabel("left", self.tr("RMS of the hidden state"))
        self._set_key()
        self.log_scale.setText(self.tr("Log scale"))
        self.log_scale.setToolTip(self.tr("Show the value axis on a log scale (the toy explosion grows exponentially)"))
        self._draw_overflow(self.log_scale.isChecked())

    def _set_key(self) -> None:
        """One entry per curve drawn (the variants only when chosen)."""
        names = self._curve_names()
        entries = [(self._curves[_item(key)], names[key]) for key, _ in CURVES
                   if key in self._data or key in ("none", "pre", "post")]
        if [name for _, name in entries] != self._key_names:  # the key lays itself out again: only on change
            self._key_names = [name for _, name in entries]
            self.key.set_entries(entries)

    def show_result(self, result: Result) -> None:
        self.plot.note.set_text(stack_note(result))
        profile = result.depth
        if profile is self._shown and profile is not None:
            return  # the stack was reused: nothing to redraw
        self._shown = profile
        if profile is None:  # skipped (too large): the toy needs no matrix, so it stays
            toy, toy_normalized = result.toy_curves()
            self._data = {"toy": np.abs(toy), "toy_normalized": np.abs(toy_normalized)}
        else:
            self._data = {"none": profile.none.rms, **{p: run.rms for p, run in profile.runs.items()},
                          "toy": np.abs(profile.toy), "toy_normalized": np.abs(profile.toy_normalized)}
        self._ln_scaling = result.scenario.ln_scaling
        self._overflow = {} if profile is None else profile.overflow_layers()
        self._set_key()
        self._draw()

    def _draw(self) -> None:
        log_y = self.log_scale.isChecked()
        values = np.concatenate(list(self._data.values())) if self._data else np.array([])
        layers = max((len(v) - 1 for v in self._data.values()), default=1)
        fit_view(self.plot, layers, values, log_y)
        drawn = {_item(key): key for key in self._data}  # which variant the shared item draws, if any
        for item, curve in self._curves.items():
            data = self._data.get(drawn.get(item, item), np.array([]))
            draw_curve(curve, np.arange(len(data), dtype=float), data, log_y)
        self._draw_overflow(log_y)

    def _overflow_label(self, key: str) -> pg.TextItem:
        """The overflow label of curve ``key``, built on first use."""
        if key not in self._overflow_labels:
            label = self._overflow_labels[key] = pg.TextItem(color=dict(CURVES)[key].color())
            self.plot.addItem(label)
        return self._overflow_labels[key]

    def _draw_overflow(self, log_y: bool) -> None:
        for key, _ in CURVES:
            layer = self._overflow.get(key)
            last = None if not layer else self._data[key][layer - 1]
            if last is None or not last > 0:  # overflowed at the input, or nothing to anchor to on a log scale
                if key in self._overflow_labels:
                    self._overflow_labels[key].hide()
                continue
            label = self._overflow_label(key)
            label.setText(self.tr("overflow at layer {n}").format(n=layer))
            # Below the curve's end, towards the plot's middle: the end is at the top, often near the right.
            label.setAnchor((1.0, 0.0) if 2 * layer > len(self._data[key]) else (0.0, 0.0))
            label.setPos(layer - 1, float(np.log10(last)) if log_y else float(last))
            label.show()

    def overflow_marks(self) -> dict[str, str]:
        """The overflow labels shown now, by curve key (for tests)."""
        return {key: label.textItem.toPlainText() for key, label in self._overflow_labels.items()
                if label.isVisible()}

    def _on_log_scale(self, on: bool) -> None:
        self.plot.set_log_y(on)  # the axis's labels; the curves are drawn in log10 by _draw
        self._draw()
        self.plot.vb.refit()  # a zoom in the other scale would show the wrong values

    def curve_data(self) -> dict[str, np.ndarray]:
        """The values drawn now, by curve key (for tests and scripts)."""
        return dict(self._data)

    def _on_hover(self, pos) -> None:
        if not self._data or not self.plot.vb.sceneBoundingRect().contains(pos):
            return
        layer = int(round(self.plot.vb.mapSceneToView(pos).x()))
        if 0 <= layer < len(self._data["toy"]):
            names = self._curve_names()
            parts = [f"{names[key]}: {self._data[key][layer]:.4g}" for key, _ in CURVES if key in self._data]
            self.plot.setToolTip(self.tr("layer {n}").format(n=layer) + "\n" + "\n".join(parts))


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(DepthPlot, (800, 400))
