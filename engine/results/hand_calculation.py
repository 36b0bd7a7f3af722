"""One row's (or, for BatchNorm, one column's) normalization, step by step, with its own numbers.

Seed 000 §2.3 walks the 西安 row through four steps: take the row; μ and σ; x̂ = (x − μ)/σ;
y = γ ⊙ x̂ + β. DyT has three: take the row; t = tanh(α·x) element by element (no μ, no σ); y = γ ⊙ t + β.
``hand_calculation`` computes every intermediate number of those steps with the
same definitions as the engine's norms, in float64, so the panel agrees with the plots at any
precision it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.setup.scenario import Scenario


@dataclass(frozen=True, eq=False)
class HandCalculation:
    """Every number of the four steps. For RMSNorm ``mean`` and ``deviations`` are None and
    ``variance`` is the mean square; for BatchNorm the group is a column and γ/β are that
    column's two numbers, repeated. DyT takes no statistics: ``mean``, ``deviations``, ``variance``
    and ``denominator`` are None, ``alpha`` is its α and ``x_hat`` holds t = tanh(α·x)."""

    norm: str  # "layer", "rms", "batch" or "dyt"
    group: str  # the token label, or "d3" for a BatchNorm column
    names: tuple[str, ...]  # one per element: dimension names, or token labels for a column
    x: np.ndarray
    mean: float | None
    deviations: np.ndarray | None
    variance: float | None
    eps: float
    denominator: float | None  # √(σ² + ε), or √(mean(x²) + ε)
    x_hat: np.ndarray
    gamma: np.ndarray
    beta: np.ndarray
    y: np.ndarray
    alpha: float | None = None  # DyT's α


# Squares of values beyond 1e154 overflow even float64: the steps then show inf and NaN, as the
# norm's own output does, without warnings. With ε = 0 a row with no spread divides 0 by 0: NaN, as
# the norm's output and PyTorch give.
@np.errstate(over="ignore", invalid="ignore", divide="ignore")
def hand_calculation(s: Scenario, index: int) -> HandCalculation | None:
    """The steps for row ``index`` (LayerNorm, RMSNorm, DyT) or column ``index`` (BatchNorm, training
    mode with two or more tokens); None for no norm or BatchNorm's eval mode, which has no
    statistics of its own to show."""
    if s.norm == "batch":
        if not s.bn_training or s.tokens < 2:
            return None
        x = s.matrix[:, index].astype(np.float64)
        names, group = s.labels, f"d{index + 1}"
        gamma = np.full(s.tokens, float(s.gamma[index]))
        beta = np.full(s.tokens, float(s.beta[index]))
    elif s.norm in ("layer", "rms", "dyt"):
        x = s.matrix[index].astype(np.float64)
        names, group = tuple(f"d{j + 1}" for j in range(s.dims)), s.labels[index]
        gamma, beta = s.gamma.astype(np.float64), s.beta.astype(np.float64)
    else:
        return None
    eps = float(s.eps)
    if s.norm == "dyt":
        alpha = float(s.dyt_alpha)
        t = np.tanh(alpha * x)
        return HandCalculation(s.norm, group, names, x, None, None, None, eps, None, t, gamma, beta,
                               gamma * t + beta, alpha)
    if s.norm == "rms":
        mean = deviations = None
        variance = float(np.mean(x * x))
        centred = x
        beta = np.zeros_like(beta)
    else:
        mean = float(x[0] + np.mean(x - x[0]))  # centred on x₁ first, as the norms do: no spread gives exact zeros
        deviations = x - mean
        variance = float(np.mean(deviations**2))
        centred = deviations
    denominator = float(np.sqrt(variance + eps))
    x_hat = centred / denominator
    return HandCalculation(s.norm, group, names, x, mean, deviations, variance, eps, denominator, x_hat,
                           gamma, beta, gamma * x_hat + beta)
