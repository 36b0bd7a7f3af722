"""The learning-rate schedule: linear warmup from 0 to the peak over ``warmup`` steps, then constant
or decaying as the inverse square root of the step (Vaswani et al. 2017, §5.3)."""

from __future__ import annotations

import math


def learning_rate(step: int, peak: float, warmup: int, schedule: str = "constant") -> float:
    """The learning rate of ``step`` (1-based).

    ``constant``: peak · min(1, step / warmup). ``inverse_sqrt``: peak · min(step / w, √(w / step))
    with w = max(warmup, 1), the original Transformer's d^−½ · min(step^−½, step · w^−³ᐟ²) rescaled
    so that its top is ``peak``; without warmup it decays from the peak at step 1 (peak / √step).
    """
    if schedule == "inverse_sqrt":
        w = max(warmup, 1)
        return peak * min(step / w, math.sqrt(w / step))
    if warmup <= 0:
        return peak
    return peak * min(1.0, step / warmup)
