"""The BatchNorm lab's lesson (a): a token's BatchNorm output moves as the batch grows while its LayerNorm
output stays put (seed 000, table 5-3). Draws ``engine.results.batch_lessons.BatchDependence``."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from engine.results.batch_lessons import BatchDependence
from widgets.plotkit.grid_axis import grid_axes
from widgets.plotkit.lazy_menu import LazyMenuViewBox, plot_options_off
from widgets.plotkit.plot_style import BLUE, GREEN, LIGHT, ORANGE, PURPLE, RED, SKY, configure_plot, pen
from widgets.teaching.batchnorm_numbers import SAMPLE_GREY, lab_number

#: Up to this many dimensions, the plot draws each one; above, the distance to the full-batch row.
MAX_DIMENSION_CURVES = 6
DIMENSION_STYLES = (  # colour, marker: the marker tells dimensions apart without colour
    (BLUE, "o"), (ORANGE, "s"), (GREEN, "t"), (RED, "d"), (PURPLE, "star"), (SKY, "x"),
)


def batch_size_ticks(largest: int, most: int = 12) -> list[tuple[float, str]]:
    """Ticks at whole batch sizes 1..largest (no "2.5 tokens"), every 1, 2, 5 or 10 of them (the lab
    takes at most 64 tokens)."""
    step = next((s for s in (1, 2, 5) if largest / s <= most), 10)
    return [(float(k), str(k)) for k in range(1, largest + 1) if k == 1 or k % step == 0]


class BatchSizeLesson(QWidget):
    """The plot of one token's outputs over batch sizes 1..n (per dimension, or as the distance to
    its full-batch output when the rows are wide) and a caption with the numbers."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._dependence: BatchDependence | None = None
        self._per_dimension = True
        self._note = ""
        self.plot = pg.PlotWidget(axisItems=grid_axes(), viewBox=LazyMenuViewBox())
        self.plot.setObjectName("batchDependencePlot")
        self.plot.setAccessibleName("batchDependencePlot")
        item = self.plot.plotItem
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
        self._bn_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2.5), symbol="o", symbolSize=9,
                                          symbolBrush=SAMPLE_GREY)
        self._ln_sample = pg.PlotDataItem([], [], pen=pen(SAMPLE_GREY, 2.5, Qt.PenStyle.DashLine))
        self._bn_distance = item.plot([], [], pen=pen(BLUE, 2.5), symbol="o", symbolSize=10, symbolBrush=BLUE)
        self._ln_distance = item.plot([], [], pen=pen(ORANGE, 2.5, Qt.PenStyle.DashLine), symbol="s",
                                      symbolSize=8, symbolBrush=ORANGE)
        self._refused_text = pg.TextItem(color=RED, anchor=(0.0, 1.0))  # ✗ and red: refused
        item.addItem(self._refused_text, ignoreBounds=True)
        self.caption = QLabel()
        self.caption.setObjectName("batchDependenceCaption")
        self.caption.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.caption)

    def retranslate(self, note: str) -> None:
        """Re-read every text; ``note`` is the lab's word on capped tokens (or "")."""
        self._note = note
        self._label_plot()
        self._write_caption()

    def show_lesson(self, lesson: BatchDependence, per_dimension: bool, note: str) -> None:
        """Draw ``lesson``: each dimension if ``per_dimension``, else the distance to the full batch."""
        self._dependence, self._per_dimension, self._note = lesson, per_dimension, note
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
        item = self.plot.plotItem
        item.disableAutoRange()
        right = len(k) + (0.7 if self._per_dimension else 0.5)  # room for the dimension tags
        item.setRange(xRange=(0.5, right), yRange=(low - 0.12 * span, top), padding=0)
        item.getAxis("bottom").setTicks([batch_size_ticks(len(k))])
        self._refused_text.setPos(0.55, low - 0.1 * span)
        self._label_plot()
        self._write_caption()

    def _label_plot(self) -> None:
        item = self.plot.plotItem
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

    def _write_caption(self) -> None:
        lesson = self._dependence
        if lesson is None:
            self.caption.setText(self.tr("No scenario yet."))
            return
        parts = [
            self.tr("Batch k holds the first k tokens, always including {token}. BatchNorm (solid, markers) "
                    "normalizes each dimension over the tokens in the batch, so {token}'s output moves as "
                    "tokens join (a single value moves by up to {bn} here). LayerNorm (dashed) only uses "
                    "{token}'s own row: its output is the same for every k (change {ln}).").format(
                token=lesson.label, bn=lab_number(lesson.bn_max_change), ln=lab_number(lesson.ln_max_change)),
            self.tr("At k = 1 BatchNorm refuses: one value per dimension has no spread to normalize by."),
            self._note,
        ]
        self.caption.setText(" ".join(p for p in parts if p))

    def curve_data(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The (x, y) of every non-empty curve, by key ("bn d1", "ln d1", "bn distance" ...)."""
        curves = {}
        for i, (bn, ln) in enumerate(zip(self._bn_curves, self._ln_curves)):
            curves[f"bn d{i + 1}"], curves[f"ln d{i + 1}"] = bn, ln
        curves["bn distance"], curves["ln distance"] = self._bn_distance, self._ln_distance
        return {key: c.getData() for key, c in curves.items() if c.getData()[0] is not None and len(c.getData()[0])}
