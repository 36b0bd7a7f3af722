"""Numerically impossible states give a defined Result (inf / NaN kept and flagged), never an exception."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from engine.results import batch_lessons
from engine.results.compute import compute
from engine.results.hand_calculation import hand_calculation
from engine.setup.limits import ACTIVATIONS, DTYPES, NORM_KINDS, PLACEMENTS
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from engine.core.weights import INITS
from engine.results.zero_division import first_zero_division
from engine.files.tables import result_tables, to_csv, to_latex, to_markdown
from tests.fuzz_budget import cases


def _finite_everywhere(result) -> bool:
    stats = result.norm.row_stats
    parts = [result.norm.normalized, stats.mean_out, stats.std_out, *result.stages.values()]
    for run in (result.depth.none, *result.depth.runs.values()):
        parts += [run.rms, run.max_abs] + ([run.weight_grad, run.input_grad] if run.weight_grad is not None else [])
    return all(np.all(np.isfinite(p)) for p in parts) and np.all(np.isfinite(result.depth.toy))


def assert_flagged_exactly_where_not_finite(result) -> None:
    """``overflowed`` names a part exactly when it holds inf or NaN, and the messages say so."""
    stats = result.norm.row_stats
    assert ("norm" in result.overflowed) == (not all(np.all(np.isfinite(v)) for v in (
        result.norm.normalized, stats.mean_out, stats.std_out)))
    assert ("stages" in result.overflowed) == (not all(np.all(np.isfinite(m)) for m in result.stages.values()))
    assert (not result.overflowed) == _finite_everywhere(result)
    notes = [str(m) for m in result.messages]
    # With ε = 0 a group without spread gives NaN (0 / 0): one note says so, for the norm and for the
    # block, stack and gradients it reaches (tests/test_eps_zero.py); every other part names its overflow.
    divided = first_zero_division(result.scenario) is not None and "norm" in result.overflowed
    assert len([n for n in notes if "divides 0 by 0" in n]) == divided
    explained = {"norm", "stages", "depth", "gradients"} if divided else set()
    assert len([n for n in notes if "overflow" in n]) == len(set(result.overflowed) - explained)


def test_batchnorm_with_a_1e20_cell_then_undo_and_edit_gives_results():
    """The issue's segfault, at the engine: BatchNorm, 1e20 in a cell, undo, undo, BatchNorm, 0.5."""
    xian = load_preset("xian")
    batch = xian.replace(norm="batch")
    big = batch.matrix.copy()
    big[0, 0] = 1e20
    edited = batch.replace(matrix=big)
    half = batch.matrix.copy()
    half[0, 0] = 0.5
    steps = [(batch, None), (edited, [0]), (batch, [0]), (xian, None), (batch, None), (batch.replace(matrix=half), [0])]
    previous = None
    for s, rows in steps:
        previous = compute(s, previous, rows)
        assert previous.scenario == s and previous.depth is not None
        assert_flagged_exactly_where_not_finite(previous)


def test_xian_with_gamma_3_at_minus_1e8_gives_a_result():
    s = load_preset("xian")
    gamma = s.gamma.copy()
    gamma[2] = -1e8
    for norm in NORM_KINDS:
        for placement in PLACEMENTS:
            r = compute(s.replace(gamma=gamma, norm=norm, placement=placement))
            assert r.depth is not None and len(r.depth.pre.weight_grad) == s.layers
            assert_flagged_exactly_where_not_finite(r)


def test_two_by_one_batchnorm_with_eps_0_gives_a_result():
    s = Scenario([[2.1082], [-1.163]], gamma=[0.2212], beta=[-0.43], norm="batch", eps=0.0, layers=3,
                 placement="post")
    r = compute(s)
    # Two tokens of one dimension: BatchNorm gives ∓1 scaled by γ, shifted by β, exactly as PyTorch.
    np.testing.assert_allclose(r.norm.normalized[:, 0], [0.2212 - 0.43, -0.2212 - 0.43], rtol=1e-6)
    assert len(r.depth.post.rms) == 4
    assert_flagged_exactly_where_not_finite(r)


def test_float32_overflow_in_the_norm_is_flagged_with_its_row():
    s = Scenario([[1.0, 2.0], [3e38, -3e38]], gamma=[3e38, 3e38], labels=("a", "big"), layers=2)
    r = compute(s)
    assert not np.all(np.isfinite(r.norm.normalized[1])) or "norm" not in r.overflowed
    assert_flagged_exactly_where_not_finite(r)


