"""LayerNorm, RMSNorm and BatchNorm with PyTorch's semantics, in plain NumPy.

Every function keeps float32 and float64 inputs in their dtype (anything else becomes float64),
accepts any leading shape, and never forms the one-pass E[x²] − E[x]², which turns float32 rows
with a large mean into negative variances.

Each norm also has a ``*_with_grad`` twin used by the Transformer stack: it returns the output and
a function mapping the output gradient to the input gradient.
"""

from __future__ import annotations

import functools
from typing import Callable

import numpy as np

#: Rows processed together by the fast forward paths: each block is copied into the output and
#: then worked on in place by the several passes of a careful normalization, so it must stay in
#: the core's own cache between them (here a 2 MiB L2 per core; the L3 is shared by every
#: process). On 2048×4096 float32, one in-place pass over a 4 MiB block took 1.3–1.9× the time
#: it takes over a 512 KiB one (CPU time, interleaved); 256 KiB blocks made the per-block column
#: merges of BatchNorm cost more than they saved.
_BLOCK_BYTES = 1 << 19

NormBackward = Callable[[np.ndarray], np.ndarray]


def as_float_array(x) -> np.ndarray:
    """Return ``x`` as a float32 or float64 array (other dtypes become float64)."""
    x = np.asarray(x)
    if x.dtype in (np.float32, np.float64):
        return x
    return x.astype(np.float64)


def _affine_vector(v, d: int, dtype, name: str) -> np.ndarray | None:
    if v is None:
        return None
    v = np.asarray(v, dtype=dtype)
    if v.shape != (d,):
        raise ValueError(f"{name} must have shape ({d},) to match the last axis, got {v.shape}")
    return v


