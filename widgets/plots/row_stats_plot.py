"""Per-token (or, under BatchNorm, per-dimension) μ and σ before and after the norm, as grouped bars
(as lines when the bars would be too thin to see, e.g. 2048 tokens). Under RMSNorm the last bar is the
RMS after the norm, what RMSNorm sets to 1, not σ; the title says what each norm sets to 1."""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np
import pyqtgraph as pg

from PySide6.QtCore import QSizeF, Signal
from PySide6.QtGui import QFont, QFontMetricsF

from engine.results.compute import Result
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import (BLUE, KEEP_MARGIN, ORANGE, SKY, configure_plot, pen, pinned_pen,
                                       set_title_once, settled_range)
from widgets.plotkit.round_limits import linear_limits
from widgets.plotkit.steady_bars import SteadyBars
from widgets.common.retranslation import Retranslating

SERIES = (  # (field of AxisStats, colour, bar offset)
    ("mean_in", SKY, -0.3),
    ("std_in", BLUE, -0.1),
    ("mean_out", "#F0E442", 0.1),
    ("std_out", ORANGE, 0.3),
)
LABEL_GAP = 8  # pixels between neighbouring token labels
BAR_WIDTH = 0.2  # of a token's slot
#: Bars narrower than this many pixels (their outlines alone then fill the plot: a black mass) are
#: drawn as one line per series instead.
MIN_BAR_PIXELS = 2.0


