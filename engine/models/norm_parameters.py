"""Statistics of a norm's learned γ and β: mean, spread, extremes and the dimensions far from the rest."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.models.outliers import SIGMAS


@dataclass(frozen=True)
class VectorStats:
    mean: float
    std: float
    min: float
    max: float
    outlier_dims: tuple[int, ...]  # beyond SIGMAS standard deviations from the mean


def vector_stats(v: np.ndarray, sigmas: float = SIGMAS) -> VectorStats:
    """The VectorStats of γ or β (in float64)."""
    v = v.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):  # γ of inf or NaN weights: NaN statistics, as they are
        mean, std = float(v.mean()), float(v.std())
    far = np.flatnonzero(np.abs(v - mean) > sigmas * std) if std > 0 else np.array([], dtype=np.int64)
    return VectorStats(mean, std, float(v.min()), float(v.max()), tuple(int(i) for i in far))
