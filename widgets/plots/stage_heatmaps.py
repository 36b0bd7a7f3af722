"""Heatmaps of the matrix at four stages of one block, on one shared colour scale or one per panel."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from contextlib import contextmanager

from PySide6.QtCore import QRectF, QSizeF
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
from widgets.plotkit.round_limits import colour_limit, kept_colour_limit
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
    """The layout column of a panel in its row (0 …): the token axis comes first, and each panel has
    two columns after it for a colour bar (its strip and axis)."""
    return 1 + 3 * panel


SETTLING_PASSES = 4  # layout passes: a title rewraps, the views move, the ticks and the note follow
NOTE_POINTS = 9.0  # the line saying what numbered columns are: the tick labels' size
NUMBER_GAP = 4  # pixels between the numbers of narrow columns (wider for "d1" names: CELL_LABEL_GAP)
#: Panels per row a figure may be laid out with: one row of four, two rows of two, four rows of one.
ARRANGEMENTS = (4, 2, 1)


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
        self._spacing = (10.0, layout.verticalSpacing())
        self._layout = layout
        self._title_labels, self._views, self._images, self._bottom_axes = [], [], [], []
        for i in range(4):
            title = PlotTitle()
            title.geometryChanged.connect(self._match_titles)
            self._title_labels.append(title)
            view = FittedViewBox(invertY=True)
            bottom = QuickAxis("bottom")
            bottom.linkToView(view)
            bottom.setStyle(hideOverlappingLabels=8)  # "d1" under a narrow first cell reaches past the axis
            cache_axis(bottom)
            image = HeatmapImage(axisOrder="row-major", blocky=True)
            image.setColorMap(colormap)
            view.addItem(image)
            view.sigResized.connect(lambda _: self._label_axes())
            self._views.append(view)
            self._images.append(image)
            self._bottom_axes.append(bottom)
        # The token labels are the same for all panels: only the first panel of each row shows them
        # (one row in the window; a figure may take more, see figure_layout).
        self._left_axes = []
        for view in self._views:
            axis = QuickAxis("left")
            axis.linkToView(view)
            cache_axis(axis)
            axis.setParentItem(self.centralWidget)  # in the scene even while out of the layout
            self._left_axes.append(axis)
        self._left_axis = self._left_axes[0]
        # One colour bar right of each panel; on a shared scale only the last one shows.
        self._colour_bars = [ColourBar(colormap) for _ in range(4)]
        for i, bar in enumerate(self._colour_bars):
            bar.set_visible(i == 3)
        self._per_row = 0
        self._placed = []
        self._numbers_note = PlotTitle()  # "Columns 1 … 4: the dimensions d1 … d4", when they are numbered
        self._numbers_note.set_point_size(NOTE_POINTS)
        self._numbers_note.setParentItem(self.centralWidget)
        self._numbers_note.setVisible(False)
        self._numbers_note_row = 0
        self._arrange(4)
        self._bars_per_panel = False
        self._scale = "auto"
        self._kept_limits: list[float | None] = [None] * 4  # the colour limits drawn (None: start afresh)
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

    # --- layout: one row of four panels, or more rows in a figure ---------------------------------

    def _arrange(self, per_row: int) -> None:
        """Lay the panels out ``per_row`` to a row (4, 2 or 1). Each panel is its title (spanning its
        colour bar too: more room for a long title), its view and its dimension axis; the token axis
        stands left of the first panel of each row."""
        if per_row == self._per_row:
            return
        layout = self._layout
        for item in self._placed:
            layout.removeItem(item)
        self._numbers_note.setVisible(False)  # placed again by the next labelling, under the last row
        # Only the views stretch; rows and columns left empty by this arrangement get no spacing
        # (Qt's grid keeps spacing around empty columns: 60 px of a column-wide figure).
        used_columns, used_rows = _column(per_row), 3 * (4 // per_row)
        for column in range(_column(4)):
            layout.setColumnStretchFactor(column, 1 if column % 3 == 1 and column < used_columns else 0)
            layout.setColumnSpacing(column, self._spacing[0] if column < used_columns - 1 else 0)
        for row in range(3 * 4):
            layout.setRowStretchFactor(row, 1 if row % 3 == 1 and row < used_rows else 0)
            layout.setRowSpacing(row, self._spacing[1] if row < used_rows - 1 else 0)
        for i in range(4):
            row, column = 3 * (i // per_row), _column(i % per_row)
            # The columns are the same dimensions in every panel: numbered under the last row only.
            self._bottom_axes[i].setStyle(showValues=i >= 4 - per_row)
            layout.addItem(self._title_labels[i], row, column, 1, 3)
            layout.addItem(self._views[i], row + 1, column)
            layout.addItem(self._bottom_axes[i], row + 2, column)
            self._colour_bars[i].add_to(layout, row=row + 1, col=column + 1)
        for i, axis in enumerate(self._left_axes):
            # Every one stays in the scene (themed and scaled with the others, see __init__), hidden
            # and out of the layout where no row starts (a hidden item keeps its row's height).
            axis.setVisible(i % per_row == 0)
            if i % per_row == 0:
                layout.addItem(axis, 3 * (i // per_row) + 1, 0)
        self._placed = [layout.itemAt(i) for i in range(layout.count())]
        self._per_row = per_row
        self._ticks_key = None

    def _match_titles(self) -> None:
        """The four titles in one size, the smallest any of them needs at its width (wrapped at words):
        a row of panels titled 14 pt, 9 pt, 9 pt and 11 pt read as unrelated plots."""
        common = min(title.fitted_points() for title in self._title_labels)
        for title in self._title_labels:
            title.set_fixed_points(common)

    def panels_per_row(self) -> int:
        """How many panels share a row now (4 in the window)."""
        return self._per_row

    @contextmanager
    def figure_layout(self, size: QSizeF):
        """The panels arranged for a figure of ``size`` (layout pixels) while it is exported: in the rows
        (ARRANGEMENTS) that leave the smallest panel the most room, its shorter side counted, so that
        a column-wide figure stacks them two by two instead of squeezing four into slivers. The
        window's single row is put back afterwards."""
        central = self.centralWidget
        shown = central.geometry()
        room = {}
        for per_row in ARRANGEMENTS:
            self._arrange(per_row)
            self._settle_at(QRectF(shown.topLeft(), size))
            room[per_row] = min(min(view.width(), view.height()) for view in self._views)
        per_row = max(ARRANGEMENTS, key=lambda n: (room[n], n))
        self._arrange(per_row)
        value = self._colour_bars[-1].axis
        if per_row < 4:  # a bar a row high has no room for its "value" (its numbers say it)
            value.showLabel(False)
        # Left at the figure's size, settled: the export lays it out at this size again and finds
        # nothing left to move (a title or note that rewraps late would keep a stale height).
        self._settle_at(QRectF(shown.topLeft(), size))
        try:
            yield
        finally:
            value.showLabel(True)
            self._arrange(4)
            self._settle_at(shown)

    def _settle_at(self, geometry: QRectF) -> None:
        """Lay the panels out at ``geometry`` until the titles' and the note's heights, which follow
        their widths, and the ticks, which follow the views' sizes, stop changing."""
        self.centralWidget.setGeometry(geometry)
        for _ in range(SETTLING_PASSES):
            self._layout.activate()

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
        self._kept_limits = [None] * 4  # B − A, or B again: scales of their own
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
            bad = [title for title, matrix in self._stages if not np.isfinite(matrix).all()]
        if not bad:
            return ""
        return self.tr("NaN or inf, drawn as 0 or the scale's end and left out of its range, in: {panels}").format(
            panels=", ".join(bad))

    def _compose(self) -> None:
        if panel_style(self._shown) != self._placement:
            self._kept_limits = [None] * 4  # other stages
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
        self._match_titles()
        for view, image in zip(self._views, self._images):
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
        per_panel = self._per_panel(limits)
        if not per_panel:
            limits = [max(limits)] * len(limits)
        self._arrange_colour_bars(per_panel)
        # A scale drawn since the last change of what the panels show is kept while it suits (B − A's
        # largest difference moves with every edit): its labels, and the panels' widths, stay put.
        if per_panel:
            limits = [kept_colour_limit(kept, limit) for kept, limit in zip(self._kept_limits, limits)]
        else:
            limits = [kept_colour_limit(self._kept_limits[-1], limits[0])] * len(limits)
        self._kept_limits = list(limits)
        for (_, matrix), image, bar, limit in zip(self._stages, self._images, self._colour_bars, limits):
            finite = matrix if np.isfinite(matrix).all() else np.nan_to_num(matrix, nan=0.0, posinf=limit, neginf=-limit)
            image.setImage(finite, levels=(-limit, limit))
            bar.set_levels(-limit, limit)
        # Bars shown or hidden, or a scale's axis grown ("value (x0.001)": B − A's scales change with
        # every edit): the panels make room now, not in a layout pass queued behind the next paint,
        # which then paints them all again. Nothing to do when nothing moved, or before the first show
        # (showing lays everything out anyway).
        if self.isVisible():
            self._layout.activate()

    def per_panel_scales(self) -> bool:
        """Whether each panel has a colour scale of its own now (the choice, or under "auto" the ranges)."""
        return self._per_panel([colour_limit(m) for _, m in self._stages])

    def _per_panel(self, limits: list[float]) -> bool:
        """``per_panel_scales`` for the panels' colour limits, worked out once by the caller."""
        if self._scale != "auto" or not limits:
            return self._scale == "panel"
        return max(limits) > SEPARATE_BEYOND * min(limits)

    def set_scale(self, scale: str) -> None:
        """``"auto"`` (per panel when the panels' ranges differ by more than 10×), ``"shared"`` or ``"panel"``."""
        self._scale = scale
        self._kept_limits = [None] * 4
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
        for axis in self._left_axes:
            axis.setTicks([cell_ticks(self._labels[:rows], axis, height)])
        names = [f"d{j + 1}" for j in range(cols)]
        numbers = [str(j + 1) for j in range(cols)]
        numbered = False
        for bottom, view in zip(self._bottom_axes, self._views):
            ticks = cell_ticks(names, bottom, view.width())
            if len(ticks) < min(cols, 3):
                # A few narrow columns (4 in a 17 cm figure read "d2, d4") are numbered, so that every
                # column, or three, is labelled; a line under the panels says what the numbers are.
                plain = cell_ticks(numbers, bottom, view.width(), gap=NUMBER_GAP)
                if len(plain) > len(ticks):
                    ticks, numbered = plain, True
            bottom.setTicks([ticks])
        self._numbers_note.set_text(self.tr("Columns 1 … {n}: the dimensions d1 … d{n}").format(n=cols))
        self._show_numbers_note(numbered)

    def _show_numbers_note(self, on: bool) -> None:
        """The line under the panels saying that the columns are numbered, in the layout or out of it."""
        if on == self._numbers_note.isVisible() and (not on or self._numbers_note_row == 3 * (4 // self._per_row)):
            return
        if self._numbers_note in self._placed:
            self._layout.removeItem(self._numbers_note)
            self._placed.remove(self._numbers_note)
        self._numbers_note.setVisible(on)
        if on:
            self._numbers_note_row = 3 * (4 // self._per_row)
            self._layout.addItem(self._numbers_note, self._numbers_note_row, 1, 1, _column(self._per_row) - 1)
            self._placed.append(self._numbers_note)

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
            self._match_titles()
            self._write_note()
            self._ticks_key = None  # the line under numbered columns, in the new language
            self._label_axes()

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
