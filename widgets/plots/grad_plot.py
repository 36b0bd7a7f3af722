"""Gradient norms by layer at initialization, Pre-Norm vs Post-Norm (Xiong et al., 2020), the other stacks
the user picks and the chosen placement, each in a line style of its own."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Signal

from engine.results.compute import Result
from engine.core.depth import STACK_PLACEMENTS
from widgets.common.stack_notes import stack_note
from widgets.plotkit.lazy_curves import LazyCurves
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import (configure_plot, draw_layer_curves, fit_view, layer_curve, pinned_pen,
                                        set_title_once)
from widgets.plots.placement_names import placement_names
from widgets.plots.placement_picker import DEFAULT_STACKS
from widgets.plots.placement_styles import stack_pen
from widgets.common.retranslation import Retranslating

#: StackRun attribute -> the symbol in the legend.
WEIGHT, INPUT = "weight_grad", "input_grad"
GRADIENTS = {WEIGHT: "‖∂L/∂W‖", INPUT: "‖∂L/∂x‖"}
#: Each stack's weight gradients thick, its input gradients thin, in the stack's own line style.
WIDTHS = {"weight_grad": 2.5, "input_grad": 1.2}
CURVES = tuple((p, attr, stack_pen(p, WIDTHS[attr])) for attr in WIDTHS for p in STACK_PLACEMENTS)


class GradPlot(Retranslating, PlotPanel):
    """Each layer's weight-gradient norm (thick) and input-gradient norm (thin), log scale."""

    #: A's curves were added to the plot, at the first pin (the window scales them in presentation mode).
    itemsAdded = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("gradPlot")
        self.setAccessibleName("gradPlot")
        configure_plot(self)
        self.set_log_y(True)
        self.getAxis("left").enableAutoSIPrefix(False)
        # B's curves, each made when first drawn (stacks not picked are never drawn at start), under A's
        # twins, which are added later.
        self._curves = LazyCurves(self, {(placement, attr): p for placement, attr, p in CURVES},
                                  above=lambda: next(iter(self._pinned_curves.values()), None),
                                  built=self.itemsAdded.emit)
        # A's twins, dashed: built when A is first drawn (_pinned_twins; ten curves are ~3 ms of the
        # window's start-up).
        self._pinned_curves: dict[tuple[str, str], pg.PlotCurveItem] = {}
        self._data: dict[str, np.ndarray] = {}
        self._pinned: dict[str, np.ndarray] = {}
        self._pinned_left = False  # some of A's curves still hold points
        self._names = self._pinned_names = placement_names()
        self._result: Result | None = None
        self._pinned_result: Result | None = None
        self._picked = DEFAULT_STACKS
        self._shown = None
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def retranslate(self) -> None:
        set_title_once(self, self.tr("Gradient norms at initialization"))
        self.setLabel("bottom", self.tr("layer"))
        self.setLabel("left", self.tr("gradient norm"))
        if self._result is not None:  # the note and the key's notes, in the new language
            self.note.set_text(stack_note(self._result))
            self._draw()

    def set_picked_stacks(self, stacks) -> None:
        """Draw these stacks ("pre", "post", …; "none" has no weights) besides the chosen placement."""
        self._picked = tuple(stacks)
        if self._result is not None:
            self._shown = None
            self.show_result(self._result)
        if self._pinned_result is not None:
            self.show_pinned(self._pinned_result)

    def set_placement_actions(self, actions: list) -> None:
        """Menu entries that pick the stacks drawn (shared with the depth plot): in the plot's menu."""
        self.set_menu_actions(actions)

    def _drawn(self, result: Result) -> set[str]:
        return {*self._picked, result.scenario.placement}

    def show_result(self, result: Result) -> None:
        self.note.set_text(stack_note(result))
        self._result = result
        profile = result.depth
        if profile is not None and self._shown == (id(profile), result.scenario.placement):
            return  # the stack was reused: nothing to redraw
        self._shown = (id(profile), result.scenario.placement)  # the profile is kept by self._result
        self._names = placement_names(result.scenario.ln_scaling)
        self._data = _gradients_of(profile, self._drawn(result))
        self._draw()

    def show_pinned(self, result: Result | None) -> None:
        """Draw A's gradients (a pinned scenario's Result) dashed beside the current ones; None: none.
        Nothing of A while its stack is still computing: never another scenario's gradients."""
        self._pinned_result = result
        self._pinned = ({} if result is None or result.stack_stale
                        else _gradients_of(result.depth, self._drawn(result)))
        self._pinned_names = placement_names(result is not None and result.scenario.ln_scaling)
        self._draw()

    def _name(self, key: tuple[str, str], pinned: bool = False) -> str:
        placement, attr = key
        name = f"{(self._pinned_names if pinned else self._names)[placement]} {GRADIENTS[attr]}"
        return self.tr("A: {curve}").format(curve=name) if pinned else name

    def _draw(self) -> None:
        drawn = self._drawn(self._result) if self._result is not None else set(self._picked)
        # One entry per stack (its weight-gradient curve, thick), and notes on what the styles mean:
        # twelve entries (six stacks, two gradients each), twice with A, squeezed the plot to a strip.
        keys = [key for key in self._curves if key in self._data or (key[0] in drawn and key[0] in ("pre", "post"))]
        entries = [(self._curves[key], self._names[key[0]]) for key in keys if key[1] == WEIGHT]
        if keys:
            entries.append((None, self.tr("thick: {weight} · thin: {input}").format(weight=GRADIENTS[WEIGHT],
                                                                                  input=GRADIENTS[INPUT])))
        if self._pinned:
            entries.append((None, self.tr("thin dashed: A (pinned)")))
        self.key.set_entries(entries)
        shown = [*self._data.values(), *self._pinned.values()]
        values = np.concatenate(shown) if shown else np.array([])
        fit_view(self, max((len(v) for v in shown), default=1), values, log_y=True)
        draw_layer_curves(self._curves.to_draw(self._data), self._data, 1, log_y=True)
        # A's curves are touched only while there is or was something of A to draw: an edit without A
        # costs what it did before A existed.
        if self._pinned or self._pinned_left:
            draw_layer_curves(self._pinned_twins(), self._pinned, 1, log_y=True)
        self._pinned_left = bool(self._pinned)

    def _pinned_twins(self) -> dict[tuple[str, str], pg.PlotCurveItem]:
        """A's curves by (placement, gradient), built on first use."""
        if not self._pinned_curves:
            self._pinned_curves = {(placement, attr): layer_curve(self, pinned_pen(p)) for placement, attr, p in CURVES}
            self.itemsAdded.emit()
        return self._pinned_curves

    def curve_data(self) -> dict[str, np.ndarray]:
        """Gradient norms drawn now, by legend name (for tests and scripts)."""
        return {self._name(key): values for key, values in self._data.items()}

    def pinned_curve_data(self) -> dict[str, np.ndarray]:
        """A's gradient norms drawn now (dashed), by legend name ("A: …"); empty when nothing is pinned."""
        return {self._name(key, pinned=True): values for key, values in self._pinned.items()}

    def _on_hover(self, pos) -> None:
        if not self._data or not self.vb.sceneBoundingRect().contains(pos):
            return
        layer = int(round(self.vb.mapSceneToView(pos).x()))
        if 1 <= layer <= len(next(iter(self._data.values()))):
            lines = [f"{name}: {values[layer - 1]:.4g}" for data in (self.curve_data(), self.pinned_curve_data())
                     for name, values in data.items() if layer <= len(values)]
            self.setToolTip(self.tr("layer {n}").format(n=layer) + "\n" + "\n".join(lines))


def _gradients_of(profile, drawn: set[str]) -> dict[tuple[str, str], np.ndarray]:
    """The values of each drawn stack's curves in ``profile`` (None: skipped), by (placement, StackRun
    attribute)."""
    data = {}
    for placement, attr, _ in CURVES:
        run = None if profile is None or placement not in drawn else profile.runs.get(placement)
        if run is not None and getattr(run, attr) is not None:
            data[(placement, attr)] = getattr(run, attr)
    return data


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(GradPlot, (800, 400))
