"""The four stage heatmaps under every placement: Peri-Norm reads as Pre-Norm, DeepNorm and Mix-LN's first layer as Post-Norm."""

import pytest

from engine.results.compute import compute
from engine.setup.presets import load_preset
from widgets.plots.stage_heatmaps import StageHeatmaps, panel_style


@pytest.mark.parametrize("placement, style", [("pre", "pre"), ("post", "post"), ("peri", "pre"),
                                              ("deepnorm", "post"), ("mixln", "post")])
def test_every_placement_gets_four_panels_of_its_blocks_stages(qtbot, placement, style):
    result = compute(load_preset("xian").replace(placement=placement, layers=4))
    assert panel_style(result.stages) == style
    view = StageHeatmaps()
    qtbot.addWidget(view)
    view.show_result(result)
    titles = view.stage_titles()
    assert len(titles) == 4 and titles[0] == "Input"
    assert titles[1] == ("After attention + residual" if style == "post" else "After norm ①")


def test_mixln_with_fewer_than_four_layers_starts_with_a_pre_norm_block():
    result = compute(load_preset("xian").replace(placement="mixln", layers=3))
    assert panel_style(result.stages) == "pre"  # ⌊3/4⌋ = 0 Post-Norm layers
