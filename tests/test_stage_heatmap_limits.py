"""The stage heatmaps work out each panel's colour limit once per result (not again to decide between
one shared scale and one per panel)."""

from engine.results.compute import compute
from engine.setup.presets import load_preset
from widgets.plots import stage_heatmaps
from widgets.plots.stage_heatmaps import StageHeatmaps
from widgets.plotkit.round_limits import colour_limit, kept_colour_limit


def test_colour_limits_once_per_panel_per_result(qtbot, monkeypatch):
    view = StageHeatmaps()
    qtbot.addWidget(view)
    result = compute(load_preset("xian"))
    view.show_result(result)
    calls = []
    limit = stage_heatmaps.colour_limit
    monkeypatch.setattr(stage_heatmaps, "colour_limit", lambda m: calls.append(m) or limit(m))
    view.set_scale("auto")
    assert len(calls) == 4


def _edited(scenario, row, col, value):
    matrix = scenario.matrix.copy()
    matrix[row, col] = value
    return scenario.replace(matrix=matrix)


def _levels(view):
    return [bar.levels() for bar in view._colour_bars]


def test_kept_colour_limit_rule():
    assert kept_colour_limit(None, 2.5) == 2.5  # nothing drawn yet
    assert kept_colour_limit(3.0, 2.5) == 3.0  # still holds the values, and 2.5 ≥ 0.7 · 3
    assert kept_colour_limit(3.0, 4.0) == 4.0  # the values outgrew it
    assert kept_colour_limit(3.0, 2.0) == 2.0  # much wider than they need: 2 < 0.7 · 3


def test_a_scale_stays_while_it_suits_and_follows_the_values_beyond(qtbot):
    view = StageHeatmaps()
    qtbot.addWidget(view)
    s = load_preset("xian")  # the input's largest |value| is 1.267, at (3, 1): its scale is ±1.5
    view.set_scale("panel")
    view.show_result(compute(s))
    assert view._colour_bars[0].levels() == (-1.5, 1.5)
    smaller = compute(_edited(s, 3, 1, -1.1))  # now 1.1, whose own scale is ±1.2: ±1.5 still suits
    assert colour_limit(smaller.stages["input"]) == 1.2
    view.show_result(smaller)
    assert view._colour_bars[0].levels() == (-1.5, 1.5)
    view.show_result(compute(_edited(s, 3, 1, -5.0)))  # beyond it: the scale follows at once
    assert view._colour_bars[0].levels() == (-5.0, 5.0)
    view.show_result(smaller)  # far wider than the values need: their own scale
    assert view._colour_bars[0].levels() == (-1.2, 1.2)
    view.show_result(compute(s))
    view.show_result(smaller)
    assert view._colour_bars[0].levels() == (-1.5, 1.5)
    view.set_scale("panel")  # a scale chosen again starts afresh from the values
    assert view._colour_bars[0].levels() == (-1.2, 1.2)


def test_one_shared_scale_for_every_panel_when_kept(qtbot):
    view = StageHeatmaps()
    qtbot.addWidget(view)
    s = load_preset("xian")
    view.set_scale("shared")
    view.show_result(compute(s))
    view.show_result(compute(_edited(s, 3, 1, -1.1)))
    assert len(set(_levels(view))) == 1
    images = {tuple(image.levels) for image in view._images}
    assert images == {view._colour_bars[-1].levels()}


def test_a_scale_axis_keeps_its_width_when_its_labels_get_shorter(qtbot):
    view = StageHeatmaps()
    qtbot.addWidget(view)
    view.resize(900, 300)
    view.show()
    qtbot.waitExposed(view)
    s = load_preset("xian")
    view.set_scale("shared")
    widths = []
    for scale in (1.0, 1e-7, 1.0, 30.0):  # labels "4", then "−0.4", "4" and "−40" (pyqtgraph sized them 12, 27, 12, 20)
        view.show_result(compute(s.replace(matrix=s.matrix * scale)))
        qtbot.wait(10)
        widths.append(view._colour_bars[-1].axis.width())
    assert widths[1] > widths[0]  # room made for the longer labels
    assert widths[3] == widths[2] == widths[1], widths  # and kept: the panels beside it are not laid out again


def test_a_larger_tick_font_and_back_leaves_the_scales_as_wide_as_before(qtbot):
    """Presentation mode (and a publication figure) enlarge the tick font, then restore it: the colour
    bars' label room, which only grows under edits, is measured again at each size."""
    from widgets.plotkit.plot_style import scale_plots

    view = StageHeatmaps()
    qtbot.addWidget(view)
    view.resize(900, 300)
    view.show()
    qtbot.waitExposed(view)
    view.set_scale("panel")
    view.show_result(compute(load_preset("xian")))
    qtbot.wait(10)
    before = [bar.axis.width() for bar in view._colour_bars]
    originals = {}
    scale_plots(view, 1.8, originals)
    qtbot.wait(10)
    assert [bar.axis.width() for bar in view._colour_bars] != before
    scale_plots(view, 1.0, originals)
    qtbot.wait(10)
    assert [bar.axis.width() for bar in view._colour_bars[:-1]] == before[:-1]
