"""BatchNorm lab: why a Transformer normalizes rows (seed 000, table 5-3), in three small experiments.

(a) a token's BatchNorm output moves as the batch grows while its LayerNorm output stays put;
(b) one token alone: training mode refuses it, eval mode answers with running statistics;
(c) how those running statistics creep towards the batch's over repeated training steps.
Every number comes from ``engine.batch_lessons``.
"""

from __future__ import annotations

import html

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.batch_lessons import (
    LAB_MAX_TOKENS,
    BatchDependence,
    RunningStatistics,
    SingleToken,
    batch_dependence,
    first_tokens,
    running_statistics,
    single_token,
)
from engine.compute import Result
from engine.scenario import Scenario
from widgets.plotkit.grid_axis import grid_axes
from widgets.plotkit.lazy_menu import LazyMenuViewBox, plot_options_off
from widgets.plotkit.plot_style import BLUE, GREEN, LIGHT, ORANGE, PURPLE, RED, SKY, configure_plot, pen
from widgets.common.retranslation import Retranslating

#: Up to this many dimensions, plot (a) draws each one; above, the distance to the full-batch row.
MAX_DIMENSION_CURVES = 6
#: Columns of the single-token table (dimensions) before it is cut.
MAX_TABLE_DIMENSIONS = 8
SAMPLE_GREY = "#8C8C8C"  # legend samples standing for every colour
DIMENSION_STYLES = (  # colour, marker: the marker tells dimensions apart without colour
    (BLUE, "o"), (ORANGE, "s"), (GREEN, "t"), (RED, "d"), (PURPLE, "star"), (SKY, "x"),
)


def _batch_size_ticks(largest: int, most: int = 12) -> list[tuple[float, str]]:
    """Ticks at whole batch sizes 1..largest (no "2.5 tokens"), every 1, 2, 5 or 10 of them (the lab
    takes at most 64 tokens)."""
    step = next((s for s in (1, 2, 5) if largest / s <= most), 10)
    return [(float(k), str(k)) for k in range(1, largest + 1) if k == 1 or k % step == 0]


def _fmt(value: float) -> str:
    if not np.isfinite(value):
        return "—"
    text = f"{value:.3f}"
    return "0.000" if text == "-0.000" else text.replace("-", "−")


