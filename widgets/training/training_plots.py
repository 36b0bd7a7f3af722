"""The Training tab's plots: the loss of every run overlaid (with its smoothing control) above four
layer × step heatmaps of one run (gradient norm, update-to-weight ratio and residual RMS on log₁₀ colour
scales, the largest attention logit linear)."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QWidget

from engine.training.history import RunHistory
from widgets.training.layer_heatmap import LayerHeatmap
from widgets.training.loss_plot import LossPlot
from widgets.training.loss_smoothing import LossSmoothing

#: The heatmaps: RunHistory's per-layer series, and whether each is drawn on a log scale.
HEATMAPS = (("layer_grad_norm", True), ("update_ratio", True), ("residual_rms", True), ("max_logit", False))


class TrainingPlots(QWidget):
    """``show_runs(histories, names, entropy, planned, selected)`` draws what changed."""

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
        self.heatmaps = {name: LayerHeatmap(name, log) for name, log in HEATMAPS}
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
        next ``show_runs``)."""
        self.smoothing.set_steps(steps)
        self.loss_plot.set_smoothing(self.smoothing.steps.value())

    def views(self) -> dict[str, QWidget]:
        """Every plot by export name."""
        return {"training_loss": self.loss_plot, **{f"training_{name}": view for name, view in self.heatmaps.items()}}

    def clear(self) -> None:
        self.loss_plot.clear()
        for view in self.heatmaps.values():
            view.clear()
        self._drawn.clear()

    def show_runs(self, histories: dict[int, RunHistory], names: dict[int, str], entropy: float | None,
                  planned: dict[int, int], selected: int | None, live: bool = False) -> None:
        """Draw what changed. ``live`` (an update while training) redraws the loss and half of the
        heatmaps, the other half next time: each repaint then blocks the UI half as long, and every
        plot still updates at least 5 times a second at the page's 10 redraws a second."""
        self.loss_plot.show_runs(histories, names, entropy, planned)
        # What the exported figures say they show (see figure_export): the heatmaps one run, the loss all.
        self.loss_plot.figure_subtitle = " · ".join(names[run] for run in histories if run in names)
        history = histories.get(selected)
        names_now = list(self.heatmaps)
        if live:
            self._turn = 1 - self._turn
            names_now = names_now[self._turn::2]
        for view in self.heatmaps.values():
            view.figure_subtitle = names.get(selected, "")
        for name in names_now:
            view = self.heatmaps[name]
            if history is None:
                view.clear()
                self._drawn.pop(name, None)
            elif self._drawn.get(name) != (selected, history.count):
                self._drawn[name] = (selected, history.count)
                view.show_run(history.layers[name][:history.layer_rows], history.layer_steps(),
                              planned.get(selected, history.count))
