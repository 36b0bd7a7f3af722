"""Real depth, outlier dimensions, γ/β statistics and the norm's input → output fits."""

import numpy as np
import pytest

from engine.models.forward import run_model
from engine.models.norm_fit import fit_norm
from engine.models.norm_parameters import vector_stats
from engine.models.outliers import outlier_dims, outlier_strip
from engine.models.real_depth import depth_profile
from engine.models.trace import NormRecord
from tests.model_fixtures import loaded, needs_model


def test_depth_profile_gives_rms_max_and_its_dimension_per_state():
    states = np.zeros((2, 2, 3), np.float32)
    states[0] = [[3, 0, 0], [0, 0, 4]]
    states[1] = [[1, -6, 1], [1, 1, 1]]
    profile = depth_profile(states)
    assert np.allclose(profile.rms, [np.sqrt(25 / 6), np.sqrt(41 / 6)])
    assert profile.max_abs.tolist() == [4, 6] and profile.max_dim.tolist() == [2, 1]


def test_a_planted_massive_activation_is_found_with_its_token():
    rng = np.random.default_rng(0)
    stack = rng.normal(size=(3, 10, 64)).astype(np.float32)
    stack[2, 0, 17] = -500.0
    found = [o for o in outlier_dims(stack) if o.layer == 2]
    assert (found[0].dim, found[0].token, found[0].value) == (17, 0, -500.0)
    assert outlier_strip(stack)[2, 17] == 500.0


def test_vector_stats_name_the_dimensions_far_from_the_rest():
    gamma = np.ones(100, np.float32)
    gamma[::2] = 1.1
    gamma[42] = 9.0
    stats = vector_stats(gamma)
    assert stats.outlier_dims == (42,) and stats.max == pytest.approx(9.0) and stats.min == pytest.approx(1.0)


def test_an_identity_norm_is_fitted_exactly_by_a_line_of_slope_1():
    x = np.linspace(-6, 6, 400).reshape(4, 100)
    record = NormRecord(0, "ffn_norm", "none", None, None, x, x)
    identity = fit_norm(record)
    assert identity.line_r2 == pytest.approx(1.0) and identity.slope == pytest.approx(1.0)


@needs_model("minilm")
def test_minilm_ffn_norm_inputs_reach_far_beyond_1_in_dim_99_in_layers_0_to_3():
    model = loaded("minilm")
    trace = run_model(model, model.tokenizer.encode("The cat sat on the mat").ids)
    for layer in range(4):
        strip = outlier_strip(trace.norm(layer, "ffn_norm").input[None])[0]
        assert strip.argmax() == 99 and strip[99] > 70
    # Post-LN: the stream stays the same size through the stack.
    assert depth_profile(trace.states).rms.max() < 2 * depth_profile(trace.states).rms.min()


@needs_model("minilm")
def test_minilm_ffn_layernorm_looks_like_tanh_not_a_line():
    model = loaded("minilm")
    trace = run_model(model, model.tokenizer.encode("The cat sat on the mat").ids)
    fit = fit_norm(trace.norm(1, "ffn_norm"))
    assert fit.tanh_r2 > 0.95 and fit.line_r2 < 0.6


@pytest.mark.slow
@needs_model("smollm2")
def test_smollm2_grows_with_depth_and_holds_a_massive_activation_on_the_first_token():
    model = loaded("smollm2")
    tokens = model.tokenizer.encode("我吃了一个苹果")
    trace = run_model(model, tokens.ids)
    profile = depth_profile(trace.states)
    assert profile.rms[-2] > 100 * profile.rms[0]  # Pre-LN: the stream grows (the last state is shrunk by block 29)
    massive = [o for o in outlier_dims(trace.states) if o.layer == 20][0]
    assert (massive.dim, massive.token) == (507, 0) and abs(massive.value) > 10_000


def test_outlier_summary_keeps_each_dimensions_largest_state_largest_first():
    from engine.models.outliers import outlier_summary

    rng = np.random.default_rng(1)
    stack = rng.normal(size=(3, 10, 64)).astype(np.float32)
    stack[1, 4, 17] = 300.0
    stack[2, 0, 17] = -500.0
    stack[2, 2, 5] = 90.0
    summary = outlier_summary(stack)
    assert [(o.dim, o.layer, o.token) for o in summary.outliers[:2]] == [(17, 2, 0), (5, 2, 2)]
    assert {(1, 17), (2, 17), (2, 5)} <= summary.outlying
    assert summary.strip[2, 17] == 500.0 and summary.token[1, 17] == 4


def test_the_analysis_of_a_run_lists_its_places_in_order_and_reuses_itself_for_a_new_place():
    from engine.models.analysis import analyse_run, loudest_norm
    from engine.models.loading import load_model
    from engine.models.what_if import ZeroHidden
    from tests.model_fixtures import REFERENCE

    model = load_model(REFERENCE / "tiny_llama")
    tokens = model.tokenizer.encode("Hi there")
    base = run_model(model, tokens.ids)
    first = analyse_run(model, tokens, base, base, None, "Hi there")
    assert first.places == (("state", 0), ("norm", 0, "attn_norm"), ("norm", 0, "ffn_norm"), ("state", 1),
                            ("norm", 1, "attn_norm"), ("norm", 1, "ffn_norm"), ("state", 2), ("norm", None, "final_norm"))
    assert first.place.place == ("state", 0) and first.place.fit is None and first.place.norm is None
    assert not first.edited and first.next_edited is None and len(first.next_base.texts) == 5
    assert 0 < sum(first.next_base.probabilities) <= 1.0 + 1e-9
    place = loudest_norm(base)
    again = analyse_run(model, tokens, base, base, place, "Hi there", first)
    assert again.strip is first.strip and again.place.place == place and again.place.fit is not None
    assert again.place.max_dim == int(np.abs(base.norm(place[1], place[2]).input).max(axis=0).argmax())
    edited = run_model(model, tokens.ids, (ZeroHidden(1, 3),), base)
    after = analyse_run(model, tokens, base, edited, place, "Hi there", again)
    assert after.edited and after.base_depth is again.base_depth and after.next_base is again.next_base
    assert after.edited_depth is not None and after.next_edited is not None
    zeroed = analyse_run(model, tokens, base, edited, ("state", 1), "Hi there", after)
    assert zeroed.strip is after.strip and np.all(zeroed.place.matrix[:, 3] == 0)
