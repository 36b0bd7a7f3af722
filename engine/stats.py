"""Per-row and per-column mean and standard deviation (ddof 0), before and after a norm."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AxisStats:
    """μ and σ of each row (axis=1) or each column (axis=0) of the input and of the output."""

    mean_in: np.ndarray
    std_in: np.ndarray
    mean_out: np.ndarray
    std_out: np.ndarray


def axis_stats(x: np.ndarray, y: np.ndarray, axis: int) -> AxisStats:
    """Statistics of ``x`` and ``y`` along ``axis`` (NumPy's std is two-pass, so large means are safe)."""
    return AxisStats(x.mean(axis=axis), x.std(axis=axis), y.mean(axis=axis), y.std(axis=axis))
