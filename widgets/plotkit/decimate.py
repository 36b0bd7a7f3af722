"""Long series shrunk to what a plot can show: a curve's envelope, a heatmap's columns pooled."""

from __future__ import annotations

import numpy as np


def envelope(x: np.ndarray, y: np.ndarray, points: int) -> tuple[np.ndarray, np.ndarray]:
    """``x``, ``y`` with at most ``points`` points: in each bucket of neighbouring points the smallest
    and the largest value, in their order, so a spike stays visible however long the run. Shorter
    series come back as they are; non-finite values are left out first."""
    keep = np.isfinite(y)
    x, y = x[keep], y[keep]
    if len(y) <= points or points < 2:
        return x, y
    size = -(-len(y) // (points // 2))
    buckets = -(-len(y) // size)
    lows, highs = np.full(buckets * size, np.inf), np.full(buckets * size, -np.inf)
    lows[:len(y)] = y
    highs[:len(y)] = y
    base = np.arange(buckets) * size
    first = base + lows.reshape(buckets, size).argmin(axis=1)
    second = base + highs.reshape(buckets, size).argmax(axis=1)
    order = np.sort(np.stack([first, second], axis=1), axis=1).ravel()
    return x[order], y[order]


def pooled_columns(strip: np.ndarray, by: int) -> np.ndarray:
    """The largest of each ``by`` neighbouring columns of ``strip`` (the last group may be narrower)."""
    if by <= 1:
        return strip
    rows, cols = strip.shape
    padded = np.full((rows, -(-cols // by) * by), -np.inf)
    padded[:, :cols] = strip
    return padded.reshape(rows, -1, by).max(axis=2)
