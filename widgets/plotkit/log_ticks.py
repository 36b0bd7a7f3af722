"""Ticks for a log axis: labelled decades in one style (10⁻², 10⁰, 10³), as many as have room.

pyqtgraph labels a log axis of less than a few decades at every minor tick (0.1, 0.09, 0.08 …) and
mixes "0.0001" with "10⁻⁵". Here a labelled tick sits every k decades (k = 1, 2, 5, 10, …, as room
allows), the other decades and the 2…9 multiples are unlabelled grid lines, and a range with fewer than
three labelled decades labels its 1-2-5 values (2×10⁻¹), or its 1…9 multiples, instead.
"""

from __future__ import annotations

import math

import numpy as np

DECADE_STEPS = (1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000)
MIN_LABELS = 3  # labelled ticks an axis keeps when they have room
MANTISSAS = ((2, 5), (2, 3, 4, 5, 6, 7, 8, 9))  # the multiples tried, in turn, between the decades
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")

Levels = list[tuple[float | None, list[float]]]  # pyqtgraph's tick levels: (spacing, log10 values)


def power_label(log_value: float) -> str:
    """"10⁻³" for log10 = -3, "2×10⁻¹" for log10(0.2): a decade's power with its 1-2-5 mantissa."""
    exponent = math.floor(log_value + 1e-9)
    mantissa = round(10 ** (log_value - exponent), 6)
    power = "10" + str(exponent).translate(_SUPERSCRIPT)
    return power if math.isclose(mantissa, 1.0) else f"{mantissa:g}×{power}"


def log_tick_levels(low: float, high: float, length: float, label_room: float) -> Levels:
    """Tick levels for an axis showing log10 values ``low``..``high`` over ``length`` pixels, where a
    label needs ``label_room`` pixels: the first level is labelled, the second only gridded."""
    low, high = sorted((low, high))
    span = max(high - low, 1e-12)
    per_decade = length / span
    first, last = math.ceil(low - 1e-9), math.floor(high + 1e-9)
    step = next((k for k in DECADE_STEPS if k * per_decade >= label_room), DECADE_STEPS[-1])
    if span > 1000:  # zoomed far out: a few hundred labelled decades at most, never millions of ticks
        step = max(step, 10 ** math.ceil(math.log10(span / 200)))
        majors = [float(n) for n in range(math.ceil(first / step) * step, last + 1, step)]
        return [(float(step), majors), (None, [])]
    majors = [float(n) for n in range(first, last + 1) if n % step == 0]
    multiples = [n + math.log10(m) for n in range(first - 1, last + 1) for m in range(2, 10)]
    multiples = [v for v in multiples if low - 1e-9 <= v <= high + 1e-9]
    if len(majors) >= MIN_LABELS:
        if step == 1:
            minors = multiples if per_decade >= 2 * label_room else []
        else:
            minors = [float(n) for n in range(first, last + 1) if n % step]
        return [(float(step), majors), (None, minors)]
    # Fewer than three labelled decades fit the range: label its 1-2-5 multiples, or all of 1…9,
    # where they have room (a reader needs three labels to read a log scale's steps).
    labelled = _with_room([float(n) for n in range(first, last + 1)], [], per_decade, label_room)
    for mantissas in MANTISSAS:
        if len(labelled) >= MIN_LABELS:
            break
        between = [v for v in multiples if round(10 ** (v - math.floor(v))) in mantissas]
        labelled = _with_room(between, labelled, per_decade, label_room)
    rest = [v for v in multiples + [float(n) for n in range(first, last + 1)]
            if not np.isclose(labelled, v, atol=1e-9).any()] if labelled else multiples
    return [(1.0, labelled), (None, sorted(rest))]


def _with_room(candidates: list[float], labelled: list[float], per_decade: float, room: float) -> list[float]:
    """``labelled`` and those ``candidates``, in order, that keep ``room`` pixels from every label
    already taken (the decades come first, then their multiples between them)."""
    taken = list(labelled)
    for value in candidates:
        if all(abs(value - other) * per_decade >= room for other in taken):
            taken.append(value)
    return sorted(taken)
