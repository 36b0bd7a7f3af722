"""Loss per step of every run, overlaid: one colour and line style per run, validation loss as dots in
the run's colour, the unigram entropy as a dashed line labelled "learned nothing", and "diverged at
step k" where a run turned NaN/inf. With smoothing, each run's curve is the mean of its last k steps
and the raw loss stays behind it, faint."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from engine.training.run_curves import DEFAULT_SMOOTHING, LossCurve, TrainingCurves
from widgets.common.retranslation import Retranslating
from widgets.plotkit.decimate import envelope
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import (BLUE, GREEN, GREY, ORANGE, PURPLE, RED, SKY, configure_plot, fit_view,
                                        layer_curve, set_title_once)

#: Okabe–Ito colours (colour-blind safe), then line styles, cycled per run.
COLOURS = (BLUE, RED, GREEN, PURPLE, ORANGE, SKY, "#000000")
STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)
#: A curve holds at most this many points: a 100,000-step run draws as fast as a 1,000-step one.
CURVE_POINTS = 2000
#: The raw loss behind a smoothed curve: the run's colour at this opacity (of 255).
RAW_ALPHA = 60


def run_colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


def run_pen(index: int):
    """Run ``index``'s pen: the colours first, then the same colours dashed, dotted, … One pixel wide:
    Qt strokes a wider antialiased line through its path stroker, and a jagged loss curve of 300
    steps then takes ~20 ms to paint (a tenth of that at width 1), blocking the UI while it trains."""
    pen = pg.mkPen(run_colour(index), width=1)
    pen.setStyle(STYLES[(index // len(COLOURS)) % len(STYLES)])
    return pen


class _RunItems:
    """One run's items on the plot: its raw loss (faint, shown while smoothing), its loss curve, its
    validation dots, its divergence mark and label."""

    def __init__(self, plot: PlotPanel, index: int):
        colour = run_colour(index)
        faint = pg.mkColor(colour)
        faint.setAlpha(RAW_ALPHA)
        self.raw = layer_curve(plot, pg.mkPen(faint, width=1))
        self.curve = layer_curve(plot, run_pen(index))
        self.dots = pg.ScatterPlotItem(size=5, pen=None, brush=pg.mkBrush(colour))
        self.mark = pg.ScatterPlotItem(size=12, symbol="x", pen=pg.mkPen(colour, width=2), brush=pg.mkBrush(colour))
        self.label = pg.TextItem(color=colour, anchor=(0, 1))
        self.label.hide()
        for item in (self.dots, self.mark, self.label):
            plot.addItem(item)
        self.drawn = -1  # steps drawn so far: an unchanged run is not drawn again

    def remove(self, plot: PlotPanel) -> None:
        for item in (self.raw, self.curve, self.dots, self.mark, self.label):
            plot.vb.removeItem(item)


class LossPlot(Retranslating, PlotPanel):
    """``show_runs(curves, names)`` draws what is new (the curves come smoothed, engine.training.run_curves);
    ``clear()``: the empty state."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("trainingLoss")
        self.setAccessibleName("trainingLoss")
        configure_plot(self)
        self.getAxis("left").enableAutoSIPrefix(False)
        self.entropy_line = pg.InfiniteLine(angle=0, pen=pg.mkPen(GREY, width=1.5, style=Qt.PenStyle.DashLine))
        # At the right end, above the line: the curves start high on the left, and cross it there.
        self.entropy_label = pg.TextItem(color=GREY, anchor=(1, 1), fill=pg.mkBrush(255, 255, 255, 200))
        for item in (self.entropy_line, self.entropy_label):
            item.hide()
            self.addItem(item)
        self.runs: dict[int, _RunItems] = {}
        self._names: dict[int, str] = {}
        self._entropy: float | None = None
        self._diverged: dict[int, int] = {}
        self.smoothing = DEFAULT_SMOOTHING  # what the curves it is given are smoothed over
        self.retranslate()
        self.clear()

    def set_smoothing(self, steps: int) -> None:
        """The curves are smoothed over ``steps`` steps from now on (1: the raw loss): every run is drawn
        again at the next ``show_runs``, with curves smoothed so."""
        self.smoothing = max(1, int(steps))
        for items in self.runs.values():
            items.drawn = -1

    def retranslate(self) -> None:
        set_title_once(self, self.tr("Loss per step (dots: validation loss)"))
        self.setLabel("bottom", self.tr("step"))
        self.setLabel("left", self.tr("loss (nats)"))
        self.entropy_label.setText(self.tr("learned nothing (unigram entropy)"))
        for run_id, k in self._diverged.items():
            self.runs[run_id].label.setText(self.tr("diverged at step {k}").format(k=k))
        self._update_note()

    def _update_note(self) -> None:
        self.note.set_text("" if self.runs else self.tr(
            "Press Train to start a run (a preset on top fills the form for several): the loss of every run is drawn here as it trains."))

    def clear(self) -> None:
        for items in self.runs.values():
            items.remove(self)
        self.runs.clear()
        self._names, self._diverged, self._entropy = {}, {}, None
        self.entropy_line.hide()
        self.entropy_label.hide()
        self.key.set_entries([])
        fit_view(self, 1, [], log_y=False)
        self.vb.refit()
        self._ticks(False)
        self._update_note()

    def _ticks(self, on: bool) -> None:
        """No numbers on an empty plot: they would mean nothing."""
        for name in ("left", "bottom"):
            self.getAxis(name).setTicks(None if on else [[]])

    def show_runs(self, curves: TrainingCurves, names: dict[int, str]) -> None:
        """Draw the runs whose curves grew; the step axis runs to the longest planned run."""
        if not curves.losses:
            self.clear()
            return
        for gone in [run_id for run_id in self.runs if run_id not in curves.losses]:  # removed runs
            self.runs.pop(gone).remove(self)
            self._diverged.pop(gone, None)
        first = not self.runs
        for index, (run_id, curve) in enumerate(curves.losses.items()):
            items = self.runs.get(run_id)
            if items is None:
                items = self.runs[run_id] = _RunItems(self, index)
            if items.drawn != curve.count:
                self._draw_run(run_id, items, curve)
        if names != self._names:
            self._names = dict(names)
            self.key.set_entries([(self.runs[r].curve, names[r]) for r in curves.losses])
        last_step, entropy = curves.last_step, curves.entropy
        if entropy is not None and (entropy, last_step) != (self._entropy, self.entropy_label.pos().x()):
            self._entropy = entropy
            self.entropy_line.setValue(entropy)
            self.entropy_label.setPos(float(last_step), entropy)
            self.entropy_line.show()
            self.entropy_label.show()
        losses = [c.raw for c in curves.losses.values()]
        values = np.concatenate(losses + ([np.array([entropy])] if entropy is not None else []))
        fit_view(self, last_step, values, log_y=False)
        if first:
            self.vb.refit()  # a new set of runs: the old zoom means nothing
            self._ticks(True)
            self._update_note()

    def _draw_run(self, run_id: int, items: _RunItems, curve: LossCurve) -> None:
        smoothed = curve.smoothed is not None
        items.raw.setVisible(smoothed)
        if smoothed:
            items.raw.setData(*envelope(curve.steps, curve.raw, CURVE_POINTS))
        items.curve.setData(*envelope(curve.steps, curve.smoothed if smoothed else curve.raw, CURVE_POINTS))
        items.dots.setData(curve.val_steps, curve.val_loss)
        items.drawn = curve.count
        if curve.diverged is not None and run_id not in self._diverged:
            k, y = curve.diverged
            self._diverged[run_id] = k
            items.mark.setData([float(k)], [y])
            items.label.setText(self.tr("diverged at step {k}").format(k=k))
            items.label.setPos(float(k), y)
            items.label.show()

    def diverged_label(self, run_id: int) -> str:
        """The divergence label drawn on run ``run_id``'s curve ("" if none; for tests)."""
        items = self.runs.get(run_id)
        return items.label.toPlainText() if items is not None and items.label.isVisible() else ""
