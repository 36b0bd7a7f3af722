"""Presentation mode (F11) gives the depth plot the most room of the Plots tab and scales its caption
with the text; leaving it puts both back exactly."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.window.presentation import FACTOR
from widgets.plots.depth_laws_caption import SEPARATOR

pytestmark = pytest.mark.window(size=(1400, 860))


def sizes(window):
    QApplication.processEvents()
    return {type(view).__name__: (view.width(), view.height()) for view in window.plots.views()}


def area(size):
    return size[0] * size[1]


def test_presentation_gives_the_depth_plot_the_most_room_and_restores_it(window):
    ordinary = sizes(window)
    window.menus.presentation_action.trigger()
    presenting = sizes(window)
    depth = presenting.pop("DepthPlot")
    assert all(area(depth) > area(other) for other in presenting.values()), presenting
    assert depth[0] > max(presenting["RowStatsPlot"][0], presenting["GradPlot"][0])  # the widest of the top row
    assert area(depth) > 1.5 * area(ordinary["DepthPlot"])
    window.menus.presentation_action.trigger()
    assert sizes(window) == ordinary


def test_the_caption_grows_with_the_text_and_still_shows_whole_entries(window):
    caption = window.depth_laws
    points, height = caption.font().pointSizeF(), caption.height()
    window.presentation.set_enabled(True)
    QApplication.processEvents()
    assert caption.font().pointSizeF() == pytest.approx(points * FACTOR)
    assert caption.height() > 1.3 * height  # two lines of the larger text
    assert caption.isVisible()
    shown = caption.shown_text()
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
    area = caption.rect().adjusted(0, 2, 0, -2)
    assert caption.fontMetrics().boundingRect(area, flags, shown).height() <= area.height()  # no half line
    entries = caption.text().split(SEPARATOR)
    assert len(entries) >= 3 and shown  # the xian preset's three stacks
    assert all(entry in entries or "click or scroll for more" in entry for entry in shown.split(SEPARATOR))  # whole
    window.presentation.set_enabled(False)
    QApplication.processEvents()
    assert caption.font().pointSizeF() == points and caption.height() == height
