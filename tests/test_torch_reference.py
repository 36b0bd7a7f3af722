"""The NumPy engine against stored PyTorch outputs (``tests/reference/torch_reference.npz``).

The reference file is produced by ``tests/reference/make_torch_reference.py`` with torch 2.13.0 in
a separate virtual environment; see that script's docstring for how to regenerate it and for the
layout of the arrays. Nothing here imports torch.

Tolerances
----------
* float64, normalized outputs (LayerNorm, RMSNorm, BatchNorm y): rtol 1e-12, atol 1e-12
  (measured differences are below 3e-15 except the 1e4-mean rows, where torch's own float64
  centring error is 2.6e-13).
* float32, normalized outputs: atol 1e-5 (measured differences are at most 7.2e-7).
* BatchNorm running buffers: rtol 1e-12 (float64) / 1e-5 (float32), plus a tiny atol.
* ReLU: exact.
* SiLU: float64 rtol 1e-12, atol 1e-14; float32 rtol 2**-22 (2 ulp), atol 1e-6.
* GELU: the engine's erf is the Abramowitz & Stegun 7.1.26 fit, |erf error| <= 1.5e-7, and
  GELU = x/2 · (1 + erf(x/√2)) multiplies that by |x|/2. float64 therefore gets the bound
  |Δ| <= 0.75e-7 · |x| (tighter than 2e-7 for |x| < 2.67; measured max 2.11e-7 at |x| ≈ 3.1,
  where the erf error is 1.39e-7). float32 evaluates the fit in float32 arithmetic, so it gets
  atol 1e-6 + rtol 2**-22 (measured max 7.2e-7 at x = 2.875, i.e. 3 ulp of 2.87).
* float32 LayerNorm of rows 1e4 + N(0, 1): torch's float32 CPU kernel itself is off by up to
  1.1e-3 from the exact result there, so it is compared with a 2e-3 allowance; the engine must
  additionally match torch's float64 result of the same input to 1e-5 and be at least 100×
  closer to it than torch float32 is.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from engine import activations
from engine.norms import batch_norm, layer_norm, rms_norm
from engine.presets import XIAN_BETA, XIAN_GAMMA, XIAN_MATRIX

REFERENCE = Path(__file__).resolve().parent / "reference" / "torch_reference.npz"

with np.load(REFERENCE, allow_pickle=False) as _npz:
    REF: dict[str, np.ndarray] = {key: _npz[key] for key in _npz.files}

DTYPES = {"f32": np.float32, "f64": np.float64}

# Every key the generator may write; anything else means the file and these tests disagree.
KEY_PATTERNS = [
    r"meta/torch_version",
    r"ln/f(32|64)/[^/]+/(x|y|eps|gamma|beta)",
    r"rms/f(32|64)/[^/]+/(x|y|eps|gamma)",
    r"bn/f(32|64)/[^/]+/(gamma|beta|eps|momentum|running_mean0|running_var0)",
    r"bn/f(32|64)/[^/]+/(step\d+|eval)/(x|y|running_mean|running_var)",
    r"act/f(32|64)/(gelu|silu|relu)/(x|y)",
]

# Torch's own float32 LayerNorm error on rows with a 1e4 mean (see the module docstring).
TORCH_F32_LARGE_MEAN_ATOL = 2e-3


def _group(prefix: str) -> dict[str, dict[str, np.ndarray]]:
    """``{"ln/f32/xian_affine": {"x": ..., "y": ...}, ...}`` for keys ``prefix/<dt>/<case>/<leaf>``."""
    cases: dict[str, dict[str, np.ndarray]] = defaultdict(dict)
    for key, value in REF.items():
        parts = key.split("/")
        if parts[0] == prefix:
            cases["/".join(parts[:3])]["/".join(parts[3:])] = value
    return dict(sorted(cases.items()))


LN = _group("ln")
RMS = _group("rms")
BN = _group("bn")
ACT = _group("act")


def _dtype_of(case_id: str):
    return DTYPES[case_id.split("/")[1]]


def _bn_steps(case: dict[str, np.ndarray]) -> list[str]:
    steps = sorted({k.split("/")[0] for k in case if k.startswith("step")}, key=lambda s: int(s[4:]))
    return steps


BN_STEPS = [(cid, step) for cid, case in BN.items() for step in _bn_steps(case) + ["eval"]]


def _norm_tol(dtype) -> dict:
    return dict(rtol=1e-12, atol=1e-12) if dtype == np.float64 else dict(rtol=0.0, atol=1e-5)


def _buffer_tol(dtype) -> dict:
    return dict(rtol=1e-12, atol=1e-15) if dtype == np.float64 else dict(rtol=1e-5, atol=1e-7)


def _check_input(case_id: str, x: np.ndarray):
    dtype = _dtype_of(case_id)
    assert x.dtype == dtype, f"{case_id}: stored input is {x.dtype}, expected {np.dtype(dtype)}"
    return dtype


# --- the file itself ---------------------------------------------------------------------------


def test_reference_file_holds_only_known_numeric_arrays():
    assert REFERENCE.stat().st_size < 320_000
    unknown = [k for k in REF if not any(re.fullmatch(p, k) for p in KEY_PATTERNS)]
    assert unknown == []
    non_numeric = {k: str(v.dtype) for k, v in REF.items() if v.dtype.kind not in "fiu"}
    assert non_numeric == {}
    assert tuple(REF["meta/torch_version"]) == (2, 13, 0)


def test_reference_file_covers_the_required_cases():
    for family in (LN, RMS, BN, ACT):
        f32 = {cid.split("/", 2)[2] for cid in family if "/f32/" in cid}
        f64 = {cid.split("/", 2)[2] for cid in family if "/f64/" in cid}
        assert f32 and f32 == f64, "every case must exist in float32 and float64"
    ln_names = {cid.split("/")[2] for cid in LN}
    assert {"xian_affine", "xian_plain"} <= ln_names
    for shape in ("6x4", "3x5x16", "2x768"):
        assert any(n.startswith(shape + "_") for n in ln_names), shape
    ln_eps = {float(case["eps"]) for case in LN.values()}
    assert {1e-5, 1e-3, 0.0} <= ln_eps
    assert any("mean1e4" in n for n in ln_names) and any("constrows" in n for n in ln_names)
    rms_variants = {("eps" in case, "gamma" in case) for case in RMS.values()}
    assert rms_variants == {(False, False), (False, True), (True, False), (True, True)}
    momenta = {float(case["momentum"]) for case in BN.values()}
    assert {0.1, 0.3} <= momenta
    assert all(len(_bn_steps(case)) >= 5 and "eval/y" in case for case in BN.values())
    assert {cid.split("/")[2] for cid in ACT} == {"gelu", "silu", "relu"}
    grid = ACT["act/f64/gelu"]["x"]
    assert grid.min() == -10.0 and grid.max() == 10.0 and grid.size > 500


def test_xian_reference_input_is_the_preset():
    for dt, dtype in DTYPES.items():
        case = LN[f"ln/{dt}/xian_affine"]
        np.testing.assert_array_equal(case["x"], np.array(XIAN_MATRIX, dtype=dtype))
        np.testing.assert_array_equal(case["gamma"], np.array(XIAN_GAMMA, dtype=dtype))
        np.testing.assert_array_equal(case["beta"], np.array(XIAN_BETA, dtype=dtype))


# --- LayerNorm ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case_id", list(LN), ids=list(LN))
def test_layer_norm_matches_torch(case_id):
    case = LN[case_id]
    dtype = _check_input(case_id, case["x"])
    assert case["y"].dtype == dtype and case["y"].shape == case["x"].shape
    y = layer_norm(case["x"], case.get("gamma"), case.get("beta"), eps=float(case["eps"]))
    assert y.dtype == dtype
    assert y.shape == case["x"].shape
    tol = _norm_tol(dtype)
    if dtype == np.float32 and "mean1e4" in case_id:
        tol = dict(rtol=0.0, atol=TORCH_F32_LARGE_MEAN_ATOL)
    np.testing.assert_allclose(y, case["y"], **tol, err_msg=case_id)


@pytest.mark.parametrize("case_id", [c for c in LN if "/f32/" in c], ids=[c for c in LN if "/f32/" in c])
def test_float32_layer_norm_matches_torch_float64_of_the_same_input(case_id):
    case = LN[case_id]
    twin = LN[case_id.replace("/f32/", "/f64/")]
    if "xian" in case_id:  # float64 holds the seed's decimals, float32 their nearest values
        np.testing.assert_array_equal(case["x"], twin["x"].astype(np.float32))
    else:
        np.testing.assert_array_equal(case["x"].astype(np.float64), twin["x"])
    y = layer_norm(case["x"], case.get("gamma"), case.get("beta"), eps=float(case["eps"]))
    assert y.dtype == np.float32
    np.testing.assert_allclose(y, twin["y"], rtol=0.0, atol=1e-5, err_msg=case_id)


@pytest.mark.parametrize("name", sorted({c.split("/")[2] for c in LN if "mean1e4" in c}))
def test_float32_layer_norm_with_large_mean_beats_torch_float32(name):
    f32, f64 = LN[f"ln/f32/{name}"], LN[f"ln/f64/{name}"]
    y = layer_norm(f32["x"], f32.get("gamma"), f32.get("beta"), eps=float(f32["eps"]))
    engine_err = np.abs(y.astype(np.float64) - f64["y"]).max()
    torch_err = np.abs(f32["y"].astype(np.float64) - f64["y"]).max()
    assert torch_err > 1e-4, "the case no longer exposes float32 cancellation; pick a larger mean"
    assert engine_err < torch_err / 100, (engine_err, torch_err)


@pytest.mark.parametrize("case_id", [c for c in LN if "constrows" in c], ids=[c for c in LN if "constrows" in c])
def test_layer_norm_constant_rows_give_exactly_beta(case_id):
    case = LN[case_id]
    x = case["x"]
    constant = np.all(x == x[:, :1], axis=1)
    assert constant.sum() >= 3 and not constant.all()
    y = layer_norm(x, case.get("gamma"), case.get("beta"), eps=float(case["eps"]))
    expected = case["beta"] if "beta" in case else np.zeros(x.shape[1], x.dtype)
    np.testing.assert_array_equal(y[constant], np.broadcast_to(expected, y[constant].shape))
    np.testing.assert_allclose(case["y"][constant], np.broadcast_to(expected, y[constant].shape), atol=1e-12)


# --- RMSNorm -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case_id", list(RMS), ids=list(RMS))
def test_rms_norm_matches_torch(case_id):
    case = RMS[case_id]
    dtype = _check_input(case_id, case["x"])
    assert ("eps" in case) == ("epsNone" not in case_id)
    eps = float(case["eps"]) if "eps" in case else None
    y = rms_norm(case["x"], case.get("gamma"), eps=eps)
    assert y.dtype == dtype
    assert y.shape == case["x"].shape
    np.testing.assert_allclose(y, case["y"], **_norm_tol(dtype), err_msg=case_id)


@pytest.mark.parametrize("dt", list(DTYPES))
def test_rms_norm_tiny_inputs_pin_down_the_default_eps(dt):
    """On mean squares near 1e-8 a wrong default eps is far outside the tolerance."""
    case = RMS[f"rms/{dt}/4x8_tiny_epsNone_plain"]
    other = np.finfo(np.float64 if dt == "f32" else np.float32).eps
    for wrong_eps in (1e-6, float(other), 0.0):
        with np.errstate(divide="ignore", invalid="ignore"):
            wrong = rms_norm(case["x"][:3], eps=wrong_eps)
        assert np.abs(wrong - case["y"][:3]).max() > 100 * _norm_tol(case["x"].dtype.type)["atol"]


# --- BatchNorm1d -------------------------------------------------------------------------------


def _bn_run(case, step, running_mean, running_var):
    x = case[f"{step}/x"]
    return batch_norm(
        x,
        case.get("gamma"),
        case.get("beta"),
        eps=float(case["eps"]),
        training=step != "eval",
        running_mean=running_mean,
        running_var=running_var,
        momentum=float(case["momentum"]),
    )


def _check_bn_step(case_id, case, step, y, rm, rv):
    dtype = _dtype_of(case_id)
    where = f"{case_id} {step}"
    assert y.dtype == rm.dtype == rv.dtype == dtype, where
    assert y.shape == case[f"{step}/x"].shape, where
    np.testing.assert_allclose(y, case[f"{step}/y"], **_norm_tol(dtype), err_msg=where + " y")
    np.testing.assert_allclose(rm, case[f"{step}/running_mean"], **_buffer_tol(dtype), err_msg=where + " mean")
    np.testing.assert_allclose(rv, case[f"{step}/running_var"], **_buffer_tol(dtype), err_msg=where + " var")


@pytest.mark.parametrize(("case_id", "step"), BN_STEPS, ids=[f"{c}/{s}" for c, s in BN_STEPS])
def test_batch_norm_step_matches_torch(case_id, step):
    """One step on its own, starting from the buffers torch had before it."""
    case = BN[case_id]
    _check_input(case_id, case[f"{step}/x"])
    steps = _bn_steps(case) + ["eval"]
    i = steps.index(step)
    prev_mean = case["running_mean0"] if i == 0 else case[f"{steps[i - 1]}/running_mean"]
    prev_var = case["running_var0"] if i == 0 else case[f"{steps[i - 1]}/running_var"]
    before = (prev_mean.copy(), prev_var.copy())
    y, rm, rv = _bn_run(case, step, prev_mean, prev_var)
    _check_bn_step(case_id, case, step, y, rm, rv)
    np.testing.assert_array_equal(prev_mean, before[0])  # inputs' buffers are never modified
    np.testing.assert_array_equal(prev_var, before[1])
    if step == "eval":
        np.testing.assert_array_equal(rm, prev_mean)
        np.testing.assert_array_equal(rv, prev_var)
    else:
        assert not np.allclose(rv, prev_var), "a training step must move the running variance"


@pytest.mark.parametrize("case_id", list(BN), ids=list(BN))
def test_batch_norm_sequence_matches_torch(case_id):
    """All steps chained through the engine's own buffers, starting from its defaults."""
    case = BN[case_id]
    dtype = _dtype_of(case_id)
    np.testing.assert_array_equal(case["running_mean0"], np.zeros_like(case["running_mean0"]))
    np.testing.assert_array_equal(case["running_var0"], np.ones_like(case["running_var0"]))
    rm = rv = None
    for step in _bn_steps(case) + ["eval"]:
        y, rm, rv = _bn_run(case, step, rm, rv)
        _check_bn_step(case_id, case, step, y, rm, rv)
    assert rm.dtype == dtype


