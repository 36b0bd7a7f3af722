"""LayerNorm, RMSNorm and BatchNorm with PyTorch's semantics, in plain NumPy.

Every function keeps float32 and float64 inputs in their dtype (anything else becomes float64),
accepts any leading shape, and never trusts the one-pass E[x²] − E[x]², which turns float32 rows
with a large mean into negative variances: BatchNorm uses it only on columns it has checked are
centred enough for it to be as accurate as a two-pass, and the two-pass for the others.

Each norm also has a ``*_with_grad`` twin used by the Transformer stack: it returns the output and
a function mapping the output gradient to the input gradient.
"""

from __future__ import annotations

import functools
from typing import Callable

import numpy as np

#: Rows processed together by the fast forward paths: each block is copied into the output and
#: then worked on in place by the several passes of a careful normalization, so it must stay in
#: the core's own cache between them (here a 1 MiB L2 per core, /sys/devices/system/cpu/cpu0/cache;
#: lscpu's "2 MiB" is both cores' total; the L3 is shared by every process). On 2048×4096 float32,
#: one in-place pass over a 4 MiB block took 1.3–1.9× the time
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


def _column_moments(cols: np.ndarray, scratch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Careful column statistics of the 2-D ``cols``: ``(mean, m2)``, float64, with m2 = Σ(x − mean)².

    The mean is k + the mean of ``x − k``, ``k`` being the first row, so a constant column centres to
    exact zeros. Each row block is one cache-resident shifted two-pass: the block mean of x − k, then
    the sum of squares of the values centred on it. The blocks are merged exactly as Chan et al.:
    m2 = Σ m2_b + Σ n_b (mean_b − mean)². No E[x²] − E[x]², whatever the columns' offsets, and x is
    read from memory once. ``scratch`` is a writable (block rows, d) array of ``cols``' dtype.
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
    return k + shift.astype(np.float64), m2


def _offset_blocks(sums: np.ndarray, squares: np.ndarray, counts) -> np.ndarray:
    """Per column, whether some row block's mean is not within its spread: (Σx)² > n_b Σx² / 2.

    That inequality is n_b·mean_b² > Σ(x − mean_b)², so where it is false the block's Σx² is at most
    twice its centred sum of squares, and Σx² − n_b·mean_b² loses at most one bit more than a
    two-pass would. Works in place on ``sums`` and ``squares`` (a NaN compares false: offset). Both sides
    work in the input's dtype, so either may overflow where the values' squares don't (float32 columns
    near 1e18 in blocks of 32 rows): an infinite right side proves nothing, and counts as offset too.
    """
    np.square(sums, out=sums)
    squares *= counts
    squares /= 2
    centred = np.less_equal(sums, squares, out=np.empty(sums.shape, bool))
    centred &= np.isfinite(squares)
    return ~np.all(centred, axis=0)


#: The fast statistics give up at once when more than this share of the columns is offset in the
#: first row block: the careful pass over the whole input is then cheaper than gathering them.
_OFFSET_SHARE = 0.25


def _plain_column_moments(cols: np.ndarray, work: np.ndarray):
    """Column statistics from plain per-block sums Σx and Σx²: ``(mean, m2, careful)`` or None.

    BatchNorm's statistics are the main cost of its training pass. A block's Σx streams it from
    memory into the core's cache and its Σx² reads it there: two passes, where the careful two-pass
    (``_column_moments``) makes four. The one-pass formula is exact in algebra and accurate only for a
    column whose block means are within their spread (``_offset_blocks``): then every block's Σx² is
    at most twice its centred sum of squares, so is the total (n·mean² ≤ Σ n_b·mean_b² ≤ Σ m2_b), and
    m2 = Σx² − n·mean² (float64 over the blocks' float32 sums) is as good as the two-pass. The other
    columns are marked in ``careful`` for the caller to recompute; None means the first block
    already showed more than ``_OFFSET_SHARE`` of them offset (data with a common offset).

    The blocks' sums are kept in the first rows of ``work`` (the output, about to be overwritten, of
    ``cols``' shape and dtype) when they fit: its pages must be touched anyway, and two fresh arrays
    for them cost ~1 ms of page faults on 2048×4096 float32, a quarter of the statistics.
    """
    n, d = cols.shape
    rows = _block_rows(d, cols.itemsize)
    starts = range(0, n, rows)
    if 2 * len(starts) > n:
        work = np.empty((2 * len(starts), d), cols.dtype)
    sums, squares = work[: len(starts)], work[len(starts): 2 * len(starts)]
    for i, start in enumerate(starts):
        block = cols[start:start + rows]
        np.add.reduce(block, axis=0, out=sums[i])
        np.einsum("ij,ij->j", block, block, out=squares[i])
        if i == 0 and _offset_blocks(sums[:1].copy(), squares[:1].copy(), rows).mean() > _OFFSET_SHARE:
            return None
    mean = np.add.reduce(sums, axis=0, dtype=np.float64)
    mean /= n
    m2 = np.add.reduce(squares, axis=0, dtype=np.float64)
    m2 -= n * mean * mean
    counts = np.full((len(starts), 1), rows, cols.dtype)
    counts[-1] = n - rows * (len(starts) - 1)
    careful = _offset_blocks(sums, squares, counts)
    careful |= ~np.isfinite(m2)  # Σx² overflowed where the centred squares may not
    np.maximum(m2, 0.0, out=m2)  # rounding can take a column without spread below 0
    return mean, m2, careful


def _batch_statistics(cols: np.ndarray, eps: float, work: np.ndarray):
    """BatchNorm's statistics of the 2-D ``cols``: ``(mean, var, rstd)``, float64, rstd = 1/√(var + ε).

    Inputs of several row blocks take the plain sums (``_plain_column_moments``) and recompute only
    the columns those cannot serve with the careful two-pass, gathered; a single block, or inputs
    offset as a whole, take the two-pass directly. ``work`` is a writable array of ``cols``' shape and
    dtype whose contents do not matter (the output: its first rows serve as scratch).
    """
    n, d = cols.shape
    rows = _block_rows(d, cols.itemsize)
    plain = _plain_column_moments(cols, work) if n > rows else None
    if plain is None:
        mean, m2 = _column_moments(cols, work[:rows])
    else:
        mean, m2, careful = plain
        if careful.any():
            columns = np.flatnonzero(careful)
            gathered = cols[:, columns]
            mean[columns], m2[columns] = _column_moments(gathered, np.empty_like(gathered))
    var = m2 / n
    return mean, var, _inverse_sqrt(var.copy(), eps)


#: Columns whose |mean| · rstd stays below this are normalized as x · scale + shift (see below).
_FOLD_LIMIT = 4.0


def _normalize_columns(cols: np.ndarray, mean, rstd, gamma, beta, out: np.ndarray) -> None:
    """Write γ · (cols − mean) · rstd + β into ``out`` as (cols − centre) · scale + shift, per column.

    ``scale`` = rstd · γ and ``shift`` = β − (mean − centre) · scale, both rounded once to the dtype,
    so the affine costs no pass of its own. With centre 0 the output is one multiply and one add, as
    in PyTorch's kernel; its rounding then grows with |mean| · rstd (x · scale carries the mean), so
    that form is used only when every column's |mean| · rstd ≤ ``_FOLD_LIMIT``, a few units of the
    dtype's precision on the output. Otherwise the centre is the mean rounded to the dtype: x − centre
    is exact for values near it, a constant column gives exactly β, and only the small remainder of
    the mean goes into the shift. ε = 0 with a column without spread gives NaN either way (0 · ∞).
    """
    scale = rstd if gamma is None else rstd * gamma
    scale = scale.astype(cols.dtype)
    centre = None if (np.abs(mean) * rstd).max() <= _FOLD_LIMIT else mean.astype(cols.dtype)  # NaN: centre
    shift = -((mean if centre is None else mean - centre) * scale)
    if beta is not None:
        shift += beta
    shift = shift.astype(cols.dtype)
    for block in _row_blocks(cols.shape[0], cols.shape[1], cols.itemsize):
        y = out[block]
        if centre is None:
            np.multiply(cols[block], scale, out=y)
        else:
            np.subtract(cols[block], centre, out=y)
            y *= scale
        y += shift


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
            # The output serves as scratch: its pages must be touched anyway.
            mean, var, rstd = _batch_statistics(cols, eps, out)
            _normalize_columns(cols, mean, rstd, gamma, beta, out)
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


def layer_norm_with_grad(x, gamma=None, beta=None, eps: float = 1e-5, *,
                         invalid_ignored: bool = False) -> tuple[np.ndarray, NormBackward]:
    """LayerNorm of a 2-D ``x`` and its backward ``dy -> dx``.

    A NaN row (ε = 0, no spread) has NaN gradients, as in PyTorch, without a warning: the backward
    runs under ``np.errstate(invalid="ignore")``, unless ``invalid_ignored`` says its caller already
    runs it under one (the depth stacks do: on their 6 × 4 matrices an errstate costs two or three
    NumPy calls, and each stack enters ~30 of them per edit).
    """
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
        return rstd * (dxhat - _mean(dxhat, 1) - xhat * _mean(dxhat * xhat, 1))

    return y, (backward if invalid_ignored else np.errstate(invalid="ignore")(backward))


def rms_norm_with_grad(x, gamma=None, eps: float | None = None, *,
                       invalid_ignored: bool = False) -> tuple[np.ndarray, NormBackward]:
    """RMSNorm of a 2-D ``x`` and its backward ``dy -> dx`` (a NaN row's gradients and
    ``invalid_ignored`` as in ``layer_norm_with_grad``)."""
    x = as_float_array(x)
    eps = float(np.finfo(x.dtype).eps) if eps is None else eps
    rinv = _inverse_sqrt(_mean(x * x, 1), eps)
    with np.errstate(invalid="ignore"):  # 0 · ∞ where ε = 0 meets a zero row: NaN, meant
        xhat = x * rinv
    y = xhat * gamma if gamma is not None else xhat.copy()

    def backward(dy):
        dxhat = dy * gamma if gamma is not None else dy
        return rinv * (dxhat - xhat * _mean(dxhat * xhat, 1))

    return y, (backward if invalid_ignored else np.errstate(invalid="ignore")(backward))


def batch_norm_with_grad(x, gamma=None, beta=None, eps: float = 1e-5) -> tuple[np.ndarray, NormBackward]:
    """BatchNorm (training mode, batch statistics) of a (T, d) ``x`` and its backward ``dy -> dx``.

    The forward pass is ``batch_norm``'s, operation for operation: both give the same numbers. x̂ for
    the backward is the same normalization without γ and β.
    """
    x = as_float_array(x)
    n, _ = x.shape
    _check_batch_size(n)
    y = np.empty_like(x)
    with _float_range():
        mean, _, rstd = _batch_statistics(x, eps, y)
        _normalize_columns(x, mean, rstd, gamma, beta, y)
        if gamma is None and beta is None:
            xhat = y.copy()
        else:
            xhat = np.empty_like(x)
            _normalize_columns(x, mean, rstd, None, None, xhat)
    rstd = rstd.astype(x.dtype)

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
