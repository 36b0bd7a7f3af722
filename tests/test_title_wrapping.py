"""A title too long for one line is wrapped into two balanced lines at its words, never leaving one
word alone on the second line, and preferring the break at its " · "."""

from PySide6.QtGui import QFont, QFontMetricsF

from widgets.plotkit.text_fit import balanced_lines, wrapped_lines

TITLE = "μ and σ per token · LayerNorm sets σ to 1"


def test_two_lines_are_balanced_and_break_at_the_dot(qapp):
    font = QFont()
    font.setPointSizeF(11)
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(TITLE) - metrics.horizontalAdvance(" 1") + 1  # all but the "1" fits
    assert wrapped_lines(TITLE, font, width)[-1] == "1"  # the greedy wrap: a lone "1" below
    assert balanced_lines(TITLE, font, width) == ["μ and σ per token", "LayerNorm sets σ to 1"]


def test_without_a_dot_the_longer_line_is_as_short_as_it_can_be(qapp):
    font = QFont()
    text = "After attention + residual"
    width = QFontMetricsF(font).horizontalAdvance(text) * 0.8
    first, second = balanced_lines(text, font, width)
    assert f"{first} {second}" == text and "attention" in first.split()  # whole words
    metrics = QFontMetricsF(font)
    assert max(metrics.horizontalAdvance(first), metrics.horizontalAdvance(second)) <= width
