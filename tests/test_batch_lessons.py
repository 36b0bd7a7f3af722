"""The numbers behind the BatchNorm lab and the scale demo (no Qt)."""

import numpy as np
import pytest

from engine.results.batch_lessons import (
    LAB_MAX_TOKENS,
    batch_dependence,
    batch_members,
    first_tokens,
    running_statistics,
    scale_invariance,
    scale_invariance_for,
    single_token,
)
from engine.core.norms import batch_norm, layer_norm
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario


@pytest.fixture
def xian():
    return load_preset("xian")


# --- seed 001: scale invariance -------------------------------------------------------------------


def test_seed_001_hand_numbers():
    lesson = scale_invariance()
    np.testing.assert_allclose(lesson.normalized[0], [-1.342, -0.447, 0.447, 1.342], atol=5e-4)
    np.testing.assert_allclose(lesson.normalized[1], [-1.342, -0.447, 0.447, 1.342], atol=5e-4)
    np.testing.assert_allclose(lesson.normalized[2], [-1.342, 0.447, -0.447, 1.342], atol=5e-4)
    np.testing.assert_allclose(lesson.means, [5, 50, 5])
    np.testing.assert_allclose(lesson.stds, [np.sqrt(5), 10 * np.sqrt(5), np.sqrt(5)])


def test_scaled_row_is_the_same_output_and_swapped_row_is_not():
    lesson = scale_invariance()
    assert lesson.same_as_first.tolist() == [True, True, False]
    assert lesson.same[1, 2] == lesson.same[2, 1] == False  # noqa: E712 (numpy bools)


def test_gamma_beta_map_identical_xhat_to_identical_outputs():
    gamma, beta = [1.2, 0.8, 1.0, 1.1], [0.1, -0.1, 0.05, 0.2]
    lesson = scale_invariance(gamma=gamma, beta=beta)
    np.testing.assert_allclose(lesson.affine, lesson.normalized * gamma + beta, rtol=1e-12)
    assert lesson.affine_same[0, 1]  # γ/β can't tell [2,4,6,8] from [20,40,60,80]
    assert not lesson.affine_same[0, 2]
    assert not np.allclose(lesson.affine[0], lesson.normalized[0])  # γ/β did change the values


def test_scale_demo_uses_the_scenarios_affine_only_when_d_is_4(xian):
    with_affine = scale_invariance_for(xian)
    assert with_affine.uses_scenario_affine
    np.testing.assert_allclose(with_affine.gamma, xian.gamma)
    wide = Scenario(np.ones((2, 8)) * np.arange(8), gamma=np.full(8, 3.0))
    plain = scale_invariance_for(wide)
    assert not plain.uses_scenario_affine
    np.testing.assert_array_equal(plain.gamma, np.ones(4))
    np.testing.assert_array_equal(plain.affine, plain.normalized)


# --- batch size -----------------------------------------------------------------------------------


def test_batch_members_always_hold_the_token():
    assert batch_members(1, 1) == (1,)
    assert batch_members(1, 3) == (0, 1, 2)
    assert batch_members(4, 3) == (0, 1, 4)
    for token in range(6):
        for k in range(1, 7):
            members = batch_members(token, k)
            assert token in members and len(set(members)) == k


def test_layer_norm_row_is_identical_for_every_batch_size_while_batch_norm_row_changes(xian):
    lesson = batch_dependence(xian, 1)
    assert lesson.ln_rows.shape == (6, 4)
    for row in lesson.ln_rows:
        np.testing.assert_array_equal(row, lesson.ln_rows[0])
    np.testing.assert_allclose(lesson.ln_rows[0], [-1.446, 0.463, 1.257, -0.485], atol=5e-4)  # seed 000
    assert lesson.ln_max_change == 0.0
    assert lesson.bn_max_change > 0.5
    assert not np.allclose(lesson.bn_rows[1], lesson.bn_rows[-1])
    np.testing.assert_array_equal(lesson.ln_distance, np.zeros(6))


