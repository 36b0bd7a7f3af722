"""The depth plot's stacks run together (run_stacks, blocks_with_grad) give each stack the very numbers it gets
alone, and the very numbers the code before batching gave (stored)."""

import math
from pathlib import Path

import numpy as np
import pytest

from engine.core import depth
from engine.core.block import (BlockSpec, block_with_grad, layers_weight_gradients_norms, stacked_factors,
                               weight_gradients_norm, weight_gradients_norms)
from engine.core.depth import STACK_PLACEMENTS, depth_profile, run_stack, run_stacks
from engine.core.weights import layer_weights
from engine.results.compute import block_stages, compute, values_equal
from engine.setup.presets import load_preset
from engine.core.blas_kernel import blas_kernel
from tests.reference.make_unbatched_depth_reference import CASES, PLACEMENTS, REFERENCE_KERNEL, reference_input

FIELDS = ("rms", "max_abs", "weight_grad", "input_grad", "max_logit")
REFERENCE = Path(__file__).parent / "reference" / "unbatched_depth_reference.npz"
# CASES (tokens, d, heads, layers, norm, activation, QK-Norm, LayerNorm scaling, causal, dtype): the 6 × 4 preset's
# shape, one token, BatchNorm, DyT, no norm, QK-Norm, LayerNorm scaling, SwiGLU and d = 512 (LayerNorm's long rows).
CASE_IDS = [f"{t}x{d}-{norm}-{act}-{dtype}" for t, d, _, _, norm, act, *_, dtype in CASES]


def _as_stored(value, stored: np.ndarray, dtype: str) -> bool:
    """Bit for bit on the kernels that made the reference; elsewhere their own last-bit roundings apart
    (measured: 1.4e-6 relative in float32, 3.5e-14 in float64, 10 layers deep). The batched stacks
    against each stack alone, on whatever kernel runs, are checked bit for bit below."""
    if blas_kernel() == REFERENCE_KERNEL:
        return np.array_equal(value, stored, equal_nan=True)
    rtol = 1e-5 if dtype == "float32" else 1e-12
    return np.allclose(value, stored, rtol=rtol, atol=0, equal_nan=True)


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_IDS)
def test_the_stacks_give_the_unbatched_codes_numbers(case):
    t, d, heads, layers, norm, act, qk, ln, causal, dtype = CASES[case]
    spec = BlockSpec(norm=norm, heads=heads, activation=act, qk_norm=qk, causal=causal)
    profile = depth_profile(reference_input(t, d, dtype), spec, layers, 7, 4, 1.5, 0.5, 1.0, PLACEMENTS, ln_scaling=ln)
    with np.load(REFERENCE, allow_pickle=False) as stored:
        for name, run in {"none": profile.none, **profile.runs}.items():
            for field in FIELDS:
                key = f"{case}/{name}/{field}"
                if key in stored:
                    assert _as_stored(getattr(run, field), stored[key], dtype), key
                else:
                    assert getattr(run, field) is None, key


def _same_run(a, b) -> bool:
    return all(values_equal(getattr(a, f), getattr(b, f)) for f in FIELDS) and values_equal(a.first_block, b.first_block)


@pytest.mark.parametrize("t, d, heads, layers, norm, act, qk, ln, causal, dtype", CASES, ids=CASE_IDS)
def test_every_placement_batched_is_each_alone(t, d, heads, layers, norm, act, qk, ln, causal, dtype):
    x = reference_input(t, d, dtype)
    base = BlockSpec(norm=norm, heads=heads, activation=act, qk_norm=qk, causal=causal)
    # DeepNorm draws its own β-scaled weights: it runs in a batch of its own (depth_profile groups so too).
    for group in (["pre", "post", "peri", "mixln"], ["deepnorm"]):
        specs = [BlockSpec(**{**base.__dict__, "placement": p}) for p in group]
        together = run_stacks(x, specs, layers, 7, 4, with_grad=[True] * len(specs), ln_scaling=[ln] * len(specs))
        for spec, run in zip(specs, together):
            alone = run_stack(x, spec, layers, 7, 4, with_grad=True, ln_scaling=ln)
            assert _same_run(run, alone), spec.placement


