"""Which numbers a norm normalizes together (seed 000, fig. 5-5 "why NLP uses LayerNorm").

The token matrix as a grid of shaded cells, with each normalization group outlined: LayerNorm and
RMSNorm group each token (row), BatchNorm each dimension (column), no norm groups nothing.
Hover a group to read its μ and σ before and after the norm.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from engine.results.compute import Result
from widgets.plotkit.plot_style import BLUE, HEATMAP_COLORMAP, ORANGE, SKY
from widgets.common.retranslation import Retranslating

#: At most this many rows and columns are drawn; "…" marks the ones left out.
MAX_ROWS = 16
MAX_COLS = 16
MORE_ROOM = 18.0  # pixels kept below / right of the grid for the "⋮" / "…" marks
GROUPINGS = {"layer": "rows", "rms": "rows", "batch": "columns", "none": "none"}
#: Neighbouring groups alternate colour and line style, so they stay apart without colour vision too.
GROUP_PENS = ((BLUE, Qt.PenStyle.SolidLine), (ORANGE, Qt.PenStyle.DashLine))


@dataclass(frozen=True)
class _Geometry:
    cells: QRectF            # the bounding box of the drawn cells
    col_x: np.ndarray        # left edge of each drawn column
    row_y: np.ndarray        # top edge of each drawn row
    cell_w: float
    cell_h: float
    label_w: float
    caption: QRectF
    font_px: int


class GroupingView(Retranslating, QWidget):
    """The matrix as a grid with its normalization groups outlined; ``show_result`` redraws it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("groupingView")
        self.setAccessibleName("groupingView")
        self.setMouseTracking(True)
        self.setMinimumSize(240, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._colormap = pg.colormap.get(HEATMAP_COLORMAP)
        self._result: Result | None = None
        self._values = np.zeros((0, 0))   # the drawn corner of the matrix
        self._colors: list[list[QColor]] = []
        self._labels: tuple[str, ...] = ()
        self._shape = (0, 0)              # the whole matrix's
        self._norm = "none"
        self._hovered: int | None = None
        self._texts: dict[str, str] = {}
        self.retranslate()

    # --- public API --------------------------------------------------------------------------

    def show_result(self, result: Result) -> None:
        s = result.scenario
        if self._result is not None and result.norm is self._result.norm and s.labels == self._labels \
                and s.norm == self._norm:
            self._result = result
            return
        self._result = result
        self._norm = s.norm
        self._shape = s.matrix.shape
        self._labels = s.labels
        self._values = np.asarray(s.matrix[:MAX_ROWS, :MAX_COLS], dtype=float)
        self._colors = self._cell_colors(self._values)
        self._hovered = None
        self.update()

    def grouping(self) -> str:
        """``"rows"`` (LayerNorm, RMSNorm), ``"columns"`` (BatchNorm) or ``"none"``."""
        return GROUPINGS[self._norm]

    def group_count(self) -> int:
        """How many groups are drawn (at most MAX_ROWS or MAX_COLS)."""
        rows, cols = self._values.shape
        return {"rows": rows, "columns": cols}.get(self.grouping(), 0)

    def hovered_group(self) -> int | None:
        """The group drawn highlighted because the pointer is over it, or None."""
        return self._hovered

    def group_rect(self, index: int) -> QRectF:
        """The cells of group ``index`` (a row or a column of the drawn grid), in widget coordinates."""
        g = self._geometry()
        if self.grouping() == "rows":
            return QRectF(g.cells.left(), g.row_y[index], g.cells.width(), g.cell_h)
        if self.grouping() == "columns":
            return QRectF(g.col_x[index], g.cells.top(), g.cell_w, g.cells.height())
        raise IndexError("no groups without a norm")

    def group_at(self, pos: QPointF) -> int | None:
        """The index of the group (token row or dimension column) under ``pos``, or None.

        A row's token label and a column's header count as part of the group.
        """
        if self.grouping() == "none" or not self._values.size:
            return None
        g = self._geometry()
        x, y = pos.x(), pos.y()
        if self.grouping() == "rows":
            if not (g.cells.left() - g.label_w <= x <= g.cells.right()):
                return None
            hits = np.nonzero((g.row_y <= y) & (y <= g.row_y + g.cell_h))[0]
        else:
            if not (g.cells.top() - g.font_px * 1.6 <= y <= g.cells.bottom()):
                return None
            hits = np.nonzero((g.col_x <= x) & (x <= g.col_x + g.cell_w))[0]
        return int(hits[0]) if hits.size else None

    def group_tooltip(self, index: int) -> str:
        """The group's name and its μ and σ before and after the norm (from the Result)."""
        if self._result is None or self.grouping() == "none":
            return ""
        norm = self._result.norm
        if self.grouping() == "rows":
            stats = norm.row_stats
            name = self._texts["row_name"].format(label=self._labels[index], n=index + 1)
        else:
            stats = norm.col_stats
            name = self._texts["col_name"].format(n=index + 1)
        before = self._texts["before"].format(mean=_short(stats.mean_in[index]), std=_short(stats.std_in[index]))
        after = self._texts["after"].format(mean=_short(stats.mean_out[index]), std=_short(stats.std_out[index]))
        return "\n".join((name, before, after))

    def caption(self) -> str:
        """The sentence under the grid: which grouping is shown, and how much of the matrix."""
        lines = [self._texts[f"caption.{self._norm}"]]
        rows, cols = self._shape
        if rows > MAX_ROWS or cols > MAX_COLS:
            lines.append(self._texts["clipped"].format(rows=min(rows, MAX_ROWS), tokens=rows,
                                                       cols=min(cols, MAX_COLS), dims=cols))
        elif self.grouping() != "none":
            lines.append(self._texts["hint"])
        return "\n".join(lines)

    # --- translation -------------------------------------------------------------------------

    def retranslate(self) -> None:
        self._texts = {
            "caption.layer": self.tr("LayerNorm: each token (row) is normalized on its own"),
            "caption.rms": self.tr("RMSNorm: each token (row) is scaled by its own root mean square"),
            "caption.batch": self.tr("BatchNorm: each dimension (column) is normalized across the tokens"),
            "caption.none": self.tr("No norm: nothing is normalized, so there are no groups"),
            "hint": self.tr("Hover a group to read its μ and σ before and after."),
            "clipped": self.tr("Showing {rows} of {tokens} tokens and {cols} of {dims} dimensions."),
            "row_name": self.tr("Token “{label}” (row {n})"),
            "col_name": self.tr("Dimension d{n} (column {n})"),
            "before": self.tr("before: μ = {mean}, σ = {std}"),
            "after": self.tr("after: μ = {mean}, σ = {std}"),
            "empty": self.tr("No matrix yet"),
        }
        self.setAccessibleDescription(self.tr("The token matrix with the groups the norm normalizes together"))
        self.update()

    # --- geometry ----------------------------------------------------------------------------

    def _font(self, px: int, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(px)
        font.setBold(bold)
        return font

    def _geometry(self) -> _Geometry:
        margin = 10.0
        rows, cols = self._values.shape
        more_rows, more_cols = self._shape[0] > rows, self._shape[1] > cols
        caption_px = max(11, min(14, int(self.height() / 28)))
        caption_font = self._font(caption_px)
        text_w = self.width() - 2 * margin
        caption_h = QFontMetricsF(caption_font).boundingRect(
            QRectF(0, 0, text_w, 1000), int(Qt.TextFlag.TextWordWrap), self.caption()).height()
        caption = QRectF(margin, self.height() - margin - caption_h, text_w, caption_h)
        top_area = margin
        bottom_area = caption.top() - 16
        # The gaps between groups leave room for each outline on white, not over the cells.
        gap_r = 7.0 if self.grouping() == "rows" else 1.0
        gap_c = 7.0 if self.grouping() == "columns" else 1.0
        # Cell height first (the fonts follow it), then the label column from the fonts.
        header_guess = 20.0
        avail_h = bottom_area - top_area - header_guess - (MORE_ROOM + 3 if more_rows else 0.0)
        # Cells grow with the panel (up to a size that still reads as a grid), for a projector too.
        cell_h = max(8.0, min(64.0, (avail_h - gap_r * max(rows - 1, 0)) / max(rows, 1)))
        font_px = max(9, min(18, int(cell_h * 0.45)))
        metrics = QFontMetricsF(self._font(font_px))
        header_h = metrics.height() + 6
        label_w = min(self.width() * 0.3, max((metrics.horizontalAdvance(s) for s in self._labels[:rows]),
                                              default=0.0) + 14)
        avail_w = self.width() - 2 * margin - label_w - (MORE_ROOM + 3 if more_cols else 0.0)
        cell_w = max(8.0, min(130.0, (avail_w - gap_c * max(cols - 1, 0)) / max(cols, 1)))
        grid_w = cols * cell_w + gap_c * max(cols - 1, 0)
        grid_h = rows * cell_h + gap_r * max(rows - 1, 0)
        total_w = label_w + grid_w + (MORE_ROOM + 3 if more_cols else 0.0)
        left = margin + max(0.0, (self.width() - 2 * margin - total_w) / 2) + label_w
        top = top_area + header_h + max(0.0, (avail_h + header_guess - header_h - grid_h) / 2)
        col_x = left + np.arange(cols) * (cell_w + gap_c)
        row_y = top + np.arange(rows) * (cell_h + gap_r)
        return _Geometry(QRectF(left, top, grid_w, grid_h), col_x, row_y, cell_w, cell_h, label_w, caption, font_px)

    def _cell_colors(self, values: np.ndarray) -> list[list[QColor]]:
        """Shades on the heatmaps' diverging scale, symmetric around 0 (white-ish) over the drawn cells."""
        if not values.size:
            return []
        finite = values[np.isfinite(values)]
        limit = float(np.max(np.abs(finite))) if finite.size else 1.0
        limit = limit or 1.0
        scaled = np.clip((np.nan_to_num(values) / limit + 1.0) / 2.0, 0.0, 1.0)
        lut = self._colormap.getLookupTable(0.0, 1.0, 256, alpha=False)
        indices = np.round(scaled * 255).astype(int)
        return [[QColor(*map(int, lut[i])) for i in row] for row in indices]

    # --- painting ----------------------------------------------------------------------------

    def _ink(self, alpha: int = 255) -> QColor:
        """The palette's text colour, so labels and the hover outline follow a dark theme."""
        color = QColor(self.palette().color(QPalette.ColorRole.Text))
        color.setAlpha(alpha)
        return color

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Base))
        g = self._geometry()
        if self._values.size:
            self._paint_cells(p, g)
            self._paint_headers(p, g)
            self._paint_groups(p, g)
        p.setPen(self._ink())
        p.setFont(self._font(max(11, min(14, int(self.height() / 28)))))
        text = self.caption() if self._values.size else self._texts["empty"]
        p.drawText(g.caption, int(Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap), text)
        p.end()

    def _paint_cells(self, p: QPainter, g: _Geometry) -> None:
        rows, cols = self._values.shape
        show_values = g.cell_w >= 44 and g.cell_h >= 16
        font = self._font(max(9, min(17, int(g.cell_h * 0.4))))
        p.setFont(font)
        for r in range(rows):
            for c in range(cols):
                rect = QRectF(g.col_x[c], g.row_y[r], g.cell_w, g.cell_h)
                color = self._colors[r][c]
                p.fillRect(rect, color)
                if show_values:
                    p.setPen(QColor("white") if color.lightnessF() < 0.45 else QColor("#111111"))
                    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{self._values[r, c]:.3g}")

    def _paint_headers(self, p: QPainter, g: _Geometry) -> None:
        rows, cols = self._values.shape
        metrics_font = self._font(g.font_px)
        metrics = QFontMetricsF(metrics_font)
        p.setFont(metrics_font)
        p.setPen(self._ink())
        for r in range(rows):
            rect = QRectF(g.cells.left() - g.label_w, g.row_y[r], g.label_w - 8, g.cell_h)
            label = metrics.elidedText(self._labels[r], Qt.TextElideMode.ElideRight, rect.width())
            p.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
        header_h = metrics.height() + 6
        step = max(1, int(np.ceil(metrics.horizontalAdvance("d00") / max(g.cell_w, 1.0))))
        for c in range(0, cols, step):
            rect = QRectF(g.col_x[c] - 10, g.cells.top() - header_h, g.cell_w + 20, header_h - 3)
            p.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, f"d{c + 1}")
        p.setPen(self._ink(200))
        p.setFont(self._font(g.font_px + 4, bold=True))
        if self._shape[0] > rows:  # more tokens below
            below = QRectF(g.cells.left() - g.label_w, g.cells.bottom() + 3, g.label_w - 8, MORE_ROOM)
            p.drawText(below, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "⋮")
            below.moveLeft(g.cells.left())
            below.setWidth(g.cells.width())
            p.drawText(below, Qt.AlignmentFlag.AlignCenter, "⋮")
        if self._shape[1] > cols:  # more dimensions to the right
            p.drawText(QRectF(g.cells.right() + 3, g.cells.top(), MORE_ROOM, g.cells.height()),
                       Qt.AlignmentFlag.AlignCenter, "…")

    def _paint_groups(self, p: QPainter, g: _Geometry) -> None:
        if self.grouping() == "none":
            return
        pad = 3.0
        for i in range(self.group_count()):
            rect = self.group_rect(i).adjusted(-pad, -pad, pad, pad)
            if i == self._hovered:
                continue
            color, style = GROUP_PENS[i % len(GROUP_PENS)]
            if color == BLUE and self._ink().lightnessF() > 0.5:
                color = SKY  # Okabe–Ito's light blue: the dark blue vanishes on a dark theme
            p.setPen(QPen(QColor(color), 2.0, style))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect, 5, 5)
        if self._hovered is not None and self._hovered < self.group_count():
            rect = self.group_rect(self._hovered).adjusted(-pad, -pad, pad, pad)
            p.setPen(QPen(self._ink(), 3.5))  # the text colour: unlike both group colours in luminance
            p.drawRoundedRect(rect, 5, 5)

    # --- interaction -------------------------------------------------------------------------

    def mouseMoveEvent(self, event) -> None:
        index = self.group_at(event.position())
        if index != self._hovered:
            self._hovered = index
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.update()
        super().leaveEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.group_at(QPointF(event.pos()))
            if index is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.group_tooltip(index), self)
            return True
        return super().event(event)


def _short(value: float) -> str:
    """Three significant digits, as the seed's worked examples print them."""
    return f"{float(value):.3g}"


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(GroupingView, (500, 360))
