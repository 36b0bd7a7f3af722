"""LayerNorm, RMSNorm and BatchNorm with PyTorch's semantics, in plain NumPy.

Every function keeps float32 and float64 inputs in their dtype (anything else becomes float64),
accepts any leading shape, and never forms the one-pass E[x²] − E[x]², which turns float32 rows
with a large mean into negative variances.

Each norm also has a ``*_with_grad`` twin used by the Transformer stack: it returns the output and
a function mapping the output gradient to the input, γ and β gradients.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

#: Rows processed together by the fast forward paths: about 1 MiB per block keeps the working set
#: in cache while the several passes of a careful normalization run over it.
_BLOCK_BYTES = 1 << 20

NormBackward = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]


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


def _row_blocks(n_rows: int, d: int, itemsize: int):
    rows = max(1, _BLOCK_BYTES // max(1, d * itemsize))
    for start in range(0, n_rows, rows):
        yield slice(start, min(n_rows, start + rows))


def _standardize_rows(x: np.ndarray, eps: float, out: np.ndarray) -> np.ndarray:
    """Write (x − μ)/√(σ² + ε) of each row of the 2-D ``x`` into ``out``; return 1/√(σ² + ε).

    The mean is taken of ``x − x[:, :1]`` (a shifted two-pass mean): a constant row then centres
    to exact zeros, and a large common offset costs no precision.
    """
    np.subtract(x, x[:, :1], out=out)
    out -= out.mean(axis=1, keepdims=True)
    var = np.einsum("ij,ij->i", out, out) / x.shape[1]
    rstd = 1.0 / np.sqrt(var + eps)
    rstd = rstd.astype(x.dtype, copy=False)[:, None]
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
    for block in _row_blocks(rows.shape[0], d, rows.itemsize):
        xb = rows[block]
        ms = np.einsum("ij,ij->i", xb, xb) / d
        rinv = (1.0 / np.sqrt(ms + eps)).astype(x.dtype, copy=False)[:, None]
        np.multiply(xb, rinv, out=out[block])
        _apply_affine(out[block], gamma, None)
    return out.reshape(x.shape)


def _check_batch_size(n: int) -> None:
    if n <= 1:
        raise ValueError(
            "BatchNorm in training mode needs more than one value per channel: with a single token "
            "each column's batch variance is 0 and its unbiased variance is undefined, so there is "
            "nothing to normalize against. Add tokens, or switch to eval mode to use the running "
            "statistics."
        )


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
    cols = x.reshape(-1, d)
    if training:
        n = cols.shape[0]
        _check_batch_size(n)
        mean = cols.mean(axis=0)
        y = cols - mean
        var = np.einsum("ij,ij->j", y, y) / n
        y *= (1.0 / np.sqrt(var + eps)).astype(x.dtype, copy=False)
        new_rm = ((1 - momentum) * rm + momentum * mean).astype(x.dtype)
        new_rv = ((1 - momentum) * rv + momentum * var * (n / (n - 1))).astype(x.dtype)
    else:
        y = (cols - rm) * (1.0 / np.sqrt(rv + eps)).astype(x.dtype, copy=False)
        new_rm, new_rv = rm.copy(), rv.copy()
    _apply_affine(y, gamma, beta)
    return y.reshape(x.shape), new_rm, new_rv


# --- differentiable versions for the Transformer stack (2-D input) -----------------------------


def _affine_backward(dy: np.ndarray, xhat: np.ndarray, gamma, beta):
    dgamma = np.einsum("ij,ij->j", dy, xhat)
    dbeta = dy.sum(axis=0)
    dxhat = dy * gamma if gamma is not None else dy
    return dxhat, dgamma, dbeta


def layer_norm_with_grad(x, gamma=None, beta=None, eps: float = 1e-5) -> tuple[np.ndarray, NormBackward]:
    """LayerNorm of a 2-D ``x`` and its backward ``dy -> (dx, dγ, dβ)``."""
    x = as_float_array(x)
    xhat = np.empty_like(x)
    rstd = _standardize_rows(x, eps, xhat)
    y = xhat.copy()
    _apply_affine(y, gamma, beta)

    def backward(dy):
        dxhat, dgamma, dbeta = _affine_backward(dy, xhat, gamma, beta)
        dx = rstd * (
            dxhat - dxhat.mean(axis=1, keepdims=True) - xhat * (dxhat * xhat).mean(axis=1, keepdims=True)
        )
        return dx, dgamma, dbeta

    return y, backward


def rms_norm_with_grad(x, gamma=None, eps: float | None = None) -> tuple[np.ndarray, NormBackward]:
    """RMSNorm of a 2-D ``x`` and its backward ``dy -> (dx, dγ, dβ)`` (dβ is zeros: RMSNorm has no β)."""
    x = as_float_array(x)
    eps = float(np.finfo(x.dtype).eps) if eps is None else eps
    rinv = 1.0 / np.sqrt((x * x).mean(axis=1, keepdims=True) + eps)
    xhat = x * rinv
    y = xhat * gamma if gamma is not None else xhat.copy()

    def backward(dy):
        dxhat, dgamma, _ = _affine_backward(dy, xhat, gamma, None)
        dx = rinv * (dxhat - xhat * (dxhat * xhat).mean(axis=1, keepdims=True))
        return dx, dgamma, np.zeros_like(dgamma)

    return y, backward


def batch_norm_with_grad(x, gamma=None, beta=None, eps: float = 1e-5) -> tuple[np.ndarray, NormBackward]:
    """BatchNorm (training mode, batch statistics) of a (T, d) ``x`` and its backward."""
    x = as_float_array(x)
    _check_batch_size(x.shape[0])
    xc = x - x.mean(axis=0)
    rstd = 1.0 / np.sqrt((xc * xc).mean(axis=0) + eps)
    xhat = xc * rstd
    y = xhat.copy()
    _apply_affine(y, gamma, beta)

    def backward(dy):
        dxhat, dgamma, dbeta = _affine_backward(dy, xhat, gamma, beta)
        dx = rstd * (dxhat - dxhat.mean(axis=0) - xhat * (dxhat * xhat).mean(axis=0))
        return dx, dgamma, dbeta

    return y, backward
