"""Heatmaps of the matrix at four stages of one block, on one shared colour scale or one per panel."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QAction, QActionGroup

from engine.results.compute import Result
from widgets.plotkit.colour_bar import ColourBar
from widgets.plotkit.heatmap_image import HeatmapImage
from widgets.plotkit.plot_title import PlotTitle
from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plotkit.grid_axis import QuickAxis
from widgets.common.stack_notes import stack_tokens_note, stale_note
from widgets.plotkit.plot_note import PlotNote
from widgets.plotkit.plot_panel import grid_layout
from widgets.plotkit.plot_style import HEATMAP_COLORMAP, cache_axis, cell_ticks
from widgets.plotkit.round_limits import colour_limit
from widgets.common.retranslation import Retranslating

#: The four stages shown per placement (stage keys of engine.core.block).
PANELS = {"pre": ("input", "norm1", "add1", "add2"), "post": ("input", "add1", "norm1", "norm2")}
SCALES = ("auto", "shared", "panel")  # colour scales: chosen by the ranges, one for all, one per panel
#: Under "auto", panels whose largest |values| differ by more than this factor get scales of their
#: own: on one scale, a LayerNorm output of ±1.3 beside an input of ±100 is a blank panel.
SEPARATE_BEYOND = 10.0


def panel_style(stages) -> str:
    """``"post"`` for a block that normalizes after each residual add (Post-Norm, DeepNorm, Mix-LN's first
    layers: its last stage is ``norm2``), else ``"pre"`` (Pre-Norm, Peri-Norm, Mix-LN's Pre-Norm layers)."""
    return "post" if list(stages)[-1] == "norm2" else "pre"


def _column(panel: int) -> int:
    """The layout column of panel 0..3: the token axis comes first, and each panel has two columns
    after it for a colour bar (its strip and axis)."""
    return 1 + 3 * panel


class StageHeatmaps(Retranslating, pg.GraphicsView):
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
            layout.addItem(title, 0, _column(i))
            self._title_labels.append(title)
            view = FittedViewBox(invertY=True)
            layout.addItem(view, 1, _column(i))
            bottom = QuickAxis("bottom")
            bottom.linkToView(view)
            cache_axis(bottom)
            layout.addItem(bottom, 2, _column(i))
            image = HeatmapImage(axisOrder="row-major", blocky=True)
            image.setColorMap(colormap)
            view.addItem(image)
            layout.setColumnStretchFactor(_column(i), 1)
            view.sigResized.connect(lambda _: self._label_axes())
            self._views.append(view)
            self._images.append(image)
            self._bottom_axes.append(bottom)
        # The token labels are the same for all four panels: only the first one shows them.
        self._left_axis = QuickAxis("left")
        self._left_axis.linkToView(self._views[0])
        cache_axis(self._left_axis)
        layout.addItem(self._left_axis, 1, 0)
        # One colour bar right of each panel; on a shared scale only the last one shows.
        self._colour_bars = [ColourBar(colormap) for _ in range(4)]
        for i, bar in enumerate(self._colour_bars):
            bar.add_to(layout, row=1, col=_column(i) + 1)
            bar.set_visible(i == 3)
        self._bars_per_panel = False
        self._scale = "auto"
        self._scale_actions = QActionGroup(self)
        for scale in SCALES:
            action = QAction(self)
            action.setCheckable(True)
            action.setChecked(scale == self._scale)
            action.triggered.connect(lambda _=False, sc=scale: self.set_scale(sc))
            self._scale_actions.addAction(action)
        self._stages: list[tuple[str, np.ndarray]] = []
        self._labels: tuple[str, ...] = ()
        self._shown = None
        self._axes_key = None
        self._ticks_key = None
        self._placement = "pre"
        self._stale = False
        self._pinned: Result | None = None
        self._no_difference = False  # B − A is shown and is 0 everywhere
        self._tokens_of: Result | None = None  # the shown result: its stages may hold the first tokens only
        self.note = PlotNote(self.centralWidget, over=self._views)  # across all four panels, under their titles
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.retranslate()

    def show_result(self, result: Result) -> None:
        # Still the matrices of earlier settings (a large preset computing): faded, and said so.
        self._stale = result.stack_stale
        self._tokens_of = result  # for the note on the first tokens
        for image in self._images:
            image.setOpacity(0.35 if result.stack_stale else 1.0)
        if result.stages is None or (result.stages is self._shown and result.stack_labels == self._labels):
            self._write_note()
            return
        self._shown = result.stages
        self._labels = result.stack_labels  # the tokens the stages were computed for
        self._compose()

    def show_pinned(self, result: Result | None) -> None:
        """With a scenario pinned as A, each panel shows B − A (the current stage minus A's) when A's
        stages have the same shape and placement style; otherwise B's stages, and the note says why."""
        self._pinned = result
        if self._shown is not None:
            self._compose()

    def _difference(self) -> bool:
        """Whether the panels show B − A now."""
        a = self._pinned
        if a is None or a.stack_stale or a.stages is None or panel_style(a.stages) != self._placement:
            return False
        return all(np.shape(a.stages[key]) == np.shape(self._shown[key]) for key in PANELS[self._placement])

    def _write_note(self) -> None:
        if self._stale:
            text = stale_note()
        elif self._pinned is not None and self._difference() and self._no_difference:
            text = self.tr("B − A is 0 in every stage: A and B run this block alike (they differ elsewhere).")
        elif self._pinned is None or self._difference():
            text = self._non_finite_note()
        elif self._pinned.stack_stale:
            text = self.tr("A is still computing: these are the current stages, not B − A.")
        else:
            text = self.tr("A's stages have other tokens, dimensions or norm positions: these are the current "
                           "stages, not B − A.")
        first_tokens = stack_tokens_note(self._tokens_of) if self._tokens_of else ""
        self.note.set_text(" ".join(part for part in (text, first_tokens) if part))

    def _non_finite_note(self) -> str:
        """A note naming the panels that hold NaN (drawn as 0) or ±inf (drawn as the scale's end), or ""."""
        with np.errstate(invalid="ignore"):
            bad = [title for title, matrix in self._stages if not np.all(np.isfinite(matrix))]
        if not bad:
            return ""
        return self.tr("NaN or inf, drawn as 0 or the scale's end and left out of its range, in: {panels}").format(
            panels=", ".join(bad))

    def _compose(self) -> None:
        self._placement = panel_style(self._shown)
        keys = PANELS[self._placement]
        if self._difference():
            matrices = [np.asarray(self._shown[k], dtype=float) - np.asarray(self._pinned.stages[k], dtype=float)
                        for k in keys]
        else:
            matrices = [np.asarray(self._shown[key], dtype=float) for key in keys]
        self._stages = list(zip(self._panel_titles(), matrices))
        self._no_difference = self._difference() and not any(np.any(m) for m in matrices)
        self._write_note()
        rows, cols = self._stages[0][1].shape
        relabel = ((rows, cols), self._labels) != self._axes_key  # ticks and ranges only when they change
        self._axes_key = ((rows, cols), self._labels)
        self._colour_images()
        for (title, _), label, view, image in zip(self._stages, self._title_labels, self._views, self._images):
            label.set_text(title)
            if relabel:  # after setImage: the rectangle maps the image's pixels onto the cells
                image.setRect(QRectF(0, 0, cols, rows))
                view.fit((0.0, float(cols)), (0.0, float(rows)))
        if relabel:
            self._label_axes()

    def _panel_titles(self) -> list[str]:
        titles = self._titles()
        if self._difference():
            return [self.tr("B − A: {stage}").format(stage=titles[key]) for key in PANELS[self._placement]]
        return [titles[key] for key in PANELS[self._placement]]

    def _colour_images(self) -> None:
        """Each panel in colour on the scale it is shown on: one for all, or its own."""
        limits = [colour_limit(m) for _, m in self._stages]  # round: they stay put under edits
        per_panel = self.per_panel_scales()
        if not per_panel:
            limits = [max(limits)] * len(limits)
        self._arrange_colour_bars(per_panel)
        for (_, matrix), image, bar, limit in zip(self._stages, self._images, self._colour_bars, limits):
            image.setImage(np.nan_to_num(matrix, nan=0.0, posinf=limit, neginf=-limit), levels=(-limit, limit))
            bar.set_levels(-limit, limit)

    def per_panel_scales(self) -> bool:
        """Whether each panel has a colour scale of its own now (the choice, or under "auto" the ranges)."""
        if self._scale != "auto" or not self._stages:
            return self._scale == "panel"
        limits = [colour_limit(m) for _, m in self._stages]
        return max(limits) > SEPARATE_BEYOND * min(limits)

    def set_scale(self, scale: str) -> None:
        """``"auto"`` (per panel when the panels' ranges differ by more than 10×), ``"shared"`` or ``"panel"``."""
        self._scale = scale
        self._scale_actions.actions()[SCALES.index(scale)].setChecked(True)
        if self._stages:
            self._colour_images()

    def menu_actions(self) -> list[QAction]:
        """Menu entries choosing the colour scale (Automatic, Shared, Per panel), one checked."""
        return self._scale_actions.actions()

    def _arrange_colour_bars(self, per_panel: bool) -> None:
        if per_panel == self._bars_per_panel:
            return
        self._bars_per_panel = per_panel
        for bar in self._colour_bars[:-1]:
            bar.set_visible(per_panel)

    def _label_axes(self) -> None:
        """Token and dimension labels thinned to the panels' size (they are re-placed on a resize)."""
        if not self._stages:
            return
        rows, cols = self._stages[0][1].shape
        width, height = self._views[0].width(), self._views[0].height()
        key = (self._axes_key, round(width), round(height), self._left_axis.style["tickFont"])
        if key == self._ticks_key:
            return
        self._ticks_key = key
        self._left_axis.setTicks([cell_ticks(self._labels[:rows], self._left_axis, height)])
        names = [f"d{j + 1}" for j in range(cols)]
        for bottom, view in zip(self._bottom_axes, self._views):
            bottom.setTicks([cell_ticks(names, bottom, view.width())])

    def _titles(self) -> dict[str, str]:
        """Panel titles by stage key for the shown placement."""
        if self._placement == "post":
            return {"input": self.tr("Input"), "add1": self.tr("After attention + residual"),
                    "norm1": self.tr("After norm ①"), "norm2": self.tr("After FFN + residual, norm ②")}
        return {"input": self.tr("Input"), "norm1": self.tr("After norm ①"),
                "add1": self.tr("After attention + residual"), "add2": self.tr("After FFN + residual")}

    def retranslate(self) -> None:
        self._colour_bars[-1].axis.setLabel(self.tr("value"))
        for action, text in zip(self._scale_actions.actions(), (
                self.tr("Colour scale: automatic"), self.tr("Colour scale: shared"), self.tr("Colour scale: per panel"))):
            action.setText(text)
        if self._stages:
            self._stages = [(title, m) for title, (_, m) in zip(self._panel_titles(), self._stages)]
            for (title, _), label in zip(self._stages, self._title_labels):
                label.set_text(title)
            self._write_note()

    def stage_titles(self) -> list[str]:
        """Titles of the four panels in display order (for tests and scripts)."""
        return [title for title, _ in self._stages]

    def levels(self) -> tuple[float, float]:
        """The levels of the rightmost colour bar (the shared one on a shared scale)."""
        return self._colour_bars[-1].levels()

    def panel_levels(self) -> list[tuple[float, float]]:
        """Each panel's colour levels, left to right."""
        return [tuple(float(v) for v in image.getLevels()) for image in self._images]

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
