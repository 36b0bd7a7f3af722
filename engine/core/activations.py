"""The activations and their derivatives: the FFN's ReLU, GELU (erf form, PyTorch's default, and its tanh
approximation), Swish and SiLU, and for the activations view also sigmoid, tanh and softmax.

GELU follows ``torch.nn.functional.gelu`` operation by operation and is evaluated in float64 (float32
inputs are widened and the result rounded back), so both dtypes get the correctly rounded value of
PyTorch's formula up to about one unit in the last place.
"""

from __future__ import annotations

import functools
import math

import numpy as np

ACTIVATIONS = ("relu", "gelu", "gelu_tanh", "silu", "swiglu")

_SQRT_HALF = 0.7071067811865476
_INV_SQRT_2PI = 0.3989422804014327
_SQRT_2_OVER_PI = 0.7978845608028654  # the tanh form's √(2/π)
_TANH_KAPPA = 0.044715

# erf(x) for |x| < 1.25: its Maclaurin series x · Σ cₙ (x²)ⁿ, cₙ = 2/√π · (−1)ⁿ / (n! (2n + 1)). At
# |x| = 1.25 the 21st term is below 1e-17 and the terms fall steadily, so 21 of them are within 2 ulp.
_SERIES_END = 1.25
_SERIES = tuple((2.0 / math.sqrt(math.pi)) * (-1) ** n / (math.factorial(n) * (2 * n + 1)) for n in range(21))


def _scaled_erfc(x: np.ndarray) -> np.ndarray:
    """exp(x²) · erfc(x) at the Chebyshev nodes (libm's erfc is accurate to about 1 ulp)."""
    return np.array([math.erfc(v) * math.exp(v * v) for v in x])


# For 1.25 ≤ |x| < 6, erf(x) = 1 − exp(−x²) · g(x) with g(x) = exp(x²) erfc(x), a smooth, slowly varying
# function: degree-20 Chebyshev interpolants on two intervals reach float64's noise (their coefficients
# are a few 1e-16 relative, which erfc(1.25) = 0.077 shrinks to under an ulp of erf). At |x| ≥ 6,
# erfc(x) < 2.2e-17 and erf rounds to ±1. Measured against math.erf on 650 001 points in [0, 6.5]:
# at most 3 ulp apart, 0.1 ulp on average.
@functools.cache  # built on first use: importing numpy.polynomial costs ~3 ms of the app's start-up
def _tail() -> tuple[np.polynomial.Chebyshev, ...]:
    return tuple(np.polynomial.Chebyshev.interpolate(_scaled_erfc, 20, domain=[a, b])
                 for a, b in ((_SERIES_END, 3.0), (3.0, 6.0)))


#: Up to this many values erf calls libm's ``math.erf`` for each: the ~60 NumPy calls of the vectorised
#: evaluation cost ~100 µs whatever the size, ten times the libm loop on the 6 × 16 FFN of a preset.
_LIBM_SIZE = 1024


def erf(x) -> np.ndarray:
    """The error function in float64 (NumPy has none): ``math.erf`` itself for small arrays, a
    vectorised evaluation within 3 ulp of it (0.1 ulp on average) for large ones."""
    x = np.asarray(x, dtype=np.float64)
    if x.size <= _LIBM_SIZE:
        return np.fromiter(map(math.erf, x.ravel()), np.float64, x.size).reshape(x.shape)
    ax = np.abs(x)
    out = np.where(ax >= 6.0, 1.0, np.nan)  # NaN stays NaN; every finite |x| < 6 is filled in below
    near = ax < _SERIES_END
    u = ax[near]
    u2 = u * u
    series = np.full_like(u2, _SERIES[-1])
    for c in _SERIES[-2::-1]:
        series *= u2
        series += c
    out[near] = u * series
    for g in _tail():
        lo, hi = g.domain
        part = (ax >= lo) & (ax < hi)
        v = ax[part]
        out[part] = 1.0 - np.exp(-v * v) * g(v)
    return np.copysign(out, x)


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0)


def relu_grad(x: np.ndarray) -> np.ndarray:
    return (x > 0).astype(x.dtype)


def _wide(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, dtype=np.float64)


def gelu(x: np.ndarray) -> np.ndarray:
    """x · Φ(x), as ``torch.nn.functional.gelu(x, approximate='none')``: x · ½ · (1 + erf(x/√2))."""
    w = _wide(x)
    return (w * 0.5 * (1.0 + erf(w * _SQRT_HALF))).astype(x.dtype, copy=False)


