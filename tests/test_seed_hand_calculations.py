"""The numbers printed in the seed articles, reproduced by the engine."""

import numpy as np
import pytest

from engine.results.compute import compute
from engine.core.norms import layer_norm
from engine.setup.presets import XIAN_BETA, XIAN_GAMMA, XIAN_MATRIX, load_preset

# Seed 000 §2.4: X_LN and table 5-2 (μ and σ of each row).
SEED_X_LN = [
    [0.565, -1.356, 1.226, 0.208],
    [-1.446, 0.463, 1.257, -0.485],
    [-1.218, 0.026, 1.599, -0.469],
    [0.740, -1.353, -0.038, 1.433],
    [0.133, -0.539, -1.025, 1.955],
    [1.265, 0.170, 0.417, -1.643],
]
SEED_MU = [0.045, -0.379, 0.410, -0.147, -0.404, 0.128]
SEED_SIGMA = [0.710, 0.543, 0.346, 0.715, 0.505, 0.692]


def test_xian_layer_norm_matches_seed_matrix():
    y = layer_norm(np.array(XIAN_MATRIX), XIAN_GAMMA, XIAN_BETA)
    np.testing.assert_allclose(y, SEED_X_LN, atol=0.002)


def test_xian_row_statistics_match_seed_table():
    stats = compute(load_preset("xian")).norm.row_stats
    np.testing.assert_allclose(stats.mean_in, SEED_MU, atol=0.0005)
    np.testing.assert_allclose(stats.std_in, SEED_SIGMA, atol=0.0005)


def test_xian_row_four_steps():
    row = np.array(XIAN_MATRIX[1])
    mu = row.mean()
    var = ((row - mu) ** 2).mean()
    assert mu == pytest.approx(-0.379, abs=5e-4)
    np.testing.assert_allclose(row - mu, [-0.700, 0.383, 0.656, -0.338], atol=5e-4)
    assert var == pytest.approx(0.295, abs=5e-4)
    x_hat = layer_norm(row)
    np.testing.assert_allclose(x_hat, [-1.289, 0.704, 1.207, -0.622], atol=0.002)
    y = layer_norm(row, XIAN_GAMMA, XIAN_BETA)
    np.testing.assert_allclose(y, [-1.446, 0.463, 1.257, -0.485], atol=0.001)


def test_normalized_rows_have_mean_zero_and_unit_std_before_affine():
    out = compute(load_preset("xian").replace(gamma=None, beta=None)).norm.row_stats
    np.testing.assert_allclose(out.mean_out, 0, atol=1e-6)
    np.testing.assert_allclose(out.std_out, 1, atol=2e-4)  # ε = 1e-5 against σ² ≈ 0.1 to 0.5


def test_apple_rows_that_differ_by_a_scale_normalize_identically():
    y = compute(load_preset("apple")).norm.normalized
    np.testing.assert_allclose(y[2], [-1.342, -0.447, 0.447, 1.342], atol=5e-4)  # 苹果 [2, 4, 6, 8]
    np.testing.assert_allclose(y[1], y[2], atol=1e-5)  # 吃 = 10 × 苹果
    np.testing.assert_allclose(y[3], [-1.342, 0.447, -0.447, 1.342], atol=5e-4)  # middle dims swapped


def test_apple_constant_row_gives_zeros_thanks_to_eps():
    y = compute(load_preset("apple")).norm.normalized
    assert np.array_equal(y[4], np.zeros(4))
