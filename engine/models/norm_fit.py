"""A norm's real input → output: every element before and after normalization (before γ/β, as Zhu et al.
2025 plot it), fitted by a straight line and by a·tanh(αx) + b, with the R² of each."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.models.trace import NormRecord
from engine.core.norms import layer_norm, rms_norm

#: At most this many points are returned for drawing (every k-th element); the fits use all.
MAX_POINTS = 20000


@dataclass(frozen=True)
class NormFit:
    x: np.ndarray  # input elements (subsampled for drawing)
    y: np.ndarray  # normalized elements, before γ and β
    slope: float
    intercept: float
    line_r2: float
    tanh_alpha: float
    tanh_scale: float
    tanh_offset: float
    tanh_r2: float


def _r2(y: np.ndarray, fitted: np.ndarray) -> float:
    total = float(((y - y.mean()) ** 2).sum())
    return 1.0 - float(((y - fitted) ** 2).sum()) / total if total > 0 else 1.0


def _tanh_fit(x: np.ndarray, y: np.ndarray, alpha: float) -> tuple[float, float, float]:
    """For a fixed α, the least-squares a, b of y ≈ a·tanh(αx) + b, and its R²."""
    basis = np.stack([np.tanh(alpha * x), np.ones_like(x)], axis=1)
    (a, b), *_ = np.linalg.lstsq(basis, y, rcond=None)
    return float(a), float(b), _r2(y, basis @ (a, b))


def _normalized(record: NormRecord, x: np.ndarray) -> np.ndarray:
    if record.kind == "layer":
        return layer_norm(x, eps=record.eps)
    if record.kind == "rms":
        return rms_norm(x, eps=record.eps)
    return x.copy()


def fit_norm(record: NormRecord) -> NormFit:
    """The scatter and both fits for ``record`` (a LayerNorm or RMSNorm; "none" gives the identity)."""
    x = record.input.astype(np.float64)
    with np.errstate(all="ignore"):
        y = _normalized(record, x)
    x, y = x.ravel(), y.ravel()
    finite = np.isfinite(x) & np.isfinite(y)  # a run gone NaN/inf: fit what is finite, NaN when nothing is
    if finite.sum() < 2:
        nan = float("nan")
        step = max(1, x.size // MAX_POINTS)
        return NormFit(x[::step].astype(np.float32), y[::step].astype(np.float32), nan, nan, nan, nan, nan, nan, nan)
    x, y = x[finite], y[finite]
    slope, intercept = np.polyfit(x, y, 1) if np.ptp(x) > 0 else (0.0, float(y.mean()))
    line_r2 = _r2(y, slope * x + intercept)
    # α is searched on a log grid around 1/σ(x), then refined by golden-section search on log α.
    scale = float(x.std()) or 1.0
    grid = np.geomspace(1e-3, 1e2, 41) / scale
    best = max(grid, key=lambda a: _tanh_fit(x, y, a)[2])
    lo, hi = np.log(best / 1.33), np.log(best * 1.33)
    golden = (np.sqrt(5) - 1) / 2
    for _ in range(30):
        m1, m2 = hi - golden * (hi - lo), lo + golden * (hi - lo)
        if _tanh_fit(x, y, np.exp(m1))[2] > _tanh_fit(x, y, np.exp(m2))[2]:
            hi = m2
        else:
            lo = m1
    alpha = float(np.exp((lo + hi) / 2))
    a, b, tanh_r2 = _tanh_fit(x, y, alpha)
    step = max(1, x.size // MAX_POINTS)
    return NormFit(x[::step].astype(np.float32), y[::step].astype(np.float32), float(slope), float(intercept),
                   line_r2, alpha, a, b, tanh_r2)
