"""Plot limits and plots for any data: inf, NaN, values near float's limits and exploding toys give
a defined axis (and the Result's note), never an exception."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.setup.scenario import Scenario
from widgets.plotkit.round_limits import LARGEST, LOG_RANGE, colour_limit, linear_limits, log_limits

any_float = st.one_of(st.floats(), st.sampled_from([5e-324, 1e-320, 1e-300, 1e300, 1.7e308, -1.7e308]))


@given(any_float, any_float)
def test_linear_limits_are_finite_ordered_and_hold_the_finite_data(low, high):
    a, b = linear_limits(low, high)
    assert math.isfinite(a) and math.isfinite(b) and a < b
    slack = 1e-6 * (b - a)  # within a millionth of a step of a round number counts as on it
    for v in (low, high):
        if math.isfinite(v) and abs(v) <= LARGEST:
            assert a - slack <= v <= b + slack


@given(any_float, any_float)
def test_log_limits_are_finite_ordered_and_hold_the_positive_data(low, high):
    a, b = log_limits(low, high)
    assert LOG_RANGE[0] <= a < b <= LOG_RANGE[1]
    for v in (low, high):
        if 0 < v < math.inf and LOG_RANGE[0] <= math.log10(v) <= LOG_RANGE[1]:
            assert a <= math.log10(v) + 1e-12 and math.log10(v) <= b + 1e-12


@pytest.mark.parametrize("low, high", [(0.5, 1e300), (1e-320, 1.0), (1.0, 1.7e308), (1e10, 1e300)])
def test_log_limits_of_values_near_floats_limits_raise_nothing(low, high):
    a, b = log_limits(low, high)
    assert a <= max(math.log10(low), LOG_RANGE[0]) and b >= min(math.log10(high), LOG_RANGE[1])


def test_colour_limit_of_huge_values_is_finite():
    assert colour_limit(np.array([1.7e308, -np.inf, np.nan])) == LARGEST
    assert colour_limit(np.array([np.nan])) == 1.0


@pytest.mark.parametrize("changes", [
    {"layers": 256},  # deep: 256 blocks of three stacks (1.5 s of CPU)
    pytest.param({"layers": 1024}, marks=pytest.mark.slow),  # the issue's --layers 1700, at the range's end (8 s)
    {"toy_v0": 1e6, "toy_a": 100.0, "layers": 300},  # the toy overflows float64 at layer 152
    {"toy_a": -100.0, "toy_b": 100.0, "layers": 200},
    {"matrix": np.array([[1e300, -1e300], [1e-300, 0.0]]), "dtype": "float64", "gamma": [1e300, 1.0],
     "beta": None, "heads": 1, "labels": ("a", "b")},
    {"matrix": np.array([[3e38, -3e38], [1.0, 2.0]], np.float32), "norm": "none", "gamma": None, "beta": None,
     "heads": 1, "labels": ("a", "b")},
])
def test_the_plots_draw_exploding_and_extreme_results(plots_tab, qtbot, changes):
    tab = plots_tab("xian")
    s = tab.document.scenario.replace(**changes)
    tab.document.load_scenario(s, "extreme")
    tab.document.wait_until_idle()
    qtbot.wait(50)
    tab.page.depth_plot.log_scale.setChecked(False)
    tab.page.depth_plot.log_scale.setChecked(True)
    tab.page.grab()  # paints every plot: a bad range would raise in pyqtgraph
    for plot in (tab.page.row_stats_plot, tab.page.depth_plot.plot, tab.page.grad_plot):
        (x0, x1), (y0, y1) = plot.vb.viewRange()
        assert all(map(math.isfinite, (x0, x1, y0, y1))) and y0 < y1


def test_a_flagged_overflow_is_said_in_the_status_bar(window, qtbot):
    s = window.document.scenario.replace(toy_v0=1e6, toy_a=100.0, layers=200)
    window.document.load_scenario(s, "toy")
    window.document.wait_until_idle()
    qtbot.wait(50)
    assert "layer 152" in window.statusBar().currentMessage()


def test_a_matrix_too_wide_for_the_block_view_says_so_and_keeps_the_norm(window, qtbot):
    # d = 8192 now simulates (streamed weights); wider is skipped before any weight is drawn.
    window.document.load_scenario(Scenario(np.ones((2, 16384), np.float32)), "wide")
    window.document.wait_until_idle()
    qtbot.wait(50)
    message = window.statusBar().currentMessage()
    assert "Block and depth simulations skipped: d = 16384 is wider than 8192" in message
    assert window.document.result.norm.normalized.shape == (2, 16384)


def test_eps_0_on_a_row_without_spread_is_left_out_and_said_where(window):
    """ε = 0 and the 西安 row constant: NaN (0 / 0). The status bar names the row; the depth plot marks NaN,
    not an overflow; the stage heatmaps name the panels holding NaN (drawn as 0)."""
    m = np.array(window.document.scenario.matrix)
    m[1] = 5.0
    assert window.document.set_fields({"matrix": m, "eps": 0.0}, "ε = 0")
    window.document.wait_until_idle()
    window.results.flush()
    assert "row 西安 has no spread" in window.statusBar().currentMessage()
    assert window.depth_plot.overflow_marks().get("pre") == "NaN at layer 1"
    note = window.stage_heatmaps.note.text()
    assert "NaN" in note and "After attention + residual" in note
    assert "Pre-Norm: NaN (ε = 0 divides 0 by 0)" in window.plots.depth_laws.text()
    assert window.document.set_setting("eps", 1e-5)
    window.document.wait_until_idle()
    window.results.flush()
    assert window.stage_heatmaps.note.text() == "" and "pre" not in window.depth_plot.overflow_marks()