# --- activations -------------------------------------------------------------------------------


@pytest.mark.parametrize("case_id", list(ACT), ids=list(ACT))
def test_activation_matches_torch(case_id):
    case = ACT[case_id]
    dtype = _check_input(case_id, case["x"])
    name = case_id.split("/")[2]
    x, expected = case["x"], case["y"]
    y = getattr(activations, name)(x)
    assert y.dtype == dtype
    assert y.shape == x.shape
    if name == "relu":
        np.testing.assert_array_equal(y, expected)
    elif name == "silu":
        tol = dict(rtol=1e-12, atol=1e-14) if dtype == np.float64 else dict(rtol=2.0**-22, atol=1e-6)
        np.testing.assert_allclose(y, expected, **tol, err_msg=case_id)
    elif dtype == np.float64:  # gelu: the erf fit's 1.5e-7, scaled by |x|/2
        err = np.abs(y - expected)
        bound = 0.5 * np.abs(x) * 1.5e-7 + 1e-15
        worst = np.argmax(err - bound)
        assert np.all(err <= bound), f"x={x[worst]}: |Δ|={err[worst]:.3g} > {bound[worst]:.3g}"
        assert np.all(err[np.abs(x) <= 2.5] <= 2e-7)
    else:
        np.testing.assert_allclose(y, expected, rtol=2.0**-22, atol=1e-6, err_msg=case_id)
