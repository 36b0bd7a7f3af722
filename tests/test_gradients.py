"""The hand-written backward passes against central finite differences (float64)."""

import dataclasses

import numpy as np
import pytest

from engine.core.activations import ACTIVATIONS
from engine.core.block import (BlockSpec, attention_with_grad, block_with_grad, ffn_with_grad, weight_gradient,
                          weight_gradients_norm)
from engine.core.depth import loss_target, run_stack
from engine.core.norms import batch_norm_with_grad, dyt_with_grad, layer_norm_with_grad, rms_norm_with_grad
from engine.core.weights import layer_weights

T, D = 5, 8
RNG = np.random.default_rng(42)
X = RNG.standard_normal((T, D))
DY = RNG.standard_normal((T, D))
GAMMA = RNG.uniform(0.5, 1.5, D)
BETA = RNG.uniform(-0.5, 0.5, D)


def numeric_grad(f, x, h=1e-6):
    """d(sum(f(x) * DY-like weights))/dx by central differences; f returns a scalar."""
    g = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        old = x[idx]
        x[idx] = old + h
        up = f(x)
        x[idx] = old - h
        down = f(x)
        x[idx] = old
        g[idx] = (up - down) / (2 * h)
    return g


@pytest.mark.parametrize(
    "norm",
    [
        lambda x: layer_norm_with_grad(x, GAMMA, BETA),
        lambda x: rms_norm_with_grad(x, GAMMA, 1e-6),
        lambda x: batch_norm_with_grad(x, GAMMA, BETA),
        lambda x: dyt_with_grad(x, 0.7, GAMMA, BETA),
    ],
    ids=["layer", "rms", "batch", "dyt"],
)
def test_norm_input_gradient_matches_finite_differences(norm):
    x = X.copy()
    _, backward = norm(x)
    dx = backward(DY)
    expected = numeric_grad(lambda z: np.sum(norm(z)[0] * DY), x)
    np.testing.assert_allclose(dx, expected, atol=1e-6)


WEIGHTS = {gated: layer_weights(3, 0, D, 2 * D, gated, "float64") for gated in (False, True)}


@pytest.mark.parametrize("qk_norm", [None, "layer", "rms"])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("heads", [1, 2])
def test_attention_gradients(heads, causal, qk_norm):
    w = WEIGHTS[False]
    _, _, backward = attention_with_grad(X, w, heads, causal, qk_norm)
    dx, grads = backward(DY)
    loss = lambda x: np.sum(attention_with_grad(x, w, heads, causal, qk_norm)[0] * DY)  # noqa: E731
    np.testing.assert_allclose(dx, numeric_grad(loss, X.copy()), atol=1e-6)
    wq = w.wq.copy()
    loss_q = lambda m: np.sum(attention_with_grad(X, dataclasses.replace(w, wq=m), heads, causal,  # noqa: E731
                                                  qk_norm)[0] * DY)
    np.testing.assert_allclose(weight_gradient(grads["wq"]), numeric_grad(loss_q, wq), atol=1e-6)
    assert grads["wq"][0] is grads["wk"][0] is grads["wv"][0]  # one shared Gram product for all three
    direct = np.sqrt(sum(np.sum(weight_gradient(factors) ** 2) for factors in grads.values()))
    assert weight_gradients_norm(grads) == pytest.approx(direct, rel=1e-10)


@pytest.mark.parametrize("activation", ACTIVATIONS)
def test_ffn_gradients(activation):
    w = WEIGHTS[activation == "swiglu"]
    _, backward = ffn_with_grad(X, w, activation)
    dx, grads = backward(DY)
    loss = lambda x: np.sum(ffn_with_grad(x, w, activation)[0] * DY)  # noqa: E731
    np.testing.assert_allclose(dx, numeric_grad(loss, X.copy()), atol=1e-5)
    w1 = w.w1.copy()
    loss_w1 = lambda m: np.sum(ffn_with_grad(X, dataclasses.replace(w, w1=m), activation)[0] * DY)  # noqa: E731
    np.testing.assert_allclose(weight_gradient(grads["w1"]), numeric_grad(loss_w1, w1), atol=1e-5)
    direct = np.sqrt(sum(np.sum(weight_gradient(factors) ** 2) for factors in grads.values()))
    assert weight_gradients_norm(grads) == pytest.approx(direct, rel=1e-10)


@pytest.mark.parametrize("placement", ["pre", "post", "peri", "deepnorm"])
@pytest.mark.parametrize("norm", ["layer", "rms", "batch", "dyt", "none"])
def test_block_input_gradient(norm, placement):
    spec = BlockSpec(norm=norm, placement=placement, gamma=GAMMA, beta=BETA, heads=2, activation="gelu",
                     residual_scale=1.7 if placement == "deepnorm" else 1.0)
    w = WEIGHTS[False]

    def loss(x):
        stages, _, _ = block_with_grad(x, w, spec)
        return np.sum(list(stages.values())[-1] * DY)

    _, _, backward = block_with_grad(X, w, spec)
    dx, _ = backward(DY)
    np.testing.assert_allclose(dx, numeric_grad(loss, X.copy()), atol=1e-5)


