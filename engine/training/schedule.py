"""The learning-rate schedule: linear warmup from 0 to the peak over ``warmup`` steps, then constant."""

from __future__ import annotations


def warmup_lr(step: int, peak: float, warmup: int) -> float:
    """The learning rate of ``step`` (1-based): peak · min(1, step / warmup); warmup 0 means the peak throughout."""
    if warmup <= 0:
        return peak
    return peak * min(1.0, step / warmup)
