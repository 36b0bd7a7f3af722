"""Loss curves smoothed for reading: each step the mean of the last ``window`` steps' finite values."""

from __future__ import annotations

import numpy as np


def trailing_mean(values: np.ndarray, window: int) -> np.ndarray:
    """Each entry the mean of the finite values among it and the ``window`` − 1 before it (NaN where
    there are none: a diverged run's steps stay missing). ``window`` 1 returns the values as floats."""
    values = np.asarray(values, dtype=np.float64)
    if window <= 1 or len(values) == 0:
        return values.copy()
    finite = np.isfinite(values)
    sums = np.concatenate([[0.0], np.cumsum(np.where(finite, values, 0.0))])
    counts = np.concatenate([[0], np.cumsum(finite)])
    end = np.arange(1, len(values) + 1)
    start = np.maximum(0, end - window)
    n = counts[end] - counts[start]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, (sums[end] - sums[start]) / np.maximum(n, 1), np.nan)
