"""How big the hidden state gets across 0..N stacked blocks: the stacks the user picks (by default no
norm, Pre-Norm, Post-Norm) and the chosen placement, each in a line style of its own, and the seed's toy."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from engine.results.compute import Result
from engine.results.zero_division import first_zero_division
from widgets.common.stack_notes import stack_note
from widgets.plotkit.lazy_curves import LazyCurves
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import (GREEN, RED, configure_plot, draw_layer_curves, fit_view, layer_curve, pen,
                                        pinned_pen, set_title_once)
from widgets.plots.placement_names import placement_names
from widgets.plots.placement_picker import DEFAULT_STACKS, STACKS
from widgets.plots.placement_styles import stack_pen
from widgets.common.retranslation import Retranslating

CURVES = (  # key, pen: each curve differs in line style too, so none needs colour to be told apart
    *((stack, stack_pen(stack, 2.0 if stack == "none" else 2.5)) for stack in STACKS),
    ("toy", pen(RED, 2.5, Qt.PenStyle.DashLine)),
    ("toy_normalized", pen(GREEN, 2.5, Qt.PenStyle.DashDotDotLine)),
)


class DepthPlot(Retranslating, QWidget):
    """RMS of the hidden state after each layer (0 = input); a log-scale toggle above the plot."""

    #: A's curves were added to the plot, at the first pin (the window scales them in presentation mode).
    itemsAdded = Signal()

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
        # B's curves, each made when first drawn (stacks not picked are never drawn at start), under A's
        # twins and the overflow labels, which are added later.
        self._curves = LazyCurves(self.plot, dict(CURVES), above=self._first_added_later,
                                  built=self.itemsAdded.emit)
        # A's twins (a pinned scenario, see show_pinned), in the same colours, dashed: built when A is
        # first drawn (_pinned_twins; eight curves are ~2 ms of the window's start-up).
        self._pinned_curves: dict[str, pg.PlotCurveItem] = {}
        self._pinned: dict[str, np.ndarray] = {}
        self._pinned_left = False  # some of A's curves still hold points
        self._pinned_result: Result | None = None
        self._result: Result | None = None
        self._picked = DEFAULT_STACKS
        # Where a curve overflowed, a label at its last finite point says so (the curve just stops);
        # built for the first overflow of each curve (eight text items are a few ms of the start-up).
        self._overflow_labels: dict[str, pg.TextItem] = {}
        self._overflow: dict[str, int] = {}
        self._zero_division = False  # whether the NaN the curves stop at is a 0 / 0 of ε = 0
        self._data: dict[str, np.ndarray] = {}
        self._ln_scaling = self._pinned_ln_scaling = False
        self._shown = None
        self.plot.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def _curve_names(self, pinned: bool = False) -> dict[str, str]:
        """Curve key -> name; ``pinned``: A's, named as its own settings say ("A: …")."""
        if pinned:
            return {key: self.tr("A: {curve}").format(curve=name)
                    for key, name in self._curve_names_for(self._pinned_ln_scaling).items()}
        return self._curve_names_for(self._ln_scaling)

    def _curve_names_for(self, ln_scaling: bool) -> dict[str, str]:
        return {"none": self.tr("no norm (residual only)"), **placement_names(ln_scaling),
                "toy": self.tr("toy v ← a·v + b (explodes)"), "toy_normalized": self.tr("toy with a norm (stable)")}

    def retranslate(self) -> None:
        self._key_shape = None  # the key's names, in the new language
        set_title_once(self.plot, self.tr("Value size by depth"))
        self.plot.setLabel("bottom", self.tr("layer"))
        self.plot.setLabel("left", self.tr("RMS of the hidden state"))
        self._set_key()
        self.log_scale.setText(self.tr("Log scale"))
        self.log_scale.setToolTip(self.tr("Show the value axis on a log scale (the toy explosion grows exponentially)"))
        self._draw_overflow(self.log_scale.isChecked())
        if self._result is not None:  # the note, in the new language
            self.plot.note.set_text(stack_note(self._result))

    def _set_key(self) -> None:
        """One entry per curve drawn (a stack picked but skipped keeps its entry: the note says why);
        A's twins share their entries, a note says how A is drawn (not a second entry per curve)."""
        drawn = self._drawn(self._result)
        shape = (tuple(self._data), frozenset(drawn), self._ln_scaling, self._pinned_ln_scaling, bool(self._pinned))
        if shape == self._key_shape:
            self.key.update()  # a cell edit: the same curves under the same names (a pen may have changed)
            return
        self._key_shape = shape
        names = self._curve_names()
        entries = [(self._curves[key], names[key]) for key, _ in CURVES if key in self._data or key in drawn]
        if self._pinned:
            entries.append((None, self.tr("thin dashed: A (pinned)")))
        self.key.set_entries(entries)

    def set_picked_stacks(self, stacks) -> None:
        """Draw these stacks ("none", "pre", …) besides the chosen placement, which is always drawn."""
        self._picked = tuple(stacks)
        if self._result is not None:
            self._shown = None
            self.show_result(self._result)

    def set_placement_actions(self, actions: list) -> None:
        """Menu entries that pick the stacks drawn (shared with the gradient plot): in the plot's menu."""
        self.plot.set_menu_actions(actions)  # the figure is the plot, without the log-scale box

    def _drawn(self, result: Result | None) -> set[str]:
        """The keys drawn for ``result``: the picked stacks, its chosen placement and the toy."""
        return {*self._picked, "toy", "toy_normalized", *((result.scenario.placement,) if result else ())}

    def show_result(self, result: Result) -> None:
        self.plot.note.set_text(stack_note(result))
        self._result = result
        profile = result.depth
        if profile is not None and self._shown == (id(profile), result.scenario.placement):
            return  # the stack was reused: nothing to redraw
        self._shown = (id(profile), result.scenario.placement)  # the profile is kept by self._result
        self._data = _curves_of(result, drawn=self._drawn(result))
        self._ln_scaling = result.scenario.ln_scaling
        self._overflow = {} if profile is None else profile.overflow_layers()
        # ε = 0 on a row without spread: the curves stop at a 0 / 0 (NaN), not at an overflow.
        self._zero_division = first_zero_division(result.scenario) is not None
        if self._pinned_result is not None:
            self.show_pinned(self._pinned_result)  # which of A's curves B now repeats
            return
        self._set_key()
        self._draw()

    def show_pinned(self, result: Result | None) -> None:
        """Draw A's curves (a pinned scenario's Result) dashed beside the current ones; None: none.
        While A's stack is still computing only its toy curves are drawn: never another scenario's stack.
        A curve equal to B's (the toy, when only the norm changed) is not drawn twice."""
        self._pinned_result = result
        self._pinned = {} if result is None else _curves_of(result, not result.stack_stale, self._drawn(result))
        self._pinned = {key: values for key, values in self._pinned.items()
                        if not (key in self._data and np.array_equal(values, self._data[key]))}
        self._pinned_ln_scaling = result is not None and result.scenario.ln_scaling
        self._set_key()
        self._draw()

    def _draw(self) -> None:
        log_y = self.log_scale.isChecked()
        shown = [*self._data.values(), *self._pinned.values()]
        values = np.concatenate(shown) if shown else np.array([])
        layers = max((len(v) - 1 for v in shown), default=1)
        fit_view(self.plot, layers, values, log_y)
        draw_layer_curves(self._curves.to_draw(self._data), self._data, 0, log_y)
        # A's curves are touched only while there is or was something of A to draw: an edit without A
        # costs what it did before A existed.
        if self._pinned or self._pinned_left:
            draw_layer_curves(self._pinned_twins(), self._pinned, 0, log_y)
        self._pinned_left = bool(self._pinned)
        self._draw_overflow(log_y)

    def _first_added_later(self) -> pg.GraphicsObject | None:
        """What a curve of B made late goes under: A's first twin, else the first overflow label."""
        return next(iter(self._pinned_curves.values()), None) or next(iter(self._overflow_labels.values()), None)

    def _pinned_twins(self) -> dict[str, pg.PlotCurveItem]:
        """A's curves by key, built on first use."""
        if not self._pinned_curves:
            self._pinned_curves = {key: layer_curve(self.plot, pinned_pen(p)) for key, p in CURVES}
            labels = list(self._overflow_labels.values())  # built before: A's curves go under them, as they did
            for curve in self._pinned_curves.values() if labels else ():
                curve.stackBefore(labels[0])
            self.itemsAdded.emit()
        return self._pinned_curves

    def _overflow_label(self, key: str) -> pg.TextItem:
        """The overflow label of curve ``key``, built on first use."""
        if key not in self._overflow_labels:
            label = self._overflow_labels[key] = pg.TextItem(color=dict(CURVES)[key].color())
            self.plot.addItem(label)
        return self._overflow_labels[key]

    def _draw_overflow(self, log_y: bool) -> None:
        for key, _ in CURVES:
            layer = self._overflow.get(key) if key in self._data else None  # a stack not drawn has no label
            last = None if not layer else self._data[key][layer - 1]
            if last is None or not last > 0:  # overflowed at the input, or nothing to anchor to on a log scale
                if key in self._overflow_labels:
                    self._overflow_labels[key].hide()
                continue
            label = self._overflow_label(key)
            nan = self._zero_division and np.isnan(self._data[key][layer])  # 0 / 0, not an overflow
            label.setText((self.tr("NaN at layer {n}") if nan else self.tr("overflow at layer {n}")).format(n=layer))
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

    def pinned_curve_data(self) -> dict[str, np.ndarray]:
        """A's values drawn now (dashed), by curve key; empty when nothing is pinned."""
        return dict(self._pinned)

    def curve_pens(self, pinned: bool = False) -> dict:
        """The pen of each curve (A's twins with ``pinned``), by curve key."""
        return {key: curve.opts["pen"] for key, curve in (self._pinned_twins() if pinned else self._curves).items()}

    def _on_hover(self, pos) -> None:
        if not self._data or not self.plot.vb.sceneBoundingRect().contains(pos):
            return
        layer = int(round(self.plot.vb.mapSceneToView(pos).x()))
        if 0 <= layer < len(self._data["toy"]):
            names = self._curve_names()
            parts = [f"{names[key]}: {self._data[key][layer]:.4g}" for key, _ in CURVES if key in self._data]
            pinned_names = self._curve_names(pinned=True)
            parts += [f"{pinned_names[key]}: {self._pinned[key][layer]:.4g}"
                      for key, _ in CURVES if key in self._pinned and layer < len(self._pinned[key])]
            self.plot.setToolTip(self.tr("layer {n}").format(n=layer) + "\n" + "\n".join(parts))


def _curves_of(result: Result, with_stack: bool = True, drawn: set[str] | None = None) -> dict[str, np.ndarray]:
    """The values of the curves ``result`` has (those in ``drawn``, if given), by curve key; the toy alone
    without its stack (skipped, or, ``with_stack`` False, not yet computed): it needs no matrix."""
    profile = result.depth if with_stack else None
    if profile is None:
        toy, toy_normalized = result.toy_curves()
        curves = {"toy": np.abs(toy), "toy_normalized": np.abs(toy_normalized)}
    else:
        curves = {"none": profile.none.rms, **{p: run.rms for p, run in profile.runs.items()},
                  "toy": np.abs(profile.toy), "toy_normalized": np.abs(profile.toy_normalized)}
    return curves if drawn is None else {key: values for key, values in curves.items() if key in drawn}


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(DepthPlot, (800, 400))
