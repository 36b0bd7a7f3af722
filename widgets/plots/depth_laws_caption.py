"""A caption under the depth and gradient plots: the laws the curves on screen follow, measured from
them (engine.depth_laws), not quoted from papers, so it never claims what these settings don't show."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from engine.compute import Result
from engine.depth_laws import DepthLaw, depth_laws
from engine.zero_division import first_zero_division
from widgets.plots.placement_names import placement_names
from widgets.common.retranslation import Retranslating


#: Below this height of the page it sits on, the caption steps aside: the plots need the room more.
MIN_PAGE_HEIGHT = 720


class DepthLawsCaption(Retranslating, QWidget):
    """One entry per stack: how its RMS grows over the layers and how its gradients lean. Hidden on a
    short page (a 1024 × 768 projector), where the plots need the height.

    It paints its two wrapped lines itself rather than being a QLabel: a QLabel's ``setText`` asks the
    page's layout to run again on every edit, and a see-through label repaints the window behind it
    (together about 3 ms of a 6 × 4 edit). This one only repaints itself, over its own background.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("depthLaws")
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.85)
        self.setFont(font)
        self.setAutoFillBackground(True)  # opaque: what lies behind it is never repainted for it
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fit_height()
        self._text = ""
        self._result: Result | None = None
        self._laws: tuple[DepthLaw, ...] = ()

    def _fit_height(self) -> None:
        # Two lines, always: new numbers after an edit must not lay out (and repaint) the plots again.
        self.setFixedHeight(2 * self.fontMetrics().lineSpacing() + 4)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name, which it stands in for)
        if text != self._text:
            self._text = text
            self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(self.rect().adjusted(0, 2, 0, -2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, self._text)
        painter.end()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.FontChange:  # presentation mode: two lines of the new size
            self._fit_height()
        super().changeEvent(event)

    def show_result(self, result: Result) -> None:
        if result.depth is None:
            self._laws = ()
        elif self._result is None or result.depth is not self._result.depth:
            self._laws = depth_laws(result.depth)
        self._result = result
        self.retranslate()

    def retranslate(self) -> None:
        if not self._laws:
            self.setText("")
            return
        names = {"none": self.tr("No norm"), **placement_names(self._result.scenario.ln_scaling)}
        # One wrapped paragraph, not a line per stack: it must leave the plots their height on a projector.
        lines = [self._line(names[law.placement], law) for law in self._laws]
        self.setText("   ·   ".join(lines))
        # The whole text, a stack a line, in the tooltip too: a narrow window cuts the caption's two lines.
        self.setToolTip("\n".join(lines) + "\n\n" + self.tr(
            "Measured from the curves above for these settings: RMS after the last layer over the input's, the "
            "slope of a straight line fitted to RMS² against the layer, and the last layer's weight-gradient norm "
            "over the first layer's"))

    def _line(self, name: str, law: DepthLaw) -> str:
        parts = []
        if math.isfinite(law.growth):
            parts.append(self.tr("RMS ×{growth:.3g} over {n} layers").format(
                growth=law.growth, n=self._result.scenario.layers))
        if math.isfinite(law.rms2_slope):
            parts.append(self.tr("flat") if abs(law.rms2_slope) < 0.05 else
                         self.tr("RMS² slope {slope:.3g} per layer").format(slope=law.rms2_slope))
        if math.isfinite(law.grad_skew):
            parts.append(self.tr("last/first layer gradient {skew:.3g}×").format(skew=law.grad_skew))
        if parts:
            return f"{name}: " + "; ".join(parts)
        if first_zero_division(self._result.scenario) is not None:  # its curve stops at a 0 / 0, not an overflow
            return f"{name}: " + self.tr("NaN (ε = 0 divides 0 by 0)")
        return f"{name}: " + self.tr("overflowed")

    def follow(self, page) -> None:
        """Show only while ``page`` (the widget this caption sits on) is tall enough."""
        page.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize:
            self.setVisible(event.size().height() >= MIN_PAGE_HEIGHT)
        return False
