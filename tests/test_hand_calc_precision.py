"""The hand calculation carries full precision and says so in one line: a class redoing a step from the
digits shown may get another last digit (西安's x̂₂: 0.705 from the digits, 0.704 shown, as the plots have it)."""

import numpy as np

from engine.results.compute import compute
from engine.results.hand_calculation import hand_calculation
from engine.setup.presets import load_preset
from widgets.teaching.hand_calc_panel import HandCalcPanel
from widgets.teaching.hand_calc_render import precision_note, to_html, to_latex, to_text

NOTE = ("Each step uses the unrounded numbers of the step before; they are shown rounded to 3 decimals, "
        "so redoing a step from the digits shown can change its last digit.")


def test_the_shown_digits_are_the_full_precision_values_rounded_not_redone_from_digits():
    calc = hand_calculation(load_preset("xian"), 1)
    from_digits = (round(float(calc.x[1]), 3) - round(calc.mean, 3)) / round(calc.denominator, 3)
    assert f"{from_digits:.3f}" == "0.705"  # what a student gets from the digits shown
    assert "x̂₂ = (0.004 − (−0.379)) / 0.543 = 0.704" in to_text(calc)  # what the panel shows...
    normalized = compute(load_preset("xian").replace(gamma=np.ones(4, np.float32), beta=np.zeros(4, np.float32)))
    assert f"{normalized.norm.normalized[1, 1]:.3f}" == "0.704"  # ...which is the plots' value


def test_one_line_says_so_in_every_spelling():
    calc = hand_calculation(load_preset("xian"), 1)
    assert precision_note(3) == NOTE
    assert to_text(calc).splitlines()[0] == NOTE
    assert NOTE in to_html(calc)
    assert to_latex(calc).splitlines()[1] == NOTE
    assert "to 5 decimals" in to_text(calc, precision=5)


def test_the_panel_shows_the_line_with_its_decimals(qtbot):
    panel = HandCalcPanel()
    qtbot.addWidget(panel)
    panel.show_result(compute(load_preset("xian")))
    assert panel.text.toPlainText().startswith(NOTE)
    panel.precision.setValue(2)
    assert "rounded to 2 decimals" in panel.text.toPlainText()
