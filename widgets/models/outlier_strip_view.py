"""Massive activations: a state × dimension heatmap of log₁₀ max |x| over the tokens, with the largest
outlier dimensions marked above it; hover a cell for its value and the token where it is largest."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from engine.models.outliers import Outlier, OutlierStrip
from widgets.plotkit.colour_bar import ColourBar
from widgets.plotkit.decimate import pooled_columns
from widgets.plotkit.grid_axis import QuickAxis
from widgets.plotkit.heatmap_frame import heatmap_frame
from widgets.plotkit.heatmap_image import HeatmapImage
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.plot_style import cell_ticks
from widgets.common.retranslation import Retranslating

#: How many outlier dimensions are marked above the strip (the largest).
NAMED = 4
#: A mark's label is left out when it would come closer to a larger one than the width of this text.
MARK_ROOM = "d0000"
#: Sequential and colour-blind safe: dark for the typical dimensions, bright for the outliers.
COLORMAP = "viridis"
FLOOR = 1e-6  # |x| below this is drawn as this (log₁₀ of 0 is −∞)


class OutlierStripView(Retranslating, pg.GraphicsView):
    """``show_strip(strip, labels)``: an OutlierStrip (engine.models.outliers) of a run whose tokens are
    ``labels``; ``clear()``: the empty state.

    A title, the view with a state axis on the left, the dimension axis below, the marked dimensions
    above and a colour bar on the right (the plot kit's parts, as in the stage heatmaps).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("outlierStripPlot")
        self.setAccessibleName("outlierStripPlot")
        frame = heatmap_frame(self, invert_y=True, top_axis=True)
        layout = frame.layout
        self.titleLabel, self.vb, self._axes = frame.title, frame.view, frame.axes  # noqa: N815 (the plot kit's name)
        self._axes["top"].setStyle(tickLength=6)
        colormap = pg.colormap.get(COLORMAP)
        self.image = HeatmapImage(axisOrder="row-major")
        self.image.setColorMap(colormap)
        self.vb.addItem(self.image)
        self._colour_bar = ColourBar(colormap)
        self._colour_bar.add_to(layout, row=2, col=2)
        layout.setColumnSpacing(1, 8)
        layout.setColumnStretchFactor(1, 1)
        self.note = PlotNote(self.vb)
        self._state_rows = -1  # the view height the state labels were thinned for
        self.vb.sigResized.connect(lambda _: self._label_states())
        #: Per dimension, the state where it stands out most (largest |x| first).
        self.outliers: list[Outlier] = []
        self._strip = np.zeros((0, 0))  # max |x| per state and dimension
        self._argmax = np.zeros((0, 0), dtype=int)  # the token where it is reached
        self._outlying: set[tuple[int, int]] = set()
        self._labels: tuple[str, ...] = ()
        self._marks: list[tuple[int, Outlier]] = []
        self._axes["top"].setTicks([[]])  # no marks yet (pyqtgraph would number the axis)
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.vb.sigResized.connect(self._on_resized)
        self.retranslate()
        self.clear()

    def getAxis(self, name: str) -> QuickAxis:  # noqa: N802 (PlotItem's name)
        return self._axes[name]

    def retranslate(self) -> None:
        self.titleLabel.set_text(self.tr("Outlier dimensions: log₁₀ max |x| over the tokens"))
        self._axes["bottom"].setLabel(self.tr("dimension"))
        self._axes["left"].setLabel(self.tr("state"))
        self._colour_bar.axis.setLabel(self.tr("log₁₀ max |x|"))
        self._update_note()
        self._mark()

    def _update_note(self) -> None:
        if not self._strip.size:
            text = self.tr("Load a model to see which dimensions carry massive activations.")
        elif not np.isfinite(self._strip).all():
            text = self.tr("{count} of {total} cells are NaN or inf: drawn at the top of the scale (inf) or blank (NaN).").format(
                count=int(self._strip.size - np.isfinite(self._strip).sum()), total=self._strip.size)
        elif not self.outliers:
            text = self.tr("No dimension stands beyond 4σ of its state.")
        else:
            text = ""
        self.note.set_text(text)

    def clear(self) -> None:
        self._strip, self._argmax, self.outliers, self._outlying = np.zeros((0, 0)), np.zeros((0, 0), dtype=int), [], set()
        self.image.clear()
        self._axes["left"].setTicks([[]])
        self._axes["bottom"].setTicks([[]])
        self._mark()
        self._update_note()
        self._colour_bar.view.hide()
        self._colour_bar.axis.hide()

    def _label_states(self) -> None:
        """The state labels thinned to the view's height, again when it changes (a figure's size):
        labelled for the first small view they were shown 1 … 29 as only "0"."""
        rows = self._strip.shape[0]
        key = (rows, round(self.vb.height()))
        if not rows or key == self._state_rows:
            return
        self._state_rows = key
        left = self._axes["left"]
        left.setTicks([cell_ticks([str(k) for k in range(rows)], left, max(self.vb.height(), 1.0))])

    def show_strip(self, strip: OutlierStrip, labels: tuple[str, ...]) -> None:
        new_shape = strip.strip.shape != self._strip.shape
        self._strip, self._argmax = strip.strip, strip.token
        self._labels = tuple(labels)
        image = np.log10(np.maximum(self._strip, FLOOR))
        # Colours from the typical dimension (median) to the largest, on half-decades: the outliers are the bright ones,
        # and small edits leave the scale where it is. NaN and inf cells (a run gone non-finite) set no level.
        finite = image[np.isfinite(image)]
        low = math.floor(2 * float(np.median(finite))) / 2 if finite.size else 0.0
        high = math.ceil(2 * float(finite.max())) / 2 if finite.size else 0.5
        high = max(high, low + 0.5)
        self._levels = (low, high)
        self._pooled_by = 0
        self._draw_image()
        self._colour_bar.set_levels(low, high)
        self._colour_bar.view.show()
        self._colour_bar.axis.show()
        rows, cols = self._strip.shape
        self.outliers = list(strip.outliers)
        self._outlying = strip.outlying
        if new_shape:
            self._state_rows = -1
            self._label_states()
            step = _round_step(cols)
            self._axes["bottom"].setTicks([[(j + 0.5, str(j)) for j in range(0, cols, step)]])
            self.vb.fit((0.0, float(cols)), (0.0, float(rows)))
            self.vb.refit()
        self._mark()
        self._update_note()

    def _on_resized(self) -> None:
        self._mark()  # wider or narrower, larger fonts: more or fewer marks fit
        if self._strip.size:
            self._draw_image()

    def _draw_image(self) -> None:
        """The strip, its columns max-pooled to the view's pixels: drawn one column per dimension, a view
        narrower than d would drop columns, and a single outlier dimension (SmolLM2's 507) with them."""
        cols = self._strip.shape[1]
        by = max(1, math.ceil(cols / max(self.vb.width(), 1.0)))
        if by == self._pooled_by:
            return
        self._pooled_by = by
        with np.errstate(invalid="ignore"):
            image = np.log10(np.maximum(pooled_columns(self._strip, by), FLOOR))
        image[np.isposinf(image)] = self._levels[1]
        self.image.setImage(image, levels=self._levels)
        self.image.setRect(QRectF(0, 0, cols, self._strip.shape[0]))

    def shown_image(self) -> np.ndarray:
        """The picture drawn now, after pooling (for tests)."""
        return self.image.image

    def marked_dims(self) -> list[int]:
        """The dimensions marked above the strip now (for tests)."""
        return [dim for dim, _ in self._marks]

    def _mark(self) -> None:
        """Name the largest outlier dimensions on the top axis; the axis's tooltip gives their tokens."""
        cols = self._strip.shape[1] if self._strip.size else 0
        # Labels in pixels, dimensions per pixel: the gap grows with presentation mode's fonts and narrow windows.
        font = self._axes["top"].style.get("tickFont") or QFont()
        gap = QFontMetricsF(font).horizontalAdvance(MARK_ROOM) * cols / max(self.vb.width(), 1.0)
        marks: list[tuple[int, Outlier]] = []
        for outlier in self.outliers:
            if len(marks) == NAMED:
                break
            if all(abs(outlier.dim - dim) >= gap for dim, _ in marks):
                marks.append((outlier.dim, outlier))
        if marks != self._marks:
            self._marks = marks
            self._axes["top"].setTicks([[(dim + 0.5, f"d{dim}") for dim, _ in self._marks]])
        lines = [self._outlier_text(o) for _, o in self._marks]
        self._axes["top"].setToolTip("\n".join(lines))
        if self.outliers:
            self._axes["top"].setLabel(self.tr("{n} dims beyond 4σ").format(n=len(self.outliers)))
        else:
            self._axes["top"].setLabel("")

    def _token(self, index: int) -> str:
        label = self._labels[index] if index < len(self._labels) else ""
        return self.tr("token {token} “{label}”").format(token=index, label=label)

    def _outlier_text(self, o: Outlier) -> str:
        return self.tr("d{dim}: {value} at {token} (state {state})").format(
            dim=o.dim, value=f"{o.value:.4g}", token=self._token(o.token), state=o.layer)

    def _on_hover(self, pos) -> None:
        if not self._strip.size or not self.vb.sceneBoundingRect().contains(pos):
            return
        point = self.vb.mapSceneToView(pos)
        state, dim = int(np.floor(point.y())), int(np.floor(point.x()))
        if 0 <= state < self._strip.shape[0] and 0 <= dim < self._strip.shape[1]:
            text = self.tr("state {state}, d{dim}: max |x| = {value} at {token}").format(
                state=state, dim=dim, value=f"{self._strip[state, dim]:.4g}", token=self._token(int(self._argmax[state, dim])))
            if (state, dim) in self._outlying:
                text += "\n" + self.tr("beyond 4σ of this state: an outlier dimension")
            self.setToolTip(text)


def _round_step(cols: int, ticks: int = 6) -> int:
    """A round tick step (1, 2, 5, 10, 20, 50, 100, …) for about ``ticks`` labels over ``cols`` dimensions."""
    raw = max(1, cols // ticks)
    scale = 10 ** int(math.floor(math.log10(raw)))
    return next(m * scale for m in (1, 2, 5, 10) if m * scale >= raw)


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(OutlierStripView, (800, 400))
