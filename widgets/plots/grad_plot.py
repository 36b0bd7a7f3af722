"""Gradient norms by layer at initialization, Pre-Norm vs Post-Norm (Xiong et al., 2020), and the chosen
variant (Peri-Norm, DeepNorm, Mix-LN)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from engine.compute import Result
from widgets.common.stack_notes import stack_note
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import (BLUE, ORANGE, configure_plot, draw_curve, fit_view, layer_curve, pen,
                                       set_title_once, variant_pen)
from widgets.plots.placement_names import VARIANTS, placement_names
from widgets.common.retranslation import Retranslating

#: StackRun attribute -> the symbol in the legend.
GRADIENTS = {"weight_grad": "‖∂L/∂W‖", "input_grad": "‖∂L/∂x‖"}
_VARIANT = {"weight_grad": variant_pen(2.5), "input_grad": variant_pen(1.5)}
CURVES = (  # placement, attribute of StackRun, pen (a variant's curves only when it is the chosen placement)
    ("pre", "weight_grad", pen(BLUE, 2.5)),
    ("post", "weight_grad", pen(ORANGE, 2.5, Qt.PenStyle.DashDotLine)),
    *((p, "weight_grad", _VARIANT["weight_grad"]) for p in ("peri", "deepnorm", "mixln")),
    ("pre", "input_grad", pen(BLUE, 1.5, Qt.PenStyle.DotLine)),
    ("post", "input_grad", pen(ORANGE, 1.5, Qt.PenStyle.DashLine)),
    *((p, "input_grad", _VARIANT["input_grad"]) for p in ("peri", "deepnorm", "mixln")),
)


def _item(placement: str, attr: str) -> tuple[str, str]:
    """The curve item that draws ``attr`` of the ``placement`` stack."""
    return ("variant" if placement in VARIANTS else placement, attr)


class GradPlot(Retranslating, PlotPanel):
    """Each layer's weight-gradient norm (solid) and input-gradient norm (dotted), log scale."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("gradPlot")
        self.setAccessibleName("gradPlot")
        configure_plot(self)
        self.set_log_y(True)
        self.getAxis("left").enableAutoSIPrefix(False)
        # One item per curve drawn at a time: the variants (one at a time) share one per gradient.
        self._curves: dict[tuple[str, str], pg.PlotCurveItem] = {}
        for placement, attr, p in CURVES:
            if _item(placement, attr) not in self._curves:
                self._curves[_item(placement, attr)] = layer_curve(self, p)
        self._data: dict[str, np.ndarray] = {}
        self._key_names: list[str] = []
        self._shown = None
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def retranslate(self) -> None:
        set_title_once(self, self.tr("Gradient norms at initialization"))
        self.setLabel("bottom", self.tr("layer"))
        self.setLabel("left", self.tr("gradient norm"))

    def show_result(self, result: Result) -> None:
        self.note.set_text(stack_note(result))
        profile = result.depth
        if profile is self._shown and profile is not None:
            return  # the stack was reused: nothing to redraw
        self._shown = profile
        names = placement_names(result.scenario.ln_scaling)
        self._data, entries = {}, []
        drawn = {}  # curve item -> the values it draws
        for placement, attr, _ in CURVES:
            run = None if profile is None else profile.runs.get(placement)
            values = None if run is None else getattr(run, attr)
            name = f"{names[placement]} {GRADIENTS[attr]}"
            if values is not None:
                self._data[name] = drawn[_item(placement, attr)] = values
            if values is not None or placement in ("pre", "post"):
                entries.append((self._curves[_item(placement, attr)], name))
        if [name for _, name in entries] != self._key_names:  # the key lays itself out again: only on change
            self._key_names = [name for _, name in entries]
            self.key.set_entries(entries)
        values = np.concatenate(list(self._data.values())) if self._data else np.array([])
        fit_view(self, max((len(v) for v in self._data.values()), default=1), values, log_y=True)
        for item, curve in self._curves.items():
            values = drawn.get(item, np.array([]))
            draw_curve(curve, np.arange(1, len(values) + 1, dtype=float), values, log_y=True)

    def curve_data(self) -> dict[str, np.ndarray]:
        """Gradient norms drawn now, by legend name (for tests and scripts)."""
        return dict(self._data)

    def _on_hover(self, pos) -> None:
        if not self._data or not self.vb.sceneBoundingRect().contains(pos):
            return
        layer = int(round(self.vb.mapSceneToView(pos).x()))
        if 1 <= layer <= len(next(iter(self._data.values()))):
            lines = [f"{name}: {values[layer - 1]:.4g}" for name, values in self._data.items()]
            self.setToolTip(self.tr("layer {n}").format(n=layer) + "\n" + "\n".join(lines))


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(GradPlot, (800, 400))