@pytest.mark.parametrize("t, d, heads, layers, norm, act, qk, ln, causal, dtype", CASES, ids=CASE_IDS)
def test_depth_profile_batched_or_not_is_the_same(t, d, heads, layers, norm, act, qk, ln, causal, dtype):
    x = reference_input(t, d, dtype)
    spec = BlockSpec(norm=norm, heads=heads, activation=act, qk_norm=qk, causal=causal)
    runs = [depth_profile(x, spec, layers, 3, 4, 1.5, 0.5, 1.0, STACK_PLACEMENTS, ln_scaling=ln, batched=batched)
            for batched in (True, False)]
    assert values_equal(runs[0], runs[1])


def test_the_none_stack_rides_along_without_its_gradients():
    # The no-norm stack joins the others' batch for its forward pass only: zeros carry it through the backward.
    x = reference_input(6, 4, "float64")
    pre, none = BlockSpec(placement="pre"), BlockSpec(norm="none", placement="pre")
    both = run_stacks(x, [pre, none], 4, 3, 4, with_grad=[True, False], ln_scaling=[False, False])
    assert both[1].weight_grad is None and both[1].input_grad is None
    assert _same_run(both[1], run_stack(x, none, 4, 3, 4, with_grad=False))
    assert _same_run(both[0], run_stack(x, pre, 4, 3, 4, with_grad=True))


@pytest.mark.parametrize("placement", ["pre", "post"])
def test_streamed_weights_batched_are_each_alone_and_the_kept_ones(placement):
    x = reference_input(5, 16, "float32")
    specs = [BlockSpec(placement=p, heads=2) for p in ("pre", "post", "peri")]
    streamed = run_stacks(x, specs, 3, 7, 4, with_grad=[True] * 3, ln_scaling=[False] * 3, streamed=True)
    for spec, run in zip(specs, streamed):
        assert _same_run(run, run_stack(x, spec, 3, 7, 4, with_grad=True, streamed=True))
        assert _same_run(run, run_stack(x, spec, 3, 7, 4, with_grad=True))  # one slab: the kept weights' numbers


def test_overflowing_stacks_keep_their_inf_and_nan_apart():
    # Huge inputs overflow float32 in the no-norm stack; the normed stacks beside it stay finite and unchanged.
    x = reference_input(6, 4, "float32") * np.float32(1e18)
    specs = [BlockSpec(placement="pre"), BlockSpec(norm="none", placement="pre")]
    both = run_stacks(x, specs, 6, 3, 4, with_grad=[True, False], ln_scaling=[False, False])
    assert both[1].overflow_layer is not None and both[0].overflow_layer is None
    assert _same_run(both[0], run_stack(x, specs[0], 6, 3, 4, with_grad=True))


def test_weight_gradient_norms_of_a_batch_are_each_stacks_own():
    rng = np.random.default_rng(0)
    stacks, t = 3, 6
    # Q, K and V share their input factor; each stack gets its own scale, including ones only the
    # scaled route can take (beyond 1e±250 in float64) and a NaN.
    scales = np.array([1.0, 1e200, 1e-200])[:, None, None]
    x = rng.standard_normal((stacks, t, 4)) * scales
    dq, dk, o, do = (rng.standard_normal((stacks, t, k)) for k in (4, 4, 16, 4))
    do[2, 0, 0] = np.nan
    rows = lambda m: m.reshape(-1, m.shape[-1])
    xr = rows(x)
    batched = {"wq": (xr, rows(dq)), "wk": (xr, rows(dk)), "wo": (o, do)}
    norms = weight_gradients_norms(batched, [True] * stacks)
    for b in range(stacks):
        alone = weight_gradients_norm({"wq": (x[b], dq[b]), "wk": (x[b], dk[b]), "wo": (o[b], do[b])})
        assert norms[b] == alone or (math.isnan(norms[b]) and math.isnan(alone))
    assert math.isnan(norms[2]) and 1e200 < norms[1] < math.inf and math.isfinite(norms[0])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_layers_taken_together_or_one_at_a_time_give_the_same_curves_and_norms(monkeypatch, dtype):
    # run_stacks takes the curves and gradient norms of a chunk of layers in one call each: one chunk of all
    # 10 layers here (the default), chunks of 3 (the last one short) and of 1 give every number alike.
    x = reference_input(6, 4, dtype) * np.array([1, 1, 1, 1e20 if dtype == "float32" else 1e160, 1, 1], dtype)[:, None]
    specs = [BlockSpec(placement=p) for p in ("pre", "post", "peri", "mixln")] + [BlockSpec(norm="none")]
    args = dict(with_grad=[True, True, True, True, False], ln_scaling=[True, False, False, False, False])
    runs = {}
    for layers_at_once in (10, 3, 1):
        monkeypatch.setattr(depth, "BATCH_ELEMENTS", layers_at_once * len(specs) * 6 * 16)
        runs[layers_at_once] = run_stacks(x, specs, 10, 3, 4, **args)
    for a, b, c in zip(runs[10], runs[3], runs[1]):
        assert _same_run(a, b) and _same_run(a, c)
        assert a.rms.flags.c_contiguous and a.rms.dtype == np.float64 and a.max_logit.shape == (10,)
    assert runs[10][4].overflow_layer is not None and runs[10][4].weight_grad is None
    alone = run_stack(x, specs[1], 10, 3, 4, with_grad=True)  # one stack: a chunk of its own size
    assert _same_run(runs[1][1], alone)


