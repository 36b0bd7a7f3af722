"""A run's measurements over its steps, in arrays allocated once for the planned number of steps."""

from __future__ import annotations

import numpy as np

from engine.training.trainer import StepRecord

#: The per-layer measurements, as StepRecord names them.
LAYER_SERIES = ("layer_grad_norm", "update_ratio", "residual_rms", "max_logit")
#: The per-step measurements besides the per-layer ones.
STEP_SERIES = ("loss", "val_loss", "lr", "grad_norm")


class RunHistory:
    """Loss, validation loss, lr and gradient norm per step, and (steps, layers) arrays per measurement.

    Memory is fixed by ``steps`` × ``layers``; ``count`` rows are filled. Unfilled entries are NaN.
    Row i holds step ``steps[i]`` (i + 1 for a run recorded here; a run read back from a session may
    keep every few steps of a long run).
    """

    def __init__(self, steps: int, layers: int):
        self.count = 0
        self.steps = np.arange(1, steps + 1, dtype=np.float64)
        self.loss, self.val_loss, self.lr, self.grad_norm = (np.full(steps, np.nan) for _ in range(4))
        self.layers = {name: np.full((steps, layers), np.nan) for name in LAYER_SERIES}
        self.diverged_at: int | None = None

    def append(self, record: StepRecord) -> None:
        i = record.step - 1
        if i >= len(self.loss):
            return
        self.loss[i], self.val_loss[i], self.lr[i], self.grad_norm[i] = (
            record.loss, record.val_loss, record.lr, record.grad_norm)
        for name in LAYER_SERIES:
            self.layers[name][i] = getattr(record, name)
        self.count = max(self.count, record.step)
        if record.diverged and self.diverged_at is None:
            self.diverged_at = record.step

    def final_loss(self, last: int = 30) -> float:
        """Mean loss of the last ``last`` filled steps (NaN if none, or the run diverged)."""
        if self.count == 0 or self.diverged_at is not None:
            return float("nan")
        return float(np.mean(self.loss[max(0, self.count - last):self.count]))
