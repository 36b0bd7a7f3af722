"""The activations' own accuracy, without PyTorch (the comparison with it is in test_torch_reference.py)."""

import math

import numpy as np

from engine.activations import erf, gelu, gelu_tanh, gelu_tanh_grad, swish, swish_grad


def test_erf_is_within_3_ulp_of_libm_everywhere():
    x = np.concatenate([np.linspace(-7, 7, 140_001), np.geomspace(1e-300, 1, 600), -np.geomspace(1e-300, 1, 600)])
    expected = np.array([math.erf(v) for v in x])
    err = np.abs(erf(x) - expected) / np.spacing(np.abs(expected))
    assert err.max() <= 3, x[np.argmax(err)]
    assert err.mean() < 0.2


def test_erf_keeps_signs_infinities_and_nan():
    y = erf(np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 6.0, -1e300]))
    np.testing.assert_array_equal(y[[0, 2, 3, 5, 6]], [0.0, 1.0, -1.0, 1.0, -1.0])
    assert np.signbit(y[1]) and np.isnan(y[4])


def test_float32_gelu_is_the_float64_value_rounded():
    x = np.linspace(-8, 8, 4001).astype(np.float32)
    np.testing.assert_array_equal(gelu(x), gelu(x.astype(np.float64)).astype(np.float32))
    assert gelu(x).dtype == np.float32


def _central_difference(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def test_gelu_tanh_and_swish_derivatives_match_finite_differences():
    x = np.linspace(-6, 6, 241)
    np.testing.assert_allclose(gelu_tanh_grad(x), _central_difference(gelu_tanh, x), atol=1e-8)
    for beta in (1.0, 1.5, 0.3):
        np.testing.assert_allclose(swish_grad(x, beta), _central_difference(lambda v: swish(v, beta), x), atol=1e-8)


def test_small_arrays_get_libms_erf_itself():
    x = np.linspace(-4, 4, 97).reshape(1, 97)
    np.testing.assert_array_equal(erf(x), [[math.erf(v) for v in x[0]]])
