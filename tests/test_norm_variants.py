"""What the designs after LN/BN/RMS do in the stacks: DyT, Peri-LN, DeepNorm, Mix-LN, QK-Norm, LN scaling."""

import math

import numpy as np
import pytest

from engine.core.block import BlockSpec, attention_with_grad
from engine.results.compute import compute
from engine.core.depth import deepnorm_constants, layer_spec, run_stack
from engine.core.norms import dyt
from engine.setup.presets import load_preset
from engine.core.weights import layer_weights


def _stack(placement, layers=12, d=128, tokens=16, seed=0, **options):
    x = np.random.default_rng(100 + seed).standard_normal((tokens, d))
    ln_scaling = options.pop("ln_scaling", False)
    init = options.pop("init", "fan_in")
    return run_stack(x, BlockSpec(placement=placement, **options), layers, seed, 4, with_grad=True,
                     init=init, ln_scaling=ln_scaling)


def _slope(rms):
    return np.polyfit(np.arange(len(rms)), np.asarray(rms) ** 2, 1)[0]


def test_dyt_squashes_without_statistics():
    x = np.array([[0.0, 1.0, -100.0, 1e6]])
    y = dyt(x, 0.5, gamma=[2.0, 2.0, 2.0, 2.0], beta=[0.1, 0.1, 0.1, 0.1])
    np.testing.assert_allclose(y, 2.0 * np.tanh(0.5 * x) + 0.1)
    assert y[0, 3] == pytest.approx(2.1)  # saturated: a huge value is not pulled back to unit scale


def test_deepnorm_constants_match_the_paper_for_12_layers():
    alpha, beta = deepnorm_constants(12)
    assert round(alpha, 3) == 2.213 and round(beta, 3) == 0.319  # (24)^¼ and (96)^−¼ (the issue rounds 0.3195 up)


def test_deepnorm_flattens_post_norms_gradient_skew():
    ratios = {}
    for placement in ("post", "deepnorm"):
        runs = [_stack(placement, seed=seed, init="xiong") for seed in range(3)]
        ratios[placement] = np.mean([r.weight_grad[-1] / r.weight_grad[0] for r in runs])
    assert ratios["post"] > 1.5
    assert abs(ratios["deepnorm"] - 1) < 0.2


def test_peri_norm_adds_two_unit_variance_branches_per_layer():
    slope = np.mean([_slope(_stack("peri", seed=seed).rms) for seed in range(3)])
    assert slope == pytest.approx(2.0, rel=0.1)


def test_layernorm_scaling_tames_pre_norms_growth():
    plain = np.mean([_slope(_stack("pre", seed=seed).rms) for seed in range(3)])
    scaled = np.mean([_slope(_stack("pre", seed=seed, ln_scaling=True).rms) for seed in range(3)])
    assert scaled < 0.5 * plain


def test_mix_ln_runs_post_norm_in_its_first_quarter_then_pre_norm():
    spec = BlockSpec(placement="mixln")
    assert [layer_spec(spec, "mixln", layer, 12, False).placement for layer in range(12)] == ["post"] * 3 + ["pre"] * 9
    run = _stack("mixln")
    np.testing.assert_allclose(run.rms[1:4], 1.0, rtol=1e-4)  # Post-Norm blocks end normalized
    assert run.rms[-1] > 2.0  # and the Pre-Norm tail grows


def test_qk_norm_bounds_the_attention_logits():
    x = 30 * np.random.default_rng(0).standard_normal((8, 16))
    w = layer_weights(0, 0, 16, 64, False, "float64")
    _, plain, _ = attention_with_grad(x, w, heads=2, causal=False)
    _, normed, _ = attention_with_grad(x, w, heads=2, causal=False, qk_norm="layer")
    bound = math.sqrt(16 // 2)  # |q̂·k̂| ≤ dh for unit-RMS vectors, times 1/√dh
    assert np.max(np.abs(normed)) <= bound + 1e-9 < np.max(np.abs(plain))


def test_float32_and_float64_runs_share_one_network():
    w32 = layer_weights(3, 1, 8, 32, True, "float32")
    w64 = layer_weights(3, 1, 8, 32, True, "float64")
    for name, m in w64.matrices().items():
        np.testing.assert_array_equal(getattr(w32, name), m.astype(np.float32))


def test_fan_in_init_gives_the_down_projection_variance_one_over_its_width():
    w = layer_weights(0, 0, 64, 256, False, "float64", "fan_in")
    assert w.w2.var() == pytest.approx(1 / 256, rel=0.05) and w.w1.var() == pytest.approx(1 / 64, rel=0.05)
    old = layer_weights(0, 0, 64, 256, False, "float64", "uniform_1_over_d")
    assert old.w2.var() == pytest.approx(1 / 64, rel=0.05)


@pytest.mark.parametrize("norm", ["layer", "rms", "batch", "dyt", "none"])
@pytest.mark.parametrize("placement", ["pre", "post", "peri", "deepnorm", "mixln"])
def test_every_norm_and_placement_computes_in_the_app(norm, placement):
    s = load_preset("xian").replace(norm=norm, placement=placement, qk_norm=True, ln_scaling=True)
    r = compute(s)
    assert np.all(np.isfinite(r.norm.normalized))
    assert set(r.depth.runs) == {"pre", "post", placement}
    assert all(np.all(np.isfinite(stage)) for stage in r.stages.values())


def test_depth_laws_are_measured_from_the_curves():
    from engine.core.depth_laws import depth_laws

    s = load_preset("xian").replace(layers=12, placement="peri")
    laws = {law.placement: law for law in depth_laws(compute(s).depth)}
    assert set(laws) == {"none", "pre", "post", "peri"}
    assert laws["post"].rms2_slope == pytest.approx(0.0, abs=0.05)
    assert laws["peri"].rms2_slope > 1.0  # two normalized branches a layer (about 2 for large d)
    run = compute(s).depth.runs["pre"]
    assert laws["pre"].grad_skew == pytest.approx(run.weight_grad[-1] / run.weight_grad[0])
    assert laws["none"].grad_skew != laws["none"].grad_skew  # NaN: the no-norm stack has no backward pass
