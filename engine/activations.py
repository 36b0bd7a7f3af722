"""The FFN's activations and their derivatives: ReLU, GELU (erf form, PyTorch's default) and SiLU."""

from __future__ import annotations

import numpy as np

ACTIVATIONS = ("relu", "gelu", "swiglu")

# Abramowitz & Stegun 7.1.26 coefficients: |erf error| ≤ 1.5e-7, below float32's resolution.
_P = 0.3275911
_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)
_SQRT_HALF = 0.7071067811865476
_INV_SQRT_2PI = 0.3989422804014327


def erf(x: np.ndarray) -> np.ndarray:
    """Error function, vectorised (NumPy has none), accurate to 1.5e-7; evaluated in float64."""
    x = np.asarray(x, dtype=np.float64)
    # In place, one buffer per term: a real model's FFN (64 × 1536) spent half its time here.
    ax = np.abs(x)
    t = ax * _P
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * _A[4]
    for a in reversed(_A[:4]):  # Horner: t·(A0 + t·(A1 + t·(A2 + t·(A3 + t·A4))))
        poly += a
        poly *= t
    np.multiply(ax, ax, out=ax)
    np.negative(ax, out=ax)
    np.exp(ax, out=ax)
    poly *= ax
    np.subtract(1.0, poly, out=poly)
    poly *= np.sign(x)
    return poly


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def relu_grad(x: np.ndarray) -> np.ndarray:
    return (x > 0).astype(x.dtype)


def gelu(x: np.ndarray) -> np.ndarray:
    """x · Φ(x), as ``torch.nn.functional.gelu`` with ``approximate='none'``."""
    y = erf(x * _SQRT_HALF)
    y += 1.0
    y *= 0.5 * x
    return y.astype(x.dtype, copy=False)


def gelu_grad(x: np.ndarray) -> np.ndarray:
    cdf = 0.5 * (1.0 + erf(x * _SQRT_HALF))
    pdf = _INV_SQRT_2PI * np.exp(-0.5 * x * x)
    return (cdf + x * pdf).astype(x.dtype, copy=False)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    # exp(−|x|) never overflows, and each side keeps full relative precision.
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def silu(x: np.ndarray) -> np.ndarray:
    """x · sigmoid(x), the gate of SwiGLU."""
    return x * _sigmoid(x)


def silu_grad(x: np.ndarray) -> np.ndarray:
    s = _sigmoid(x)
    return s * (1.0 + x * (1.0 - s))


def gelu_tanh(x: np.ndarray) -> np.ndarray:
    """GELU's tanh approximation (GPT-2's ``gelu_new``, ``torch.nn.functional.gelu(approximate='tanh')``)."""
    inner = np.float32(0.7978845608028654) * (x + np.float32(0.044715) * x * x * x)
    return (0.5 * x * (1.0 + np.tanh(inner))).astype(x.dtype, copy=False)
