"""ε = 0 follows PyTorch: where a norm divides 0 by 0 (a row with no spread under LayerNorm, a zero row
under RMSNorm, a column with no spread under BatchNorm) the result is NaN, never a silent 0, on every
path: the norms and their gradients, the block and the stack, the tables, the hand calculation. Reference
values: tests/reference/make_eps_zero_reference.py (torch 2.13.0). No RuntimeWarning escapes (pyproject
turns the engine's into errors)."""

from pathlib import Path

import numpy as np
import pytest

from engine.results.compute import compute
from engine.results.hand_calculation import hand_calculation
from engine.core.norms import batch_norm, batch_norm_with_grad, layer_norm, layer_norm_with_grad, rms_norm, rms_norm_with_grad
from engine.setup.presets import load_preset
from engine.files.tables import result_tables, to_csv
from engine.results.zero_division import first_zero_division

REFERENCE = Path(__file__).resolve().parent / "reference" / "eps_zero_reference.npz"
DTYPES = {"f32": np.float32, "f64": np.float64}


@pytest.fixture(scope="module")
def ref():
    with np.load(REFERENCE, allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def _same(got: np.ndarray, want: np.ndarray, dt: str) -> None:
    assert got.dtype == DTYPES[dt]
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got, want, rtol=2e-5 if dt == "f32" else 1e-12, atol=1e-5 if dt == "f32" else 1e-12)


