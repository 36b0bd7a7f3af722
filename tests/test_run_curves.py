"""What the Training tab's plots show of a set of runs, derived in one pure function
(engine.training.run_curves), and the headless ``train`` command's figures drawing the very same."""

import math

import numpy as np
import pytest

from engine.training.history import LAYER_SERIES, RunHistory
from engine.training.run_curves import LOG_MAPS, layer_map, training_curves
from engine.training.run_record import RunRecord
from engine.training.settings import TrainSettings
from engine.training.smoothing import trailing_mean


def record(steps: int = 20, count: int = 20, layers: int = 2, seed: int = 0, entropy: float = 3.0,
           diverge_at: int | None = None) -> RunRecord:
    """A run whose loss falls from 4 by a known amount each step; per-layer values 10^(step/10) × layer."""
    history = RunHistory(steps, layers)
    history.count = count
    history.loss[:count] = 4.0 - 0.05 * np.arange(count)
    history.val_loss[4:count:5] = 3.5
    for name in LAYER_SERIES:
        history.layers[name][:count] = 10.0 ** (np.arange(count)[:, None] / 10) * np.arange(1, layers + 1)
    if diverge_at is not None:
        history.loss[diverge_at - 1:count] = np.nan
        history.layers["layer_grad_norm"][diverge_at - 1:count] = np.inf
        history.diverged_at = diverge_at
    return RunRecord(TrainSettings(steps=steps, layers=layers, seed=seed), entropy, history)


def test_each_runs_loss_is_smoothed_over_the_chosen_steps_with_the_raw_loss_kept():
    runs = {3: record(), 7: record(seed=1)}
    curves = training_curves(runs, None, smoothing=5)
    assert list(curves.losses) == [3, 7] and curves.chosen is None and curves.layer_map("update_ratio") is None
    loss = curves.losses[3]
    np.testing.assert_array_equal(loss.raw, runs[3].history.loss[:20])
    np.testing.assert_array_equal(loss.smoothed, trailing_mean(loss.raw, 5))
    assert loss.val_steps.tolist() == [5, 10, 15, 20] and loss.val_loss.tolist() == [3.5] * 4
    assert training_curves(runs, None, smoothing=1).losses[3].smoothed is None  # 1: the raw loss alone


def test_the_entropy_line_is_the_newest_runs_and_the_step_axis_runs_to_the_longest_plan():
    curves = training_curves({0: record(steps=30, count=5, entropy=2.0), 1: record(steps=20, entropy=3.5)})
    assert curves.entropy == 3.5 and curves.last_step == 30
    empty = training_curves({})
    assert empty.entropy is None and empty.last_step == 1 and not empty.losses


def test_a_diverged_runs_mark_sits_at_its_last_finite_loss():
    curves = training_curves({0: record(diverge_at=8)})
    assert curves.losses[0].diverged == (8, pytest.approx(4.0 - 0.05 * 6))
    all_nan = record(diverge_at=1, entropy=2.5)
    assert training_curves({0: all_nan}).losses[0].diverged == (1, 2.5)  # no finite loss: on the entropy line


def test_the_chosen_runs_maps_are_layers_by_steps_on_their_colour_scale():
    curves = training_curves({0: record(), 1: record(steps=40, count=12, layers=3)}, chosen=1)
    for name in LAYER_SERIES:
        shown = curves.layer_map(name)
        assert shown.values.shape == (3, 12) and shown.planned == 40 and shown.log == (name in LOG_MAPS)
        assert shown.steps.tolist() == list(range(1, 13))
    grad = curves.layer_map("layer_grad_norm")
    np.testing.assert_allclose(grad.values[0], np.arange(12) / 10)  # log₁₀ of 10^(step/10)
    assert grad.finite_range == pytest.approx((0.0, 1.1 + math.log10(3)))
    logit = curves.layer_map("max_logit")  # linear
    np.testing.assert_allclose(logit.values[2], 3 * 10.0 ** (np.arange(12) / 10))
    assert curves.layer_map("max_logit") is logit  # asked for again: the same map, not derived again


def test_non_finite_cells_stay_out_of_the_range_and_a_run_with_none_has_no_range():
    shown = layer_map(record(diverge_at=5).history, "layer_grad_norm", 20)
    assert np.isinf(shown.values[:, 4:]).all() and shown.finite_range == pytest.approx((0.0, 0.3 + math.log10(2)))
    assert layer_map(record(count=0).history, "residual_rms", 20).finite_range is None


def test_the_headless_figures_draw_the_same_curves_as_the_tab(qtbot, tmp_path, monkeypatch):
    from app.cli import main
    from app.window.training_session import TrainingSession
    from widgets.plotkit import figure_export
    from widgets.training.training_page import TrainingPage

    drawn = {}
    real_export = figure_export.export_widget

    def exported(view, path, options, title=""):
        if view.objectName() == "trainingLoss":
            drawn["headless"] = view.runs[0].curve.getData()[1].copy()
        elif view.objectName() == "trainingHeatmap_update_ratio":
            drawn["headless map"] = view.image.image.copy()
        return real_export(view, path, options, title=title)

    monkeypatch.setattr(figure_export, "export_widget", exported)
    args = ["--layers", "2", "--width", "16", "--heads", "2", "--batch", "4", "--seq", "8", "--data", "reverse",
            "--steps", "25", "--format", "png"]
    assert main(["train", *args, "--out", str(tmp_path)]) == 0
    session = TrainingSession()
    page = TrainingPage(session)
    qtbot.addWidget(page)
    page.resize(1400, 860)
    page.show()
    session.start_runs([TrainSettings(layers=2, width=16, heads=2, batch=4, seq=8, data="reverse", steps=25)])
    qtbot.waitUntil(lambda: not session.running(), timeout=20_000)
    np.testing.assert_array_equal(page.plots.loss_plot.runs[0].curve.getData()[1], drawn["headless"])
    np.testing.assert_array_equal(page.plots.heatmaps["update_ratio"].image.image, drawn["headless map"])
    session.shutdown()
