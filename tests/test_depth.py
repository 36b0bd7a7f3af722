"""Depth behaviour: the seed's toy explosion, stacks with and without norms, Xiong et al. (2020)."""

import numpy as np
import pytest

from engine.core.block import BlockSpec
from engine.results.compute import compute
from engine.core.depth import run_stack, toy_explosion
from engine.setup.presets import load_preset
from engine.core.weights import layer_weights


def test_toy_explosion_reaches_114_after_ten_layers():
    v = toy_explosion(1.5, 0.5, 1.0, 10)
    assert v[0] == 1.0 and v[1] == 2.0
    assert v[10] == pytest.approx(114.33, abs=0.005)


def test_normalized_toy_stays_at_magnitude_one():
    v = toy_explosion(1.5, 0.5, 1.0, 10, normalize=True)
    np.testing.assert_allclose(v[1:], 1.0, atol=1e-5)


def test_stack_without_norm_grows_much_faster_than_with_one():
    profile = compute(load_preset("xian").replace(layers=12)).depth
    assert profile.none.rms[-1] > 10 * profile.pre.rms[-1]
    assert profile.post.rms[-1] == pytest.approx(np.sqrt(1.0), rel=0.3)  # Post-LN ends normalized


def test_deeper_stack_keeps_the_shallower_layers_weights():
    assert layer_weights(1, 0, 8, 32, False, "float64") is layer_weights(1, 0, 8, 32, False, "float64")
    x = np.random.default_rng(0).standard_normal((4, 8))
    short = run_stack(x, BlockSpec(), 3, 1, 4, with_grad=False)
    long = run_stack(x, BlockSpec(), 6, 1, 4, with_grad=False)
    np.testing.assert_array_equal(short.rms, long.rms[:4])


def test_gamma_edit_reuses_the_cached_weights():
    s = load_preset("xian")
    compute(s)
    before = layer_weights(s.seed, 0, 4, 16, False, "float32")
    compute(s.replace(gamma=[2.0, 1.0, 1.0, 1.0]))
    assert layer_weights(s.seed, 0, 4, 16, False, "float32") is before


def _last_and_first_grads(placement, layers, d=64, tokens=32, seeds=4, init="xiong"):
    """Mean last- and first-layer weight-gradient norms; by default in the setting of Xiong et al.'s
    analysis (an FFN as wide as the model, every matrix N(0, 1/d))."""
    last, first = [], []
    for seed in range(seeds):
        x = np.random.default_rng(100 + seed).standard_normal((tokens, d))
        g = run_stack(x, BlockSpec(placement=placement, activation="relu"), layers, seed, 4, with_grad=True,
                      init=init)
        last.append(g.weight_grad[-1])
        first.append(g.weight_grad[0])
    return np.mean(last), np.mean(first)


def test_pre_norm_last_layer_gradient_shrinks_like_one_over_sqrt_n():
    g4, _ = _last_and_first_grads("pre", 4)
    g16, _ = _last_and_first_grads("pre", 16)
    assert g4 / g16 == pytest.approx(2.0, rel=0.25)  # √(16 / 4)


def test_post_norm_last_layer_gradient_does_not_shrink_with_depth():
    g4, _ = _last_and_first_grads("post", 4)
    g16, _ = _last_and_first_grads("post", 16)
    assert g16 > 0.9 * g4


def test_post_norm_gradients_are_larger_near_the_output():
    last, first = _last_and_first_grads("post", 16)
    assert last > 1.2 * first


def test_float32_scenarios_stay_float32_through_the_block_and_stack():
    r = compute(load_preset("xian").replace(norm="batch", bn_training=False))
    assert all(stage.dtype == np.float32 for stage in r.stages.values())
    r = compute(load_preset("xian"))
    assert all(stage.dtype == np.float32 for stage in r.stages.values())


def test_float32_and_float64_stacks_use_the_same_network():
    """Weights are drawn in float64 and rounded, so a dtype switch changes the precision, not the
    network: the float32 weights are the float64 ones rounded, and the depth curves agree."""
    from engine.core.weights import layer_weights

    for gated in (False, True):
        w64 = layer_weights(4, 2, 16, 64, gated, "float64")
        w32 = layer_weights(4, 2, 16, 64, gated, "float32")
        for name, m in w64.matrices().items():
            np.testing.assert_array_equal(w32.matrices()[name], m.astype(np.float32), err_msg=name)
    x = np.random.default_rng(1).standard_normal((6, 16))
    spec = BlockSpec(norm="none")
    run64 = run_stack(x, spec, 6, 4, 4, with_grad=False)
    run32 = run_stack(x.astype(np.float32), spec, 6, 4, 4, with_grad=False)
    np.testing.assert_allclose(run32.rms, run64.rms, rtol=1e-4)


@pytest.mark.parametrize("norm", ["layer", "rms"])
def test_no_norm_curve_is_norm_free_whatever_qk_norm_is(norm):
    """"No norm" promises no norm at all: turning QK-Norm on moves the normalized stacks, not the baseline."""
    s = load_preset("xian").replace(norm=norm, layers=6)
    plain, with_qk = compute(s).depth, compute(s.replace(qk_norm=True)).depth
    np.testing.assert_array_equal(with_qk.none.rms, plain.none.rms)
    np.testing.assert_array_equal(with_qk.none.max_abs, plain.none.max_abs)
    assert not np.array_equal(with_qk.pre.rms, plain.pre.rms)  # QK-Norm itself still acts where asked
    bare = run_stack(s.matrix, BlockSpec(norm="none", heads=s.heads, qk_norm=False), 6, s.seed, s.ffn_mult,
                     with_grad=False)
    np.testing.assert_array_equal(with_qk.none.rms, bare.rms)
