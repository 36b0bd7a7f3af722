"""Per-row and per-column mean and standard deviation (ddof 0), before and after a norm, and their RMS."""

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

    @property
    def rms_in(self) -> np.ndarray:
        """Root mean square of each input row (or column): √(μ² + σ²), what RMSNorm divides by."""
        return np.hypot(self.mean_in, self.std_in)

    @property
    def rms_out(self) -> np.ndarray:
        """Root mean square after the norm: what RMSNorm sets to 1 (before γ), as LayerNorm sets σ.

        √(μ² + σ²) of the float64 statistics: a sum of squares, so no cancellation, and no pass over
        the matrix (a 2048 × 4096 edit stays as cheap as it was)."""
        return np.hypot(self.mean_out, self.std_out)


def _mean_std(x: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    # Accumulating in float64 keeps σ finite for float32 values near 1e30 (their squares overflow
    # float32); NumPy's std is two-pass, so large means cost no precision. A row holding inf or NaN
    # (an overflowed norm output) gets a NaN σ, quietly: Result.overflowed reports it.
    with np.errstate(invalid="ignore", over="ignore"):
        return x.mean(axis=axis, dtype=np.float64), x.std(axis=axis, dtype=np.float64)


def axis_stats(x: np.ndarray, y: np.ndarray, axis: int) -> AxisStats:
    """Statistics of ``x`` and ``y`` along ``axis``, in float64."""
    return AxisStats(*_mean_std(x, axis), *_mean_std(y, axis))
