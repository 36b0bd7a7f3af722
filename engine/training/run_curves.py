"""What the Training tab's plots show of a set of runs, derived from their histories in one place: each
run's loss (raw and smoothed), its validation points and where it diverged; the layer × step maps of the
chosen run on their colour scale (log₁₀ or linear) with the range of their finite values; the "learned
nothing" line; how far the step axis runs. The tab and the headless ``train`` command's figures both
draw ``training_curves(...)``, so the two never disagree. Pixel-bound work (decimating a curve to the
points a plot can show, pooling a map's columns, rounding a colour scale) stays with the views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import numpy as np

from engine.training.history import RunHistory
from engine.training.run_record import RunRecord
from engine.training.smoothing import trailing_mean

#: Steps each point of a smoothed loss curve averages by default (1: the raw loss alone).
DEFAULT_SMOOTHING = 10
#: The per-layer maps drawn on a log₁₀ colour scale (the largest attention logit is linear).
LOG_MAPS = frozenset({"layer_grad_norm", "update_ratio", "residual_rms"})


@dataclass(frozen=True)
class LossCurve:
    """One run's loss over its ``count`` filled steps."""

    count: int
    steps: np.ndarray
    raw: np.ndarray
    smoothed: np.ndarray | None  # the trailing mean of ``raw``; None without smoothing
    val_steps: np.ndarray  # the steps with a validation pass, and its loss
    val_loss: np.ndarray
    diverged: tuple[int, float] | None  # the step the run turned NaN/inf, and the loss its mark sits at


@dataclass(frozen=True)
class LayerMap:
    """One per-layer measurement of one run as a (layers, filled rows) array on its colour scale."""

    values: np.ndarray  # log₁₀ of the measurement on a log map; NaN/±inf where it is not finite
    steps: np.ndarray  # the step of each column
    finite_range: tuple[float, float] | None  # the smallest and largest finite value; None: none is
    planned: int  # the run's length: the step axis runs there
    log: bool


def loss_curve(history: RunHistory, smoothing: int, entropy: float | None = None) -> LossCurve:
    """``history``'s loss, smoothed over ``smoothing`` steps (1: not); a diverged run's mark sits at its
    last finite loss (``entropy`` when it had none)."""
    n = history.count
    steps, raw = history.steps[:n], history.loss[:n]
    val = history.val_loss[:n]
    has_val = np.isfinite(val)
    diverged = None
    if history.diverged_at is not None:
        finite = raw[np.isfinite(raw)]
        diverged = (history.diverged_at, float(finite[-1]) if finite.size else float(entropy or 0.0))
    return LossCurve(n, steps, raw, trailing_mean(raw, smoothing) if smoothing > 1 else None, steps[has_val],
                     val[has_val], diverged)


def layer_map(history: RunHistory, name: str, planned: int) -> LayerMap:
    """The per-layer measurement ``name`` of ``history`` (one of LAYER_SERIES) over its filled rows."""
    rows = history.layers[name][:history.layer_rows]
    log = name in LOG_MAPS
    with np.errstate(divide="ignore", invalid="ignore"):
        shown = np.log10(rows) if log else np.asarray(rows, dtype=float)
    finite = shown[np.isfinite(shown)]
    extent = (float(finite.min()), float(finite.max())) if finite.size else None
    return LayerMap(shown.T, history.layer_steps(), extent, planned, log)


@dataclass(frozen=True)
class TrainingCurves:
    """The runs as the plots show them, at the moment they were taken (draw it at once: a run still
    training goes on growing). ``losses`` by run id, in the runs' order; each of the chosen run's maps is
    derived when first asked for (a live redraw draws half of them)."""

    losses: dict[int, LossCurve]
    entropy: float | None  # the newest run's unigram entropy: the "learned nothing" line
    last_step: int  # the longest planned run: where the step axis ends
    chosen: int | None
    chosen_run: RunRecord | None = field(default=None, repr=False, compare=False)
    _maps: dict = field(default_factory=dict, repr=False, compare=False)

    def layer_map(self, name: str) -> LayerMap | None:
        """The chosen run's map ``name``, one of LAYER_SERIES (None: no run is chosen)."""
        if self.chosen_run is None:
            return None
        if name not in self._maps:
            self._maps[name] = layer_map(self.chosen_run.history, name, self.chosen_run.settings.steps)
        return self._maps[name]


def training_curves(runs: Mapping[int, RunRecord], chosen: int | None = None,
                    smoothing: int = DEFAULT_SMOOTHING) -> TrainingCurves:
    """What the plots show of ``runs`` (by run id, in order) with ``chosen``'s maps and the loss smoothed
    over ``smoothing`` steps."""
    entropy = next(reversed([r.unigram_entropy for r in runs.values()]), None)
    losses = {run_id: loss_curve(r.history, smoothing, entropy) for run_id, r in runs.items()}
    last_step = max((r.settings.steps for r in runs.values()), default=1)
    return TrainingCurves(losses, entropy, last_step, chosen if chosen in runs else None, runs.get(chosen))

