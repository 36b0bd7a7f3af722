"""The window on a small screen (a 1024 × 768 projector): everything fits, nothing is cut off."""

import re

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow


@pytest.fixture
def narrow(qtbot, tmp_path):
    window = MainWindow("xian", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    QApplication.processEvents()
    return window


def test_the_window_fits_a_1024_pixel_screen(narrow):
    assert narrow.minimumSizeHint().width() <= 1024
    assert narrow.width() == 1024


def test_long_titles_are_shortened_instead_of_widening_the_plot(narrow):
    for plot in (narrow.row_stats_plot, narrow.grad_plot):
        layout_width = plot.centralWidget.size().width()
        assert layout_width <= plot.viewport().width() + 1  # nothing drawn beyond the widget
    title = narrow.grad_plot.titleLabel
    assert title.text == "Gradient norms at initialization"  # the full title, for scripts and themes
    assert title.item.boundingRect().width() <= title.size().width()


def test_a_title_gets_a_smaller_font_then_an_ellipsis(qtbot):
    from widgets.plot_panel import PlotPanel

    panel = PlotPanel()
    qtbot.addWidget(panel)
    panel.resize(260, 200)
    panel.show()
    panel.setTitle("A title a little too wide here")
    QApplication.processEvents()
    title = panel.titleLabel
    sizes = [float(v) for v in re.findall(r"font-size:\s*([\d.]+)pt", title.item.toHtml())]
    assert title.item.toPlainText() == title.text and 8.8 <= min(sizes) < 11.0  # whole, a little smaller
    assert title.opts["size"] == "11pt"  # what was asked for, kept for themes and presentation mode
    panel.setTitle("A title far, far too long for a plot only two hundred and sixty pixels wide")
    QApplication.processEvents()
    assert title.item.toPlainText().endswith("…") and title.text.endswith("wide")
    assert title.item.boundingRect().width() <= title.size().width()


def test_token_labels_thin_out_instead_of_overlapping(narrow):
    ticks = narrow.row_stats_plot.getAxis("bottom")._tickLevels[0]
    assert 1 <= len(ticks) < 6  # six tokens, not all of which fit under ~190 pixels
    narrow.resize(1600, 900)
    QApplication.processEvents()
    assert len(narrow.row_stats_plot.getAxis("bottom")._tickLevels[0]) == 6


def test_an_axis_label_longer_than_its_axis_is_elided(qtbot):
    from widgets.plot_panel import PlotPanel

    panel = PlotPanel()
    qtbot.addWidget(panel)
    panel.setLabel("left", "RMS of the hidden state after every layer")
    panel.resize(300, 150)
    panel.show()
    QApplication.processEvents()
    label = panel.getAxis("left").label
    assert label.toPlainText().strip().endswith("…")
    panel.resize(300, 700)
    QApplication.processEvents()
    assert label.toPlainText().strip() == "RMS of the hidden state after every layer"