def test_weight_gradient_norms_of_layers_together_are_each_layers_own():
    rng = np.random.default_rng(1)
    stacks, t = 2, 5
    layers = []
    for scale in (1.0, 1e200, 1e-200):  # the plain route, and both ends of the scaled one
        x = rng.standard_normal((stacks, t, 4)) * scale
        xr = x.reshape(-1, 4)
        layers.append({"wq": (xr, rng.standard_normal((stacks * t, 4))), "wk": (xr, rng.standard_normal((stacks * t, 4))),
                       "w2": (rng.standard_normal((stacks, t, 16)), rng.standard_normal((stacks, t, 4)))})
    together = layers_weight_gradients_norms([stacked_factors(g) for g in layers], [True, True])
    assert together == [weight_gradients_norms(g, [True, True]) for g in layers]


def test_block_with_grad_is_one_stack_of_blocks_with_grad():
    x = reference_input(6, 4, "float64")
    w = layer_weights(3, 0, 4, 16, False, "float64", "fan_in", 1.0)
    stages, scores, backward = block_with_grad(x, w, BlockSpec(placement="post"))
    assert list(stages) == ["input", "attn", "add1", "norm1", "ffn", "add2", "norm2"]
    assert scores.shape == (1, 6, 6)
    dx, grads = backward(np.ones_like(x))
    assert dx.shape == x.shape and all(a.shape[0] == 6 and g.shape[0] == 6 for a, g in grads.values())
    assert grads["wq"][0] is grads["wk"][0]  # the shared input factor stays one array


@pytest.mark.parametrize("placement", STACK_PLACEMENTS)
def test_the_block_view_takes_the_chosen_stacks_first_block(placement):
    s = load_preset("xian").replace(placement=placement, ln_scaling=placement == "pre")
    shown = compute(s).stages
    ran, _ = block_stages(s)
    assert list(shown) == list(ran) and values_equal(dict(shown), dict(ran))
    # A placement switch reuses the depth run (Pre and Post always run) and still shows its own first block.
    switched = s.replace(placement="post" if placement != "post" else "pre")
    assert values_equal(dict(compute(switched, compute(s)).stages), dict(block_stages(switched)[0]))


def test_stacks_run_together_only_while_all_their_activations_fit(monkeypatch):
    # Together the stacks hold every stack's saved activations at once: where one stack fits the memory budget
    # but all of them don't, they run one after the other.
    import engine.results.compute as compute_module

    s = load_preset("xian")
    asked = []
    real = compute_module.depth_profile
    monkeypatch.setattr(compute_module, "depth_profile", lambda *a, **k: asked.append(k["batched"]) or real(*a, **k))
    compute_module.depth(s)
    monkeypatch.setattr(compute_module, "MAX_SIMULATION_BYTES", compute_module.simulation_bytes(s, s.layers))
    profile, note = compute_module.depth(s)
    assert note is None and profile is not None
    assert asked == [None, False]


def test_a_stack_without_layers_is_refused_in_words():
    import pytest

    from engine.core.block import BlockSpec
    from engine.core.depth import run_stack

    x = np.ones((6, 4), np.float32)
    with pytest.raises(ValueError, match="at least one layer"):
        run_stack(x, BlockSpec(norm="layer", placement="pre"), 0, 0, 4, with_grad=True)
