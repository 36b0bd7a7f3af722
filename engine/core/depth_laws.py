"""The laws a depth profile shows, measured from its curves rather than quoted from papers.

The depth plot's note states, for the settings on screen, how the residual stream grows (a line
fitted to RMS² against the layer: Pre-Norm's slope is about 1 per layer, Post-Norm's 0) and how the
weight gradients lean (last layer over first: above 1 they grow towards the output, as Xiong et al.
2020 found for Post-LN at initialization). ``shape`` names the curve's kind in words a student can
check on the plot: flat, exponential (a straight line on the log axis) or linear in RMS², chosen by
which description fits the curve after its first layer.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.core.depth import DepthProfile, StackRun


@dataclass(frozen=True)
class DepthLaw:
    """One stack's measured behaviour; NaN where it can't be measured (overflow, one layer)."""

    placement: str
    #: Slope of the least-squares line through RMS² against the layer (0 = the input).
    rms2_slope: float
    #: RMS after the last layer over the input's.
    growth: float
    #: The last layer's weight-gradient norm over the first layer's.
    grad_skew: float
    #: "flat", "exponential", "linear_rms2" or "" (none of them fits, or nothing to measure).
    shape: str = ""
    #: Per layer from layer 1 on: the RMS's growth factor of the exponential fit, and the fits' R².
    per_layer: float = float("nan")
    exp_r2: float = float("nan")
    rms2_r2: float = float("nan")
    #: The RMS the curve stays at from layer 1 on (their mean), for a flat one.
    level: float = float("nan")


#: A curve whose RMS stays within this factor of its mean from layer 1 on is flat (Post-Norm: it
#: normalizes every layer's output; layer 0 is the input, often of another size).
FLAT_WITHIN = 1.15
#: A fit describes the curve when its R² is at least this.
GOOD_FIT = 0.97


def _mean(v: np.ndarray) -> float:
    return float(np.add.reduce(v)) / len(v)  # ndarray.mean's Python-level steps cost more on 10 values


def _line(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Slope and intercept of the least-squares line through (x, y), in closed form (``np.polyfit``'s
    SVD took most of the caption's time on every edit)."""
    x_mean, y_mean = _mean(x), _mean(y)
    dx = x - x_mean
    slope = float(dx @ (y - y_mean)) / float(dx @ dx)
    return slope, y_mean - slope * x_mean


def _r2(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Slope and R² of the least-squares line through (x, y)."""
    slope, intercept = _line(x, y)
    residual = y - (slope * x + intercept)
    centred = y - _mean(y)
    total = float(centred @ centred)
    return slope, (1.0 - float(residual @ residual) / total) if total > 0 else 1.0


def _shape(rms: np.ndarray) -> tuple[str, float, float, float, float]:
    """(shape, per-layer factor, R² of log RMS, R² of RMS², level) of the layers 1 … N."""
    nan = float("nan")
    tail = rms[1:]
    layers = np.arange(1, len(rms), dtype=np.float64)
    if len(tail) < 2 or not (np.isfinite(tail).all() and (tail > 0).all() and (tail < 1e150).all()):
        return "", nan, nan, nan, nan
    level = _mean(tail)
    if tail.max() <= FLAT_WITHIN * level and tail.min() >= level / FLAT_WITHIN:
        return "flat", nan, nan, nan, level
    log_slope, exp_r2 = _r2(layers, np.log(tail))
    _, rms2_r2 = _r2(layers, tail ** 2)
    per_layer = float(np.exp(log_slope))
    if max(exp_r2, rms2_r2) < GOOD_FIT:
        return "", per_layer, exp_r2, rms2_r2, level
    return ("exponential" if exp_r2 >= rms2_r2 else "linear_rms2"), per_layer, exp_r2, rms2_r2, level


def _law(placement: str, run: StackRun) -> DepthLaw:
    rms = np.asarray(run.rms, dtype=np.float64)
    finite = np.isfinite(rms) & (rms < 1e150)  # squares of larger values overflow
    slope = _line(np.flatnonzero(finite).astype(np.float64), rms[finite] ** 2)[0] if finite.sum() >= 2 else np.nan
    growth = float(rms[-1] / rms[0]) if rms[0] > 0 and np.isfinite(rms[[0, -1]]).all() else np.nan
    grads = run.weight_grad
    skew = np.nan
    if grads is not None and len(grads) >= 2 and grads[0] > 0 and np.isfinite(grads[[0, -1]]).all():
        skew = float(grads[-1] / grads[0])
    return DepthLaw(placement, slope, growth, skew, *_shape(rms))


def depth_laws(profile: DepthProfile) -> tuple[DepthLaw, ...]:
    """The measured law of each stack in ``profile``: no norm first, then each placement. Overflowed
    or vanished curves give NaN, quietly."""
    with np.errstate(all="ignore"):
        return (_law("none", profile.none),) + tuple(_law(p, run) for p, run in profile.runs.items())
