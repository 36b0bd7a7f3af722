"""Axes that cost less than pyqtgraph's and keep their label within their length: a label laid out
only when its text changes, and (GridAxis) grid lines that look as pyqtgraph fades them but are
drawn opaque."""

from __future__ import annotations

import math
import re

import pyqtgraph as pg
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPicture

from widgets.plotkit.log_ticks import log_tick_levels, power_label
from widgets.plotkit.text_fit import elided, font_of


LABEL_SHRINK = (1.0, 0.9, 0.8, 0.7)  # an axis label's sizes tried before it is cut
MIN_LABELS = 3  # labelled ticks a linear axis keeps
LABEL_GAP = 3  # pixels kept between two x labels
END_LABEL_ROOM = 14  # pixels an x axis's end labels may reach past its ends (plots keep that room free)


def _inner_ticks(low: float, high: float, step: float) -> int:
    """Multiples of ``step`` inside low..high, leaving 3% of the range free at each end."""
    margin = 0.03 * (high - low)
    return max(0, math.floor((high - margin) / step) - math.ceil((low + margin) / step) + 1)


def _two_lines(text: str) -> list[str]:
    """``text`` broken at the space nearest its middle ([] for a single word)."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return []
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1:]]


def _finer(step: float) -> float:
    """The next smaller 1-2-5 step: 1 → 0.5, 2 → 1, 5 → 2 (times a power of ten)."""
    power = 10.0 ** math.floor(math.log10(step) + 1e-9)
    mantissa = round(step / power)
    return power * {1: 0.5, 2: 1.0, 5: 2.0}.get(mantissa, mantissa / 2)


class QuickAxis(pg.AxisItem):
    """pyqtgraph lays out the axis label's HTML, and the axis's size, again on every pen change and
    range change (140 times while the window starts, ~5 ms); here only when the text changes. A
    label longer than the axis (a short plot in presentation mode) is drawn smaller, then on two
    lines, and only then elided, instead of running past it."""

    def _length(self) -> float:
        return self.size().height() if self.orientation in ("left", "right") else self.size().width()

    def tickSpacing(self, minVal, maxVal, size):  # noqa: N802, N803 (pyqtgraph's names)
        """pyqtgraph's spacing, made finer (1-2-5 steps) until at least MIN_LABELS ticks fall inside the
        range, away from its ends (where a label would be cut): a short value axis read "40, 20" only."""
        levels = super().tickSpacing(minVal, maxVal, size)
        if self.logMode or self._tickSpacing is not None or not levels or not maxVal > minVal:
            return levels
        major = levels[0][0]
        wanted = min(MIN_LABELS, self._labels_with_room(size))  # never so many that they overlap
        while _inner_ticks(minVal, maxVal, major) < wanted and major > (maxVal - minVal) * 1e-6:
            major = _finer(major)
        return levels if major == levels[0][0] else [(major, 0), (major / 2, 0)]

    def _labels_with_room(self, size: float) -> int:
        """How many tick labels fit along ``size`` pixels without touching (a colour bar 27 px high in
        a column-wide figure holds one, not three on top of each other)."""
        metrics = QFontMetricsF(self.style["tickFont"] or font_of(None))
        room = 1.2 * metrics.height() if self.orientation in ("left", "right") else metrics.horizontalAdvance("−0.00") + 8
        return max(1, int(size // room))

    def labelString(self) -> str:  # noqa: N802 (pyqtgraph's name)
        full, length = self.labelText, self._length()
        if not full or length <= 0:
            return super().labelString()
        size = self.labelStyle.get("font-size")
        text, points = self._fitted_text(full, length)
        try:  # pyqtgraph's own label, built around the fitted text and size
            self.labelText = text
            if points is not None:
                self.labelStyle["font-size"] = f"{points:.2f}pt"
            return super().labelString()
        finally:
            self.labelText = full
            if points is not None:
                self.labelStyle["font-size"] = size

    def _fitted_text(self, full: str, length: float) -> tuple[str, float | None]:
        """``full`` as it fits ``length`` beside its units: whole, at a smaller size (down to
        LABEL_SHRINK[-1] of the asked one; None: the asked size), else cut with "…"; measured again
        only when one of them changes."""
        size = str(self.labelStyle.get("font-size", ""))
        key = (full, length, size, self.labelUnits, self.labelUnitPrefix, self.autoSIPrefixScale)
        if key != getattr(self, "_fit_key", None):
            asked = font_of(size)
            self.labelText = ""
            units = re.sub(r"<[^>]*>", "", super().labelString())  # " (x1e-06)", or a space
            self._fit_key = key
            self._fit_text = (elided(full, asked, length - 8 - QFontMetricsF(asked).horizontalAdvance(units)), None)
            for scale in LABEL_SHRINK:
                font = font_of(size)
                font.setPointSizeF(asked.pointSizeF() * scale)
                metrics = QFontMetricsF(font)
                if metrics.horizontalAdvance(full) + metrics.horizontalAdvance(units) + 8 <= length:
                    self._fit_text = (full, None if scale == 1.0 else font.pointSizeF())
                    break
            else:  # two lines at the smallest size, when each fits
                lines = _two_lines(full)
                if lines and all(metrics.horizontalAdvance(line) + metrics.horizontalAdvance(units) + 8 <= length
                                 for line in lines):
                    self._fit_text = ("<br>".join(lines), font.pointSizeF())
        return self._fit_text

    def setStyle(self, **kwds) -> None:  # noqa: N802 (pyqtgraph's name)
        """pyqtgraph's; an axis whose label room only grows (``autoReduceTextSpace`` off: a colour bar)
        measures it from nothing, and again when its tick font changes (presentation mode and a
        publication figure enlarge the font, then restore it): it is as wide as the widest labels it
        showed at this size."""
        super().setStyle(**kwds)
        if ("tickFont" in kwds or "autoReduceTextSpace" in kwds) and not self.style["autoReduceTextSpace"]:
            self.textWidth = self.textHeight = 0

    def draw_now(self) -> None:
        """Build the cached drawing of the ticks and their labels now, not in the next paint: pyqtgraph
        sizes the axis to the labels while it draws them, and a size changed inside a paint lays the
        plot out again and paints all of it a second time (a colour bar's "−0.005" becoming "−5")."""
        if self.picture is not None or not self.isVisible() or self.getViewWidget() is None:
            return  # drawn already, or nowhere to draw yet (pyqtgraph measures labels in the view's pixels)
        sink = QPicture()
        painter = QPainter(sink)
        try:
            self.paint(painter, None, None)  # pyqtgraph's own drawing, kept as self.picture
        finally:
            painter.end()

    def resizeEvent(self, event=None) -> None:  # noqa: N802
        if self.label is not None and self._length() != getattr(self, "_label_length", None):
            self._label_length = self._length()
            self._updateLabel()  # the label may fit now, or no longer
        super().resizeEvent(event)

    def _updateLabel(self) -> None:  # noqa: N802 (pyqtgraph's name)
        html = self.labelString()
        if html != getattr(self, "_label_html", None):  # pyqtgraph calls this from its __init__
            self._label_html = html
            self.label.setHtml(html)
            pg.AxisItem.resizeEvent(self)  # centre the new text (pyqtgraph leaves it where it was)
            self._adjustSize()  # a new label may need another width or height; the same one doesn't
        self.picture = None  # a pen changed, or the range
        self.update()


class GridAxis(QuickAxis):
    """pyqtgraph fades the finer levels of a grid with transparency, and blending those lines
    over the plot costs 2-5 ms per repaint of each plot here. Each faded colour is mixed with the
    plot's background beforehand instead: the same picture on that background, with no blending.

    In log mode the labels are decades in one style, thinned to the room (see log_ticks).
    """

    def __init__(self, orientation: str, **kwargs):
        super().__init__(orientation, **kwargs)
        self._background = QColor("#FFFFFF")

    def set_background(self, color) -> None:
        """The colour the grid is drawn on (the plot's background; it changes with the theme)."""
        self._background = QColor(color)
        self.picture = None  # pyqtgraph's drawing cache
        self.update()

    def boundingRect(self):  # noqa: N802 (Qt's name)
        """pyqtgraph's, which also decides which labels are drawn: a label reaching past it is dropped.
        With a grid it ends where the view ends, so the last label ("10" at layer 10) was dropped as
        soon as it was a few pixels wide; an x axis lets its end labels reach END_LABEL_ROOM past."""
        rect = super().boundingRect()
        if self.orientation in ("top", "bottom"):
            rect = rect.adjusted(-END_LABEL_ROOM, 0, END_LABEL_ROOM, 0)
        return rect

    def tickValues(self, minVal, maxVal, size):  # noqa: N802, N803 (pyqtgraph's names)
        if not self.logMode or self._tickLevels is not None:
            return super().tickValues(minVal, maxVal, size)
        metrics = QFontMetricsF(self.style["tickFont"] or font_of(None))
        vertical = self.orientation in ("left", "right")
        # A label's room: its line height and a half on a value axis, "10⁻¹⁰" and a gap across.
        room = 1.5 * metrics.height() if vertical else metrics.horizontalAdvance("10⁻¹⁰") + 12
        return log_tick_levels(minVal, maxVal, size, room)

    def logTickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph's name)
        """Decades as powers of ten; the unlabelled level (spacing None) gets empty labels."""
        return ["" if spacing is None else power_label(v) for v in values]

    def generateDrawSpecs(self, p):  # noqa: N802 (pyqtgraph's name)
        specs = super().generateDrawSpecs(p)
        if specs is None:
            return None
        axis_spec, tick_specs, text_specs = specs
        text_specs = self._inside_the_plot(text_specs)
        opaque: dict[int, QPen] = {}
        ticks = []
        for tick_pen, start, end in tick_specs:
            rgba = tick_pen.color().rgba()
            if rgba not in opaque:
                opaque[rgba] = self._mixed(tick_pen)
            ticks.append((opaque[rgba], start, end))
        return axis_spec, ticks, text_specs

    def _inside_the_plot(self, text_specs: list) -> list:
        """An x axis's end labels, which may reach past its ends (boundingRect), moved just enough to
        stay inside the plot they belong to (the rightmost plot has no room right of its data)."""
        parent = self.parentItem()
        if self.orientation not in ("top", "bottom") or parent is None:
            return text_specs
        geometry, outer = self.geometry(), parent.boundingRect()
        local = self.mapRectFromParent(geometry)
        left = local.left() - (geometry.left() - outer.left())
        right = local.right() + (outer.right() - geometry.right())
        moved = []
        for rect, flags, text in text_specs:
            if rect.right() > right:
                rect = rect.translated(right - rect.right(), 0)
            if rect.left() < left:
                rect = rect.translated(left - rect.left(), 0)
            moved.append((rect, flags, text))
        # Moved in, an end label may touch its neighbour ("8" and "10" read "810" in a narrow plot): the
        # ends are kept first, then each label that keeps clear of those kept.
        order = sorted(range(len(moved)), key=lambda i: moved[i][0].center().x())
        order = order[:1] + order[-1:] + order[1:-1] if len(order) > 1 else order
        # A label starting with line breaks is drawn that many lines lower: it only meets labels on its line.
        lines = [len(text) - len(text.lstrip("\n")) for _, _, text in moved]
        kept: list[int] = []
        for i in order:
            room = moved[i][0].adjusted(-LABEL_GAP, 0, LABEL_GAP, 0)
            if not any(lines[k] == lines[i] and room.intersects(moved[k][0]) for k in kept):
                kept.append(i)
        return [moved[i] for i in sorted(kept)]

    def _mixed(self, tick_pen: QPen) -> QPen:
        color, background = tick_pen.color(), self._background
        alpha = color.alphaF()
        if alpha >= 1.0:
            return tick_pen
        mixed = QPen(tick_pen)
        mixed.setColor(QColor.fromRgbF(*(b + (c - b) * alpha for c, b in (
            (color.redF(), background.redF()), (color.greenF(), background.greenF()),
            (color.blueF(), background.blueF())))))
        return mixed


def grid_axes() -> dict[str, GridAxis]:
    """Left and bottom axes for a new plot (``axisItems=`` of pyqtgraph's plot constructors)."""
    return {"left": GridAxis("left"), "bottom": GridAxis("bottom")}
