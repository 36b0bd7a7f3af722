"""Real depth: RMS and max |x| of one sentence's residual stream at every state, on a log axis, with the
what-if run beside the unedited one and, faintly, simulated Pre-Norm and Post-Norm stacks of the same
depth and width at initialization (engine.models.simulated_depth)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from engine.models.real_depth import DepthProfile
from widgets.plotkit.plot_panel import PlotPanel
from widgets.common.retranslation import Retranslating
from widgets.plotkit.plot_style import (BLUE, GREY, ORANGE, RED, configure_plot, draw_layer_curves, fit_view,
                                        layer_curve, pen, set_title_once)


def _faint(color: str, width: float, style) -> object:
    """A pale pen for the simulated curves: reference lines, not this model's data."""
    faint = pen(color, width, style)
    shade = QColor(color)
    shade.setAlpha(120)
    faint.setColor(shade)
    return faint


CURVES = (  # key, pen: line styles tell the curves apart without colour too
    ("rms", pen(BLUE, 2.5)),
    ("max", pen(ORANGE, 2.5, Qt.PenStyle.DashLine)),
    ("rms_edit", pen(RED, 2.0, Qt.PenStyle.DotLine)),
    ("max_edit", pen(RED, 2.0, Qt.PenStyle.DashDotLine)),
    ("sim_pre", _faint(GREY, 1.5, Qt.PenStyle.DashDotDotLine)),
    ("sim_post", _faint(GREY, 1.5, Qt.PenStyle.DotLine)),
)


def log_ticks(low: float, high: float) -> list[list[tuple[float, str]]]:
    """Ticks for a log10 axis from ``low`` to ``high`` (log10 values): the powers of ten labelled, 2 and 5
    labelled too over at most two decades (in the labelled level: pyqtgraph leaves a second level's labels
    out on a short axis, and a figure at a column's width then read "1, 10" only), the other multiples as
    unlabelled grid lines. pyqtgraph labels every multiple from 1 to 9, which run into each other on a
    short axis or in presentation mode."""
    few = high - low <= 2.0
    major, minor = [], []
    for power in range(int(np.floor(low)), int(np.ceil(high)) + 1):
        for multiple in range(1, 10):
            value = float(np.log10(multiple)) + power
            if not low - 1e-9 <= value <= high + 1e-9:
                continue
            label = f"{multiple * 10.0 ** power:g}"
            if multiple == 1 or (few and multiple in (2, 5)):
                major.append((value, label))
            else:
                minor.append((value, ""))
    return [major, minor]