def test_batch_norm_row_in_the_full_batch_matches_batch_norm_of_the_matrix(xian):
    lesson = batch_dependence(xian, 4)
    full = batch_norm(xian.matrix, xian.gamma, xian.beta, xian.eps)[0]
    np.testing.assert_allclose(lesson.bn_rows[-1], full[4], rtol=1e-6)
    three = batch_norm(xian.matrix[[0, 1, 4]], xian.gamma, xian.beta, xian.eps)[0]
    np.testing.assert_allclose(lesson.bn_rows[2], three[2], rtol=1e-6)  # k = 3 batch is tokens 0, 1, 4
    assert lesson.bn_distance[-1] == 0.0 and lesson.bn_distance[1] > 0


def test_batch_of_one_is_nan_with_the_reason(xian):
    lesson = batch_dependence(xian, 2)
    assert np.all(np.isnan(lesson.bn_rows[0]))
    assert np.isnan(lesson.bn_distance[0])
    assert "one value per channel" in lesson.single_token_message
    assert np.all(np.isfinite(lesson.ln_rows[0]))  # LayerNorm handles one token


def test_first_tokens_caps_the_lab():
    big = load_preset("random")
    assert big.tokens > LAB_MAX_TOKENS
    small = first_tokens(big)
    assert small.tokens == LAB_MAX_TOKENS and small.labels == big.labels[:LAB_MAX_TOKENS]
    np.testing.assert_array_equal(small.matrix, big.matrix[:LAB_MAX_TOKENS])
    xian = load_preset("xian")
    assert first_tokens(xian) is xian


# --- running statistics and the single token -------------------------------------------------------


def test_running_mean_gap_shrinks_like_one_minus_momentum_to_the_step(xian):
    s = xian.replace(dtype="float64", bn_momentum=0.2)
    stats = running_statistics(s, 25)
    np.testing.assert_array_equal(stats.running_mean[0], np.zeros(4))
    np.testing.assert_array_equal(stats.running_var[0], np.ones(4))
    np.testing.assert_allclose(stats.batch_mean, s.matrix.mean(axis=0), rtol=1e-12)
    np.testing.assert_allclose(stats.batch_var, s.matrix.var(axis=0, ddof=1), rtol=1e-12)
    for n in (1, 5, 25):
        np.testing.assert_allclose(stats.mean_gap[n], 0.8**n * stats.mean_gap[0], rtol=1e-9)
        np.testing.assert_allclose(stats.var_gap[n], 0.8**n * stats.var_gap[0], rtol=1e-9)
    np.testing.assert_allclose(stats.decay, 0.8 ** np.arange(26), rtol=1e-12)
    assert stats.message is None


def test_one_token_matrix_keeps_default_buffers_and_says_why():
    stats = running_statistics(Scenario(np.array([[1.0, 2.0, 3.0]])), 3)
    np.testing.assert_array_equal(stats.running_mean, np.zeros((4, 3)))
    assert "one value per channel" in stats.message
    assert np.all(np.isnan(stats.batch_mean))


def test_single_token_eval_output_uses_the_running_statistics(xian):
    lesson = single_token(xian, 1, 30)
    stats = running_statistics(xian, 30)
    np.testing.assert_array_equal(lesson.running_mean, stats.running_mean[-1])
    expected = (xian.matrix[1] - lesson.running_mean) / np.sqrt(lesson.running_var + xian.eps) * xian.gamma + xian.beta
    np.testing.assert_allclose(lesson.eval_output, expected, rtol=1e-5)
    full = batch_norm(xian.matrix, xian.gamma, xian.beta, xian.eps)[0][1]
    np.testing.assert_allclose(lesson.batch_output, full, rtol=1e-6)
    np.testing.assert_allclose(lesson.difference, lesson.eval_output - lesson.batch_output)
    assert lesson.max_abs_difference > 0
    assert "one value per channel" in lesson.training_message
    assert lesson.label == "西安"


def test_more_training_steps_bring_eval_closer_to_the_batch_output(xian):
    early, late = single_token(xian, 1, 2), single_token(xian, 1, 200)
    assert late.max_abs_difference < early.max_abs_difference


def test_token_out_of_range_is_refused(xian):
    with pytest.raises(IndexError):
        batch_dependence(xian, 6)
    with pytest.raises(IndexError):
        single_token(xian, -1, 3)


def test_layer_norm_of_the_lab_agrees_with_the_engine(xian):
    lesson = batch_dependence(xian, 0)
    np.testing.assert_allclose(lesson.ln_rows[0], layer_norm(xian.matrix, xian.gamma, xian.beta)[0], rtol=1e-6)
