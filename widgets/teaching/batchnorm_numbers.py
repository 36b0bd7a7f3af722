"""What the BatchNorm lab's three lessons share: how a number reads in their captions and table, and
the grey of legend samples that stand for every colour."""

from __future__ import annotations

import numpy as np

SAMPLE_GREY = "#8C8C8C"  # legend samples standing for every colour; reads on the light and dark theme


def lab_number(value: float) -> str:
    """``value`` to 3 decimals with a true minus sign; "—" if not finite, never "−0.000"."""
    if not np.isfinite(value):
        return "—"
    text = f"{value:.3f}"
    return "0.000" if text == "-0.000" else text.replace("-", "−")
