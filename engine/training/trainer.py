"""A training run, one step at a time: what the headless command and the GUI's worker both call.

``Trainer.step()`` runs one Adam step and returns a ``StepRecord`` (loss, validation loss every
``val_every`` steps, learning rate, gradient norms, and per layer: gradient norm, update-to-weight
ratio, residual RMS, largest attention logit). A run whose loss or gradients turn NaN/inf stops
updating and reports ``diverged_at``; nothing raises. The trainer keeps no history (memory stays
flat however long it runs) and the same settings and seed give the same records, bit for bit.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from engine.training.adam import Adam, clip_by_global_norm, global_norm
from engine.training.budget import check_memory
from engine.training.data import Corpus, load_corpus, sample_batch, unigram_entropy, validation_batches
from engine.training.init import init_params, layer_prefix
from engine.training.model import forward
from engine.training.schedule import learning_rate
from engine.training.settings import TrainSettings


@dataclass(frozen=True)
class StepRecord:
    """What one step measured; per-layer arrays have one entry per block (layer 1 first)."""

    step: int
    loss: float
    val_loss: float  # NaN on steps without a validation pass
    lr: float
    grad_norm: float
    layer_grad_norm: np.ndarray
    update_ratio: np.ndarray
    residual_rms: np.ndarray
    max_logit: np.ndarray
    seconds: float
    diverged: bool


class Trainer:
    """One model, its optimizer and its data; ``step()`` advances it by one step."""

    def __init__(self, settings: TrainSettings, corpus: Corpus | None = None, beside: int = 0):
        """``beside``: bytes that other runs of this process keep (the Training tab's), counted against
        the memory budget with this run's own estimate."""
        self.settings = settings
        self.corpus = corpus if corpus is not None else load_corpus(settings.data, settings.seq)
        # Before a weight exists: a run that would not fit the memory budget is refused with the estimate.
        self.memory = check_memory(settings, self.corpus.vocab_size, len(self.corpus.train) + len(self.corpus.val),
                                   beside)
        self.unigram_entropy = unigram_entropy(self.corpus.train, self.corpus.vocab_size)
        self.params = init_params(settings, self.corpus.vocab_size)
        self.adam = Adam(self.params, settings.beta1, settings.beta2, settings.adam_eps)
        self.batch_rng = np.random.default_rng([settings.seed, 1])
        self.val_batches = validation_batches(self.corpus.val, settings.batch, settings.seq, settings.val_batches)
        self.steps_done = 0
        self.diverged_at: int | None = None
        self._layer_names = [[n for n in self.params if n.startswith(layer_prefix(i))]
                             for i in range(settings.layers)]

    @property
    def finished(self) -> bool:
        return self.diverged_at is not None or self.steps_done >= self.settings.steps

    def validation_loss(self) -> float:
        """Mean loss over the fixed validation batches."""
        losses = [forward(self.params, self.settings, ids, with_grad=False)[0] for ids in self.val_batches]
        return float(np.mean(losses))

    def _per_layer(self, values: dict[str, float]) -> np.ndarray:
        return np.array([math.sqrt(sum(values[n] for n in names)) for names in self._layer_names])

    def step(self, ids: np.ndarray | None = None) -> StepRecord:
        """One step: forward, backward, clipping, Adam. After divergence, nothing changes.

        ``ids`` is the (batch, seq + 1) batch to train on; by default a fresh one is drawn from the
        run's own generator (given batches, as the torch reference's, leave it untouched).
        """
        s = self.settings
        start = time.perf_counter()
        step = self.steps_done + 1
        lr = learning_rate(step, s.lr, s.warmup, s.schedule)
        if ids is None:
            ids = sample_batch(self.corpus.train, s.batch, s.seq, self.batch_rng)
        nan_layers = np.full(s.layers, np.nan)
        if self.diverged_at is not None:
            return StepRecord(step, math.nan, math.nan, lr, math.nan, nan_layers, nan_layers, nan_layers,
                              nan_layers, 0.0, True)
        with np.errstate(all="ignore"):  # a diverging run's overflows are reported, not warned about
            loss, grads, stats = forward(self.params, s, ids)
            grad_norm = global_norm(grads)
            layer_grad = self._per_layer({n: float(np.vdot(g, g)) for n, g in grads.items()})
            diverged = not (math.isfinite(loss) and math.isfinite(grad_norm))
            if diverged:
                self.diverged_at = step
                ratio = nan_layers
            else:
                if s.clip > 0:
                    clip_by_global_norm(grads, s.clip, grad_norm)
                update_sq = self.adam.step(self.params, grads, lr)
                weight_sq = {n: float(np.vdot(p, p)) for n, p in self.params.items()}
                ratio = self._per_layer(update_sq) / self._per_layer(weight_sq)
            self.steps_done = step
            val = self.validation_loss() if not diverged and (step % s.val_every == 0 or step == s.steps) else math.nan
        return StepRecord(step, loss, val, lr, grad_norm, layer_grad, ratio, stats.residual_rms,
                          stats.max_logit, time.perf_counter() - start, diverged)
