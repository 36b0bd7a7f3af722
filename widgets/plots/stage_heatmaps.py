"""Heatmaps of the matrix at four stages of one block, on one shared colour scale with a colour bar."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QRectF

from engine.compute import Result
from widgets.plotkit.colour_bar import ColourBar
from widgets.plotkit.heatmap_image import HeatmapImage
from widgets.plotkit.plot_title import PlotTitle
from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plotkit.grid_axis import QuickAxis
from widgets.common.stack_notes import stale_note
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.plot_panel import grid_layout
from widgets.plotkit.plot_style import HEATMAP_COLORMAP, cache_axis, cell_ticks
from widgets.plotkit.round_limits import colour_limit

#: The four stages shown per placement (stage keys of engine.block).
PANELS = {"pre": ("input", "norm1", "add1", "add2"), "post": ("input", "add1", "norm1", "norm2")}


def panel_style(stages) -> str:
    """``"post"`` for a block that normalizes after each residual add (Post-Norm, DeepNorm, Mix-LN's first
    layers: its last stage is ``norm2``), else ``"pre"`` (Pre-Norm, Peri-Norm, Mix-LN's Pre-Norm layers)."""
    return "post" if list(stages)[-1] == "norm2" else "pre"


def _blocky(matrix: np.ndarray, min_pixels: int = 128) -> np.ndarray:
    """Repeat each cell into a block of pixels, so that SVG/PDF viewers that smooth scaled images
    still show sharp cells for small matrices like 6 × 4 (large ones are left alone: their cells
    are pixels already, and repeating them would cost milliseconds per edit)."""
    rows, cols = matrix.shape
    by_row, by_col = -(-min_pixels // rows), -(-min_pixels // cols)
    if matrix.size * by_row * by_col > 2 * min_pixels * min_pixels:
        return matrix
    return np.repeat(np.repeat(matrix, by_row, axis=0), by_col, axis=1)


class StageHeatmaps(pg.GraphicsView):
    """Rows are tokens (top to bottom), columns are dimensions; hover a cell to read its value.

    Each panel is a title, a view and a bottom axis, with one token axis on the left and the
    colour bar on the right: full PlotItems (with their menus and option forms) cost 4 times
    as much to build, a tenth of the window's start-up.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("stageHeatmaps")
        self.setAccessibleName("stageHeatmaps")
        colormap = pg.colormap.get(HEATMAP_COLORMAP)
        layout = grid_layout(self)
        layout.setHorizontalSpacing(10)
        self._title_labels, self._views, self._images, self._bottom_axes = [], [], [], []
        for i in range(4):
            title = PlotTitle()
            layout.addItem(title, 0, i + 1)
            self._title_labels.append(title)
            view = FittedViewBox(invertY=True)
            layout.addItem(view, 1, i + 1)
            bottom = QuickAxis("bottom")
            bottom.linkToView(view)
            cache_axis(bottom)
            layout.addItem(bottom, 2, i + 1)
            image = HeatmapImage(axisOrder="row-major")
            image.setColorMap(colormap)
            view.addItem(image)
            layout.setColumnStretchFactor(i + 1, 1)
            self._views.append(view)
            self._images.append(image)
            self._bottom_axes.append(bottom)
        # The token labels are the same for all four panels: only the first one shows them.
        self._left_axis = QuickAxis("left")
        self._left_axis.linkToView(self._views[0])
        cache_axis(self._left_axis)
        layout.addItem(self._left_axis, 1, 0)
        self._colour_bar = ColourBar(colormap)
        self._colour_bar.add_to(layout, row=1, col=5)
        self._stages: list[tuple[str, np.ndarray]] = []
        self._labels: tuple[str, ...] = ()
        self._shown = None
        self._axes_key = None
        self._placement = "pre"
        self.note = PlotNote(self.centralWidget)  # across all four panels
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def show_result(self, result: Result) -> None:
        # Still the matrices of earlier settings (a large preset computing): faded, and said so.
        self.note.set_text(stale_note() if result.stack_stale else "")
        for image in self._images:
            image.setOpacity(0.35 if result.stack_stale else 1.0)
        if result.stages is None or (result.stages is self._shown and result.stack_labels == self._labels):
            return
        self._shown = result.stages
        self._labels = result.stack_labels  # the tokens the stages were computed for
        self._placement = panel_style(result.stages)
        titles = self._titles()
        self._stages = [(titles[key], np.asarray(result.stages[key], dtype=float)) for key in PANELS[self._placement]]
        limit = colour_limit(*(m for _, m in self._stages))  # round: it stays put under edits
        rows, cols = self._stages[0][1].shape
        relabel = ((rows, cols), self._labels) != self._axes_key  # ticks and ranges only when they change
        self._axes_key = ((rows, cols), self._labels)
        if relabel:
            self._left_axis.setTicks([cell_ticks(self._labels[:rows])])
        for (title, matrix), label, view, image, bottom in zip(self._stages, self._title_labels, self._views,
                                                               self._images, self._bottom_axes):
            label.set_text(title)
            image.setImage(_blocky(np.nan_to_num(matrix, nan=0.0, posinf=limit, neginf=-limit)),
                           levels=(-limit, limit))
            if relabel:
                image.setRect(QRectF(0, 0, cols, rows))
                bottom.setTicks([cell_ticks([f"d{j + 1}" for j in range(cols)])])
                view.fit((0.0, float(cols)), (0.0, float(rows)))
        self._colour_bar.set_levels(-limit, limit)

    def _titles(self) -> dict[str, str]:
        """Panel titles by stage key for the shown placement."""
        if self._placement == "post":
            return {"input": self.tr("Input"), "add1": self.tr("After attention + residual"),
                    "norm1": self.tr("After norm ①"), "norm2": self.tr("After FFN + residual, norm ②")}
        return {"input": self.tr("Input"), "norm1": self.tr("After norm ①"),
                "add1": self.tr("After attention + residual"), "add2": self.tr("After FFN + residual")}

    def retranslate(self) -> None:
        self._colour_bar.axis.setLabel(self.tr("value"))
        if self._stages:
            titles = self._titles()
            self._stages = [(titles[key], m) for key, (_, m) in zip(PANELS[self._placement], self._stages)]
            for (title, _), label in zip(self._stages, self._title_labels):
                label.set_text(title)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def stage_titles(self) -> list[str]:
        """Titles of the four panels in display order (for tests and scripts)."""
        return [title for title, _ in self._stages]

    def levels(self) -> tuple[float, float]:
        return self._colour_bar.levels()

    def _on_hover(self, pos) -> None:
        for (title, matrix), view in zip(self._stages, self._views):
            if not view.sceneBoundingRect().contains(pos):
                continue
            point = view.mapSceneToView(pos)
            row, col = int(np.floor(point.y())), int(np.floor(point.x()))
            if 0 <= row < matrix.shape[0] and 0 <= col < matrix.shape[1]:
                self.setToolTip(f"{title}\n{self._labels[row]}, d{col + 1}: {matrix[row, col]:.4g}")
            return


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(StageHeatmaps, (900, 600))