class RealDepthView(Retranslating, PlotPanel):
    """``show_profiles(base, edited)`` (edited None: no what-if), ``show_simulated(curves)`` for the faint
    stacks, ``clear()`` for the empty state before a model is loaded."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("realDepthPlot")
        self.setAccessibleName("realDepthPlot")
        configure_plot(self)
        self.set_log_y(True)
        self.getAxis("left").enableAutoSIPrefix(False)
        self._curves = {key: layer_curve(self, p) for key, p in CURVES}
        #: The values drawn now by curve key (RMS and max |x| per state; for tests and scripts).
        self.data: dict[str, np.ndarray] = {}
        self._model = ""
        self._simulation_problem = ""  # why the simulated stacks are missing, in the UI's language
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()
        self.clear()

    def _names(self) -> dict[str, str]:
        model = self._model or self.tr("model")
        return {"rms": self.tr("{model} (real) RMS").format(model=model),
                "max": self.tr("{model} (real) max |x|").format(model=model),
                "rms_edit": self.tr("RMS, what-if"), "max_edit": self.tr("max |x|, what-if"),
                "sim_pre": self.tr("Pre-Norm, random init"), "sim_post": self.tr("Post-Norm, random init")}

    def retranslate(self) -> None:
        set_title_once(self, self.tr("Real depth: the residual stream of this sentence"))
        # The simulated curves' key entries are short: what they are, in full, on hover.
        self.key.setToolTip(self.tr("Pre-Norm / Post-Norm, random init: the Plots tab's simulated stacks at this model's "
                                    "depth and width, with random weights, run on this sentence's embedding output"))
        self.setLabel("bottom", self.tr("state k (entering block k; the last: after the last block)"))
        self.setLabel("left", self.tr("size"))
        self._update_key()
        self._update_note()

    def _update_key(self) -> None:
        names = self._names()
        self.key.set_entries([(self._curves[key], names[key]) for key, _ in CURVES if key in self.data])

    def _update_note(self) -> None:
        if not self.data:
            self.note.set_text(self.tr("Load a model to see the size of its residual stream, layer by layer."))
        elif self._simulation_problem:
            self.note.set_text(self.tr("The simulated Pre-Norm and Post-Norm stacks failed: {reason}").format(
                reason=self._simulation_problem))
        elif not all(np.isfinite(self.data[key]).all() for key in ("rms", "max")):
            bad = np.flatnonzero(~(np.isfinite(self.data["rms"]) & np.isfinite(self.data["max"])))
            self.note.set_text(self.tr("NaN or inf in states {states}: left out of the curves.").format(
                states=", ".join(map(str, bad[:8])) + (" …" if bad.size > 8 else "")))
        else:
            self.note.set_text("")

    def clear(self) -> None:
        """The empty state: no curves, a note saying what to do."""
        self.data = {}
        self._simulation_problem = ""
        self._draw()

    def show_profiles(self, base: DepthProfile, edited: DepthProfile | None, model: str = "") -> None:
        """The unedited run's curves, and the what-if's when ``edited`` is given; ``model`` names them."""
        if model != self._model:
            self._model = model
            self._simulation_problem = ""  # it was the last model's
            self.vb.refit()  # another model: the old zoom means nothing
        simulated = {key: self.data[key] for key in ("sim_pre", "sim_post") if key in self.data}
        if simulated and len(simulated["sim_pre"]) != len(base.rms):
            simulated = {}  # another depth: those stacks were for the last model
        self.data = {"rms": base.rms, "max": base.max_abs, **simulated}
        if edited is not None:
            self.data.update(rms_edit=edited.rms, max_edit=edited.max_abs)
        self._draw()

    def show_simulated(self, curves: dict[str, np.ndarray], problem: str = "") -> None:
        """The simulated stacks' RMS per state, keyed ``"pre"`` and ``"post"`` (empty: none); ``problem``
        says why there are none (the engine's reason, in the UI's language), on the plot."""
        self._simulation_problem = problem
        for key in ("pre", "post"):
            self.data.pop(f"sim_{key}", None)
            if key in curves and self.data:
                self.data[f"sim_{key}"] = np.asarray(curves[key], dtype=float)
        self._draw()

    def _draw(self) -> None:
        values = np.concatenate(list(self.data.values())) if self.data else np.array([])
        states = max((len(v) - 1 for v in self.data.values()), default=1)
        fit_view(self, states, values, log_y=True)
        # A zeroed state (0 everywhere) has no place on a log axis: the curve leaves it out.
        draw_layer_curves(self._curves, self.data, 0, log_y=True)
        # No numbers on an empty plot: they would mean nothing.
        self.getAxis("bottom").setTicks(None if self.data else [[]])
        self.getAxis("left").setTicks(log_ticks(*self.vb.fitted[1]) if self.data else [[]])
        self._update_key()
        self._update_note()

    def _on_hover(self, pos) -> None:
        if not self.data or not self.vb.sceneBoundingRect().contains(pos):
            return
        state = int(round(self.vb.mapSceneToView(pos).x()))
        if 0 <= state < len(self.data["rms"]):
            names = self._names()
            lines = [f"{names[key]}: {self.data[key][state]:.4g}" for key, _ in CURVES
                     if key in self.data and state < len(self.data[key])]
            self.setToolTip(self.tr("state {k}").format(k=state) + "\n" + "\n".join(lines))


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(RealDepthView, (800, 400))