def _block_rows(d: int, itemsize: int) -> int:
    return max(1, _BLOCK_BYTES // max(1, d * itemsize))


def _row_blocks(n_rows: int, d: int, itemsize: int):
    rows = _block_rows(d, itemsize)
    for start in range(0, n_rows, rows):
        yield slice(start, min(n_rows, start + rows))


@functools.lru_cache(maxsize=32)
def _ones(n: int, dtype: np.dtype) -> np.ndarray:
    """A read-only vector of ones: row sums as one BLAS dot per row."""
    ones = np.ones(n, dtype)
    ones.setflags(write=False)
    return ones


class _RowLoops:
    """Within this context, broadcasting a (rows, 1) or (d,) operand over (rows, d) runs row by row.

    With NumPy's default ufunc buffer of 8192 elements, a row shorter than that makes the iterator
    gather several rows into buffers, copying the broadcast operand: ``block *= rstd[:, None]`` or
    ``block -= mean`` then costs ~2.5× a plain in-place operation. A buffer no larger than a row
    lets each row be one contiguous inner loop. Rows of 8192+ elements are already fast, and short
    rows (< 1024) are better served by the default. Only speed depends on it, never results; the
    previous size is restored on exit (under NumPy 1.x the setting is process-wide, not per thread).
    """

    __slots__ = ("d", "old")

    def __init__(self, d: int):
        self.d = d
        self.old = None

    def __enter__(self):
        if 1024 <= self.d < 8192:
            self.old = np.setbufsize(self.d - self.d % 16)  # NumPy 1.x wants a multiple of 16
        return self

    def __exit__(self, *exc):
        if self.old is not None:
            np.setbufsize(self.old)
            self.old = None
        return False


def _float_range() -> np.errstate:
    """Like PyTorch, statistics accumulate in the input's dtype: squares of float32 values near
    1e30 overflow to inf, and those rows give 0 or NaN instead of warnings mid-redraw. Eval mode
    with a running variance of 0 and ε = 0 divides by zero into inf, as PyTorch does."""
    return np.errstate(over="ignore", invalid="ignore", divide="ignore")

_vecdot = getattr(np, "vecdot", None)  # NumPy >= 2.0

# Row sums use one BLAS dot per row (``np.vecdot``), which OpenBLAS never splits over threads at
# these lengths; a matrix-vector product (``a @ 1``) is as fast on one thread but OpenBLAS
# multithreads it, and with the other core busy each call then waits for a worker: LayerNorm and
# BatchNorm became 1.2-10× slower and erratic that way. Column sums use NumPy's own reduction.


def _row_sums(a: np.ndarray) -> np.ndarray:
    """Σ a along each row of the 2-D ``a``, in ``a``'s dtype."""
    if _vecdot is not None and a.shape[1] >= 256:
        return _vecdot(a, _ones(a.shape[1], a.dtype))  # ~2.5× a.sum(axis=1) on long rows
    return a.sum(axis=1)


def _row_sumsq(a: np.ndarray) -> np.ndarray:
    """Σ a² along each row of the 2-D ``a``, in ``a``'s dtype."""
    if _vecdot is not None and a.shape[1] >= 256:
        return _vecdot(a, a)  # ~3× einsum's speed on long rows
    return np.einsum("ij,ij->i", a, a)


def _inverse_sqrt(v: np.ndarray, eps: float) -> np.ndarray:
    """1/√(v + ε) in ``v``'s dtype (``v`` is overwritten); inf where v + ε is exactly 0.

    v + ε = 0 only for a constant row (or column, or a zero row under RMSNorm) with ε = 0, whose
    centred values are exact zeros: 0 · ∞ then gives NaN, PyTorch's 0 / 0 (seed 001: why ε exists).
    """
    v += eps
    np.sqrt(v, out=v)
    with np.errstate(divide="ignore"):
        return np.divide(1.0, v, out=v)


def _standardize_rows(x: np.ndarray, eps: float, out: np.ndarray) -> np.ndarray:
    """Write (x − μ)/√(σ² + ε) of each row of the 2-D ``x`` into ``out``; return 1/√(σ² + ε).

    The mean is taken of ``x − x[:, :1]`` (a shifted two-pass mean): a constant row then centres
    to exact zeros, and a large common offset costs no precision. The variance is the second pass
    over the centred values. Row sums run as one BLAS dot per row, the centring and scaling in
    place; callers on large inputs hold a ``_RowLoops`` context.
    """
    d = x.shape[1]
    np.copyto(out, x)  # a memcpy streams into fresh pages faster than a ufunc writing them
    out -= x[:, :1]
    mean = _row_sums(out)
    mean /= d
    out -= mean[:, None]
    var = _row_sumsq(out)
    var /= d
    rstd = _inverse_sqrt(var, eps).astype(x.dtype, copy=False)[:, None]
    with np.errstate(invalid="ignore"):  # 0 · ∞ where ε = 0 meets a row without spread: NaN, meant
        out *= rstd
    return rstd


def _apply_affine(y: np.ndarray, gamma, beta) -> None:
    if gamma is not None:
        y *= gamma
    if beta is not None:
        y += beta


def layer_norm(x, gamma=None, beta=None, eps: float = 1e-5) -> np.ndarray:
    """LayerNorm over the last axis, as ``torch.nn.functional.layer_norm(x, (d,), γ, β, ε)``.

    Parameters
    ----------
    x : array_like, shape (..., d)
    gamma, beta : array_like of shape (d,), optional
        Scale and shift; omitted means γ = 1, β = 0.
    eps : float
        Added to the biased variance inside the square root.
    """
    x = as_float_array(x)
    d = x.shape[-1]
    gamma = _affine_vector(gamma, d, x.dtype, "gamma")
    beta = _affine_vector(beta, d, x.dtype, "beta")
    rows = np.ascontiguousarray(x).reshape(-1, d)
    out = np.empty_like(rows)
    with _RowLoops(d), _float_range():
        for block in _row_blocks(rows.shape[0], d, rows.itemsize):
            _standardize_rows(rows[block], eps, out[block])
            _apply_affine(out[block], gamma, beta)
    return out.reshape(x.shape)


def rms_norm(x, gamma=None, eps: float | None = None) -> np.ndarray:
    """RMSNorm over the last axis: x / √(mean(x²) + ε) · γ, as ``torch.nn.functional.rms_norm``.

    ``eps=None`` uses ``np.finfo(x.dtype).eps`` like PyTorch.
    """
    x = as_float_array(x)
    d = x.shape[-1]
    eps = float(np.finfo(x.dtype).eps) if eps is None else eps
    gamma = _affine_vector(gamma, d, x.dtype, "gamma")
    rows = np.ascontiguousarray(x).reshape(-1, d)
    out = np.empty_like(rows)
    with _RowLoops(d), _float_range():
        for block in _row_blocks(rows.shape[0], d, rows.itemsize):
            yb = out[block]
            np.copyto(yb, rows[block])
            ms = _row_sumsq(yb)
            ms /= d
            yb *= _inverse_sqrt(ms, eps).astype(x.dtype, copy=False)[:, None]
            _apply_affine(yb, gamma, None)
    return out.reshape(x.shape)


def _check_batch_size(n: int) -> None:
    if n <= 1:
        raise ValueError(
            "BatchNorm in training mode needs more than one value per channel: with a single token "
            "each column's batch variance is 0 and its unbiased variance is undefined, so there is "
            "nothing to normalize against. Add tokens, or switch to eval mode to use the running "
            "statistics."
        )


def _column_moments(cols: np.ndarray, scratch: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Column statistics of the 2-D ``cols``: ``(k, shift, m2)`` with mean = k + shift, Σ(x − mean)² = m2.

    ``k`` is the first row and the float64 ``shift`` the mean of ``x − k``, so a constant column has
    shift 0 exactly. Each row block is one cache-resident shifted two-pass: the block mean of
    x − k, then the sum of squares of the values centred on it. The blocks are merged exactly as
    Chan et al.: m2 = Σ m2_b + Σ n_b (mean_b − mean)². No E[x²] − E[x]² anywhere, and x is read
    from memory once. ``scratch`` is a writable (block rows, d) array of ``cols``' dtype.
    """
    n, d = cols.shape
    rows = min(n, _block_rows(d, cols.itemsize))
    k = cols[0].copy()
    starts = range(0, n, rows)
    means = np.empty((len(starts), d), cols.dtype)
    counts = np.empty((len(starts), 1), cols.dtype)
    m2 = np.zeros(d)
    for i, start in enumerate(starts):
        stop = min(n, start + rows)
        t = scratch[: stop - start]  # one cache-resident block, reused
        np.subtract(cols[start:stop], k, out=t)
        mb = np.add.reduce(t, axis=0)
        mb /= stop - start
        t -= mb
        m2 += np.einsum("ij,ij->j", t, t)  # Σ t² per column in one pass (square, then reduce, took two)
        means[i] = mb
        counts[i] = stop - start
    # Merge in place on the small block-means array.
    weighted = means * counts
    shift = np.add.reduce(weighted, axis=0)
    shift /= n
    means -= shift
    np.square(means, out=means)
    means *= counts
    m2 += np.add.reduce(means, axis=0)
    return k, shift.astype(np.float64), m2


def _batch_statistics(cols: np.ndarray, eps: float, scratch: np.ndarray):
    """BatchNorm's statistics of the 2-D ``cols``: ``(mean, var, offsets, rstd)``.

    ``mean`` and the biased ``var`` are float64 (shifted two-pass, ``_column_moments``); x̂ is
    ``(x − offsets…) · rstd`` with ``rstd`` = 1/√(var + ε) in ``cols``' dtype. Centring on the mean
    rounded to the dtype is one pass fewer than x − k − shift; it is used only when that rounding
    moves no output by more than a few units of the dtype's precision (columns whose mean is large
    against their spread keep the exact shift).
    """
    n = cols.shape[0]
    k, shift, m2 = _column_moments(cols, scratch)
    var = m2 / n
    rstd = _inverse_sqrt(var.copy(), eps)
    mean = k + shift
    mean_rounded = mean.astype(cols.dtype)
    if np.all(np.abs(mean_rounded - mean) * rstd <= 8 * np.finfo(cols.dtype).eps):
        offsets = (mean_rounded,)
    else:
        offsets = (k, shift.astype(cols.dtype))
    return mean, var, offsets, rstd.astype(cols.dtype)


def _standardize_columns(cols: np.ndarray, offsets, rstd: np.ndarray, out: np.ndarray) -> None:
    """Write x̂ = (cols − offsets…) · rstd into ``out`` (see ``_batch_statistics``)."""
    np.subtract(cols, offsets[0], out=out)  # the copy and the first offset in one pass
    for offset in offsets[1:]:
        out -= offset
    out *= rstd


def batch_norm(
    x,
    gamma=None,
    beta=None,
    eps: float = 1e-5,
    *,
    training: bool = True,
    running_mean=None,
    running_var=None,
    momentum: float = 0.1,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """BatchNorm1d on a (T, d) matrix: statistics per column (over tokens, and any leading axes).

    Training normalizes with the biased batch variance and returns running buffers updated with
    the unbiased one, ``running = (1 − momentum)·running + momentum·batch``; eval normalizes with
    the running buffers and returns them unchanged. Buffers default to mean 0 and variance 1.
    The inputs' buffers are never modified.

    Returns
    -------
    y, running_mean, running_var
    """
    x = as_float_array(x)
    d = x.shape[-1]
    gamma = _affine_vector(gamma, d, x.dtype, "gamma")
    beta = _affine_vector(beta, d, x.dtype, "beta")
    rm = np.zeros(d, x.dtype) if running_mean is None else _affine_vector(running_mean, d, x.dtype, "running_mean")
    rv = np.ones(d, x.dtype) if running_var is None else _affine_vector(running_var, d, x.dtype, "running_var")
    cols = np.ascontiguousarray(x).reshape(-1, d)
    n = cols.shape[0]
    out = np.empty_like(cols)
    with _RowLoops(d), _float_range():
        if training:
            _check_batch_size(n)
            # The output's first block serves as scratch: its pages must be touched anyway.
            mean, var, offsets, rstd = _batch_statistics(cols, eps, out[: _block_rows(d, cols.itemsize)])
            for block in _row_blocks(n, d, cols.itemsize):
                _standardize_columns(cols[block], offsets, rstd, out[block])
                _apply_affine(out[block], gamma, beta)
            new_rm = ((1 - momentum) * rm + momentum * mean).astype(x.dtype)
            new_rv = ((1 - momentum) * rv + momentum * var * (n / (n - 1))).astype(x.dtype)
        else:
            np.subtract(cols, rm, out=out)
            out *= (1.0 / np.sqrt(rv + eps)).astype(x.dtype, copy=False)
            _apply_affine(out, gamma, beta)
            new_rm, new_rv = rm.copy(), rv.copy()
    return out.reshape(x.shape), new_rm, new_rv


# --- differentiable versions for the Transformer stack (2-D input) -----------------------------
# The stack runs ~40 of these per edit on matrices as small as 6 × 4, where each NumPy call's
# overhead is the cost: row means are one reduction and a division (NumPy's ``mean`` does exactly
# that, after several Python-level steps), and γ and β get no gradients (nothing shows them).


def _mean(a: np.ndarray, axis: int) -> np.ndarray:
    """``a.mean(axis, keepdims=True)``, with the same rounding."""
    total = np.add.reduce(a, axis=axis, keepdims=True)
    total /= a.shape[axis]
    return total


def _standardize_short_rows(x: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """``_standardize_rows`` for rows shorter than a BLAS dot pays for (the stack's 6 × 4 blocks): the
    same shifted two-pass statistics in half the NumPy calls. Returns x̂ (a new array) and 1/√(σ² + ε)."""
    d = x.shape[1]
    xhat = x - x[:, :1]
    mean = np.add.reduce(xhat, axis=1, keepdims=True)
    mean /= d
    xhat -= mean
    var = np.add.reduce(xhat * xhat, axis=1, keepdims=True)
    var /= d
    var += eps
    np.sqrt(var, out=var)
    if eps > 0:  # no 1 / 0 and no 0 · ∞: the errstate (a tenth of the call at 6 × 4) is not needed
        rstd = np.divide(1.0, var, out=var)
        xhat *= rstd
    else:
        with np.errstate(divide="ignore", invalid="ignore"):  # a row without spread: NaN, PyTorch's 0 / 0
            rstd = np.divide(1.0, var, out=var)
            xhat *= rstd
    return xhat, rstd


def layer_norm_with_grad(x, gamma=None, beta=None, eps: float = 1e-5) -> tuple[np.ndarray, NormBackward]:
    """LayerNorm of a 2-D ``x`` and its backward ``dy -> dx``."""
    x = as_float_array(x)
    if x.shape[1] < 256:
        xhat, rstd = _standardize_short_rows(x, eps)
    else:
        xhat = np.empty_like(x)
        rstd = _standardize_rows(x, eps, xhat)
    y = xhat.copy()
    _apply_affine(y, gamma, beta)

    def backward(dy):
        dxhat = dy * gamma if gamma is not None else dy
        with np.errstate(invalid="ignore"):  # a NaN row (ε = 0, no spread) has NaN gradients, as in PyTorch
            return rstd * (dxhat - _mean(dxhat, 1) - xhat * _mean(dxhat * xhat, 1))

    return y, backward


def rms_norm_with_grad(x, gamma=None, eps: float | None = None) -> tuple[np.ndarray, NormBackward]:
    """RMSNorm of a 2-D ``x`` and its backward ``dy -> dx``."""
    x = as_float_array(x)
    eps = float(np.finfo(x.dtype).eps) if eps is None else eps
    rinv = _inverse_sqrt(_mean(x * x, 1), eps)
    with np.errstate(invalid="ignore"):  # 0 · ∞ where ε = 0 meets a zero row: NaN, meant
        xhat = x * rinv
    y = xhat * gamma if gamma is not None else xhat.copy()

    @np.errstate(invalid="ignore")  # a NaN row has NaN gradients, as in PyTorch
    def backward(dy):
        dxhat = dy * gamma if gamma is not None else dy
        return rinv * (dxhat - xhat * _mean(dxhat * xhat, 1))

    return y, backward


def batch_norm_with_grad(x, gamma=None, beta=None, eps: float = 1e-5) -> tuple[np.ndarray, NormBackward]:
    """BatchNorm (training mode, batch statistics) of a (T, d) ``x`` and its backward ``dy -> dx``.

    The forward pass is ``batch_norm``'s, operation for operation: both give the same numbers.
    """
    x = as_float_array(x)
    n, d = x.shape
    _check_batch_size(n)
    xhat = np.empty_like(x)
    with _float_range():
        _, _, offsets, rstd = _batch_statistics(x, eps, xhat[: _block_rows(d, x.itemsize)])
        _standardize_columns(x, offsets, rstd, xhat)
    y = xhat.copy()
    _apply_affine(y, gamma, beta)

    def backward(dy):
        dxhat = dy * gamma if gamma is not None else dy
        return rstd * (dxhat - _mean(dxhat, 0) - xhat * _mean(dxhat * xhat, 0))

    return y, backward


def dyt(x, alpha: float = 0.5, gamma=None, beta=None) -> np.ndarray:
    """Dynamic Tanh (Zhu, Chen, He, LeCun & Liu, CVPR 2025): ``γ ⊙ tanh(α·x) + β``.

    Not a normalization: no statistics of the row are taken, so a token's scale is squashed, not
    removed. ``alpha`` is a scalar (learnable in the paper, a setting here; 0.5 is its default).
    """
    x = as_float_array(x)
    with _float_range():  # γ·tanh + β can overflow: inf, as PyTorch gives, without a warning
        y = np.tanh(x * x.dtype.type(alpha))
        _apply_affine(y, _affine_vector(gamma, x.shape[-1], x.dtype, "gamma"),
                      _affine_vector(beta, x.shape[-1], x.dtype, "beta"))
    return y


def dyt_with_grad(x, alpha: float = 0.5, gamma=None, beta=None) -> tuple[np.ndarray, NormBackward]:
    """DyT of ``x`` and its backward ``dy -> dx`` (α, γ and β get no gradients: nothing shows them)."""
    x = as_float_array(x)
    a = x.dtype.type(alpha)
    t = np.tanh(x * a)
    y = t.copy()
    _apply_affine(y, gamma, beta)

    def backward(dy):
        dt = dy * gamma if gamma is not None else dy
        return dt * (a * (1 - t * t))

    return y, backward
