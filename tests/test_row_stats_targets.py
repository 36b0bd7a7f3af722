"""The row-statistics plot shows what each norm sets to 1: σ for LayerNorm, RMS for RMSNorm, each column's σ
for BatchNorm, nothing for DyT; the values come from the engine's statistics."""

import numpy as np
import pytest
import shiboken6

from engine.results.compute import compute
from engine.setup.presets import load_preset
from widgets.plots.row_stats_plot import RowStatsPlot


@pytest.fixture
def plot(qapp):
    """A plot deleted at once after the test (see tests/test_plot_readability.py's ``shown``)."""
    view = RowStatsPlot()
    yield view
    shiboken6.delete(view)


def _plain(norm: str):
    s = load_preset("xian")
    return s.replace(norm=norm, gamma=np.ones(s.dims, s.dtype), beta=np.zeros(s.dims, s.dtype))


def test_under_rmsnorm_the_after_bar_is_the_rms_rmsnorm_sets_to_one(plot):
    result = compute(_plain("rms"))
    plot.show_result(result)
    after = plot.bar_heights()["std_out"]
    np.testing.assert_array_equal(after, result.norm.row_stats.rms_out)
    np.testing.assert_allclose(after, 1.0, atol=1e-4)  # the σ after RMSNorm is not 1: the bars were misleading
    assert not np.allclose(result.norm.row_stats.std_out, 1.0, atol=1e-2)
    assert "RMS after" in plot.key.names() and "σ after" not in plot.key.names()
    assert plot.titleLabel.text == "μ, σ and RMS per token · RMSNorm sets RMS to 1"


@pytest.mark.parametrize("norm, title", [
    ("layer", "μ and σ per token · LayerNorm sets σ to 1"),
    ("batch", "μ and σ per dimension · BatchNorm sets each column's σ to 1"),
    ("dyt", "μ and σ per token · DyT sets nothing to 1"),
    ("none", "μ and σ per token, no norm"),
])
def test_the_title_says_what_each_norm_sets_to_one(plot, norm, title):
    plot.show_result(compute(_plain(norm)))
    assert plot.titleLabel.text == title
    assert "σ after" in plot.key.names()


def test_gamma_and_beta_are_said_to_act_after_the_norm(plot):
    plot.show_result(compute(load_preset("xian")))  # the seed's γ/β
    assert plot.titleLabel.text == "μ and σ per token · LayerNorm sets σ to 1 (before γ, β)"


def test_rms_identity_matches_the_matrix():
    stats = compute(load_preset("xian").replace(norm="rms")).norm.row_stats
    y = compute(load_preset("xian").replace(norm="rms")).norm.normalized.astype(float)
    np.testing.assert_allclose(stats.rms_out, np.sqrt(np.mean(y**2, axis=1)), rtol=1e-12)


def test_a_pinned_layernorm_is_drawn_with_the_statistic_b_shows(plot):
    a, b = compute(_plain("layer")), compute(_plain("rms"))
    plot.show_result(a)
    plot.show_pinned(a)
    np.testing.assert_array_equal(plot.pinned_bar_heights()["std_out"], a.norm.row_stats.std_out)
    plot.show_result(b)
    np.testing.assert_array_equal(plot.pinned_bar_heights()["std_out"], a.norm.row_stats.rms_out)
    assert "A: RMS after" in plot.key.names()


def test_rmsnorm_has_no_beta_to_mention(plot):
    s = _plain("rms")
    plot.show_result(compute(s.replace(beta=np.full(s.dims, 0.5, s.dtype))))  # RMSNorm ignores β
    assert plot.titleLabel.text == "μ, σ and RMS per token · RMSNorm sets RMS to 1"
    plot.show_result(compute(load_preset("xian").replace(norm="rms")))
    assert plot.titleLabel.text == "μ, σ and RMS per token · RMSNorm sets RMS to 1 (before γ)"
