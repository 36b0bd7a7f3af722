"""The activations' own accuracy, without PyTorch (the comparison with it is in test_torch_reference.py)."""

import math

import numpy as np

from engine.core.activations import (ACTIVATIONS, ELEMENTWISE, erf, gelu, gelu_tanh, gelu_tanh_grad, sigmoid, sigmoid_grad,
                                 softmax, softmax_jvp, swish, swish_grad, tanh, tanh_grad)


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


def test_sigmoid_matches_its_closed_form_and_never_overflows():
    x = np.linspace(-30, 30, 601)
    np.testing.assert_allclose(sigmoid(x), 1 / (1 + np.exp(-x)), rtol=1e-15)
    np.testing.assert_allclose(sigmoid(-x), 1 - sigmoid(x), rtol=1e-15, atol=3e-16)  # 1 − σ cancels: a few ulp of 1
    with np.errstate(over="raise"):
        y = sigmoid(np.array([-1000.0, 1000.0]))
    np.testing.assert_array_equal(y, [0.0, 1.0])
    assert sigmoid(np.array([-700.0]))[0] == np.exp(-700.0)  # the small side keeps its relative precision


def test_sigmoid_and_tanh_derivatives_match_closed_forms_and_finite_differences():
    x = np.linspace(-6, 6, 241)
    np.testing.assert_allclose(sigmoid_grad(x), np.exp(-x) / (1 + np.exp(-x)) ** 2, rtol=1e-13)
    # PyTorch's tanh backward is 1 − y² too, which cancels in the tails: absolute, not relative, accuracy.
    np.testing.assert_allclose(tanh_grad(x), 1 / np.cosh(x) ** 2, rtol=1e-12, atol=3e-16)
    np.testing.assert_allclose(sigmoid_grad(x), _central_difference(sigmoid, x), atol=1e-9)
    np.testing.assert_allclose(tanh_grad(x), _central_difference(tanh, x), atol=1e-9)
    assert sigmoid_grad(np.array([0.0]))[0] == 0.25 and tanh_grad(np.array([0.0]))[0] == 1.0


def test_softmax_sums_to_one_ignores_a_shift_and_survives_huge_inputs():
    x = np.array([[2.0, 1.0, 0.1], [1000.0, 1001.0, 999.0]])
    s = softmax(x)
    np.testing.assert_allclose(s.sum(axis=-1), 1.0, rtol=1e-15)
    np.testing.assert_allclose(s[0], np.exp(x[0]) / np.exp(x[0]).sum(), rtol=1e-15)
    np.testing.assert_allclose(s[1], softmax(x[1] - 1000.0), rtol=1e-15)
    np.testing.assert_allclose(softmax(x, axis=0)[:, 0], softmax(x[:, 0]), rtol=1e-15)


def test_softmax_jvp_is_the_closed_form_jacobian_times_v_and_matches_finite_differences():
    rng = np.random.default_rng(7)
    x, v = rng.standard_normal(5), rng.standard_normal(5)
    s = softmax(x)
    jacobian = np.diag(s) - np.outer(s, s)
    np.testing.assert_allclose(softmax_jvp(x, v), jacobian @ v, rtol=1e-13, atol=1e-16)
    h = 1e-6
    np.testing.assert_allclose(softmax_jvp(x, v), (softmax(x + h * v) - softmax(x - h * v)) / (2 * h), atol=1e-9)
    assert abs(softmax_jvp(x, v).sum()) < 1e-15  # probabilities stay summed to one
    rows = rng.standard_normal((3, 5))
    np.testing.assert_allclose(softmax_jvp(rows, rows)[1], softmax_jvp(rows[1], rows[1]), rtol=1e-14)


def test_every_offered_activation_but_swiglu_is_elementwise():
    assert set(ACTIVATIONS) - {"swiglu"} == set(ELEMENTWISE)


def test_small_arrays_get_libms_erf_itself():
    x = np.linspace(-4, 4, 97).reshape(1, 97)
    np.testing.assert_array_equal(erf(x), [[math.erf(v) for v in x[0]]])
