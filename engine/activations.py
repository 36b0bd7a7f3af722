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
    ax = np.abs(x)
    t = 1.0 / (1.0 + _P * ax)
    poly = t * (_A[0] + t * (_A[1] + t * (_A[2] + t * (_A[3] + t * _A[4]))))
    return np.sign(x) * (1.0 - poly * np.exp(-ax * ax))


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def relu_grad(x: np.ndarray) -> np.ndarray:
    return (x > 0).astype(x.dtype)


def gelu(x: np.ndarray) -> np.ndarray:
    """x · Φ(x), as ``torch.nn.functional.gelu`` with ``approximate='none'``."""
    return (0.5 * x * (1.0 + erf(x * _SQRT_HALF))).astype(x.dtype, copy=False)


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