def test_the_toy_overflowing_is_flagged_from_its_layer():
    r = compute(load_preset("xian").replace(toy_a=100.0, toy_v0=1e6, layers=200))
    # 1e6 · 100^k passes float64's 1.8e308 at k = 152.
    assert r.overflowed["toy"] == 152
    assert any("layer 152" in str(m) for m in r.messages)
    assert np.isinf(r.depth.toy[-1]) and np.all(np.isfinite(r.depth.toy[:152]))


# --- the fuzz: extreme finite inputs through compute() ------------------------------------------

EXTREMES = [float(np.float32(v)) for v in
            (0.0, -0.0, 1.0, -1.0, 1e-45, -1e-45, 1e-38, 1e-20, 1e20, -1e20, 1e30, 3e38, -3e38, 3.4028235e38)]
extreme = st.one_of(st.sampled_from(EXTREMES), st.floats(width=32, allow_nan=False, allow_infinity=False))
# float64 scenarios also get values whose squares overflow float64.
extreme64 = st.one_of(extreme, st.sampled_from([1e154, -1e200, 1e300, 1.7e308, 5e-324]),
                      st.floats(allow_nan=False, allow_infinity=False))


@st.composite
def scenarios(draw):
    t, d = draw(st.integers(1, 4)), draw(st.sampled_from([1, 2, 4]))
    dtype = draw(st.sampled_from(DTYPES))
    values = extreme if dtype == "float32" else extreme64
    return Scenario(
        draw(arrays(dtype, (t, d), elements=values)),
        gamma=draw(arrays(dtype, (d,), elements=values)),
        beta=draw(arrays(dtype, (d,), elements=values)),
        norm=draw(st.sampled_from(NORM_KINDS)),
        placement=draw(st.sampled_from(PLACEMENTS)),
        eps=draw(st.sampled_from([0.0, 1e-45, 1e-5, 1.0, 1e6])),
        layers=draw(st.integers(1, 4)),
        heads=draw(st.sampled_from([h for h in (1, 2, 4) if d % h == 0])),
        causal=draw(st.booleans()),
        activation=draw(st.sampled_from(ACTIVATIONS)),
        ffn_mult=draw(st.integers(1, 3)),
        bn_training=draw(st.booleans()),
        bn_momentum=draw(st.sampled_from([0.0, 0.1, 1.0])),
        toy_a=draw(st.sampled_from([-100.0, 0.0, 1.5, 100.0])),
        toy_b=draw(st.sampled_from([-100.0, 0.5, 100.0])),
        toy_v0=draw(st.sampled_from([-1e6, 0.0, 1.0, 1e6])),
        dyt_alpha=draw(st.sampled_from([1e-3, 0.5, 100.0])),
        qk_norm=draw(st.booleans()),
        ln_scaling=draw(st.booleans()),
        init=draw(st.sampled_from(INITS)),
        dtype=dtype,
    )


def _fuzz(s: Scenario, row: int, value: float) -> None:
    r = compute(s)
    assert_flagged_exactly_where_not_finite(r)
    # Then an edit of one row, through the incremental path the app's cell edits take.
    m = s.matrix.copy()
    m[row % s.tokens, 0] = value
    edited = s.replace(matrix=m)
    again = compute(edited, r, [row % s.tokens])
    assert_flagged_exactly_where_not_finite(again)
    np.testing.assert_array_equal(again.norm.normalized, compute(edited).norm.normalized)


@settings(max_examples=cases(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.integers(0, 3), extreme)
def test_extreme_finite_inputs_give_a_result_with_non_finite_values_flagged(s, row, value):
    _fuzz(s, row, value)


@settings(max_examples=cases(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.integers(0, 3))
def test_the_teaching_views_and_tables_take_extreme_results_quietly(s, index):
    """What the hand calculation, the BatchNorm lab, the scale demo and the export compute from the
    same scenario: inf and NaN, but no exception and no warning."""
    for table in result_tables(compute(s)).values():
        to_csv(table), to_markdown(table), to_latex(table)
    hand_calculation(s, index % (s.dims if s.norm == "batch" else s.tokens))
    token = index % s.tokens
    batch_lessons.batch_dependence(s, token)
    batch_lessons.single_token(s, token, 30)
    batch_lessons.scale_invariance_for(s)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(), st.integers(0, 3), extreme)
def test_many_extreme_finite_inputs_give_a_result(s, row, value):
    _fuzz(s, row, value)
