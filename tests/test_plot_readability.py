"""Plots that stay readable at any size of data: log decades in one style, thinned cell labels,
lines instead of sub-pixel bars, and colour scales each panel can be read on."""

from types import SimpleNamespace

import numpy as np
import pytest
import shiboken6
from PySide6.QtGui import QFontMetricsF

from engine.results.compute import compute
from engine.setup.presets import load_preset
from tests.figure_raster import grey, ink
from widgets.plotkit.figure_export import widget_image
from widgets.plotkit.log_ticks import log_tick_levels, power_label
from widgets.plotkit.plot_style import apply_plot_theme
from widgets.plots.grad_plot import GradPlot
from widgets.plots.row_stats_plot import RowStatsPlot
from widgets.plots.stage_heatmaps import StageHeatmaps


@pytest.fixture
def shown(qapp):
    """``shown(Plot, width, height)``: a plot on screen, deleted at once after the test. (pytest-qt's
    addWidget closes a pyqtgraph view, which clears its scene, and deletes it only later: a language
    change in between would reach a plot without its items.)"""
    made = []

    def build(cls, width: int, height: int):
        widget = cls()
        made.append(widget)
        apply_plot_theme(widget, dark=False)
        widget.resize(width, height)
        widget.show()
        return widget

    yield build
    for widget in made:
        shiboken6.delete(widget)


def test_powers_of_ten_are_written_in_one_style():
    assert [power_label(v) for v in (-5.0, -4.0, 0.0, 1.0, 3.0)] == ["10⁻⁵", "10⁻⁴", "10⁰", "10¹", "10³"]
    assert power_label(np.log10(0.2)) == "2×10⁻¹"


def test_log_labels_are_decades_thinned_to_the_room():
    labelled, gridded = log_tick_levels(-4.2, 1.3, 300, 22)
    assert labelled[1] == [-4.0, -3.0, -2.0, -1.0, 0.0, 1.0]  # no 0.09, 0.08 … between them
    assert len(gridded[1]) > 20  # the 2…9 multiples stay as grid lines
    labelled, _ = log_tick_levels(-30.0, 10.0, 200, 22)
    assert len(labelled[1]) * 22 <= 200 and labelled[1][1] - labelled[1][0] >= 5  # every 5th or 10th decade
    labelled, _ = log_tick_levels(np.log10(0.2), np.log10(0.5), 200, 22)  # less than a decade
    assert [power_label(v) for v in labelled[1]] == ["2×10⁻¹", "3×10⁻¹", "4×10⁻¹", "5×10⁻¹"]  # three at least
    labelled, _ = log_tick_levels(0.0, np.log10(4.0), 300, 22)  # the large preset's toy: 1 … 3.5
    assert [power_label(v) for v in labelled[1]] == ["10⁰", "2×10⁰", "3×10⁰", "4×10⁰"]
    labelled, _ = log_tick_levels(-0.2, 1.35, 300, 22)  # two decades: their 1-2-5 multiples too
    assert [power_label(v) for v in labelled[1]] == ["10⁰", "2×10⁰", "5×10⁰", "10¹", "2×10¹"]


def _labels(axis, length: float) -> list[str]:
    """The labels ``axis`` draws along ``length`` pixels."""
    axis.picture = None
    low, high = axis.range
    levels = axis.tickValues(low, high, length)
    return [text for spacing, values in levels for text in axis.tickStrings(values, 1.0, spacing) if text]


def test_the_gradient_plot_labels_its_log_axis_in_decades_only(shown):
    plot = shown(GradPlot, 400, 400)
    plot.show_result(compute(load_preset("apple")))
    axis = plot.getAxis("left")
    texts = _labels(axis, axis.height())
    assert texts and all(t.startswith("10") for t in texts)  # 10⁻¹, 10⁰, 10¹: not 0.1 beside 10¹


def test_heatmap_dimension_labels_do_not_overlap_at_4096_dimensions(shown, qtbot):
    heatmaps = shown(StageHeatmaps, 1000, 300)
    rng = np.random.default_rng(0)
    stages = {key: rng.normal(size=(4, 4096)) for key in ("input", "norm1", "attn", "add1", "norm2", "ffn", "add2")}
    heatmaps.show_result(SimpleNamespace(scenario=SimpleNamespace(placement="pre"), stages=stages,
                                         stack_labels=("a", "b", "c", "d"), stack_stale=False,
                                         stack_tokens_note=None))
    axis, view = heatmaps._bottom_axes[0], heatmaps._views[0]
    ticks = axis._tickLevels[0]
    assert 2 <= len(ticks) <= 10
    metrics = QFontMetricsF(axis.style["tickFont"] or heatmaps.font())
    pixels_per_cell = view.width() / 4096
    for (x0, a), (x1, b) in zip(ticks, ticks[1:]):
        room = (x1 - x0) * pixels_per_cell
        assert room >= (metrics.horizontalAdvance(a) + metrics.horizontalAdvance(b)) / 2 + 4, (a, b)
    step = int(ticks[1][1][1:])
    assert step in (500, 1000, 2000) and [name for _, name in ticks[1:]] == [
        f"d{k}" for k in range(step, 4097, step)]  # round steps, not d343, d685
    heatmaps.resize(2400, 300)  # wider: more labels
    qtbot.wait(10)
    assert len(axis._tickLevels[0]) > len(ticks)


@pytest.fixture
def many_tokens():
    rng = np.random.default_rng(1)
    matrix = rng.normal(size=(2048, 4)).astype(np.float32)
    return compute(load_preset("xian").replace(matrix=matrix, labels=tuple(f"t{i}" for i in range(2048))))


def test_bars_become_lines_when_thinner_than_two_pixels(shown, many_tokens):
    plot = shown(RowStatsPlot, 500, 350)
    plot.show_result(compute(load_preset("apple")))
    assert plot.marks() == "bars"
    plot.show_result(many_tokens)
    assert plot.marks() == "lines"
    # Rasterised: bars' outlines at 2048 tokens filled the plot with ink; lines leave it light.
    assert ink(grey(widget_image(plot, 1.0))) < 0.15  # bars drawn here: 0.24, a black mass
    plot.vb.setRange(xRange=(0, 20), padding=0)  # zoomed in, each token has room for bars again
    assert plot.marks() == "bars"


def test_stage_heatmaps_get_a_scale_each_when_their_ranges_differ_tenfold(shown):
    heatmaps = shown(StageHeatmaps, 1000, 300)
    heatmaps.show_result(compute(load_preset("apple")))  # an input of ±50, a LayerNorm output of ±1.3
    assert heatmaps.per_panel_scales()
    norm_low, norm_high = heatmaps.panel_levels()[1]
    assert norm_high <= 2.0 and norm_low == -norm_high  # "After norm ①" is not a blank panel on ±100
    heatmaps.set_scale("shared")
    assert len(set(heatmaps.panel_levels())) == 1 and not heatmaps.per_panel_scales()
    heatmaps.set_scale("auto")
    heatmaps.show_result(compute(load_preset("xian")))  # all four within 10× of each other
    assert not heatmaps.per_panel_scales() and len(set(heatmaps.panel_levels())) == 1


def test_per_panel_colour_bars_follow_the_theme(shown):
    heatmaps = shown(StageHeatmaps, 1000, 300)
    apply_plot_theme(heatmaps, dark=True)  # before any panel needed a scale of its own
    heatmaps.show_result(compute(load_preset("apple")))
    assert heatmaps.per_panel_scales()
    assert all(bar.axis.isVisible() and bar.axis.textPen().color().lightness() > 200 for bar in heatmaps._colour_bars)
