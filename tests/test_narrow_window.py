"""The window on a small screen (a 1024 × 768 projector): everything fits, nothing is cut off."""

import pytest
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication

from widgets.plotkit.text_fit import font_of

pytestmark = pytest.mark.window(size=(1024, 768))


@pytest.fixture
def narrow(window):
    """The shared window at a projector's 1024 × 768, laid out."""
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
    text, points = title.shown()
    assert all(QFontMetricsF(font_of(f"{points}pt")).horizontalAdvance(line) <= title.size().width()
               for line in text.split("\n"))


def test_a_title_gets_a_smaller_font_then_more_lines_never_an_ellipsis(qtbot):
    from widgets.plotkit.plot_panel import PlotPanel

    text = "A title a little too wide here"
    panel = PlotPanel()
    qtbot.addWidget(panel)
    # Room for the text at 10pt: too little at the asked 11pt, enough at 9.9pt (a tenth smaller).
    panel.resize(int(QFontMetricsF(font_of("10pt")).horizontalAdvance(text)) + 12, 200)
    panel.show()
    panel.setTitle(text)
    QApplication.processEvents()
    title = panel.titleLabel
    assert title.shown() == (text, pytest.approx(9.9)) and title.toolTip() == ""  # whole, a tenth smaller
    assert title.point_size() == 11.0  # what was asked for, kept for presentation mode
    panel.setTitle("A title far, far too long for a plot only this wide, however small its font")
    QApplication.processEvents()
    shown, points = title.shown()
    assert "…" not in shown and shown.replace("\n", " ") == title.text and 6.0 <= points <= 8.8
    lines = shown.split("\n")
    assert len(lines) >= 2 and all(QFontMetricsF(font_of(f"{points}pt")).horizontalAdvance(line)
                                   <= title.size().width() for line in lines)
    assert title.size().height() >= len(lines) * QFontMetricsF(font_of(f"{points}pt")).height()  # room for them


def test_token_labels_thin_out_instead_of_overlapping(narrow):
    def labels():
        return [name for _, name in narrow.row_stats_plot.getAxis("bottom")._tickLevels[0]]

    assert 1 <= len(labels()) < 6  # six tokens, not all of which fit under ~190 pixels
    narrow.row_stats_plot.vb.setXRange(-0.5, 1.5, padding=0)  # zoomed in on two tokens: room for both
    assert {"今天", "西安"} <= set(labels())
    narrow.row_stats_plot.vb.refit()
    narrow.resize(1600, 900)
    QApplication.processEvents()
    assert len(labels()) == 6


def test_an_axis_label_with_units_or_style_words_is_elided_whole(qtbot):
    from widgets.plotkit.grid_axis import QuickAxis

    axis = QuickAxis("left")
    axis.setLabel("color")  # a word of the label's own HTML style: only the text may be cut
    axis.resize(20, 24)
    text = axis.label.toPlainText().strip()
    assert text.endswith("…") and "color".startswith(text[:-1])  # the text cut, from its start
    assert "style='color:" in axis.labelString()  # and the style around it intact


def test_an_axis_label_longer_than_its_axis_is_elided(qtbot):
    from widgets.plotkit.plot_panel import PlotPanel

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


def bottom_labels(window) -> list[str]:
    return [name for _, name in window.row_stats_plot.getAxis("bottom")._tickLevels[0]]


def test_the_lessons_token_and_the_selected_one_keep_their_labels(narrow):
    assert len(bottom_labels(narrow)) < 6 and "西安" in bottom_labels(narrow)  # the seed's row, selected at start
    narrow.token_grid.setCurrentIndex(narrow.token_grid.model().index(3, 0))
    assert "天气" in bottom_labels(narrow)


def test_keys_leave_most_of_the_height_to_the_data(narrow):
    for panel in (narrow.row_stats_plot, narrow.depth_plot.plot, narrow.grad_plot):
        assert panel.key.size().height() <= 0.3 * panel.vb.height(), panel.objectName()
    assert narrow.depth_plot.key.point_size() == 9.0  # the asked size stays, for presentation mode