@pytest.mark.parametrize("dt", DTYPES)
def test_layer_norm_of_a_row_without_spread_is_nan_as_in_torch(ref, dt):
    x = ref[f"ln/{dt}/x"]
    _same(layer_norm(x, ref[f"ln/{dt}/gamma"], ref[f"ln/{dt}/beta"], eps=0.0), ref[f"ln/{dt}/y"], dt)
    y, backward = layer_norm_with_grad(x, eps=0.0)
    _same(y, layer_norm(x, eps=0.0), dt)
    dx = backward(np.broadcast_to(np.arange(1, 5, dtype=x.dtype), x.shape))
    np.testing.assert_array_equal(np.isnan(dx), np.isnan(ref[f"ln/{dt}/dx"]))
    finite = ~np.isnan(dx)
    np.testing.assert_allclose(dx[finite], ref[f"ln/{dt}/dx"][finite], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dt", DTYPES)
def test_rms_norm_of_a_zero_row_is_nan_as_in_torch(ref, dt):
    x = ref[f"rms/{dt}/x"]
    _same(rms_norm(x, ref[f"rms/{dt}/gamma"], eps=0.0), ref[f"rms/{dt}/y"], dt)
    y, backward = rms_norm_with_grad(x, eps=0.0)
    dx = backward(np.broadcast_to(np.arange(1, 5, dtype=x.dtype), x.shape))
    _same(dx, ref[f"rms/{dt}/dx"], dt) if dt == "f64" else np.testing.assert_array_equal(
        np.isnan(dx), np.isnan(ref[f"rms/{dt}/dx"]))


@pytest.mark.parametrize("norm_with_grad", [layer_norm_with_grad, rms_norm_with_grad])
@pytest.mark.parametrize("dt", DTYPES)
def test_a_backward_left_to_its_callers_errstate_gives_the_same_nan_and_warns_without_one(ref, dt, norm_with_grad):
    """``invalid_ignored=True`` (the depth stacks', under their own errstate) drops only the backward's errstate:
    an infinite gradient (inf − inf in the row's mean) gives the same NaN, and warns without the caller's."""
    x = ref[f"{'ln' if norm_with_grad is layer_norm_with_grad else 'rms'}/{dt}/x"]
    dy = np.tile(np.arange(1, 5, dtype=x.dtype), (x.shape[0], 1))
    dy[-1, 0] = np.inf
    _, guarded = norm_with_grad(x, eps=0.0)
    _, bare = norm_with_grad(x, eps=0.0, invalid_ignored=True)
    want = guarded(dy)
    assert np.isnan(want).any()
    with np.errstate(invalid="ignore"):
        got = bare(dy)
    assert got.tobytes() == want.tobytes()
    with pytest.raises(RuntimeWarning, match="invalid value"):
        bare(dy)


@pytest.mark.parametrize("dt", DTYPES)
def test_batch_norm_of_a_column_without_spread_is_nan(ref, dt):
    """PyTorch's public BatchNorm refuses ε = 0 in training (so it has no value to follow); its kernel writes
    0, and 0.1 in float64 even −1 (its rounded mean). NormScope gives the definition's 0 / 0, as LayerNorm."""
    assert ref["bn/training_refused"] == 1
    x = ref[f"bn/{dt}/x"]
    for y in (batch_norm(x, eps=0.0)[0], batch_norm_with_grad(x, eps=0.0)[0]):
        assert np.all(np.isnan(y[:, 0]))
        np.testing.assert_allclose(y[:, 1], ref[f"bn/{dt}/y_kernel"][:, 1], rtol=1e-6)


def test_the_default_eps_keeps_a_row_without_spread_at_zero():
    x = np.full((3, 5), 0.1)
    assert np.array_equal(layer_norm(x), np.zeros_like(x))
    assert np.array_equal(batch_norm(x)[0], np.zeros_like(x))


def _xian_with(norm: str, **changes):
    s = load_preset("xian").replace(norm=norm, eps=0.0, **changes)
    m = np.array(s.matrix)
    if norm == "batch":
        m[:, 1] = 3.0  # column d2 has no spread
    else:
        m[1] = 5.0 if norm == "layer" else 0.0  # row 西安
    return s.replace(matrix=m)


@pytest.mark.parametrize("norm", ["layer", "rms", "batch"])
@pytest.mark.parametrize("placement", ["pre", "post", "peri", "deepnorm", "mixln"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_every_path_gives_nan_and_says_it_is_zero_divided_by_zero(norm, placement, dtype):
    s = _xian_with(norm, placement=placement, dtype=dtype, qk_norm=placement == "pre")
    r = compute(s)
    nan = np.isnan(r.norm.normalized)
    if norm == "batch":
        assert np.all(nan[:, 1]) and not nan[:, [0, 2, 3]].any()
    else:
        assert np.all(nan[1]) and not nan[[0, 2, 3, 4, 5]].any()
    assert "norm" in r.overflowed and r.depth is not None and r.stages is not None
    notes = r.messages
    assert any("ε = 0" in n and "divides 0 by 0" in n for n in notes), notes
    assert not any("overflows" in n and "normalized matrix" in n for n in notes)
    assert "nan" in to_csv(result_tables(r)["normalized"]).splitlines()[2 if norm != "batch" else 1]


def test_a_row_with_spread_is_not_named():
    s = load_preset("xian").replace(eps=0.0)
    assert first_zero_division(s) is None and not any("divides 0 by 0" in n for n in compute(s).messages)


@pytest.mark.parametrize("norm, index", [("layer", 1), ("rms", 1), ("batch", 1)])
def test_the_hand_calculation_shows_the_division_by_zero(norm, index):
    from widgets.teaching.hand_calc_render import to_latex, to_text

    calc = hand_calculation(_xian_with(norm), index)
    assert np.all(np.isnan(calc.x_hat)) and np.all(np.isnan(calc.y)) and calc.denominator == 0
    text = to_text(calc)
    if norm == "rms":
        assert "x̂₁ = 0.000 / √(0.000 + 0) = 0 / 0 = NaN" in text
    else:
        assert "x̂₁ = (" + ("5.000 − 5.000" if norm == "layer" else "3.000 − 3.000") + ") / √(0.000 + 0) = 0 / 0 = NaN" in text
    assert "This is why ε exists" in text
    assert r"0 / 0 = \mathrm{NaN}" in to_latex(calc)


def test_the_hand_calculation_of_a_constant_row_of_tenths_centres_to_exact_zeros():
    """np.mean([0.1] * 3) is 0.10000000000000002: the deviations would be −1.4e-17 and x̂ −inf, not NaN."""
    s = load_preset("xian").replace(eps=0.0, matrix=np.full((6, 3), 0.1), gamma=None, beta=None, heads=1)
    calc = hand_calculation(s, 0)
    assert np.all(calc.deviations == 0) and np.all(np.isnan(calc.x_hat))
