"""Real depth: how big the residual stream of one sentence is at every layer."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class DepthProfile:
    """Per state (L + 1): the RMS over all tokens and dimensions, the largest |x| and its dimension."""

    rms: np.ndarray
    max_abs: np.ndarray
    max_dim: np.ndarray


def depth_profile(states: np.ndarray) -> DepthProfile:
    """The DepthProfile of ``states`` (L + 1, T, d), computed in float64."""
    x = np.abs(states.astype(np.float64))
    per_dim = x.max(axis=1)  # (L + 1, d)
    return DepthProfile(rms=np.sqrt((x * x).mean(axis=(1, 2))), max_abs=per_dim.max(axis=1),
                        max_dim=per_dim.argmax(axis=1))