class BatchNormLab(Retranslating, QWidget):
    """Three tabs of BatchNorm experiments on the current scenario (its first 64 tokens at most).

    ``show_result(result)`` redraws everything; the token chooser, the steps spin box and the
    dimension chooser only change what this panel shows (they never touch the Document).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("batchNormLab")
        self.setAccessibleName("batchNormLab")
        self._scenario: Scenario | None = None
        self._source: Scenario | None = None
        self._total_tokens = 0
        self._dependence: BatchDependence | None = None
        self._single: SingleToken | None = None
        self._running: RunningStatistics | None = None
        self._per_dimension = True

        self.token_label = QLabel()
        self.token_combo = QComboBox()
        self.token_combo.setObjectName("labToken")
        self.token_combo.setMinimumContentsLength(8)
        self.token_combo.currentIndexChanged.connect(self._on_token)
        self._wanted_token = 0  # until the window passes on the grid's current row
        self.token_label.setBuddy(self.token_combo)
        self.steps_label = QLabel()
        self.steps_spin = QSpinBox()
        self.steps_spin.setObjectName("labSteps")
        self.steps_spin.setRange(0, 1000)
        self.steps_spin.setValue(30)
        self.steps_spin.setKeyboardTracking(False)
        self.steps_spin.valueChanged.connect(self._on_steps)
        self.steps_label.setBuddy(self.steps_spin)
        controls = QHBoxLayout()
        for w in (self.token_label, self.token_combo):
            controls.addWidget(w)
        controls.addSpacing(24)
        for w in (self.steps_label, self.steps_spin):
            controls.addWidget(w)
        controls.addStretch(1)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("labTabs")
        self.tabs.addTab(self._build_batch_tab(), "")
        self.tabs.addTab(self._build_single_tab(), "")
        self.tabs.addTab(self._build_running_tab(), "")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addWidget(self.tabs, 1)
        self.retranslate()

    # --- construction ---------------------------------------------------------------------------

    def _build_batch_tab(self) -> QWidget:
        page = QWidget()
        self.batch_plot = pg.PlotWidget(axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self.batch_plot.setObjectName("batchDependencePlot")
        self.batch_plot.setAccessibleName("batchDependencePlot")
        item = self.batch_plot.plotItem
        configure_plot(item)
        plot_options_off(item)
        item.getAxis("left").enableAutoSIPrefix(False)
        item.addLegend(offset=(-8, 8), colCount=2, brush=LIGHT["legend"], labelTextSize="10pt")
        item.addLine(y=0, pen=pen("#BBBBBB", 1))
        self._bn_curves = []
        self._ln_curves = []
        self._dimension_tags = []
        for color, symbol in DIMENSION_STYLES:
            self._bn_curves.append(item.plot([], [], pen=pen(color, 2.5), symbol=symbol, symbolSize=10,
                                             symbolBrush=color, symbolPen=pen("#FFFFFF", 1)))
            self._ln_curves.append(item.plot([], [], pen=pen(color, 2.5, Qt.PenStyle.DashLine)))
            tag = pg.TextItem(color=color, anchor=(0.0, 0.5))
            item.addItem(tag, ignoreBounds=True)
            self._dimension_tags.append(tag)
        # Legend samples only: per dimension, colour, marker and the tag at the line's end tell them apart.
        # A mid grey reads on the light and on the dark plot theme.
        self._bn_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2.5), symbol="o", symbolSize=9,
                                          symbolBrush=SAMPLE_GREY)
        self._ln_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2.5, Qt.PenStyle.DashLine))
        self._bn_distance = item.plot([], [], pen=pen(BLUE, 2.5), symbol="o", symbolSize=10, symbolBrush=BLUE)
        self._ln_distance = item.plot([], [], pen=pen(ORANGE, 2.5, Qt.PenStyle.DashLine), symbol="s",
                                      symbolSize=8, symbolBrush=ORANGE)
        self._refused_text = pg.TextItem(color=RED, anchor=(0.0, 1.0))  # ✗ and red: refused
        item.addItem(self._refused_text, ignoreBounds=True)
        self.batch_caption = QLabel()
        self.batch_caption.setObjectName("batchDependenceCaption")
        self.batch_caption.setWordWrap(True)
        layout = QVBoxLayout(page)
        layout.addWidget(self.batch_plot, 1)
        layout.addWidget(self.batch_caption)
        return page

    def _build_single_tab(self) -> QWidget:
        self.single_text = QLabel()
        self.single_text.setObjectName("singleTokenText")
        self.single_text.setTextFormat(Qt.TextFormat.RichText)
        self.single_text.setWordWrap(True)
        self.single_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.single_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.single_text.setMargin(8)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.single_text)
        return scroll

    def _build_running_tab(self) -> QWidget:
        page = QWidget()
        self.dimension_label = QLabel()
        self.dimension_combo = QComboBox()
        self.dimension_combo.setObjectName("labDimension")
        self.dimension_combo.currentIndexChanged.connect(self._draw_running)
        self.dimension_label.setBuddy(self.dimension_combo)
        top = QHBoxLayout()
        top.addWidget(self.dimension_label)
        top.addWidget(self.dimension_combo)
        top.addStretch(1)
        # Mean and variance on separate, x-linked axes: a variance of 300 would flatten a mean of 0.1.
        self.running_plot = pg.GraphicsLayoutWidget()
        self.running_plot.setObjectName("runningStatsPlot")
        self.running_plot.setAccessibleName("runningStatsPlot")
        self._mean_item = self.running_plot.addPlot(row=0, col=0, axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self._var_item = self.running_plot.addPlot(row=1, col=0, axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self._var_item.setXLink(self._mean_item)
        for item in (self._mean_item, self._var_item):
            configure_plot(item)
            plot_options_off(item)
            item.setTitle(None)  # no empty title row: the axis labels name the dimension
            item.getAxis("left").enableAutoSIPrefix(False)
        self._mean_item.getAxis("bottom").setStyle(showValues=False)  # the linked plot below has them
        # One legend under both plots (inside, it would cover a curve rising to its target); its
        # grey samples stand for both colours, which the axis labels name.
        self._running_legend = pg.LegendItem(colCount=2, labelTextSize="10pt", frame=False)
        self.running_plot.addItem(self._running_legend, row=2, col=0)
        self._running_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2.5), symbol="o", symbolSize=7,
                                               symbolBrush=SAMPLE_GREY)
        self._target_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2, Qt.PenStyle.DashLine))
        self._running_mean = self._mean_item.plot([], [], pen=pen(BLUE, 2.5), symbol="o", symbolSize=7,
                                                  symbolBrush=BLUE)
        self._batch_mean = self._mean_item.plot([], [], pen=pen(BLUE, 2, Qt.PenStyle.DashLine))
        self._running_var = self._var_item.plot([], [], pen=pen(RED, 2.5), symbol="s", symbolSize=7,
                                                symbolBrush=RED)
        self._batch_var = self._var_item.plot([], [], pen=pen(RED, 2, Qt.PenStyle.DashLine))
        self.running_caption = QLabel()
        self.running_caption.setObjectName("runningStatsCaption")
        self.running_caption.setWordWrap(True)
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.running_plot, 1)
        layout.addWidget(self.running_caption)
        return page

    # --- language -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Re-read every visible text (called at start and on a language change)."""
        self.token_label.setText(self.tr("&Token:"))
        self.token_combo.setToolTip(self.tr("The token followed in “Batch size” and “One token”"))
        self.steps_label.setText(self.tr("Training &steps:"))
        self.steps_spin.setToolTip(self.tr("BatchNorm training steps over all tokens that fill the running "
                                           "statistics used by “One token” and “Running statistics”"))
        self.dimension_label.setText(self.tr("&Dimension:"))
        self.dimension_combo.setToolTip(self.tr("The column whose running statistics are plotted"))
        self.tabs.setTabText(0, self.tr("Batch size changes BatchNorm, not LayerNorm"))
        self.tabs.setTabText(1, self.tr("One token"))
        self.tabs.setTabText(2, self.tr("Running statistics"))
        self._label_batch_plot()
        self._label_running_plot()
        self._write_batch_caption()
        self._write_single_text()
        self._write_running_caption()

    # --- data in --------------------------------------------------------------------------------

    def show_result(self, result: Result) -> None:
        """Run the experiments on ``result.scenario`` (its first 64 tokens) and redraw."""
        source = result.scenario
        if self._source is not None and (source is self._source or source == self._source):
            return
        self._source = source
        self._total_tokens = source.tokens
        s = first_tokens(source, LAB_MAX_TOKENS)
        self._scenario = s
        token = min(max(self._wanted_token, 0), s.tokens - 1)
        if tuple(self.token_combo.itemText(i) for i in range(self.token_combo.count())) != s.labels:
            self.token_combo.blockSignals(True)
            self.token_combo.clear()
            self.token_combo.addItems(list(s.labels))
            self.token_combo.setCurrentIndex(token)
            self.token_combo.blockSignals(False)
        elif self.token_combo.currentIndex() != token:
            self.token_combo.blockSignals(True)
            self.token_combo.setCurrentIndex(token)
            self.token_combo.blockSignals(False)
        self._per_dimension = s.dims <= MAX_DIMENSION_CURVES
        self._running = running_statistics(s, self.steps_spin.value())
        if self.dimension_combo.count() != s.dims:  # new width: start on the dimension that moves most
            self.dimension_combo.blockSignals(True)
            self.dimension_combo.clear()
            self.dimension_combo.addItems([f"d{i + 1}" for i in range(s.dims)])
            self.dimension_combo.setCurrentIndex(self._running.most_moving_dimension)
            self.dimension_combo.blockSignals(False)
        self._update_token(token)
        self._draw_running()

    def select_token(self, row: int) -> None:
        """Follow the grid's current row (the lab's tokens are the matrix's first 64: a row beyond
        them leaves the lab's token as it is)."""
        if row >= LAB_MAX_TOKENS:
            return
        self._wanted_token = row
        if 0 <= row < self.token_combo.count() and row != self.token_combo.currentIndex():
            self.token_combo.setCurrentIndex(row)  # _on_token redraws

    def _on_token(self, index: int) -> None:
        if index >= 0:
            self._wanted_token = index
        if self._scenario is not None and index >= 0:
            self._update_token(index)

    def _on_steps(self, steps: int) -> None:
        if self._scenario is None:
            return
        self._running = running_statistics(self._scenario, steps)
        self._single = single_token(self._scenario, self._single.token, steps)
        self._write_single_text()
        self._draw_running()

    def _update_token(self, token: int) -> None:
        s = self._scenario
        self._dependence = batch_dependence(s, token)
        self._single = single_token(s, token, self.steps_spin.value())
        self._draw_batch()
        self._write_single_text()

    # --- (a) batch size -------------------------------------------------------------------------

    def _draw_batch(self) -> None:
        lesson = self._dependence
        k = lesson.batch_sizes.astype(float)
        shown = []
        for i, (bn, ln, tag) in enumerate(zip(self._bn_curves, self._ln_curves, self._dimension_tags)):
            if self._per_dimension and i < lesson.bn_rows.shape[1]:
                bn.setData(k[1:], lesson.bn_rows[1:, i])
                ln.setData(k, lesson.ln_rows[:, i])
                shown += [lesson.bn_rows[1:, i], lesson.ln_rows[:, i]]
                tag.setText(f"d{i + 1}")
                tag.setPos(len(k) + 0.15, float(lesson.ln_rows[-1, i]))
            else:
                bn.setData([], [])
                ln.setData([], [])
                tag.setText("")
        if self._per_dimension:
            self._bn_distance.setData([], [])
            self._ln_distance.setData([], [])
        else:
            self._bn_distance.setData(k[1:], lesson.bn_distance[1:])
            self._ln_distance.setData(k, lesson.ln_distance)
            shown += [lesson.bn_distance[1:], lesson.ln_distance]
        values = np.concatenate(shown) if shown else np.zeros(1)
        values = values[np.isfinite(values)]
        low, high = (float(values.min()), float(values.max())) if values.size else (0.0, 1.0)
        low, high = min(low, 0.0), max(high, 0.0)
        span = high - low or 1.0
        top = high + 0.25 * span  # headroom keeps the legend off the curves
        item = self.batch_plot.plotItem
        item.disableAutoRange()
        right = len(k) + (0.7 if self._per_dimension else 0.5)  # room for the dimension tags
        item.setRange(xRange=(0.5, right), yRange=(low - 0.12 * span, top), padding=0)
        item.getAxis("bottom").setTicks([_batch_size_ticks(len(k))])
        self._refused_text.setPos(0.55, low - 0.1 * span)
        self._label_batch_plot()
        self._write_batch_caption()

    def _label_batch_plot(self) -> None:
        item = self.batch_plot.plotItem
        lesson = self._dependence
        label = lesson.label if lesson is not None else "…"
        if self._per_dimension:
            item.setTitle(self.tr("{token}: output per dimension as the batch grows").format(token=label))
            item.setLabel("left", self.tr("normalized output"))
        else:
            item.setTitle(self.tr("{token}: distance to its output in the full batch").format(token=label))
            item.setLabel("left", self.tr("‖output − full-batch output‖₂"))
        item.setLabel("bottom", self.tr("batch size k (tokens normalized together)"))
        self._refused_text.setText(self.tr("BatchNorm ✗"))
        legend = item.legend
        legend.clear()
        if lesson is None:
            return
        if self._per_dimension:
            legend.addItem(self._bn_sample, self.tr("BatchNorm (solid)"))
            legend.addItem(self._ln_sample, self.tr("LayerNorm (dashed)"))
        else:
            legend.addItem(self._bn_distance, self.tr("BatchNorm"))
            legend.addItem(self._ln_distance, self.tr("LayerNorm"))

    def _write_batch_caption(self) -> None:
        lesson = self._dependence
        if lesson is None:
            self.batch_caption.setText(self.tr("No scenario yet."))
            return
        parts = [
            self.tr("Batch k holds the first k tokens, always including {token}. BatchNorm (solid, markers) "
                    "normalizes each dimension over the tokens in the batch, so {token}'s output moves as "
                    "tokens join (a single value moves by up to {bn} here). LayerNorm (dashed) only uses "
                    "{token}'s own row: its output is the same for every k (change {ln}).").format(
                token=lesson.label, bn=_fmt(lesson.bn_max_change), ln=_fmt(lesson.ln_max_change)),
            self.tr("At k = 1 BatchNorm refuses: one value per dimension has no spread to normalize by."),
        ]
        parts.append(self._cap_note())
        self.batch_caption.setText(" ".join(p for p in parts if p))

    def _cap_note(self) -> str:
        if self._total_tokens > LAB_MAX_TOKENS:
            return self.tr("Only the first {n} of the {total} tokens are used.").format(
                n=LAB_MAX_TOKENS, total=self._total_tokens)
        return ""

    # --- (b) one token --------------------------------------------------------------------------

    def _write_single_text(self) -> None:
        lesson = self._single
        if lesson is None:
            self.single_text.setText(self.tr("No scenario yet."))
            return
        s = self._scenario
        d = lesson.input.size
        shown = min(d, MAX_TABLE_DIMENSIONS)
        rows = (
            (self.tr("x (the token)"), lesson.input),
            (self.tr("running mean"), lesson.running_mean),
            (self.tr("running variance"), lesson.running_var),
            (self.tr("eval mode (alone)"), lesson.eval_output),
            (self.tr("training mode (batch of {n})").format(n=s.tokens), lesson.batch_output),
            (self.tr("difference"), lesson.difference),
        )
        cell = 'style="padding: 2px 10px; text-align: right;"'
        header = "".join(f"<th {cell}>d{i + 1}</th>" for i in range(shown))
        body = "".join(
            f"<tr><th style='padding: 2px 10px; text-align: left;'>{html.escape(name)}</th>"
            + "".join(f"<td {cell}>{_fmt(v)}</td>" for v in values[:shown]) + "</tr>"
            for name, values in rows
        )
        cut = ""
        if shown < d:
            cut = "<p>" + html.escape(self.tr("Showing the first {shown} of {d} dimensions.").format(
                shown=shown, d=d)) + "</p>"
        texts = {
            "refused_title": self.tr("Training mode: refused"),
            "why": self.tr("Alone, {token} gives each dimension a single value: its batch variance is 0, so "
                           "there is nothing to normalize against. BatchNorm says:").format(token=lesson.label),
            "eval_title": self.tr("Eval mode: running statistics"),
            "eval": self.tr("After {steps} training steps over all {n} tokens (momentum {m}), eval mode "
                            "normalizes {token} alone with the stored running mean and variance: "
                            "(x − running mean) / √(running variance + ε) · γ + β.").format(
                steps=lesson.steps, n=s.tokens, m=f"{lesson.momentum:g}", token=lesson.label),
            "gap": self.tr("Largest difference from its output inside the batch: {diff}. More steps shrink it, "
                           "but not to 0: the running variance is the unbiased one (÷ (n − 1)), training mode "
                           "divides by n.").format(diff=_fmt(lesson.max_abs_difference)),
            "layer": self.tr("LayerNorm needs none of this: it normalizes one token with its own row's mean and "
                             "standard deviation, the same in training and at generation time."),
            "cap": self._cap_note(),
        }
        t = {key: html.escape(value) for key, value in texts.items()}
        self.single_text.setText(
            f"<h3>{t['refused_title']}</h3><p>{t['why']}</p>"
            f"<blockquote><i>“{html.escape(lesson.training_message)}”</i></blockquote>"
            f"<h3>{t['eval_title']}</h3><p>{t['eval']}</p>"
            f"<table cellspacing='0' border='0'><tr><th></th>{header}</tr>{body}</table>{cut}"
            f"<p>{t['gap']}</p><p><b>{t['layer']}</b></p>"
            + (f"<p>{t['cap']}</p>" if t["cap"] else "")
        )

    # --- (c) running statistics -----------------------------------------------------------------

    def _draw_running(self, *_) -> None:
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
        self._label_running_plot()
        self._write_running_caption()

    def _label_running_plot(self) -> None:
        j = max(self.dimension_combo.currentIndex(), 0)
        self._mean_item.setLabel("left", self.tr("mean of d{n}").format(n=j + 1))
        self._var_item.setLabel("left", self.tr("variance of d{n}").format(n=j + 1))
        self._var_item.setLabel("bottom", self.tr("training step"))
        legend = self._running_legend
        legend.clear()
        legend.addItem(self._running_sample, self.tr("running buffer"))
        legend.addItem(self._target_sample, self.tr("batch value it approaches (variance: unbiased)"))

    def _write_running_caption(self) -> None:
        stats = self._running
        if stats is None:
            self.running_caption.setText(self.tr("No scenario yet."))
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
        parts.append(self._cap_note())
        self.running_caption.setText(" ".join(p for p in parts if p))

    # --- for tests and scripts ------------------------------------------------------------------

    @property
    def lessons(self) -> tuple[BatchDependence | None, SingleToken | None, RunningStatistics | None]:
        """The engine results shown now: (batch dependence, single token, running statistics)."""
        return self._dependence, self._single, self._running

    def batch_curve_data(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The (x, y) of every non-empty curve of plot (a), by key ("bn d1", "ln d1", "bn distance" ...)."""
        curves = {}
        for i, (bn, ln) in enumerate(zip(self._bn_curves, self._ln_curves)):
            curves[f"bn d{i + 1}"], curves[f"ln d{i + 1}"] = bn, ln
        curves["bn distance"], curves["ln distance"] = self._bn_distance, self._ln_distance
        return {key: c.getData() for key, c in curves.items() if c.getData()[0] is not None and len(c.getData()[0])}

    def running_curve_data(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The (x, y) of plot (c)'s curves: running_mean, batch_mean, running_var, batch_var."""
        curves = {"running_mean": self._running_mean, "batch_mean": self._batch_mean,
                  "running_var": self._running_var, "batch_var": self._batch_var}
        return {key: c.getData() for key, c in curves.items()}


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(BatchNormLab, (900, 600))