def gelu_grad(x: np.ndarray) -> np.ndarray:
    """dGELU/dx = Φ(x) + x · φ(x), as PyTorch's GELU backward."""
    w = _wide(x)
    cdf = 0.5 * (1.0 + erf(w * _SQRT_HALF))
    pdf = _INV_SQRT_2PI * np.exp(-0.5 * w * w)
    return (cdf + w * pdf).astype(x.dtype, copy=False)


def gelu_tanh(x: np.ndarray) -> np.ndarray:
    """The tanh approximation ½ x (1 + tanh(√(2/π) (x + 0.044715 x³))), as ``approximate='tanh'``."""
    w = _wide(x)
    inner = _SQRT_2_OVER_PI * (w + _TANH_KAPPA * (w * w * w))
    return (0.5 * w * (1.0 + np.tanh(inner))).astype(x.dtype, copy=False)


def gelu_tanh_grad(x: np.ndarray) -> np.ndarray:
    """Derivative of ``gelu_tanh``: ½ (1 + t) + ½ x (1 − t²) · √(2/π) (1 + 3 · 0.044715 x²)."""
    w = _wide(x)
    w2 = w * w
    t = np.tanh(_SQRT_2_OVER_PI * (w + _TANH_KAPPA * (w2 * w)))
    left = 0.5 * (1.0 + t)
    right = 0.5 * w * (1.0 - t * t) * (_SQRT_2_OVER_PI * (1.0 + 3.0 * _TANH_KAPPA * w2))
    return (left + right).astype(x.dtype, copy=False)


def sigmoid(x: np.ndarray) -> np.ndarray:
    """1 / (1 + exp(−x)), as ``torch.sigmoid``, without overflow for large |x|."""
    # exp(−|x|) never overflows, and each side keeps full relative precision.
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def sigmoid_grad(x: np.ndarray) -> np.ndarray:
    """dσ/dx = σ(x) · (1 − σ(x)): at most ¼, at x = 0."""
    s = sigmoid(x)
    return s * (1.0 - s)


def tanh(x: np.ndarray) -> np.ndarray:
    """tanh(x) = 2σ(2x) − 1, zero-centred in (−1, 1)."""
    return np.tanh(x)


def tanh_grad(x: np.ndarray) -> np.ndarray:
    """d tanh/dx = 1 − tanh²(x): 1 at x = 0."""
    t = np.tanh(x)
    return 1.0 - t * t


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """exp(xᵢ) / Σⱼ exp(xⱼ) along ``axis``, as ``torch.softmax``: the maximum is subtracted first, so
    no exp overflows (the result is unchanged by a common shift)."""
    x = np.asarray(x)
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def softmax_jvp(x: np.ndarray, v: np.ndarray, axis: int = -1) -> np.ndarray:
    """The softmax's Jacobian times ``v``: J v = s ⊙ (v − ⟨s, v⟩) with s = softmax(x), J = diag(s) − s sᵀ.

    J is symmetric, so this is also the backward pass (vector-Jacobian product) of attention's softmax.
    """
    s = softmax(x, axis)
    return s * (v - np.sum(s * v, axis=axis, keepdims=True))


def swish(x: np.ndarray, beta: float = 1.0) -> np.ndarray:
    """Swish, x · sigmoid(β x) (Ramachandran et al. 2017); β = 1 is SiLU."""
    return x * sigmoid(x if beta == 1.0 else beta * x)


def swish_grad(x: np.ndarray, beta: float = 1.0) -> np.ndarray:
    """d swish/dx = s · (1 + β x (1 − s)) with s = sigmoid(β x)."""
    bx = x if beta == 1.0 else beta * x
    s = sigmoid(bx)
    return s * (1.0 + bx * (1.0 - s))


def silu(x: np.ndarray) -> np.ndarray:
    """x · sigmoid(x), as ``torch.nn.functional.silu``: the gate of SwiGLU."""
    return swish(x)


def silu_grad(x: np.ndarray) -> np.ndarray:
    return swish_grad(x)


#: Each element-wise activation and its derivative, by the name ``BlockSpec.activation`` gives (SwiGLU
#: is built from SiLU in engine/core/block.py). ``ACTIVATIONS`` are those a Scenario offers.
ELEMENTWISE = {
    "relu": (relu, relu_grad),
    "gelu": (gelu, gelu_grad),
    "gelu_tanh": (gelu_tanh, gelu_tanh_grad),
    "silu": (silu, silu_grad),
}
