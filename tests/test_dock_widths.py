"""After the window was narrow, and at the next start, the docks come back to a usable width."""

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from app.window.dock_widths import PREFERRED_WIDTH, USABLE_WIDTH
from app.window.main_window import MainWindow


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "normscope.ini"), QSettings.Format.IniFormat)


def _open(qtbot, settings) -> MainWindow:
    window = MainWindow("xian", settings)
    qtbot.addWidget(window)
    window.resize(1400, 860)  # offscreen, the restored geometry would be the 800 × 600 screen's
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _squeeze(window: MainWindow) -> None:
    """What a narrow window (or a wide tab in it) leaves: a dock column of 150 px."""
    window.resizeDocks(window._docks[:1], [150], Qt.Orientation.Horizontal)
    _settle()
    assert window._docks[0].width() < USABLE_WIDTH


def test_growing_the_window_gives_narrow_docks_their_width_back(qtbot, settings):
    window = _open(qtbot, settings)
    window.resize(1024, 768)
    _settle()
    _squeeze(window)
    window.resize(1400, 860)
    _settle()
    assert abs(window._docks[0].width() - PREFERRED_WIDTH) <= 10


def test_a_dock_kept_wide_enough_is_left_as_it_is(qtbot, settings):
    window = _open(qtbot, settings)
    window.resizeDocks(window._docks[:1], [USABLE_WIDTH + 30], Qt.Orientation.Horizontal)
    _settle()
    width = window._docks[0].width()
    window.resize(1500, 900)
    _settle()
    assert window._docks[0].width() == width


def test_a_too_narrow_layout_is_not_kept_across_starts(qtbot, settings):
    window = _open(qtbot, settings)
    _squeeze(window)
    window.ask_before_discarding = False
    window.close()  # saves the squeezed layout
    again = _open(qtbot, settings)
    _settle()
    assert again._docks[0].width() >= USABLE_WIDTH
