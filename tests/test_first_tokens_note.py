"""Every view of the block and depth simulations says when they ran on the first tokens only."""

import numpy as np
import pytest

from engine.results.compute import compute
from engine.setup.scenario import Scenario
from widgets.plots.depth_plot import DepthPlot
from widgets.plots.grad_plot import GradPlot
from widgets.plots.stage_heatmap import StageHeatmap
from widgets.plots.stage_heatmaps import StageHeatmaps


def _scenario(tokens: int) -> Scenario:
    x = np.random.default_rng(0).standard_normal((tokens, 8))
    return Scenario(x, heads=2, layers=2)


def test_the_engine_notes_the_first_tokens_only_when_some_are_left_out():
    long = compute(_scenario(40))
    assert long.stages["input"].shape[0] == 32
    assert str(long.stack_tokens_note) == "Simulated on the first 32 of the 40 tokens only."
    assert long.stack_tokens_note not in long.notes  # on the views, not repeated in the status bar
    assert compute(_scenario(32)).stack_tokens_note is None


@pytest.mark.parametrize("make, note", [
    (DepthPlot, lambda v: v.plot.note), (GradPlot, lambda v: v.note), (StageHeatmaps, lambda v: v.note)])
def test_stack_views_write_the_first_tokens_note_on_themselves(made, make, note):
    view = make()
    made(view)
    view.show_result(compute(_scenario(40)))
    assert "first 32 of the 40 tokens" in note(view).text()
    view.show_result(compute(_scenario(6)))
    assert "first" not in note(view).text()


def test_the_block_pages_stage_heatmap_notes_the_first_tokens(made):
    view = StageHeatmap()
    made(view)
    view.show_stage(compute(_scenario(40)), "norm1", "After norm ①")
    assert "first 32 of the 40 tokens" in view.note.text() and view.note.isVisible()
    view.show_stage(compute(_scenario(6)), "norm1", "After norm ①")
    assert view.note.text() == ""