@pytest.mark.parametrize("activation", ["gelu_tanh", "silu", "swiglu"])
@pytest.mark.parametrize("placement", ["pre", "post"])
def test_block_input_gradient_with_each_newer_activation(activation, placement):
    spec = BlockSpec(norm="layer", placement=placement, gamma=GAMMA, beta=BETA, heads=2, activation=activation)
    w = WEIGHTS[activation == "swiglu"]

    def loss(x):
        stages, _, _ = block_with_grad(x, w, spec)
        return np.sum(list(stages.values())[-1] * DY)

    _, _, backward = block_with_grad(X, w, spec)
    dx, _ = backward(DY)
    np.testing.assert_allclose(dx, numeric_grad(loss, X.copy()), atol=1e-5)


@pytest.mark.parametrize("placement,ln_scaling,qk_norm", [
    ("pre", False, False), ("post", False, False), ("peri", False, False), ("deepnorm", False, False),
    ("mixln", False, False), ("pre", True, False), ("mixln", True, True), ("post", False, True)])
def test_stack_input_gradient_norm_matches_finite_differences(placement, ln_scaling, qk_norm):
    from engine.core.block import norm_with_grad
    from engine.core.depth import deepnorm_constants, layer_spec

    spec = BlockSpec(placement=placement, heads=2, qk_norm=qk_norm)
    seed, layers = 5, 4
    run = run_stack(X, spec, layers, seed, 2, with_grad=True, ln_scaling=ln_scaling)
    target = loss_target(seed, X.shape, X.dtype)
    gain = deepnorm_constants(layers)[1] if placement == "deepnorm" else 1.0

    def loss(x):
        h = x
        for layer in range(layers):
            w = layer_weights(seed, layer, D, 2 * D, False, "float64", "fan_in", gain)
            stages, _, _ = block_with_grad(h, w, layer_spec(spec, placement, layer, layers, ln_scaling))
            h = list(stages.values())[-1]
        out = norm_with_grad(spec, h)[0] if placement in ("pre", "peri", "mixln") else h
        return np.mean(out * target)

    expected = np.linalg.norm(numeric_grad(loss, X.copy()))
    assert run.input_grad[0] == pytest.approx(expected, rel=1e-5)


def _direct_norm(grads) -> float:
    """‖all weight gradients‖ from the formed gradients, in float64."""
    return float(np.sqrt(sum(np.sum(np.square(weight_gradient(f).astype(np.float64))) for f in grads.values())))


@pytest.mark.parametrize("scale", [1e-30, 1e-19, 1e19, 1e30])
def test_float32_weight_gradients_keep_their_norm_far_outside_float32_squares(scale):
    """Gram products of float32 factors near 1e-30 underflow to 0 and near 1e20 overflow to inf in
    float32; accumulated in float64 the norm scales exactly with the gradient."""
    w = WEIGHTS[False]
    _, backward = ffn_with_grad(X.astype(np.float32), w, "gelu")  # float64 weights: float32 input is cast up
    dy = (DY * scale).astype(np.float32)
    grads = {name: (a.astype(np.float32), b.astype(np.float32)) for name, (a, b) in backward(dy)[1].items()}
    assert weight_gradients_norm(grads) == pytest.approx(_direct_norm(grads), rel=1e-6, abs=0.0)


def test_cancelling_weight_gradients_give_a_zero_norm_not_an_error():
    """Zero-mean inputs (as after BatchNorm) against a gradient shared by every token: Aᵀ·C = 0, and the
    Gram route's rounding leaves Σ (A·Aᵀ) ∘ (C·Cᵀ) = −9e-13 here, which math.sqrt refused."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 64))
    a -= a.mean(axis=0)
    c = np.tile(rng.standard_normal(64), (3, 1))
    assert np.add.reduce((a @ a.T) * (c @ c.T), axis=None) < 0  # the case still exposes the rounding
    assert 0.0 <= weight_gradients_norm({"w": (a, c)}) < 1e-5


def test_weight_gradient_norm_beyond_float64_is_inf_and_nan_factors_give_nan():
    a = RNG.standard_normal((4, 40))
    c = RNG.standard_normal((4, 50))
    assert weight_gradients_norm({"w": (a * 1e150, c * 1e150)}) == pytest.approx(
        1e300 * weight_gradients_norm({"w": (a, c)}), rel=1e-12)
    assert weight_gradients_norm({"w": (a * 1e200, c * 1e200)}) == np.inf
    assert weight_gradients_norm({"w": (a * 1e-200, c * 1e-200)}) == 0.0  # 1e-400 rounds to 0, quietly
    bad = c.copy()
    bad[0, 0] = np.inf
    assert np.isnan(weight_gradients_norm({"w": (a, bad)}))
