"""A caption under the depth and gradient plots: the laws the curves on screen follow, measured from
them (engine.core.depth_laws), not quoted from papers, so it never claims what these settings don't show."""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from engine.results.compute import Result
from engine.core.depth_laws import DepthLaw
from engine.results.zero_division import first_zero_division
from widgets.plots.placement_names import placement_names
from widgets.common.retranslation import Retranslating


#: Below this height of the page it sits on, the caption steps aside: the plots need the room more.
MIN_PAGE_HEIGHT = 720
#: The caption's text size over the application's: a side note, but scaled with it (presentation mode's F11).
TEXT_SCALE = 0.85
SEPARATOR = "   ·   "  # between the stacks' entries
_DIGITS = re.compile(r"\d")


def plain_number(value: float) -> str:
    """A number as a student reads it off the plot: 2 significant digits below 100 (0.75, 3.3),
    whole above (141, 647,853), powers of ten only beyond 10¹⁵."""
    if abs(value) >= 1e15:
        return f"{value:.2g}"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2g}"


class DepthLawsCaption(Retranslating, QWidget):
    """One entry per stack: how its RMS grows over the layers and how its gradients lean, in pages of
    two lines when they don't fit (click or scroll for the next). Hidden on a short page (a 1024 × 768
    projector), where the plots need the height.

    It paints its two wrapped lines itself rather than being a QLabel: a QLabel's ``setText`` asks the
    page's layout to run again on every edit, and a see-through label repaints the window behind it
    (together about 3 ms of a 6 × 4 edit). This one only repaints itself, over its own background.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self._text = ""
        self._shown = ""
        self._pages: list[str] = [""]  # what the two lines show, page by page
        self._page = 0
        self._fit_key = None  # the text's shape, size and font the pages below were measured for
        self._page_sizes: tuple[int, ...] = (0,)  # how many entries each page holds
        self.setObjectName("depthLaws")
        self.follow_the_text_size()
        self.setAutoFillBackground(True)  # opaque: what lies behind it is never repainted for it
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fit_height()
        self._result: Result | None = None
        self._laws: tuple[DepthLaw, ...] = ()

    def follow_the_text_size(self) -> None:
        """Take the application's text size (times TEXT_SCALE) again, as presentation mode changes it.

        Qt keeps a widget's own point size when the application's font changes, and tells only the
        windows, so whoever changes the application's font calls this (app/window/presentation.py)."""
        font = self.font()
        font.setPointSizeF(QApplication.font().pointSizeF() * TEXT_SCALE)
        self.setFont(font)

    def _fit_height(self) -> None:
        # Two lines, always: new numbers after an edit must not lay out (and repaint) the plots again.
        # As tall as two lines are laid out (a wrapped line can be a pixel taller than lineSpacing, a line
        # with Chinese, drawn in the bundled CJK font, taller still).
        two_lines = self.fontMetrics().boundingRect(QRect(0, 0, 10_000, 10_000), int(Qt.TextFlag.TextWordWrap), "Ag层\nAg层")
        self.setFixedHeight(max(2 * self.fontMetrics().lineSpacing(), two_lines.height()) + 4)

    def text(self) -> str:
        """The whole caption (every stack), whatever part of it the two lines show."""
        return self._text

    def shown_text(self) -> str:
        """What the two lines show now: whole entries of one page, and which page of how many."""
        return self._shown

    def page_count(self) -> int:
        """How many pages of two lines the entries take (1 when they all fit)."""
        return len(self._pages)

    def show_page(self, page: int) -> None:
        """Show page ``page`` (0-based, taken round: after the last comes the first)."""
        self._page = page % len(self._pages)
        self._shown = self._pages[self._page]
        self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if len(self._pages) > 1:  # the next page: every stack is a click away, not only in the tooltip
            self.show_page(self._page + 1)
        super().mousePressEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if len(self._pages) > 1 and event.angleDelta().y():
            self.show_page(self._page + (1 if event.angleDelta().y() < 0 else -1))
            event.accept()
            return
        super().wheelEvent(event)

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name, which it stands in for)
        if text != self._text:
            self._text = text
            self._fit_entries()
            self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit_entries()

    def _fit_entries(self) -> None:
        """The entries in pages of two lines, whole entries each, every page but a single one ending in
        "1/2: click or scroll for more": the caption never shows half a line or half an entry, and
        every stack is a click away (six stacks at 1400 × 860 showed four, the rest only on hover).

        The pages are measured again only when the text's shape changes: an edit changes its digits,
        which are all one width in the fonts used here, and a word-wrapped measure costs more than the
        rest of the caption's update."""
        entries = [entry for entry in self._text.split(SEPARATOR) if entry]
        area = self._text_area()
        key = (_DIGITS.sub("0", self._text), area.size(), self.font().key())
        if key != self._fit_key:
            self._fit_key, self._page_sizes = key, self._measured_page_sizes(entries, area)
        if len(self._page_sizes) <= 1:
            pages = [self._text]
        else:
            pages, first = [], 0
            for i, size in enumerate(self._page_sizes):
                group = entries[first:first + size]
                first += size
                pages.append(SEPARATOR.join([*group, self._page_mark(i + 1, len(self._page_sizes))]))
        self._pages = pages
        cursor = Qt.CursorShape.PointingHandCursor if len(pages) > 1 else Qt.CursorShape.ArrowCursor
        if self.cursor().shape() != cursor:  # an edit seldom changes it, and setting it costs more than asking
            self.setCursor(cursor)
        self.show_page(self._page if self._page < len(pages) else 0)  # an edit keeps the page being read

    def _measured_page_sizes(self, entries: list[str], area) -> tuple[int, ...]:
        """How many entries each page holds (one page: all of them)."""
        metrics = self.fontMetrics()
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)

        def fits(text: str) -> bool:
            return metrics.boundingRect(area, flags, text).height() <= area.height()

        if not entries or fits(self._text):
            return (len(entries),)
        widest_mark = self._page_mark(99, 99)
        groups: list[list[str]] = [[]]
        for entry in entries:  # greedily: as many whole entries as fit beside the page's mark
            if groups[-1] and not fits(SEPARATOR.join([*groups[-1], entry, widest_mark])):
                groups.append([])
            groups[-1].append(entry)
        return tuple(len(group) for group in groups)

    def _page_mark(self, page: int, pages: int) -> str:
        return self.tr("{page}/{pages}: click or scroll for more").format(page=page, pages=pages)

    def _text_area(self):
        return self.rect().adjusted(0, 2, 0, -2)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(self._text_area(), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, self._shown)
        painter.end()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.FontChange:  # presentation mode: two lines of the new size
            self._fit_height()
            self._fit_entries()
        super().changeEvent(event)

    def show_result(self, result: Result) -> None:
        self._laws = result.depth_laws if result.depth is not None else ()  # measured by compute
        self._result = result
        self.retranslate()

    def retranslate(self) -> None:
        # One wrapped paragraph, not a line per stack: it must leave the plots their height on a projector.
        self.setText(SEPARATOR.join(self._line(name, law) for name, law in self._named_laws()))

    def numbers(self) -> str:
        """The tooltip: every stack, a line each with the fit numbers (what the two lines can't hold too),
        and how they were measured; empty without a depth profile."""
        if not self._laws:
            return ""
        return "\n".join(self._fits(name, law) for name, law in self._named_laws()) + "\n\n" + self.tr(
            "Measured from the curves above for these settings: the words follow the curve's shape from layer 1 "
            "on (flat within 15%, a straight line on the log axis, or RMS² growing linearly); the numbers are "
            "RMS after the last layer over the input's, the slope of a straight line fitted to RMS² against "
            "the layer, and the last layer's weight-gradient norm over the first layer's")

    def _named_laws(self) -> list[tuple[str, DepthLaw]]:
        if not self._laws:
            return []
        names = {"none": self.tr("No norm"), **placement_names(self._result.scenario.ln_scaling)}
        return [(names[law.placement], law) for law in self._laws]

    def event(self, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ToolTip:  # built when it is shown, not on every edit
            self.setToolTip(self.numbers())
        return super().event(event)

    def _line(self, name: str, law: DepthLaw) -> str:
        """The stack's behaviour in words a student can check on the plot."""
        layers = self._result.scenario.layers
        parts = []
        if law.shape == "flat":
            parts.append(self.tr("stays flat (near {level}) after layer 1").format(level=plain_number(law.level)))
        elif law.shape == "exponential":
            parts.append(self.tr("grows ×{growth} over {n} layers (about ×{factor} a layer)").format(
                growth=plain_number(law.growth), n=layers, factor=plain_number(law.per_layer)))
        elif law.shape == "linear_rms2":
            parts.append(self.tr("RMS² grows by about {slope} per layer").format(slope=plain_number(law.rms2_slope)))
        elif math.isfinite(law.growth):
            parts.append((self.tr("grows ×{growth} over {n} layers") if law.growth >= 1 else
                          self.tr("shrinks to ×{growth} over {n} layers")).format(growth=plain_number(law.growth),
                                                                                   n=layers))
        if math.isfinite(law.grad_skew):
            parts.append(self.tr("last layer's gradient {skew}× the first's").format(skew=plain_number(law.grad_skew)))
        return f"{name}: " + (", ".join(parts) if parts else self._stopped())

    def _fits(self, name: str, law: DepthLaw) -> str:
        """The numbers behind the words: the tooltip's line for the stack."""
        parts = []
        if math.isfinite(law.growth):
            parts.append(self.tr("RMS ×{growth:.3g} over {n} layers").format(
                growth=law.growth, n=self._result.scenario.layers))
        if math.isfinite(law.rms2_slope):
            parts.append(self.tr("RMS² slope {slope:.3g} per layer").format(slope=law.rms2_slope))
        if math.isfinite(law.rms2_r2):
            parts.append(self.tr("R² {rms2:.3f} (RMS² line), {log:.3f} (log RMS line, ×{factor:.3g} a layer)").format(
                rms2=law.rms2_r2, log=law.exp_r2, factor=law.per_layer))
        if math.isfinite(law.grad_skew):
            parts.append(self.tr("last/first layer gradient {skew:.3g}×").format(skew=law.grad_skew))
        return f"{name}: " + ("; ".join(parts) if parts else self._stopped())

    def _stopped(self) -> str:
        """What a stack without a finite number says: its curve stops at a 0 / 0 (ε = 0) or overflowed."""
        if first_zero_division(self._result.scenario) is not None:
            return self.tr("NaN (ε = 0 divides 0 by 0)")
        return self.tr("overflowed")

    def follow(self, page) -> None:
        """Show only while ``page`` (the widget this caption sits on) is tall enough."""
        page.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            self.setVisible(event.size().height() >= MIN_PAGE_HEIGHT)
        return False
