"""In the dark theme an unchecked check box (a plot menu's Draw: … entries, the Settings' boxes) can be seen."""

import numpy as np
import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QCheckBox, QMenu

from app.window.indicator_style import VisibleIndicatorStyle
from app.window.theme import apply_theme


@pytest.fixture
def dark(qapp):
    apply_theme("dark", QMenu())  # the root whose plots it colours: none here
    yield
    apply_theme("light", QMenu())


def _light_pixels(widget, left: int) -> int:
    """Pixels of the widget's first ``left`` columns clearly lighter than its background."""
    image = widget.grab().toImage()
    grey = np.array([[image.pixelColor(x, y).lightness() for x in range(min(left, image.width()))]
                     for y in range(image.height())])
    background = np.median(grey)
    return int(np.sum(grey > background + 60))


def test_an_unchecked_menu_check_box_shows_in_the_dark_theme(qtbot, dark):
    assert isinstance(QApplication.style(), VisibleIndicatorStyle)
    menu = QMenu()
    qtbot.addWidget(menu)
    action = QAction("Draw: Peri-Norm", menu)
    action.setCheckable(True)
    menu.addAction(action)
    menu.adjustSize()
    assert _light_pixels(menu, 24) >= 20  # the box's edge; Fusion's own: about none on #2B2B2B


def test_an_unchecked_check_box_shows_in_the_dark_theme(qtbot, dark):
    box = QCheckBox("QK-Norm")
    qtbot.addWidget(box)
    box.adjustSize()
    assert _light_pixels(box, 18) >= 20


def test_the_light_theme_keeps_plain_fusion(qtbot, qapp):
    apply_theme("light", QMenu())
    assert not isinstance(QApplication.style(), VisibleIndicatorStyle)
    assert QApplication.style().name().lower() == "fusion"
