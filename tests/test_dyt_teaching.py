"""DyT in the teaching views: its hand calculation (tanh of each element, no μ, σ) and the row statistics' note."""

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from engine.results.compute import compute
from engine.results.hand_calculation import hand_calculation
from engine.core.norms import dyt
from engine.setup.presets import load_preset
from widgets.teaching.hand_calc_render import to_html, to_latex, to_text

XIAN_DYT = load_preset("xian").replace(norm="dyt", dyt_alpha=0.5)


def test_dyt_hand_calculation_takes_no_statistics_and_agrees_with_the_norm():
    calc = hand_calculation(XIAN_DYT, 1)
    assert calc.norm == "dyt" and calc.alpha == 0.5 and calc.group == "西安"
    assert calc.mean is None and calc.deviations is None and calc.variance is None and calc.denominator is None
    np.testing.assert_allclose(calc.x_hat, np.tanh(0.5 * XIAN_DYT.matrix[1].astype(np.float64)), rtol=1e-15)
    expected = dyt(XIAN_DYT.matrix.astype(np.float64), 0.5, XIAN_DYT.gamma, XIAN_DYT.beta)[1]
    np.testing.assert_allclose(calc.y, expected, rtol=1e-12)


def test_dyt_steps_are_written_as_text_html_and_latex():
    calc = hand_calculation(XIAN_DYT.replace(dyt_alpha=2.0), 1)
    text = to_text(calc)
    assert "Step 2 · t = tanh(α·x), element by element" in text
    assert "t₁ = tanh(2 × (−1.079)) = −0.974" in text
    assert "no μ, no σ" in text and "Step 4" not in text and "σ²" not in text
    assert "y₁ = 1.200 × (−0.974) + 0.100 = −1.068" in text  # from the unrounded t
    latex = to_latex(calc)
    assert r"t_{1} = \tanh(2 \times (-1.079)) = -0.974" in latex
    assert r"\text{DyT takes no statistics" in latex
    assert "t<sub>1</sub> = tanh(2 × (−1.079))" in to_html(calc)


def test_alpha_keeps_its_own_digits_at_any_precision():
    assert "tanh(0.5 × (−1))" in to_text(hand_calculation(XIAN_DYT, 1), precision=0)


@pytest.fixture
def window(window):
    """The shared window with the hand calculation in front (it is tabbed behind Settings at first)."""
    window.findChild(QDockWidget, "handCalcDock").raise_()
    QApplication.processEvents()
    return window


def test_switching_to_dyt_shows_its_steps_and_the_row_statistics_note(window):
    assert window.row_stats_plot.note.text() == ""
    window.document.set_setting("norm", "dyt")
    window.document.wait_until_idle()
    assert "tanh(0.5 × " in window.hand_calc.text.toPlainText()
    assert window.row_stats_plot.note.text() == "DyT does not normalize: no statistics are taken"
    assert window.row_stats_plot.titleLabel.text.endswith("DyT sets nothing to 1")
    window.set_language("zh_CN")
    assert "不做归一化" in window.row_stats_plot.note.text()
    assert "逐元素" in window.hand_calc.text.toPlainText()
    window.document.set_setting("norm", "layer")
    window.document.wait_until_idle()
    assert window.row_stats_plot.note.text() == ""


def test_row_statistics_after_dyt_are_those_of_its_output():
    stats = compute(XIAN_DYT, stack=False).norm.row_stats
    out = dyt(XIAN_DYT.matrix, 0.5, XIAN_DYT.gamma, XIAN_DYT.beta)
    np.testing.assert_allclose(stats.mean_out, out.mean(axis=1), rtol=1e-5)
