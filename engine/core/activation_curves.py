"""What the activations lesson (seed 004 §3) draws: each function and its derivative sampled on x, GELU's
two forms and their difference magnified, Softmax along one entry of a small vector with its Jacobian
column, SwiGLU's gate for a fixed linear branch. Pure NumPy on ``engine.core.activations``; the view only draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from engine.core import activations as act

# The functions in the order of seed 004's list.
KEYS = ("sigmoid", "tanh", "relu", "softmax", "swish", "gelu", "swiglu")
#: The curve that shows each FFN activation of the block (engine.core.activations.ACTIVATIONS).
CURVE_OF_ACTIVATION = {"relu": "relu", "gelu": "gelu", "gelu_tanh": "gelu", "silu": "swish", "swiglu": "swiglu"}
X_RANGE = (-5.0, 5.0)
SAMPLES = 401
SOFTMAX_DEFAULT = (2.0, 1.0, 0.1)


@dataclass(frozen=True)
class Curves:
    """What one function's plot shows: x, the curves by role, GELU's magnification of its two forms'
    difference, and (Softmax) the point of the vector itself."""

    x: np.ndarray
    lines: dict[str, np.ndarray]
    magnification: float | None = None
    marker: tuple[float, float] | None = None
    extra: dict[str, np.ndarray] = field(default_factory=dict)


def magnification_for(difference: np.ndarray) -> float:
    """The power of ten that brings the largest |difference| to between 0.1 and 1."""
    largest = float(np.max(np.abs(difference)))
    return 1.0 if largest == 0 else 10.0 ** math.floor(math.log10(1.0 / largest))


def softmax_curves(vector, index: int) -> Curves:
    """s_k = softmax(v)_k as v_k alone varies (the others fixed), and ∂s_k/∂v_k from the Jacobian-vector
    product with e_k; ``extra`` holds softmax(v) and the whole column ∂softmax(v)/∂v_k."""
    v = np.asarray(vector, dtype=np.float64)
    x = np.linspace(v.min() - 5.0, v.max() + 5.0, SAMPLES)
    rows = np.tile(v, (SAMPLES, 1))
    rows[:, index] = x
    e_k = np.zeros_like(rows)
    e_k[:, index] = 1.0
    unit = np.zeros_like(v)
    unit[index] = 1.0
    s = act.softmax(v)
    return Curves(x, {"f": act.softmax(rows)[:, index], "df": act.softmax_jvp(rows, e_k)[:, index]},
                  marker=(float(v[index]), float(s[index])),
                  extra={"softmax": s, "column": act.softmax_jvp(v, unit)})


def curves_for(key: str, beta: float = 1.0, vector=SOFTMAX_DEFAULT, index: int = 0, up: float = 1.0) -> Curves:
    """The curves of one function (``KEYS``); β for Swish, the vector and its entry k for Softmax, the
    linear branch's value u for SwiGLU."""
    if key == "softmax":
        return softmax_curves(vector, index)
    x = np.linspace(*X_RANGE, SAMPLES)
    if key == "gelu":
        difference = act.gelu(x) - act.gelu_tanh(x)
        k = magnification_for(difference)
        return Curves(x, {"f": act.gelu(x), "f_tanh": act.gelu_tanh(x), "df": act.gelu_grad(x),
                          "diff": k * difference}, magnification=k)
    if key == "swiglu":
        return Curves(x, {"f": act.silu(x) * up, "df": act.silu_grad(x) * up})
    if key == "swish":
        return Curves(x, {"f": act.swish(x, beta), "df": act.swish_grad(x, beta)})
    f, df = {"sigmoid": (act.sigmoid, act.sigmoid_grad), "tanh": (act.tanh, act.tanh_grad),
             "relu": (act.relu, act.relu_grad)}[key]
    return Curves(x, {"f": f(x), "df": df(x)})
