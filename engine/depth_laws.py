"""The laws a depth profile shows, measured from its curves rather than quoted from papers.

The depth plot's note states, for the settings on screen, how the residual stream grows (a line
fitted to RMS² against the layer: Pre-Norm's slope is about 1 per layer, Post-Norm's 0) and how the
weight gradients lean (last layer over first: above 1 they grow towards the output, as Xiong et al.
2020 found for Post-LN at initialization).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.depth import DepthProfile, StackRun


@dataclass(frozen=True)
class DepthLaw:
    """One stack's measured behaviour; NaN where it can't be measured (overflow, one layer)."""

    placement: str
    #: Slope of the least-squares line through RMS² against the layer (0 = the input).
    rms2_slope: float
    #: RMS after the last layer over the input's.
    growth: float
    #: The last layer's weight-gradient norm over the first layer's.
    grad_skew: float


def _law(placement: str, run: StackRun) -> DepthLaw:
    rms = np.asarray(run.rms, dtype=np.float64)
    finite = np.isfinite(rms) & (rms < 1e150)  # squares of larger values overflow
    slope = float(np.polyfit(np.flatnonzero(finite), rms[finite] ** 2, 1)[0]) if finite.sum() >= 2 else np.nan
    growth = float(rms[-1] / rms[0]) if rms[0] > 0 and np.isfinite(rms[[0, -1]]).all() else np.nan
    grads = run.weight_grad
    skew = np.nan
    if grads is not None and len(grads) >= 2 and grads[0] > 0 and np.isfinite(grads[[0, -1]]).all():
        skew = float(grads[-1] / grads[0])
    return DepthLaw(placement, slope, growth, skew)


def depth_laws(profile: DepthProfile) -> tuple[DepthLaw, ...]:
    """The measured law of each stack in ``profile``: no norm first, then each placement. Overflowed
    or vanished curves give NaN, quietly."""
    with np.errstate(all="ignore"):
        return (_law("none", profile.none),) + tuple(_law(p, run) for p, run in profile.runs.items())
