"""Adam as ``torch.optim.Adam`` (no weight decay, no AMSGrad), and global-norm gradient clipping."""

from __future__ import annotations

import math

import numpy as np

from engine.training.init import Params


def global_norm(grads: Params) -> float:
    """‖(g₁, g₂, …)‖ over every gradient together, accumulated in float64."""
    return math.sqrt(sum(np.add.reduce(np.square(g, dtype=np.float64), axis=None) for g in grads.values()))


def clip_by_global_norm(grads: Params, max_norm: float, norm: float) -> None:
    """Scale every gradient in place by max_norm / (norm + 1e-6) when that is below 1, as
    ``torch.nn.utils.clip_grad_norm_``."""
    coef = max_norm / (norm + 1e-6)
    if coef < 1.0:
        for g in grads.values():
            g *= g.dtype.type(coef)


class Adam:
    """First and second moment estimates per parameter, updated in place with bias correction.

    The moments are allocated once: a step allocates nothing that outlives it.
    """

    def __init__(self, params: Params, beta1: float, beta2: float, eps: float):
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: Params, grads: Params, lr: float) -> dict[str, float]:
        """p ← p − lr/(1−β₁ᵗ) · m / (√v / √(1−β₂ᵗ) + ε), in the same order of operations as torch.

        Returns each parameter's ‖Δp‖², for the update-to-weight ratios.
        """
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        step_size = lr / (1 - b1 ** self.t)
        bc2_sqrt = math.sqrt(1 - b2 ** self.t)
        update_sq = {}
        for name, p in params.items():
            g, m, v = grads[name], self.m[name], self.v[name]
            t = p.dtype.type
            m += (g - m) * t(1 - b1)  # torch's lerp
            v *= t(b2)
            v += g * g * t(1 - b2)
            denom = np.sqrt(v)
            denom /= t(bc2_sqrt)
            denom += t(self.eps)
            np.divide(m, denom, out=denom)
            denom *= t(step_size)
            p -= denom
            update_sq[name] = float(np.vdot(denom, denom))
        return update_sq
