"""The Training tab's plots: loss of every run overlaid, and layer × step heatmaps of one run.

Loss: one colour and line style per run, validation loss as dots in the run's colour, the
unigram entropy as a dashed line labelled "learned nothing", and "diverged at step k" at the
point where a run turned NaN/inf. Heatmaps (x = step, y = layer 1 at the bottom): gradient norm,
update-to-weight ratio and residual RMS on a log₁₀ colour scale; the largest attention logit linear.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QWidget

from engine.training.history import RunHistory
from widgets.common.retranslation import Retranslating

#: Okabe–Ito colours (colour-blind safe), then line styles, cycled per run.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine)
HEATMAPS = (("layer_grad_norm", True), ("update_ratio", True), ("residual_rms", True), ("max_logit", False))


def run_pen(index: int) -> pg.QtGui.QPen:
    pen = pg.mkPen(COLOURS[index % len(COLOURS)], width=2)
    pen.setStyle(STYLES[(index // len(COLOURS)) % len(STYLES)])
    return pen


class TrainingPlots(Retranslating, QWidget):
    """``show_runs(histories, names, entropy, selected)`` redraws from the runs' histories."""

    def __init__(self, parent=None):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.loss_plot = pg.PlotWidget()
        self.loss_plot.setObjectName("trainingLoss")
        self.legend = self.loss_plot.addLegend(offset=(-10, 10))
        grid.addWidget(self.loss_plot, 0, 0, 1, 2)
        self.entropy_line = pg.InfiniteLine(angle=0, pen=pg.mkPen("#888888", width=1, style=Qt.PenStyle.DashLine))
        self.entropy_label = pg.TextItem(color="#555555", anchor=(0, 1))
        for item in (self.entropy_line, self.entropy_label):
            item.setVisible(False)
            self.loss_plot.addItem(item)
        self._curves: dict[int, tuple[pg.PlotDataItem, pg.ScatterPlotItem, pg.TextItem]] = {}
        self.heatmaps: dict[str, tuple[pg.PlotWidget, pg.ImageItem, pg.ColorBarItem]] = {}
        for i, (name, _) in enumerate(HEATMAPS):
            plot = pg.PlotWidget()
            plot.setObjectName(f"trainingHeatmap_{name}")
            image = pg.ImageItem()
            plot.addItem(image)
            bar = pg.ColorBarItem(colorMap=pg.colormap.get("viridis"), interactive=False, width=12)
            bar.setImageItem(image, insert_in=plot.getPlotItem())
            self.heatmaps[name] = (plot, image, bar)
            grid.addWidget(plot, 1 + i // 2, i % 2)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        grid.setRowStretch(2, 2)
        self.retranslate()

    def retranslate(self) -> None:
        self.loss_plot.setTitle(self.tr("Loss per step (dots: validation loss)"))
        self.loss_plot.setLabel("bottom", self.tr("step"))
        self.loss_plot.setLabel("left", self.tr("loss (nats)"))
        self.entropy_label.setText(self.tr("learned nothing (unigram entropy)"))
        titles = {"layer_grad_norm": self.tr("Gradient norm by layer (log₁₀)"),
                  "update_ratio": self.tr("Update-to-weight ratio by layer (log₁₀)"),
                  "residual_rms": self.tr("RMS of the residual stream by layer (log₁₀)"),
                  "max_logit": self.tr("Largest attention logit by layer")}
        for name, (plot, _, _) in self.heatmaps.items():
            plot.setTitle(titles[name])
            plot.setLabel("bottom", self.tr("step"))
            plot.setLabel("left", self.tr("layer"))

    def clear(self) -> None:
        for curve, dots, note in self._curves.values():
            self.loss_plot.removeItem(curve)
            self.loss_plot.removeItem(dots)
            self.loss_plot.removeItem(note)
        self._curves.clear()
        self.legend.clear()
        self.entropy_line.setVisible(False)
        self.entropy_label.setVisible(False)
        for _, image, _ in self.heatmaps.values():
            image.clear()

    def show_runs(self, histories: dict[int, RunHistory], names: dict[int, str], entropy: float | None,
                  selected: int | None) -> None:
        for index, (run_id, history) in enumerate(histories.items()):
            if run_id not in self._curves:
                curve = self.loss_plot.plot(pen=run_pen(index), name=names[run_id])
                dots = pg.ScatterPlotItem(size=5, pen=None, brush=pg.mkBrush(COLOURS[index % len(COLOURS)]))
                note = pg.TextItem(color=COLOURS[index % len(COLOURS)], anchor=(0, 1))
                self.loss_plot.addItem(dots)
                self.loss_plot.addItem(note)
                self._curves[run_id] = (curve, dots, note)
            curve, dots, note = self._curves[run_id]
            n = history.count
            steps = np.arange(1, n + 1)
            loss = history.loss[:n]
            finite = np.isfinite(loss)
            curve.setData(steps[finite], loss[finite])
            val = history.val_loss[:n]
            has_val = np.isfinite(val)
            dots.setData(steps[has_val], val[has_val])
            if history.diverged_at is not None:
                k = history.diverged_at
                last = loss[:k][np.isfinite(loss[:k])]
                note.setText(self.tr("diverged at step {k}").format(k=k))
                note.setPos(k, float(last[-1]) if len(last) else 0.0)
        if entropy is not None:
            self.entropy_line.setValue(entropy)
            self.entropy_label.setPos(1, entropy)
            self.entropy_line.setVisible(True)
            self.entropy_label.setVisible(True)
        if selected in histories:
            self._show_heatmaps(histories[selected])

    def _show_heatmaps(self, history: RunHistory) -> None:
        n = history.count
        if n == 0:
            return
        for name, logarithmic in HEATMAPS:
            _, image, bar = self.heatmaps[name]
            values = history.layers[name][:n]
            if logarithmic:
                with np.errstate(divide="ignore", invalid="ignore"):
                    values = np.log10(values)
            finite = values[np.isfinite(values)]
            low, high = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
            if high <= low:
                high = low + 1e-6
            # Non-finite cells (a diverged step) take the low end rather than breaking the colour scale.
            image.setImage(np.nan_to_num(values, nan=low, posinf=high, neginf=low), autoLevels=False)
            image.setRect(0.5, 0.5, n, values.shape[1])
            bar.setLevels((low, high))
