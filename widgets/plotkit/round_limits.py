"""Axis and colour-scale limits rounded outwards to round numbers.

A plot whose limits sit on round numbers keeps them while an edit moves the data a little: the
axes neither jitter under the user's typing nor have to be laid out and drawn again (redrawing
an axis and its grid is the largest part of a plot's repaint).
"""

from __future__ import annotations

import math

import numpy as np

#: Mantissas of the round numbers, for the linear axes (1-2-5) and for colour scales, where a
#: coarser step would waste up to half of the colours.
AXIS_STEPS = (1.0, 2.0, 5.0, 10.0)
SCALE_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
LINEAR_TICKS = 5  # about this many intervals between round-number ticks on a linear axis


def round_up(value: float, steps=SCALE_STEPS) -> float:
    """The smallest m·10^k ≥ ``value`` with m in ``steps`` (``value`` > 0)."""
    exponent = math.floor(math.log10(value))
    scale = 10.0**exponent
    for mantissa in steps:
        if mantissa * scale >= value * (1 - 1e-12):
            return mantissa * scale
    return 10.0 * scale


def round_down(value: float, steps=SCALE_STEPS) -> float:
    """The largest m·10^k ≤ ``value`` with m in ``steps`` (``value`` > 0)."""
    exponent = math.floor(math.log10(value))
    scale = 10.0**exponent
    for mantissa in reversed(steps):
        if mantissa * scale <= value * (1 + 1e-12):
            return mantissa * scale
    return scale


def colour_limit(*matrices: np.ndarray) -> float:
    """L of a symmetric colour scale −L..L: the largest finite |value|, rounded up (1 if none)."""
    largest = max((float(np.max(np.abs(m[np.isfinite(m)]), initial=0.0)) for m in matrices), default=0.0)
    return round_up(largest) if largest > 0 else 1.0


def linear_limits(low: float, high: float) -> tuple[float, float]:
    """``low``..``high`` widened to multiples of a 1-2-5 tick step (about LINEAR_TICKS of them)."""
    if not high > low:
        low, high = low - 0.5, high + 0.5
    step = round_up((high - low) / LINEAR_TICKS, AXIS_STEPS)
    # Within a millionth of a step of a multiple counts as on it (μ after LayerNorm is ~1e-8, not 0).
    return math.floor(low / step + 1e-6) * step, math.ceil(high / step - 1e-6) * step


def log_limits(low: float, high: float, margin: float = 0.03) -> tuple[float, float]:
    """log10 limits for positive data ``low``..``high``: a margin of ``margin`` of the span, then
    rounded out to 1-2-5 values (..., 0.5, 1, 2, 5, 10, ...)."""
    log_low, log_high = math.log10(low), math.log10(high)
    pad = margin * max(log_high - log_low, 0.3)
    return (math.log10(round_down(10.0 ** (log_low - pad), AXIS_STEPS)),
            math.log10(round_up(10.0 ** (log_high + pad), AXIS_STEPS)))
