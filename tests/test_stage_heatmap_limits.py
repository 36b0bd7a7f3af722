"""The stage heatmaps work out each panel's colour limit once per result (not again to decide between
one shared scale and one per panel)."""

from engine.results.compute import compute
from engine.setup.presets import load_preset
from widgets.plots import stage_heatmaps
from widgets.plots.stage_heatmaps import StageHeatmaps


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
