"""Heatmaps of the matrix at four stages of one block, on one shared colour scale with a colour bar."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QRectF

from engine.compute import Result
from widgets.heatmap_image import HeatmapImage
from widgets.lazy_menu import LazyMenuViewBox
from widgets.plot_style import HEATMAP_COLORMAP, cache_axis, cell_ticks, set_title_once
from widgets.round_limits import round_up

#: The four stages shown per placement (stage keys of engine.block).
PANELS = {"pre": ("input", "norm1", "add1", "add2"), "post": ("input", "add1", "norm1", "norm2")}


def _blocky(matrix: np.ndarray, min_pixels: int = 256) -> np.ndarray:
    """Repeat each cell into a block of pixels, so that SVG/PDF viewers that smooth scaled images
    still show sharp cells for small matrices like 6 × 4 (large ones are left alone: their cells
    are pixels already, and repeating them would cost milliseconds per edit)."""
    rows, cols = matrix.shape
    by_row, by_col = -(-min_pixels // rows), -(-min_pixels // cols)
    if matrix.size * by_row * by_col > min_pixels * min_pixels:
        return matrix
    return np.repeat(np.repeat(matrix, by_row, axis=0), by_col, axis=1)


class StageHeatmaps(pg.GraphicsLayoutWidget):
    """Rows are tokens (top to bottom), columns are dimensions; hover a cell to read its value."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("stageHeatmaps")
        self.setAccessibleName("stageHeatmaps")
        self._colormap = pg.colormap.get(HEATMAP_COLORMAP)
        self._plots, self._images = [], []
        for i in range(4):
            plot = self.addPlot(row=0, col=i, viewBox=LazyMenuViewBox())
            plot.invertY(True)
            plot.setAspectLocked(False)
            plot.hideButtons()
            for name in ("left", "bottom"):
                cache_axis(plot.getAxis(name))
            if i:  # the token labels are the same for all four: only the first panel shows them
                plot.getAxis("left").setStyle(showValues=False)
                plot.getAxis("left").setWidth(8)
            image = HeatmapImage(axisOrder="row-major")
            image.setColorMap(self._colormap)
            plot.addItem(image)
            self.ci.layout.setColumnStretchFactor(i, 1)
            self._plots.append(plot)
            self._images.append(image)
        self._colorbar = pg.ColorBarItem(colorMap=self._colormap, interactive=False, width=14)
        self._colorbar.setImageItem(self._images, insert_in=None)
        self.addItem(self._colorbar, row=0, col=4)
        self._stages: list[tuple[str, np.ndarray]] = []
        self._labels: tuple[str, ...] = ()
        self._shown = None
        self._axes_key = None
        self._placement = "pre"
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def show_result(self, result: Result) -> None:
        s = result.scenario
        if result.stages is None or (result.stages is self._shown and result.stack_labels == self._labels):
            return
        self._shown = result.stages
        self._labels = result.stack_labels  # the tokens the stages were computed for
        self._placement = s.placement
        titles = self._titles()
        self._stages = [(titles[key], np.asarray(result.stages[key], dtype=float)) for key in PANELS[s.placement]]
        finite = [m[np.isfinite(m)] for _, m in self._stages]
        largest = max((float(np.max(np.abs(f))) for f in finite if f.size), default=1.0)
        limit = round_up(largest) if largest > 0 else 1.0  # a round colour scale stays put under edits
        shape = self._stages[0][1].shape
        relabel = (shape, self._labels) != self._axes_key  # ticks and ranges only when they change
        self._axes_key = (shape, self._labels)
        for (title, matrix), plot, image in zip(self._stages, self._plots, self._images):
            set_title_once(plot, title)
            image.setImage(_blocky(np.nan_to_num(matrix, nan=0.0, posinf=limit, neginf=-limit)), autoLevels=False)
            image.setRect(QRectF(0, 0, matrix.shape[1], matrix.shape[0]))
            if relabel:
                plot.getAxis("left").setTicks([cell_ticks(self._labels[:matrix.shape[0]])])
                plot.getAxis("bottom").setTicks([cell_ticks([f"d{j + 1}" for j in range(matrix.shape[1])])])
                plot.setRange(xRange=(0, matrix.shape[1]), yRange=(0, matrix.shape[0]), padding=0)
        if self._colorbar.levels() != (-limit, limit):
            self._colorbar.setLevels((-limit, limit))

    def _titles(self) -> dict[str, str]:
        """Panel titles by stage key for the shown placement."""
        if self._placement == "post":
            return {"input": self.tr("Input"), "add1": self.tr("After attention + residual"),
                    "norm1": self.tr("After norm ①"), "norm2": self.tr("After FFN + residual, norm ②")}
        return {"input": self.tr("Input"), "norm1": self.tr("After norm ①"),
                "add1": self.tr("After attention + residual"), "add2": self.tr("After FFN + residual")}

    def retranslate(self) -> None:
        self._colorbar.axis.setLabel(self.tr("value"))
        if self._stages:
            titles = self._titles()
            self._stages = [(titles[key], m) for key, (_, m) in zip(PANELS[self._placement], self._stages)]
            for (title, _), plot in zip(self._stages, self._plots):
                set_title_once(plot, title)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def stage_titles(self) -> list[str]:
        """Titles of the four panels in display order (for tests and scripts)."""
        return [title for title, _ in self._stages]

    def levels(self) -> tuple[float, float]:
        return tuple(self._colorbar.levels())

    def _on_hover(self, pos) -> None:
        for (title, matrix), plot in zip(self._stages, self._plots):
            if not plot.sceneBoundingRect().contains(pos):
                continue
            point = plot.vb.mapSceneToView(pos)
            row, col = int(np.floor(point.y())), int(np.floor(point.x()))
            if 0 <= row < matrix.shape[0] and 0 <= col < matrix.shape[1]:
                self.setToolTip(f"{title}\n{self._labels[row]}, d{col + 1}: {matrix[row, col]:.4g}")
            return


if __name__ == "__main__":
    from widgets.preview import preview

    preview(StageHeatmaps, (900, 600))
