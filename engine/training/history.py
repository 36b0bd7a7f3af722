"""A run's measurements over its steps, in arrays allocated once for the planned number of steps.

Per step: loss, validation loss, lr and gradient norm (32 bytes a step: a 3,000-step run holds
96 kB, a million steps 32 MB). Per layer: gradient norm, update-to-weight ratio, residual RMS and
largest attention logit, 32 bytes per layer and kept row; at most ``MAX_LAYER_ROWS`` rows are
kept, so a longer run keeps every ``layer_stride``-th step (the first step always) and a run's
per-layer arrays never exceed 4096 × 48 × 32 bytes = 6.3 MB however many steps it plans.
"""

from __future__ import annotations

import math

import numpy as np

from engine.setup.limits import MAX_LAYER_ROWS
from engine.training.trainer import StepRecord

#: The per-layer measurements, as StepRecord names them.
LAYER_SERIES = ("layer_grad_norm", "update_ratio", "residual_rms", "max_logit")
#: The per-step measurements besides the per-layer ones.
STEP_SERIES = ("loss", "val_loss", "lr", "grad_norm")


class RunHistory:
    """Loss, validation loss, lr and gradient norm per step, and (rows, layers) arrays per measurement.

    Memory is fixed at construction; ``count`` rows are filled; unfilled entries are NaN. Per-step
    row i holds step ``steps[i]`` (i + 1 for a run recorded here; a run read back from a session may
    keep every few steps of a long run); per-layer row j holds per-step row ``j · layer_stride``
    (``layer_stride`` is 1 for runs of up to ``MAX_LAYER_ROWS`` steps: the rows are the same).
    """

    def __init__(self, steps: int, layers: int):
        self.count = 0
        self.steps = np.arange(1, steps + 1, dtype=np.float64)
        self.loss, self.val_loss, self.lr, self.grad_norm = (np.full(steps, np.nan) for _ in range(4))
        self.layer_stride = max(1, math.ceil(steps / MAX_LAYER_ROWS))
        rows = math.ceil(steps / self.layer_stride)
        self.layers = {name: np.full((rows, layers), np.nan) for name in LAYER_SERIES}
        self.diverged_at: int | None = None

    def append(self, record: StepRecord) -> None:
        i = record.step - 1
        if i >= len(self.loss):
            return
        self.loss[i], self.val_loss[i], self.lr[i], self.grad_norm[i] = (
            record.loss, record.val_loss, record.lr, record.grad_norm)
        row, off_stride = divmod(i, self.layer_stride)
        if not off_stride:
            for name in LAYER_SERIES:
                self.layers[name][row] = getattr(record, name)
        self.count = max(self.count, record.step)
        if record.diverged and self.diverged_at is None:
            self.diverged_at = record.step

    @property
    def layer_rows(self) -> int:
        """How many per-layer rows are filled (``count`` when ``layer_stride`` is 1)."""
        return math.ceil(self.count / self.layer_stride)

    def layer_steps(self) -> np.ndarray:
        """The step number of each filled per-layer row."""
        return self.steps[::self.layer_stride][:self.layer_rows]

    def layer_values(self, name: str, rows: np.ndarray) -> np.ndarray:
        """The per-layer measurement ``name`` at per-step rows ``rows``: NaN where that step's
        per-layer row was not kept (a run of over ``MAX_LAYER_ROWS`` steps)."""
        rows = np.asarray(rows, dtype=np.intp)
        kept = rows % self.layer_stride == 0
        values = np.full((len(rows), self.layers[name].shape[1]), np.nan)
        values[kept] = self.layers[name][rows[kept] // self.layer_stride]
        return values

    def final_loss(self, last: int = 30) -> float:
        """Mean loss of the last ``last`` filled steps (NaN if none, or the run diverged)."""
        if self.count == 0 or self.diverged_at is not None:
            return float("nan")
        return float(np.mean(self.loss[max(0, self.count - last):self.count]))
