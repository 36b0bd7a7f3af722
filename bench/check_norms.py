"""Quick correctness check of the fast forward paths in engine.core.norms against float64 references.

Run by hand: ``.venv/bin/python bench/check_norms.py``. Exits non-zero on a failure.

The references are computed naively in float64 from the (float32) inputs: two-pass mean and
variance, no blocking. Checks: random data, rows/columns with a large common offset (1e4 + N(0,1)
in float32: finite and accurate to ~1e-3), constant rows/columns giving exact zeros, dtype kept,
odd shapes (block remainders, leading axes, small d), γ/β, and the running buffers of BatchNorm.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def ref_layer_norm(x, gamma=None, beta=None, eps=1e-5):
    x = np.asarray(x, np.float64)
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    y = (x - mu) / np.sqrt(var + eps)
    if gamma is not None:
        y = y * np.asarray(gamma, np.float64)
    if beta is not None:
        y = y + np.asarray(beta, np.float64)
    return y


def ref_rms_norm(x, gamma=None, eps=None):
    eps = float(np.finfo(np.asarray(x).dtype).eps) if eps is None else eps
    x = np.asarray(x, np.float64)
    y = x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps)
    return y if gamma is None else y * np.asarray(gamma, np.float64)


def ref_batch_norm(x, gamma=None, beta=None, eps=1e-5, momentum=0.1):
    x = np.asarray(x, np.float64)
    cols = x.reshape(-1, x.shape[-1])
    n = cols.shape[0]
    mu = cols.mean(axis=0)
    var = ((cols - mu) ** 2).mean(axis=0)
    y = (cols - mu) / np.sqrt(var + eps)
    if gamma is not None:
        y = y * np.asarray(gamma, np.float64)
    if beta is not None:
        y = y + np.asarray(beta, np.float64)
    rm = momentum * mu
    rv = (1 - momentum) + momentum * var * n / (n - 1)
    return y.reshape(x.shape), rm, rv


def check(norms, verbose: bool = True) -> list[str]:
    """Run every check against the module ``norms``; return the failures (empty when all pass)."""
    failures: list[str] = []
    rng = np.random.default_rng(12345)

    def report(name, ok, detail):
        if verbose:
            print(f"  {'ok  ' if ok else 'FAIL'} {name:52s} {detail}")
        if not ok:
            failures.append(f"{name}: {detail}")

    def compare(name, got, want, dtype, tol):
        if got.dtype != dtype:
            report(name, False, f"dtype {got.dtype} != {dtype}")
            return
        if got.shape != want.shape:
            report(name, False, f"shape {got.shape} != {want.shape}")
            return
        finite = bool(np.all(np.isfinite(got)))
        err = float(np.max(np.abs(got.astype(np.float64) - want))) if got.size else 0.0
        report(name, finite and err <= tol, f"max|err| = {err:.2e} (tol {tol:.0e})")

    tol = {np.float32: 2e-5, np.float64: 1e-12}
    shapes = [(2048, 4096), (37, 4096), (5, 3, 1000), (300, 2050), (6, 512), (1000, 7), (3, 1), (1, 9000), (130, 8192 + 3)]
    for dtype in (np.float32, np.float64):
        for shape in shapes:
            x = rng.standard_normal(shape).astype(dtype)
            d = shape[-1]
            g = rng.uniform(0.5, 2, d).astype(dtype)
            b = rng.standard_normal(d).astype(dtype)
            tag = f"{np.dtype(dtype).name} {shape}"
            compare(f"LN {tag}", norms.layer_norm(x), ref_layer_norm(x), dtype, tol[dtype])
            compare(f"LN γβ {tag}", norms.layer_norm(x, g, b), ref_layer_norm(x, g, b), dtype, 4 * tol[dtype])
            compare(f"RMS {tag}", norms.rms_norm(x), ref_rms_norm(x), dtype, tol[dtype])
            compare(f"RMS γ {tag}", norms.rms_norm(x, g, eps=1e-6), ref_rms_norm(x, g, eps=1e-6), dtype, 4 * tol[dtype])
            if np.prod(shape[:-1]) > 1:
                y, rm, rv = norms.batch_norm(x, g, b)
                wy, wrm, wrv = ref_batch_norm(x, g, b)
                compare(f"BN γβ {tag}", y, wy, dtype, 4 * tol[dtype])
                compare(f"BN running_mean {tag}", rm, wrm, dtype, tol[dtype])
                compare(f"BN running_var {tag}", rv, wrv, dtype, tol[dtype])

    # Large common offset in float32: 1e4 + N(0, 1). The input itself is quantized to ~1e-3 there,
    # the reference uses the same quantized values, so the output must be accurate to ~1e-3.
    x = (1e4 + rng.standard_normal((2048, 4096))).astype(np.float32)
    compare("LN offset 1e4 float32", norms.layer_norm(x), ref_layer_norm(x), np.float32, 1e-3)
    compare("BN offset 1e4 float32", norms.batch_norm(x)[0], ref_batch_norm(x)[0], np.float32, 1e-3)
    x = (1e4 + rng.standard_normal((2048, 4096))).astype(np.float32)
    compare("RMS offset 1e4 float32", norms.rms_norm(x), ref_rms_norm(x), np.float32, 1e-5)
    # Offset only on a few columns / rows, others plain.
    x = rng.standard_normal((300, 2048)).astype(np.float32)
    x[:, ::7] += 3e3
    compare("BN mixed offset columns float32", norms.batch_norm(x)[0], ref_batch_norm(x)[0], np.float32, 1e-3)
    x = rng.standard_normal((300, 2048)).astype(np.float32)
    x[::5] += 3e3
    compare("LN mixed offset rows float32", norms.layer_norm(x), ref_layer_norm(x), np.float32, 1e-3)

    # Constant rows (LN) and constant columns (BN) normalize to exact zeros (γ = 1, β = 0).
    for dtype in (np.float32, np.float64):
        for value in (0.1, 1e4 + 0.3, -7.0):
            x = rng.standard_normal((257, 4096)).astype(dtype)
            x[3] = value
            x[200] = value
            y = norms.layer_norm(x)
            ok = bool(np.all(y[3] == 0) and np.all(y[200] == 0))
            report(f"LN constant row {value} {np.dtype(dtype).name}", ok, f"max|y| = {np.max(np.abs(y[[3, 200]])):.1e}")
            x = rng.standard_normal((2049, 1536)).astype(dtype)
            x[:, 5] = value
            x[:, 1000] = value
            y, rm, rv = norms.batch_norm(x)
            ok = bool(np.all(y[:, [5, 1000]] == 0) and np.all(np.isfinite(y)))
            report(f"BN constant column {value} {np.dtype(dtype).name}", ok, f"max|y| = {np.max(np.abs(y[:, [5, 1000]])):.1e}")

    # ε = 0 on a constant row / zero row / constant column: exact zeros, no NaN and no warning.
    import warnings

    for d in (7, 2048):
        x = rng.standard_normal((6, d)).astype(np.float32)
        x[2] = 0.25
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                y = norms.layer_norm(x, eps=0.0)
                z = x.copy()
                z[2] = 0
                r = norms.rms_norm(z, eps=0.0)
                c = x.copy()
                c[:, 3] = -2.0
                bn = norms.batch_norm(c, eps=0.0)[0]
                ok = bool(np.all(y[2] == 0) and np.all(r[2] == 0) and np.all(bn[:, 3] == 0)
                          and np.all(np.isfinite(y)) and np.all(np.isfinite(r)) and np.all(np.isfinite(bn)))
                report(f"eps=0 constant row/column, d={d}", ok, "")
            except Warning as w:
                report(f"eps=0 constant row/column, d={d}", False, f"warning: {w}")

    # Other input dtypes become float64; inputs are never modified.
    xi = rng.integers(-5, 5, (8, 1024))
    compare("LN int input -> float64", norms.layer_norm(xi), ref_layer_norm(xi), np.float64, 1e-12)
    x = rng.standard_normal((64, 2048)).astype(np.float32)
    before = x.copy()
    norms.layer_norm(x), norms.rms_norm(x), norms.batch_norm(x)
    report("inputs unchanged", bool(np.array_equal(x, before)), "")
    # Non-contiguous input.
    xt = rng.standard_normal((4096, 300)).astype(np.float32).T
    compare("LN transposed input", norms.layer_norm(xt), ref_layer_norm(xt), np.float32, 2e-5)
    compare("BN transposed input", norms.batch_norm(xt)[0], ref_batch_norm(xt)[0], np.float32, 2e-5)
    # The buffer size used inside the fast paths is restored.
    report("np.getbufsize restored", np.getbufsize() == 8192, f"{np.getbufsize()}")
    return failures


def main() -> int:
    from engine.core import norms

    failures = check(norms)
    print(f"{len(failures)} failed" if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
