"""Generate ``torch_reference.npz``: PyTorch outputs that ``tests/test_torch_reference.py`` checks
the NumPy engine against.

Generated with torch 2.13.0 (CPU build, ``torch.set_num_threads(1)``) and NumPy 2.4.6. PyTorch is
deliberately not a project dependency, so it lives in its own virtual environment::

    python3 -m venv /work/torchref-venv
    /work/torchref-venv/bin/pip install torch==2.13.0 numpy
    /work/torchref-venv/bin/python tests/reference/make_torch_reference.py     # from the repo root

The script writes ``tests/reference/torch_reference.npz`` next to itself (wherever it is run from).
Every input comes from a seeded NumPy generator, so re-running it reproduces the same values (the
zip container's timestamps differ, the arrays do not).

Layout (plain numeric arrays only; loads with ``allow_pickle=False``). ``{dt}`` is ``f32`` or
``f64``; every case exists in both, with the float64 input being the float32 input upcast, so the
two dtypes see exactly the same numbers, except the ``xian_*`` cases: there float64 holds the
seed's decimals and float32 their nearest float32 values.

``meta/torch_version``                 int array, e.g. [2, 13, 0]
``ln/{dt}/{case}/``                    ``F.layer_norm(x, (d,), gamma, beta, eps)``
    ``x``, ``eps`` (0-d), ``gamma`` and ``beta`` (only when used), ``y``
``rms/{dt}/{case}/``                   ``F.rms_norm(x, (d,), gamma, eps)``
    ``x``, ``gamma`` (only when used), ``eps`` (0-d; ABSENT means eps=None, i.e. finfo(dtype).eps),
    ``y``
``bn/{dt}/{case}/``                    ``nn.BatchNorm1d(d)`` run over consecutive batches
    ``eps``, ``momentum`` (0-d), ``gamma``/``beta`` (only when affine),
    ``running_mean0``/``running_var0`` (the buffers before step 0),
    ``step{k}/x``, ``step{k}/y``, ``step{k}/running_mean``, ``step{k}/running_var`` for each
    training step k = 0, 1, ... (buffers *after* that step), then the same four under ``eval/``
    for one ``.eval()`` forward that uses the buffers left by the last training step.
``act/{dt}/{gelu,silu,relu}/``         ``F.gelu(x, approximate='none')``, ``F.silu``, ``F.relu``
    ``x`` (the grid -10..10 in steps of 1/32), ``y``
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

OUT = Path(__file__).resolve().parent / "torch_reference.npz"
SEED = 20240611

# Seed 000 §2.4: 今天 西安 的 天气 怎么样 ？ after RoPE, d = 4, with its demonstration γ and β.
XIAN_MATRIX = [
    [0.320, -1.070, 0.880, 0.050],
    [-1.079, 0.004, 0.277, -0.717],
    [0.030, 0.464, 0.946, 0.200],
    [0.234, -1.267, -0.210, 0.654],
    [-0.390, -0.681, -0.947, 0.402],
    [0.800, 0.362, 0.382, -1.031],
]
XIAN_GAMMA = [1.2, 0.8, 1.0, 1.1]
XIAN_BETA = [0.1, -0.1, 0.05, 0.2]

DTYPES = {"f32": (np.float32, torch.float32), "f64": (np.float64, torch.float64)}

arrays: dict[str, np.ndarray] = {}
rng = np.random.default_rng(SEED)


def put(key: str, value) -> None:
    if key in arrays:
        raise KeyError(f"duplicate key {key}")
    value = np.asarray(value)
    if value.dtype.kind not in "fiu":
        raise TypeError(f"{key}: only numeric arrays are stored, got {value.dtype}")
    arrays[key] = value


def f32_exact(a) -> np.ndarray:
    """``a`` rounded to float32 and returned as float64, so both dtypes get the same numbers."""
    return np.asarray(a, dtype=np.float64).astype(np.float32).astype(np.float64)


def quantized(shape, scale: float = 1.0, step: float = 1 / 1024) -> np.ndarray:
    """Normal values on a 2^-10 grid: exact in float32 and cheap to store."""
    return np.round(rng.standard_normal(shape) * scale / step) * step


def affine_pair(d: int) -> tuple[np.ndarray, np.ndarray]:
    gamma = 1.0 + np.round(rng.standard_normal(d) * 0.25 * 64) / 64
    beta = np.round(rng.standard_normal(d) * 0.5 * 64) / 64
    return gamma, beta


def t(a: np.ndarray, tdt) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(a)).to(tdt)


# --- LayerNorm ---------------------------------------------------------------------------------


def layer_norm_case(name: str, x, gamma=None, beta=None, eps: float = 1e-5, shared_input: bool = True) -> None:
    """``shared_input=False`` keeps float64 inputs as given (the seed's decimals) instead of f32-rounded."""
    r = f32_exact if shared_input else (lambda a: np.asarray(a, dtype=np.float64))
    x = r(x)
    gamma = None if gamma is None else r(gamma)
    beta = None if beta is None else r(beta)
    d = x.shape[-1]
    for dt, (ndt, tdt) in DTYPES.items():
        p = f"ln/{dt}/{name}"
        xt = t(x, tdt)
        gt = None if gamma is None else t(gamma, tdt)
        bt = None if beta is None else t(beta, tdt)
        y = F.layer_norm(xt, (d,), gt, bt, eps).numpy()
        assert y.dtype == ndt
        put(f"{p}/x", x.astype(ndt))
        put(f"{p}/eps", np.float64(eps))
        if gamma is not None:
            put(f"{p}/gamma", gamma.astype(ndt))
        if beta is not None:
            put(f"{p}/beta", beta.astype(ndt))
        put(f"{p}/y", y)


def build_layer_norm() -> None:
    layer_norm_case("xian_affine", XIAN_MATRIX, XIAN_GAMMA, XIAN_BETA, 1e-5, shared_input=False)
    layer_norm_case("xian_plain", XIAN_MATRIX, eps=1e-5, shared_input=False)
    for shape in [(6, 4), (3, 5, 16), (2, 768)]:
        tag = "x".join(map(str, shape))
        x = quantized(shape, scale=1.5) + 0.3
        gamma, beta = affine_pair(shape[-1])
        layer_norm_case(f"{tag}_eps1e-5_affine", x, gamma, beta, 1e-5)
        layer_norm_case(f"{tag}_eps0_plain", x, eps=0.0)
        if shape != (2, 768):  # the wide case twice is enough; it dominates the file size
            layer_norm_case(f"{tag}_eps1e-5_plain", x, eps=1e-5)
            layer_norm_case(f"{tag}_eps1e-3_affine", x, gamma, beta, 1e-3)
            layer_norm_case(f"{tag}_eps0_affine", x, gamma, beta, 0.0)
    # Small spread, where eps = 1e-3 is no longer negligible against the variance.
    x = quantized((4, 8), scale=0.03, step=2**-14)
    gamma, beta = affine_pair(8)
    layer_norm_case("4x8_smallvar_eps1e-3_affine", x, gamma, beta, 1e-3)
    layer_norm_case("4x8_smallvar_eps1e-5_plain", x, eps=1e-5)
    # Rows 1e4 + N(0, 1): the float32 one-pass E[x²] − E[x]² would lose everything here.
    x = 1e4 + rng.standard_normal((4, 256))
    gamma, beta = affine_pair(256)
    layer_norm_case("4x256_mean1e4_plain", x, eps=1e-5)
    layer_norm_case("4x256_mean1e4_affine", x, gamma, beta, 1e-5)
    # Constant rows (variance exactly 0, so only eps keeps 1/σ finite) mixed with ordinary rows.
    x = np.array(
        [
            [3.7] * 6,
            [0.0] * 6,
            [-2.5, 1.0, 0.25, 4.0, -1.0, 0.5],
            [1e4] * 6,
            [-0.001] * 6,
        ]
    )
    gamma, beta = affine_pair(6)
    layer_norm_case("5x6_constrows_eps1e-5_plain", x, eps=1e-5)
    layer_norm_case("5x6_constrows_eps1e-5_affine", x, gamma, beta, 1e-5)
    layer_norm_case("5x6_constrows_eps1e-3_affine", x, gamma, beta, 1e-3)


# --- RMSNorm -----------------------------------------------------------------------------------


def rms_norm_case(name: str, x, gamma=None, eps: float | None = None, shared_input: bool = True) -> None:
    r = f32_exact if shared_input else (lambda a: np.asarray(a, dtype=np.float64))
    x = r(x)
    gamma = None if gamma is None else r(gamma)
    d = x.shape[-1]
    for dt, (ndt, tdt) in DTYPES.items():
        p = f"rms/{dt}/{name}"
        gt = None if gamma is None else t(gamma, tdt)
        y = F.rms_norm(t(x, tdt), (d,), gt, eps).numpy()
        assert y.dtype == ndt
        put(f"{p}/x", x.astype(ndt))
        if eps is not None:
            put(f"{p}/eps", np.float64(eps))
        if gamma is not None:
            put(f"{p}/gamma", gamma.astype(ndt))
        put(f"{p}/y", y)


def build_rms_norm() -> None:
    x16 = quantized((3, 5, 16), scale=1.2)
    g16, _ = affine_pair(16)
    # Mean squares near 1e-8: here eps = finfo(float32).eps ≈ 1.19e-7, finfo(float64).eps ≈ 2.2e-16
    # and 1e-6 give visibly different outputs, so the default-eps rule is really tested.
    # The last row is all zeros (output 0 whatever eps is).
    small = np.vstack([quantized((3, 8), scale=1e-4, step=2**-30), np.zeros((1, 8))])
    gsmall, _ = affine_pair(8)
    for eps_tag, eps in (("epsNone", None), ("eps1e-6", 1e-6)):
        rms_norm_case(f"xian_{eps_tag}_gamma", XIAN_MATRIX, XIAN_GAMMA, eps, shared_input=False)
        rms_norm_case(f"xian_{eps_tag}_plain", XIAN_MATRIX, None, eps, shared_input=False)
        rms_norm_case(f"3x5x16_{eps_tag}_gamma", x16, g16, eps)
        rms_norm_case(f"3x5x16_{eps_tag}_plain", x16, None, eps)
        rms_norm_case(f"4x8_tiny_{eps_tag}_gamma", small, gsmall, eps)
        rms_norm_case(f"4x8_tiny_{eps_tag}_plain", small, None, eps)


# --- BatchNorm1d -------------------------------------------------------------------------------


def batch_norm_case(name: str, batches, momentum: float, affine: bool, eps: float, eval_x) -> None:
    batches = [f32_exact(b) for b in batches]
    eval_x = f32_exact(eval_x)
    d = batches[0].shape[1]
    gamma, beta = affine_pair(d)
    gamma, beta = f32_exact(gamma), f32_exact(beta)
    for dt, (ndt, tdt) in DTYPES.items():
        p = f"bn/{dt}/{name}"
        bn = torch.nn.BatchNorm1d(d, eps=eps, momentum=momentum, affine=affine, dtype=tdt)
        if affine:
            with torch.no_grad():
                bn.weight.copy_(t(gamma, tdt))
                bn.bias.copy_(t(beta, tdt))
            put(f"{p}/gamma", gamma.astype(ndt))
            put(f"{p}/beta", beta.astype(ndt))
        put(f"{p}/eps", np.float64(eps))
        put(f"{p}/momentum", np.float64(momentum))
        put(f"{p}/running_mean0", bn.running_mean.numpy().copy())
        put(f"{p}/running_var0", bn.running_var.numpy().copy())
        bn.train()
        steps = [(f"step{k}", b) for k, b in enumerate(batches)]
        for tag, x in steps + [("eval", eval_x)]:
            if tag == "eval":
                bn.eval()
            with torch.no_grad():
                y = bn(t(x, tdt)).numpy()
            assert y.dtype == ndt
            put(f"{p}/{tag}/x", x.astype(ndt))
            put(f"{p}/{tag}/y", y)
            put(f"{p}/{tag}/running_mean", bn.running_mean.numpy().copy())
            put(f"{p}/{tag}/running_var", bn.running_var.numpy().copy())


def build_batch_norm() -> None:
    d = 6
    col_mean = np.array([0.0, 2.0, -3.0, 0.5, 10.0, -0.25])
    col_std = np.array([1.0, 0.5, 3.0, 0.1, 2.0, 1.5])

    def batch(n: int) -> np.ndarray:
        return col_mean + quantized((n, d)) * col_std

    batches = [batch(8) for _ in range(5)]
    batch_norm_case("m0.1_affine_T8", batches, 0.1, True, 1e-5, batch(4))
    # Batch sizes change from step to step (down to 2, where the unbiased factor n/(n−1) is 2).
    batches = [batch(n) for n in (16, 5, 2, 9, 3)]
    batch_norm_case("m0.3_plain_Tvar", batches, 0.3, False, 1e-5, batch(7))
    batches = [batch(n) for n in (12, 12, 12, 12, 12)]
    batch_norm_case("m0.3_affine_T12_eps1e-3", batches, 0.3, True, 1e-3, batch(3))


# --- activations -------------------------------------------------------------------------------


def build_activations() -> None:
    grid = np.arange(-320, 321) / 32.0  # -10 .. 10 in steps of 1/32, all exact in float32
    fns = {
        "gelu": lambda v: F.gelu(v, approximate="none"),
        "silu": F.silu,
        "relu": F.relu,
    }
    for dt, (ndt, tdt) in DTYPES.items():
        for fname, fn in fns.items():
            y = fn(t(grid, tdt)).numpy()
            assert y.dtype == ndt
            put(f"act/{dt}/{fname}/x", grid.astype(ndt))
            put(f"act/{dt}/{fname}/y", y)


def main() -> None:
    torch.manual_seed(0)
    torch.set_num_threads(1)
    version = [int(part) for part in torch.__version__.split("+")[0].split(".")[:3]]
    put("meta/torch_version", np.array(version, dtype=np.int64))
    build_layer_norm()
    build_rms_norm()
    build_batch_norm()
    build_activations()

    np.savez_compressed(OUT, **arrays)
    with np.load(OUT, allow_pickle=False) as check:
        assert sorted(check.files) == sorted(arrays)
        for key in check.files:
            np.testing.assert_array_equal(check[key], arrays[key])
            assert check[key].dtype == arrays[key].dtype
    print(f"torch {torch.__version__}: wrote {len(arrays)} arrays to {OUT} ({os.path.getsize(OUT)} bytes)")


if __name__ == "__main__":
    main()
