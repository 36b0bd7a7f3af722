"""Invariants of the norms, on generated inputs, and their numerical care."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from engine.core.norms import batch_norm, batch_norm_with_grad, layer_norm, rms_norm

finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)
matrices = st.integers(1, 6).flatmap(
    lambda t: st.integers(2, 16).flatmap(lambda d: arrays(np.float64, (t, d), elements=finite))
)
scales = st.floats(1e-2, 1e3)


@given(matrices, st.sampled_from([1e-5, 1e-3, 1.0]))
def test_layer_norm_rows_have_mean_zero_and_variance_v_over_v_plus_eps(x, eps):
    y = layer_norm(x, eps=eps)
    v = x.var(axis=1)
    np.testing.assert_allclose(y.mean(axis=1), 0, atol=1e-9)
    np.testing.assert_allclose(y.var(axis=1), v / (v + eps), rtol=1e-9, atol=1e-12)


@given(matrices, scales)
def test_layer_norm_ignores_scale_and_shift_of_a_row(x, a):
    x = x + np.arange(x.shape[1])  # keep rows away from constant, where ε dominates
    np.testing.assert_allclose(layer_norm(a * x + 7.0, eps=0), layer_norm(x, eps=0), atol=1e-8)


@given(matrices, scales)
def test_rms_norm_ignores_scale_of_a_row(x, a):
    x = x + 1.0 + np.arange(x.shape[1])
    np.testing.assert_allclose(rms_norm(a * x, eps=0), rms_norm(x, eps=0), atol=1e-9)


@given(matrices.filter(lambda m: m.shape[0] > 1))
def test_batch_norm_columns_have_mean_zero(x):
    y, _, _ = batch_norm(x)
    np.testing.assert_allclose(y.mean(axis=0), 0, atol=1e-9)
    v = x.var(axis=0)
    np.testing.assert_allclose(y.var(axis=0), v / (v + 1e-5), rtol=1e-8, atol=1e-12)


def test_float32_rows_with_large_mean_stay_finite_and_accurate():
    rng = np.random.default_rng(0)
    x = (1e4 + rng.standard_normal((64, 1024))).astype(np.float32)
    exact = layer_norm(x.astype(np.float64))
    y = layer_norm(x)
    assert y.dtype == np.float32
    assert np.all(np.isfinite(y))
    assert np.max(np.abs(y - exact)) < 2e-3


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_constant_row_gives_zeros_with_eps_and_nan_without(dtype):
    x = np.full((3, 5), 0.1, dtype=dtype)
    assert np.array_equal(layer_norm(x), np.zeros_like(x))
    assert np.all(np.isnan(layer_norm(x, eps=0.0)))  # 0 / 0, as PyTorch (tests/test_eps_zero.py)


@pytest.mark.parametrize("norm", [layer_norm, rms_norm, lambda x: batch_norm(x)[0]])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_dtype_is_preserved(norm, dtype):
    x = np.random.default_rng(1).standard_normal((4, 8)).astype(dtype)
    assert norm(x).dtype == dtype


def test_integer_input_becomes_float64():
    assert layer_norm(np.array([[1, 2, 3]])).dtype == np.float64


def test_layer_norm_works_over_the_last_axis_of_any_shape():
    x = np.random.default_rng(2).standard_normal((2, 3, 5, 7))
    y = layer_norm(x)
    assert y.shape == x.shape
    np.testing.assert_allclose(y.reshape(-1, 7), layer_norm(x.reshape(-1, 7)))


def test_rms_norm_default_eps_is_the_dtype_machine_epsilon():
    x = np.zeros((1, 4), np.float32)
    x[0, 0] = 1e-4
    expected = 1e-4 / np.sqrt(1e-8 / 4 + np.finfo(np.float32).eps)
    assert rms_norm(x)[0, 0] == pytest.approx(expected, rel=1e-5)


def test_gamma_of_wrong_length_is_refused_with_its_shape():
    with pytest.raises(ValueError, match=r"gamma must have shape \(4,\)"):
        layer_norm(np.ones((2, 4)), gamma=[1, 2, 3])


def test_batch_norm_single_token_in_training_explains_why():
    with pytest.raises(ValueError, match="more than one value per channel"):
        batch_norm(np.ones((1, 4)))


def test_batch_norm_running_statistics_update_with_unbiased_variance():
    x = np.array([[1.0, 2.0], [3.0, 6.0], [5.0, 10.0]])
    y, rm, rv = batch_norm(x, momentum=0.1)
    np.testing.assert_allclose(rm, 0.9 * 0 + 0.1 * x.mean(axis=0))
    np.testing.assert_allclose(rv, 0.9 * 1 + 0.1 * x.var(axis=0, ddof=1))
    np.testing.assert_allclose(y, (x - x.mean(0)) / np.sqrt(x.var(0) + 1e-5))


def test_batch_norm_eval_uses_running_buffers_and_leaves_them_alone():
    rm, rv = np.array([1.0, -1.0]), np.array([4.0, 0.25])
    x = np.array([[3.0, 0.0]])
    y, new_rm, new_rv = batch_norm(x, training=False, running_mean=rm, running_var=rv, eps=0.0)
    np.testing.assert_allclose(y, [[1.0, 2.0]])
    assert np.array_equal(new_rm, rm) and np.array_equal(new_rv, rv)
    assert new_rm is not rm


@settings(max_examples=30)
@given(st.integers(2, 40))
def test_running_mean_converges_to_the_batch_mean_over_repeated_steps(steps):
    x = np.array([[1.0, 4.0], [3.0, 8.0]])
    rm, rv = None, None
    for _ in range(steps):
        _, rm, rv = batch_norm(x, running_mean=rm, running_var=rv, momentum=0.1)
    gap = np.abs(rm - x.mean(axis=0))
    np.testing.assert_allclose(gap, 0.9**steps * np.abs(x.mean(axis=0)), rtol=1e-9)


@pytest.mark.parametrize("offset", [1e4, 1e6])
def test_block_batch_norm_gives_the_main_views_numbers_on_large_column_means(offset):
    """The block view's BatchNorm (batch_norm_with_grad) and the main view's (batch_norm) are the same
    shifted two-pass computation: on float32 columns offset + N(0, 1) they agree exactly, and both stay
    close to the float64 result (a plain float32 mean was off by 2.5e-3 at 1e4 and 0.2 at 1e6)."""
    rng = np.random.default_rng(3)
    x = (offset + rng.standard_normal((12, 16))).astype(np.float32)
    gamma, beta = rng.uniform(0.5, 1.5, 16).astype(np.float32), rng.uniform(-1, 1, 16).astype(np.float32)
    main, _, _ = batch_norm(x, gamma, beta, eps=1e-5)
    block, _ = batch_norm_with_grad(x, gamma, beta, eps=1e-5)
    np.testing.assert_array_equal(block, main)
    exact, _, _ = batch_norm(x.astype(np.float64), gamma, beta, eps=1e-5)
    np.testing.assert_allclose(block, exact, atol=1e-5)


@pytest.mark.parametrize("offset", [0.0, 1e4])
def test_batch_norm_merges_many_row_blocks_exactly(offset):
    """Large matrices take BatchNorm's moments block by block and merge them (Chan et al.): over
    eight blocks, with an outlying first row as the shift, float32 columns offset + N(0, 1) stay
    as close to the float64 result as torch's float32 (or closer), and the running variance matches NumPy's."""
    from engine.core.norms import _block_rows

    rng = np.random.default_rng(5)
    x = offset + rng.standard_normal((1000, 1024))
    x[0] += 50.0  # the shift k is the first row: far from the mean on purpose
    x = x.astype(np.float32)
    assert x.shape[0] >= 8 * _block_rows(x.shape[1], x.itemsize) - 24  # several blocks, a ragged last one
    y, _, rv = batch_norm(x, momentum=1.0)
    exact, _, _ = batch_norm(x.astype(np.float64))
    # float32 sums within a block set the error: at offset 0 (plain sums) 1.1e-5, at 1e4 (two-pass)
    # 1.4e-5; torch's float32 batch_norm is off by 2.4e-5 at offset 0 and 4.3e-3 at 1e4 on this input.
    np.testing.assert_allclose(y, exact, rtol=0, atol=2.5e-5)
    np.testing.assert_allclose(rv, x.astype(np.float64).var(axis=0, ddof=1), rtol=4e-6)


def _centred_columns(rows: int = 1000, d: int = 256, seed: int = 7) -> np.ndarray:
    """float64 N(0, 1) columns over two row blocks of float32 (512 rows each at d = 256)."""
    from engine.core.norms import _block_rows

    assert rows > _block_rows(d, 4)
    return np.random.default_rng(seed).standard_normal((rows, d))


def test_batch_norm_plain_sums_serve_only_centred_columns():
    """Large inputs take plain per-block Σx and Σx², trusted only where each block's mean is within its
    spread: an offset, a mildly offset, a half-way drifting and a constant column are marked for the
    two-pass, the rest is not, and the whole result stays as close to float64 as the two-pass alone."""
    from engine.core.norms import _plain_column_moments

    x = _centred_columns()
    x[:, 5] += 1e4
    x[:, 17] += 3.0
    x[500:, 40] += 10.0  # the first block is fine, the second is not
    x[:, 60] = 0.25
    x = x.astype(np.float32)
    _, _, careful = _plain_column_moments(x, np.empty_like(x))
    assert set(np.flatnonzero(careful)) == {5, 17, 40, 60}
    y, _, rv = batch_norm(x, momentum=1.0)
    exact, _, _ = batch_norm(x.astype(np.float64))
    np.testing.assert_allclose(y, exact, rtol=0, atol=2e-5)
    np.testing.assert_array_equal(y[:, 60], 0.0)
    np.testing.assert_allclose(rv, x.astype(np.float64).var(axis=0, ddof=1), rtol=4e-6)


def test_batch_norm_columns_without_spread_over_many_blocks():
    """Constant columns among centred ones give exactly β with ε > 0 and NaN with ε = 0 (0 / 0), both in
    batch_norm and in batch_norm_with_grad, which give the same numbers."""
    x = _centred_columns()
    x[:, 3] = 0.1
    x[:, 4] = 0.0
    x = x.astype(np.float32)
    rng = np.random.default_rng(8)
    gamma, beta = rng.uniform(0.5, 1.5, 256).astype(np.float32), rng.uniform(-1, 1, 256).astype(np.float32)
    y, _, _ = batch_norm(x, gamma, beta)
    np.testing.assert_array_equal(y[:, 3:5], np.broadcast_to(beta[3:5], (1000, 2)))
    block, _ = batch_norm_with_grad(x, gamma, beta)
    np.testing.assert_array_equal(block, y)
    for y0 in (batch_norm(x, eps=0.0)[0], batch_norm_with_grad(x, eps=0.0)[0]):
        assert np.all(np.isnan(y0[:, 3:5]))
        assert np.all(np.isfinite(np.delete(y0, [3, 4], axis=1)))


def test_batch_norm_plain_squares_that_overflow_fall_back_to_the_two_pass():
    """Σx² of a float32 column near 3e19 overflows where its centred squares do not: such a column is
    recomputed, not normalized with an infinite variance (which gave zeros)."""
    x = _centred_columns()
    x[:, 9] = 3e19 + 1e17 * x[:, 9]
    x = x.astype(np.float32)
    y, _, _ = batch_norm(x)
    exact, _, _ = batch_norm(x.astype(np.float64))
    np.testing.assert_allclose(y, exact, rtol=0, atol=2e-5)


@pytest.mark.parametrize("n, d, scale", [(65536, 4, 1e15), (4096, 64, 2e16), (64, 4096, 1e18)])
def test_batch_norm_offset_check_that_overflows_counts_as_offset(n, d, scale):
    """Columns near 1e15–1e18 in float32: their squares are finite, but the offset check's n_b·Σx² and
    (Σx)² of a block overflow to inf, and inf ≤ inf once passed them as centred, where Σx² − n·mean²
    cancels to nothing (a variance of 0, outputs off by 1e15). They are recomputed with the two-pass."""
    rng = np.random.default_rng(2)
    x = (scale * (1 + 1e-3 * rng.standard_normal((n, d)))).astype(np.float32)
    y, _, _ = batch_norm(x)
    exact, _, _ = batch_norm(x.astype(np.float64))
    np.testing.assert_allclose(y, exact, rtol=0, atol=1e-4)