class RowStatsPlot(Retranslating, PlotPanel):
    """Grouped bars per token; BatchNorm groups by dimension, so the plot follows it to columns."""

    #: A's marks were added to the plot, at the first pin (the window scales them in presentation mode).
    itemsAdded = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("rowStatsPlot")
        self.setAccessibleName("rowStatsPlot")
        self._bars, self._lines = {}, {}
        self._pinned_bars, self._pinned_lines = {}, {}
        self._pinned: dict[str, np.ndarray] = {}
        self._pinned_result: Result | None = None  # A, read again when B's norm changes the statistic shown
        self._identity_affine = True  # γ = 1 and β = 0 (RMSNorm: γ = 1): the norm's targets show as they are
        self._pinned_grouping: tuple[str, int] | None = None  # A's grouping and count, when pinned
        for field, color, _ in SERIES:
            bars = SteadyBars(x=[], height=[], width=BAR_WIDTH, brush=color, pen=pen("#333333", 0.5))
            self.addItem(bars)
            self._bars[field] = bars
            line = pg.PlotCurveItem(pen=pen(color, 1.0))
            line.hide()
            self.addItem(line)
            self._lines[field] = line
        # A's (a pinned scenario's) values, dashed outlines over B's bars or dashed lines, are built
        # at the first pin (_pinned_marks: eight items are ~2 ms of the window's start-up).
        self._as_lines = False
        self._zero_line = pg.InfiniteLine(pos=0, angle=0, pen=pen("#999999", 1))
        self.addItem(self._zero_line)
        self._names: tuple[str, ...] = ()
        self._measured = (None, np.zeros(0))  # (names, font size) and each name's width in pixels
        self._placed = (None, 0.0)  # the measure key and the room the ticks were placed for
        self._values: dict[str, np.ndarray] = {}
        self._grouping = "rows"
        self._shown = None
        self._frame = None  # what the titles, key and tick names were last set for (see show_result)
        self._affine_of: tuple = (None, None, None)  # the γ, β and norm ``_identity_affine`` was worked out for
        self._ticks = None
        self._norm = "layer"
        self._current = (1, 0)  # the grid's current cell: its token (or dimension) keeps its label
        self._two_rows_allowed = False  # a figure may put every other label on a second line (figure_layout)
        configure_plot(self)
        self.scene().sigMouseMoved.connect(self._on_hover)
        self.vb.sigResized.connect(lambda _: self._label_ticks())
        self.vb.sigXRangeChanged.connect(lambda *_: self._label_ticks())  # a zoom makes room for more
        self.retranslate()

    def _series_names(self) -> dict[str, str]:
        return {"mean_in": self.tr("μ before"), "std_in": self.tr("σ before"), "mean_out": self.tr("μ after"),
                "std_out": self.tr("RMS after") if self._norm == "rms" else self.tr("σ after")}

    def retranslate(self) -> None:
        self._set_key()
        self.setLabel("left", self.tr("value"))
        self._relabel()

    def _set_key(self) -> None:
        names = self._series_names()
        marks = self._lines if self._as_lines else self._bars
        entries = [(marks[field], names[field]) for field, _, _ in SERIES]
        if self._pinned_drawn():
            bars, lines = self._pinned_marks()
            pinned = lines if self._as_lines else bars
            entries += [(pinned[field], self.tr("A: {curve}").format(curve=names[field])) for field, _, _ in SERIES]
        self.key.set_entries(entries)

    def _relabel(self) -> None:
        kind = {"layer": "LayerNorm", "rms": "RMSNorm", "batch": "BatchNorm", "dyt": "DyT",
                "none": self.tr("no norm")}[self._norm]
        # DyT squashes each element; the "after" bars are just what comes out.
        notes = [self.tr("DyT does not normalize: no statistics are taken")] if self._norm == "dyt" else []
        if self._pinned_grouping is not None and not self._pinned_drawn():
            notes.append(self.tr("A is not drawn: its tokens or grouping differ from these."))
        self.note.set_text(" ".join(notes))
        if self._grouping == "columns":
            title, what = self.tr("μ and σ per dimension, {kind}"), self.tr("dimension (column)")
        else:
            title, what = self.tr("μ and σ per token, {kind}"), self.tr("token (row)")
        set_title_once(self, self._target_title() or title.format(kind=kind))
        if self.getAxis("bottom").labelText != what:
            self.setLabel("bottom", what)

    def _target_title(self) -> str:
        """The title naming what the norm sets to 1 ("" for no norm), and that γ and β act after it."""
        title = {"layer": self.tr("μ and σ per token · LayerNorm sets σ to 1"),
                 "rms": self.tr("μ, σ and RMS per token · RMSNorm sets RMS to 1"),
                 "batch": self.tr("μ and σ per dimension · BatchNorm sets each column's σ to 1"),
                 "dyt": self.tr("μ and σ per token · DyT sets nothing to 1")}.get(self._norm, "")
        if title and self._norm != "dyt" and not self._identity_affine:
            after = self.tr("{title} (before γ)") if self._norm == "rms" else self.tr("{title} (before γ, β)")
            title = after.format(title=title)
        return title

    @property
    def grouping(self) -> str:
        """``"rows"`` (one group of bars per token) or ``"columns"`` (per dimension, BatchNorm)."""
        return self._grouping

    def set_current(self, row: int, column: int) -> None:
        """The grid's current cell: its token (its dimension under BatchNorm) is always labelled."""
        if (row, column) != self._current:
            self._current = (row, column)
            self._placed = (None, 0.0)
            self._label_ticks()

    def show_result(self, result: Result) -> None:
        s = result.scenario
        if result.norm is self._shown and s.labels == self._names:
            return  # same statistics (a setting that only moves the stack changed)
        self._shown = result.norm
        renormed = s.norm != self._norm
        self._norm = s.norm
        gamma, beta, norm = self._affine_of
        if s.gamma is not gamma or s.beta is not beta or s.norm != norm:  # the same arrays after a cell edit
            self._affine_of = (s.gamma, s.beta, s.norm)
            # RMSNorm has no β: only γ acts after it.
            self._identity_affine = bool(np.all(s.gamma == 1) and (s.norm == "rms" or np.all(s.beta == 0)))
        grouping, self._values = _series_of(result, self._norm)
        regrouped = grouping != self._grouping
        self._names = tuple(f"d{i + 1}" for i in range(s.dims)) if grouping == "columns" else s.labels
        self._grouping = grouping
        if renormed and self._pinned_result is not None:
            self._take_pinned()  # A's last bar is the statistic B's norm sets to 1, as B's is
        # The titles, the key and the names follow the norm, the tokens and A, not the values: a cell edit
        # leaves them as they are.
        frame = (s.norm, self._identity_affine, grouping, self._names, self._pinned_grouping)
        if frame != self._frame:
            self._frame = frame
            self._relabel()
            self._set_key()
            self._draw_marks()
            self._label_ticks()
        else:
            self._draw_marks()
        self._fit()
        if regrouped:
            self.vb.refit()  # tokens became dimensions (or back): a zoom on the old ones means nothing

    def show_pinned(self, result: Result | None) -> None:
        """Draw A's μ and σ (a pinned scenario's Result) as dashed outlines over the current bars
        (dashed lines when the bars are lines); None: none. Drawn only when A has the same tokens (or
        dimensions) in the same grouping, else the plot says so."""
        self._pinned_result = result
        self._take_pinned()
        self._relabel()
        self._set_key()
        self._draw_marks()
        self._fit()

    def _take_pinned(self) -> None:
        if self._pinned_result is None:
            self._pinned, self._pinned_grouping = {}, None
        else:
            grouping, self._pinned = _series_of(self._pinned_result, self._norm)
            self._pinned_grouping = (grouping, len(self._pinned["mean_in"]))

    def _pinned_drawn(self) -> bool:
        return self._pinned_grouping == (self._grouping, len(self._names))

    def pinned_bar_heights(self) -> dict:
        """A's values drawn now, by AxisStats field; empty when A is not drawn."""
        return dict(self._pinned) if self._pinned_drawn() else {}

    def _fit(self) -> None:
        if not self._values:
            return
        drawn = [*self._values.values(), *(self._pinned.values() if self._pinned_drawn() else ())]
        heights = np.concatenate(drawn)
        heights = heights[np.isfinite(heights)]
        low, high = (float(heights.min()), float(heights.max())) if heights.size else (0.0, 1.0)
        low, high = min(low, 0.0), max(high, 0.0)
        margin = KEEP_MARGIN * (high - low)  # a bar of 50 gets an axis up to 60, not one ending on its top
        needed = (low - margin if low < 0 else 0.0, high + margin if high > 0 else 0.0)
        # A value axis that still suits is kept: an edit of one token then leaves it (and its drawing) alone.
        self.vb.fit((-0.6, len(self._names) - 0.4), settled_range(self, linear_limits(*needed), needed))

    def _draw_marks(self) -> None:
        """The values as grouped bars, or as one line per series; the other kind is emptied."""
        x = np.arange(len(self._names), dtype=float)
        for field, _, offset in SERIES:
            values = self._values.get(field, np.zeros(0))
            if self._as_lines:
                self._lines[field].setData(x, values)
                self._bars[field].setOpts(x=[], height=[], width=BAR_WIDTH)
            else:
                self._bars[field].setOpts(x=x + offset, height=values, width=BAR_WIDTH)
                _empty(self._lines[field])
            self._lines[field].setVisible(self._as_lines)
            self._bars[field].setVisible(not self._as_lines)
            pinned = self._pinned.get(field) if self._pinned_drawn() else None
            if pinned is None and not self._pinned_bars:
                continue  # A never drawn: an edit without A costs what it did
            pinned_bars, pinned_lines = self._pinned_marks()
            bars, line = pinned_bars[field], pinned_lines[field]
            if pinned is None and not bars.isVisible() and not line.isVisible():
                continue  # nothing of A, before or now
            if pinned is None or self._as_lines:
                bars.setOpts(x=[], height=[], width=BAR_WIDTH)
            else:
                bars.setOpts(x=x + offset, height=pinned, width=BAR_WIDTH)
            if pinned is not None and self._as_lines:
                line.setData(x, pinned)
            else:
                _empty(line)
            bars.setVisible(pinned is not None and not self._as_lines)
            line.setVisible(pinned is not None and self._as_lines)

    def _pinned_marks(self) -> tuple[dict[str, pg.BarGraphItem], dict[str, pg.PlotCurveItem]]:
        """A's bars and lines by series, built on first use, each stacked over B's marks of its series
        (below the next series' and the zero line, as when they were built with the plot)."""
        if not self._pinned_bars:
            following = [*(self._bars[field] for field, _, _ in SERIES[1:]), self._zero_line]
            for (field, color, _), above in zip(SERIES, following):
                self._pinned_bars[field] = SteadyBars(x=[], height=[], width=BAR_WIDTH, brush=None,
                                                           pen=pinned_pen(pen(color, 2.0)))
                self._pinned_lines[field] = pg.PlotCurveItem(pen=pinned_pen(pen(color, 1.5)))
                for item in (self._pinned_bars[field], self._pinned_lines[field]):
                    item.hide()
                    self.addItem(item)
                    item.stackBefore(above)
            self.itemsAdded.emit()
        return self._pinned_bars, self._pinned_lines

    def marks(self) -> str:
        """``"bars"``, or ``"lines"`` when bars would be under MIN_BAR_PIXELS wide at this size and zoom."""
        return "lines" if self._as_lines else "bars"

    def _label_ticks(self) -> None:
        """Every name the axis has room for: every k-th name when neighbours would overlap. Bars
        too thin to see become lines here too (both follow the room per token)."""
        if not self._names:
            return
        font = self.getAxis("bottom").style["tickFont"] or QFont()  # presentation mode enlarges it
        key = (self._names, font.pointSizeF())
        if key != self._measured[0]:  # measured once per names and size, not on every edit
            metrics = QFontMetricsF(font)
            self._measured = (key, np.array([metrics.horizontalAdvance(name) for name in self._names]))
        widths = self._measured[1]
        left, right = self.vb.viewRange()[0]
        room = max(self.vb.width(), 1.0) / max(right - left, 1.0)  # pixels between bar groups, as zoomed
        as_lines = BAR_WIDTH * room < MIN_BAR_PIXELS
        if as_lines != self._as_lines:
            self._as_lines = as_lines
            self._draw_marks()
            self._set_key()
        if (key, room) == self._placed:
            return  # an edit: same names, same room, same ticks
        self._placed = (key, room)
        # No step below this fits even the narrowest neighbours; 2048 tokens need a step in the hundreds.
        step = max(1, int((widths.min() + LABEL_GAP) // room))
        while step < len(widths):  # centred labels k apart overlap when half of each plus a gap exceed k·room
            shown = widths[::step]
            if len(shown) < 2 or np.max(shown[:-1] + shown[1:]) / 2 + LABEL_GAP <= step * room:
                break
            step += 1
        if step == 2 and self._two_rows_allowed and (
                len(widths) < 3 or np.max(widths[:-2] + widths[2:]) / 2 + LABEL_GAP <= 2 * room):
            # Every other name a line lower: neighbours on one line are two slots apart, so all fit.
            # The axis title gives that line up: the plot's title already says "per token".
            ticks = [[(i, "\n" * (i % 2) + name) for i, name in enumerate(self._names)]]
        else:
            ticks = [[(i, self._names[i]) for i in self._labelled(step, room)]]
        if self._two_rows_allowed:
            self._fit_two_rows(font, two=len(ticks[0]) > 1 and ticks[0][1][1].startswith("\n"))
        if ticks != self._ticks:  # new ticks redraw the axis: only when they change
            self._ticks = ticks
            self.getAxis("bottom").setTicks(ticks)

    @contextmanager
    def figure_layout(self, size: QSizeF):
        """As a plot's (``PlotPanel.figure_layout``), and a figure too narrow for every token's name on
        one line labels them all on two, in place of the axis title (a column's 苹果(换序) lost its
        label); the window keeps one line."""
        self._two_rows_allowed, self._placed = True, (None, 0.0)
        try:
            with super().figure_layout(size):
                yield
        finally:
            self._two_rows_allowed, self._placed = False, (None, 0.0)
            self._fit_two_rows(QFont(), two=False)
            self._label_ticks()

    def _fit_two_rows(self, font: QFont, two: bool) -> None:
        """The axis two lines of names high, without its title (``two``), or as pyqtgraph sizes it: it
        counts 0.8 of a label's height, which leaves a second line half under the key."""
        axis = self.getAxis("bottom")
        axis.showLabel(not two)
        if two:
            axis.setHeight(2 * QFontMetricsF(font).lineSpacing() + axis.style["tickTextOffset"][1]
                           + max(0, axis.style["tickLength"]))
        elif axis.fixedHeight is not None:
            axis.setHeight(None)

    def _labelled(self, step: int, room: float) -> list[int]:
        """Every ``step``-th name, plus the first and the current one (the lesson's token), whose
        neighbours make way for them."""
        widths = self._measured[1]
        current = self._current[1] if self._grouping == "columns" else self._current[0]
        kept = sorted({0, current} & set(range(len(widths))))

        def clear(i: int, j: int) -> bool:
            return i == j or (widths[i] + widths[j]) / 2 + LABEL_GAP <= abs(i - j) * room

        if len(kept) == 2 and not clear(*kept):
            kept = kept[1:]  # too close to show both: the current one wins
        others = [i for i in range(0, len(widths), step) if all(clear(i, k) for k in kept)]
        return sorted(set(kept) | set(others))
    def bar_heights(self) -> dict:
        """What the bars show now, by AxisStats field (for tests and scripts)."""
        return dict(self._values)

    def _on_hover(self, pos) -> None:
        if not self._names or not self.vb.sceneBoundingRect().contains(pos):
            return
        i = int(round(self.vb.mapSceneToView(pos).x()))
        if 0 <= i < len(self._names):
            names = self._series_names()
            parts = [f"{names[field]} = {self._values[field][i]:.4g}" for field, _, _ in SERIES]
            if self._pinned_drawn():
                parts += [self.tr("A: {curve}").format(curve=f"{names[field]} = {self._pinned[field][i]:.4g}")
                          for field, _, _ in SERIES]
            self.setToolTip(f"{self._names[i]}: " + ", ".join(parts))


def _empty(line: pg.PlotCurveItem) -> None:
    """No points on ``line``; one already empty (a bar plot's hidden lines, on every edit) is left
    alone: pyqtgraph's setData invalidates its bounds and the view's, and repaints it, even for none."""
    if line.xData is not None and len(line.xData):
        line.setData([], [])


def _series_of(result: Result, shown_norm: str) -> tuple[str, dict[str, np.ndarray]]:
    """How ``result``'s statistics are grouped (``"columns"`` under BatchNorm, else ``"rows"``) and their
    values by AxisStats field; under a ``shown_norm`` of RMSNorm the ``std_out`` series holds the RMS after
    the norm (``AxisStats.rms_out``), the statistic RMSNorm sets to 1."""
    by_column = result.scenario.norm == "batch"
    stats = result.norm.col_stats if by_column else result.norm.row_stats
    fields = {field: field for field, _, _ in SERIES} | ({"std_out": "rms_out"} if shown_norm == "rms" else {})
    return "columns" if by_column else "rows", {
        field: np.asarray(getattr(stats, source), dtype=float) for field, source in fields.items()}


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(RowStatsPlot, (800, 400))
