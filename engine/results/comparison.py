"""What differs between two scenarios (A pinned, B current) and the measured numbers to compare them by."""

from __future__ import annotations

from typing import Mapping

import numpy as np

from engine.results.compute import Result
from engine.setup.scenario import Scenario


def setting_differences(a: Scenario, b: Scenario) -> tuple[str, ...]:
    """The Scenario fields whose values differ between ``a`` and ``b``, in the Scenario's order
    (``name`` is a title, not a setting: never listed)."""
    return tuple(a.differing_fields(b))


def values_changed(a: np.ndarray, b: np.ndarray) -> int | None:
    """How many values differ between two arrays of one shape (None when the shapes differ)."""
    if np.shape(a) != np.shape(b):
        return None
    return int(np.count_nonzero(np.asarray(a) != np.asarray(b)))


def key_numbers(result: Result) -> Mapping[tuple[str, str], float]:
    """The numbers the Differences view sets side by side, by (what, stack): ``("max_mean_out", "")``,
    the largest |μ| of a row after the norm; ``("last_rms", p)``, the RMS of the hidden state after the
    last layer of stack ``p`` (``"none"`` and each placement simulated); ``("grad_skew", p)``, its
    last over first layer's weight-gradient norm. NaN where a value is not finite or can't be measured;
    the stack numbers are missing while the depth simulation is skipped or out of date."""
    numbers: dict[tuple[str, str], float] = {}
    with np.errstate(all="ignore"):
        means = np.abs(np.asarray(result.norm.row_stats.mean_out, dtype=np.float64))
        means = means[np.isfinite(means)]
        numbers[("max_mean_out", "")] = float(means.max()) if means.size else np.nan
    if result.depth is None or result.stack_stale:
        return numbers
    runs = {"none": result.depth.none, **result.depth.runs}
    for placement, run in runs.items():
        numbers[("last_rms", placement)] = float(run.rms[-1]) if np.isfinite(run.rms[-1]) else np.nan
    for law in result.depth_laws:
        if law.placement != "none":
            numbers[("grad_skew", law.placement)] = law.grad_skew
    return numbers
