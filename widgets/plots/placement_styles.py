"""How the depth and gradient plots draw each stack: a colour and a line style of its own (print-friendly:
no two stacks differ by colour alone), whichever of them the user draws together."""

from __future__ import annotations

from PySide6.QtCore import Qt

from widgets.plotkit.plot_style import BLUE, GREY, ORANGE, PURPLE, SKY, pen

#: Dark gold: the Okabe–Ito yellow is too pale for a line on white.
GOLD = "#A67C00"

#: stack -> (colour, a Qt pen style or a dash pattern in pen widths).
STYLES = {
    "none": (GREY, Qt.PenStyle.DotLine),
    "pre": (BLUE, Qt.PenStyle.SolidLine),
    "post": (ORANGE, Qt.PenStyle.DashDotLine),
    "peri": (PURPLE, [6.0, 2.0]),
    "deepnorm": (SKY, [1.0, 1.5, 1.0, 1.5, 5.0, 1.5]),
    "mixln": (GOLD, [9.0, 2.0, 2.0, 2.0]),
}


def stack_pen(stack: str, width: float):
    """The pen of ``stack``'s curves at ``width`` pixels."""
    color, style = STYLES[stack]
    if isinstance(style, list):
        p = pen(color, width, Qt.PenStyle.CustomDashLine)
        p.setDashPattern(style)
        return p
    return pen(color, width, style)
