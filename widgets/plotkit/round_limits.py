"""Axis and colour-scale limits rounded outwards to round numbers.

A plot whose limits sit on round numbers keeps them while an edit moves the data a little: the
axes neither jitter under the user's typing nor have to be laid out and drawn again (redrawing
an axis and its grid is the largest part of a plot's repaint).
"""

from __future__ import annotations

import math
import sys

import numpy as np

#: Mantissas of the round numbers, for the linear axes (1-2-5) and for colour scales, where a
#: coarser step would waste up to half of the colours.
AXIS_STEPS = (1.0, 2.0, 5.0, 10.0)
SCALE_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
LINEAR_TICKS = 5  # about this many intervals between round-number ticks on a linear axis


#: The largest limit handed out: a span between −LARGEST and LARGEST is still a finite float.
LARGEST = sys.float_info.max / 4
#: The log10 limits stay where 10**limit is a normal float: tick labels compute it.
LOG_RANGE = (math.log10(sys.float_info.min), math.log10(LARGEST))


def _decade(log_value: float) -> tuple[int, float]:
    """(k, m) with 10**log_value = m·10^k and 1 ≤ m < 10, found without computing 10**log_value
    (which overflows or underflows at the ends of float's range)."""
    k = math.floor(log_value)
    return k, min(10.0 ** (log_value - k), 10.0)


def _step_up(mantissa: float, steps) -> float:
    return next((m for m in steps if m >= mantissa * (1 - 1e-12)), 10.0)


def _step_down(mantissa: float, steps) -> float:
    return next((m for m in reversed(steps) if m <= mantissa * (1 + 1e-12)), 1.0)


def _scaled(mantissa: float, k: int) -> float:
    """m·10^k, clamped to LARGEST; 10.0**k alone would raise OverflowError above 10^308."""
    return min(mantissa * 10.0 ** min(k, 308), LARGEST)


def round_up(value: float, steps=SCALE_STEPS) -> float:
    """The smallest m·10^k ≥ ``value`` with m in ``steps`` (``value`` > 0), at most LARGEST."""
    k, m = _decade(math.log10(value))
    return max(_scaled(_step_up(m, steps), k), min(value, LARGEST))  # a subnormal's 10^k underflows to 0


def round_down(value: float, steps=SCALE_STEPS) -> float:
    """The largest m·10^k ≤ ``value`` with m in ``steps`` (``value`` > 0), at most LARGEST."""
    k, m = _decade(math.log10(value))
    return _scaled(_step_down(m, steps), k) or min(value, LARGEST)


def _finite_pair(low: float, high: float, usable) -> tuple[float, float] | None:
    """``low``, ``high`` in order with an unusable end replaced by the other; None when neither is usable."""
    ends = [v for v in (low, high) if usable(v)]
    return (min(ends), max(ends)) if ends else None


def _largest_finite(m: np.ndarray) -> float:
    """The largest finite |value| of ``m`` (0 if none); the finite ones picked out only when some are
    not (the usual matrix needs no mask and no copy)."""
    largest = float(np.max(np.abs(m), initial=0.0))
    if math.isfinite(largest):  # a NaN or an inf anywhere makes it NaN or inf
        return largest
    return float(np.max(np.abs(m[np.isfinite(m)]), initial=0.0))


def colour_limit(*matrices: np.ndarray) -> float:
    """L of a symmetric colour scale −L..L: the largest finite |value|, rounded up (1 if none)."""
    largest = max(map(_largest_finite, matrices), default=0.0)
    return round_up(largest) if largest > 0 else 1.0


#: A limit shown is kept while the one the values would get afresh is at least this share of it: edits
#: that move the values a little leave an axis or a colour scale (and its drawing) as it is instead of
#: stepping it between neighbouring round numbers.
KEEP_SHARE = 0.7


def kept_colour_limit(shown: float | None, fresh: float) -> float:
    """``shown`` (the colour limit drawn now) while it still holds the values, whose own limit is
    ``fresh``, and is at most 1/KEEP_SHARE of it; else ``fresh``. A scale of B − A, whose largest
    difference moves with every edit, then keeps its labels (and the panels their widths)."""
    if shown is None or not fresh <= shown or fresh < KEEP_SHARE * shown:
        return fresh
    return shown


def linear_limits(low: float, high: float) -> tuple[float, float]:
    """``low``..``high`` widened to multiples of a 1-2-5 tick step (about LINEAR_TICKS of them).

    Defined for any input: an infinite or NaN end is replaced by the other (0..1 when neither is
    finite), and the limits stay within ±LARGEST."""
    ends = _finite_pair(low, high, math.isfinite)
    if ends is None:
        return 0.0, 1.0
    low, high = (max(-LARGEST, min(v, LARGEST)) for v in ends)
    # Divided first: the span itself can overflow. A span of subnormals can round to 0.
    span = high / LINEAR_TICKS - low / LINEAR_TICKS
    if not span > 0:
        half = max(0.5, abs(low) * 1e-9)  # ±0.5 is lost in the rounding of a value near 1e30
        low, high = max(low - half, -LARGEST), min(high + half, LARGEST)
        span = high / LINEAR_TICKS - low / LINEAR_TICKS
    step = round_up(span, AXIS_STEPS)
    # Within a millionth of a step of a multiple counts as on it (μ after LayerNorm is ~1e-8, not 0).
    return (max(math.floor(low / step + 1e-6) * step, -LARGEST),
            min(math.ceil(high / step - 1e-6) * step, LARGEST))


def log_limits(low: float, high: float, margin: float = 0.03) -> tuple[float, float]:
    """log10 limits for positive data ``low``..``high``: a margin of ``margin`` of the span, then
    rounded out to 1-2-5 values (..., 0.5, 1, 2, 5, 10, ...).

    Worked out in log space, so data near float's limits (1e-320, 1e308) gives limits too. Defined
    for any input: an end that is not a positive finite number is replaced by the other (1..10 when
    neither is), and the limits stay within LOG_RANGE."""
    ends = _finite_pair(low, high, lambda v: 0 < v < math.inf)
    if ends is None:
        return 0.0, 1.0
    log_low, log_high = math.log10(ends[0]), math.log10(ends[1])
    pad = margin * max(log_high - log_low, 0.3)
    k, m = _decade(log_low - pad)
    bottom = k + math.log10(_step_down(m, AXIS_STEPS))
    k, m = _decade(log_high + pad)
    top = k + math.log10(_step_up(m, AXIS_STEPS))
    bottom = min(max(bottom, LOG_RANGE[0]), LOG_RANGE[1] - 1)
    return bottom, max(min(top, LOG_RANGE[1]), bottom + 1)
