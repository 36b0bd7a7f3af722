"""The Training tab's plots: the loss of every run overlaid (with its smoothing control) above four
layer × step heatmaps of one run (gradient norm, update-to-weight ratio and residual RMS on log₁₀ colour
scales, the largest attention logit linear). They draw ``engine.training.run_curves.training_curves``:
the tab and the headless ``train`` command's figures alike."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QWidget

from engine.training.history import LAYER_SERIES
from engine.training.run_curves import LOG_MAPS, TrainingCurves
from widgets.training.layer_heatmap import LayerHeatmap
from widgets.training.loss_plot import LossPlot
from widgets.training.loss_smoothing import LossSmoothing


class TrainingPlots(QWidget):
    """``show_curves(curves, names)`` draws what changed."""

    def __init__(self, parent=None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(4)
        self.smoothing = LossSmoothing()
        self.smoothing.stepsChanged.connect(self.loss_plot_smoothing)
        grid.addWidget(self.smoothing, 0, 0, 1, 2)
        self.loss_plot = LossPlot()
        grid.addWidget(self.loss_plot, 1, 0, 1, 2)
        self.heatmaps = {name: LayerHeatmap(name, name in LOG_MAPS) for name in LAYER_SERIES}
        for i, view in enumerate(self.heatmaps.values()):
            view.setMinimumSize(160, 120)
            grid.addWidget(view, 2 + i // 2, i % 2)
        self.loss_plot.setMinimumSize(240, 180)
        grid.setRowStretch(1, 3)
        grid.setRowStretch(2, 2)
        grid.setRowStretch(3, 2)
        self._drawn: dict[str, tuple[int | None, int]] = {}  # per heatmap: the run and step count drawn
        self._turn = 0  # which half of the heatmaps a live update redraws

    def loss_plot_smoothing(self, steps: int) -> None:
        """Smooth the loss curves over ``steps`` steps, clamped to the control's range (drawn again at the
        next ``show_curves``)."""
        self.smoothing.set_steps(steps)
        self.loss_plot.set_smoothing(self.smoothing.steps.value())

    def smoothing_steps(self) -> int:
        """The steps the loss curves are smoothed over (what ``training_curves`` is asked for)."""
        return self.smoothing.steps.value()

    def views(self) -> dict[str, QWidget]:
        """Every plot by export name."""
        return {"training_loss": self.loss_plot, **{f"training_{name}": view for name, view in self.heatmaps.items()}}

    def clear(self) -> None:
        self.loss_plot.clear()
        for view in self.heatmaps.values():
            view.clear()
        self._drawn.clear()

    def show_curves(self, curves: TrainingCurves, names: dict[int, str], live: bool = False) -> None:
        """Draw what changed. ``live`` (an update while training) redraws the loss and half of the
        heatmaps, the other half next time: each repaint then blocks the UI half as long, and every
        plot still updates at least 5 times a second at the page's 10 redraws a second."""
        self.loss_plot.show_runs(curves, names)
        # What the exported figures say they show (see figure_export): the heatmaps one run, the loss all.
        self.loss_plot.figure_subtitle = " · ".join(names[run] for run in curves.losses if run in names)
        chosen = curves.chosen
        names_now = list(self.heatmaps)
        if live:
            self._turn = 1 - self._turn
            names_now = names_now[self._turn::2]
        for view in self.heatmaps.values():
            view.figure_subtitle = names.get(chosen, "")
        for name in names_now:
            view = self.heatmaps[name]
            if chosen is None:
                view.clear()
                self._drawn.pop(name, None)
            elif self._drawn.get(name) != (chosen, curves.losses[chosen].count):
                self._drawn[name] = (chosen, curves.losses[chosen].count)
                view.show_map(curves.layer_map(name))
