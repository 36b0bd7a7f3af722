"""The BatchNorm lab's lesson (c): how the running statistics creep towards the batch's over repeated
training steps. Draws ``engine.results.batch_lessons.RunningStatistics`` for one chosen dimension."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from engine.results.batch_lessons import RunningStatistics
from widgets.plotkit.grid_axis import grid_axes
from widgets.plotkit.lazy_menu import LazyMenuViewBox, plot_options_off
from widgets.plotkit.plot_style import BLUE, RED, configure_plot, pen
from widgets.teaching.batchnorm_numbers import SAMPLE_GREY


class RunningStatsLesson(QWidget):
    """A dimension chooser, the running mean and variance of that dimension over the steps (on two
    x-linked plots) with the batch values they approach, and a caption."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._running: RunningStatistics | None = None
        self._note = ""
        self.dimension_label = QLabel()
        self.dimension_combo = QComboBox()
        self.dimension_combo.setObjectName("labDimension")
        self.dimension_combo.currentIndexChanged.connect(self._draw)
        self.dimension_label.setBuddy(self.dimension_combo)
        top = QHBoxLayout()
        top.addWidget(self.dimension_label)
        top.addWidget(self.dimension_combo)
        top.addStretch(1)
        # Mean and variance on separate, x-linked axes: a variance of 300 would flatten a mean of 0.1.
        self.plot = pg.GraphicsLayoutWidget()
        self.plot.setObjectName("runningStatsPlot")
        self.plot.setAccessibleName("runningStatsPlot")
        self._mean_item = self.plot.addPlot(row=0, col=0, axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self._var_item = self.plot.addPlot(row=1, col=0, axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self._var_item.setXLink(self._mean_item)
        for item in (self._mean_item, self._var_item):
            configure_plot(item)
            plot_options_off(item)
            item.setTitle(None)  # no empty title row: the axis labels name the dimension
            item.getAxis("left").enableAutoSIPrefix(False)
        self._mean_item.getAxis("bottom").setStyle(showValues=False)  # the linked plot below has them
        # One legend under both plots (inside, it would cover a curve rising to its target); its
        # grey samples stand for both colours, which the axis labels name.
        self._legend = pg.LegendItem(colCount=2, labelTextSize="10pt", frame=False)
        self.plot.addItem(self._legend, row=2, col=0)
        self._running_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2.5), symbol="o", symbolSize=7,
                                               symbolBrush=SAMPLE_GREY)
        self._target_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2, Qt.PenStyle.DashLine))
        self._running_mean = self._mean_item.plot([], [], pen=pen(BLUE, 2.5), symbol="o", symbolSize=7,
                                                  symbolBrush=BLUE)
        self._batch_mean = self._mean_item.plot([], [], pen=pen(BLUE, 2, Qt.PenStyle.DashLine))
        self._running_var = self._var_item.plot([], [], pen=pen(RED, 2.5), symbol="s", symbolSize=7,
                                                symbolBrush=RED)
        self._batch_var = self._var_item.plot([], [], pen=pen(RED, 2, Qt.PenStyle.DashLine))
        self.caption = QLabel()
        self.caption.setObjectName("runningStatsCaption")
        self.caption.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.caption)

    def retranslate(self, note: str) -> None:
        """Re-read every text; ``note`` is the lab's word on capped tokens (or "")."""
        self._note = note
        self.dimension_label.setText(self.tr("&Dimension:"))
        self.dimension_combo.setToolTip(self.tr("The column whose running statistics are plotted"))
        self._label_plot()
        self._write_caption()

    def show_lesson(self, stats: RunningStatistics, note: str) -> None:
        """Draw ``stats``; a new width starts on the dimension that moves most."""
        self._running, self._note = stats, note
        dims = stats.batch_mean.size
        if self.dimension_combo.count() != dims:
            self.dimension_combo.blockSignals(True)
            self.dimension_combo.clear()
            self.dimension_combo.addItems([f"d{i + 1}" for i in range(dims)])
            self.dimension_combo.setCurrentIndex(stats.most_moving_dimension)
            self.dimension_combo.blockSignals(False)
        self._draw()

    def _draw(self, *_) -> None:
        stats = self._running
        if stats is None:
            return
        j = max(self.dimension_combo.currentIndex(), 0)
        steps = np.arange(stats.steps + 1, dtype=float)
        ends = np.array([0.0, float(max(stats.steps, 1))])
        self._running_mean.setData(steps, stats.running_mean[:, j])
        self._running_var.setData(steps, stats.running_var[:, j])
        targets = np.array([stats.batch_mean[j], stats.batch_var[j]])
        if np.all(np.isfinite(targets)):
            self._batch_mean.setData(ends, np.full(2, targets[0]))
            self._batch_var.setData(ends, np.full(2, targets[1]))
        else:
            self._batch_mean.setData([], [])
            self._batch_var.setData([], [])
        for item, running, target in ((self._mean_item, stats.running_mean[:, j], targets[0]),
                                      (self._var_item, stats.running_var[:, j], targets[1])):
            values = np.append(running, target)
            values = values[np.isfinite(values)]
            low, high = float(values.min()), float(values.max())
            span = high - low or max(abs(high), 1.0)
            item.disableAutoRange()
            item.setRange(xRange=(0, ends[1]), yRange=(low - 0.08 * span, high + 0.08 * span), padding=0.02)
        self._label_plot()
        self._write_caption()

    def _label_plot(self) -> None:
        j = max(self.dimension_combo.currentIndex(), 0)
        self._mean_item.setLabel("left", self.tr("mean of d{n}").format(n=j + 1))
        self._var_item.setLabel("left", self.tr("variance of d{n}").format(n=j + 1))
        self._var_item.setLabel("bottom", self.tr("training step"))
        legend = self._legend
        legend.clear()
        legend.addItem(self._running_sample, self.tr("running buffer"))
        legend.addItem(self._target_sample, self.tr("batch value it approaches (variance: unbiased)"))

    def _write_caption(self) -> None:
        stats = self._running
        if stats is None:
            self.caption.setText(self.tr("No scenario yet."))
            return
        m = stats.momentum
        parts = [
            self.tr("The buffers start at mean 0 and variance 1. Each step moves them {m} of the way to this "
                    "batch's statistics, so the remaining gap is (1 − {m})^step of the first one: after {steps} "
                    "steps, {left} of it is left. Eval mode normalizes with these buffers, not with the batch.")
            .format(m=f"{m:g}", steps=stats.steps, left=f"{stats.decay[-1]:.3g}"),
        ]
        if stats.message:
            parts.append(self.tr("With a single token BatchNorm can't train, so the buffers keep their defaults."))
        parts.append(self._note)
        self.caption.setText(" ".join(p for p in parts if p))

    def curve_data(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The (x, y) of the curves: running_mean, batch_mean, running_var, batch_var."""
        curves = {"running_mean": self._running_mean, "batch_mean": self._batch_mean,
                  "running_var": self._running_var, "batch_var": self._batch_var}
        return {key: c.getData() for key, c in curves.items()}
