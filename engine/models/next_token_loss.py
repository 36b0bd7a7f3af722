"""The language-modelling loss of a run: how surprised the model is by each next token of its own text."""

from __future__ import annotations

import numpy as np

from engine.models.loading import Model
from engine.models.trace import Trace

#: Logits made at once: (rows, vocab) float32 of at most this many numbers (64 MiB), so a long text over
#: SmolLM2's 49,152-entry vocabulary never holds its full (T, vocab) logits.
CHUNK_ELEMENTS = 1 << 24


def has_loss(model: Model) -> bool:
    """Whether ``model`` predicts the next token (a causal model with an unembedding): not BERT."""
    return model.spec.causal and "unembedding" in model.weights.head


def next_token_loss(model: Model, trace: Trace) -> float:
    """The mean over the T − 1 predictions of −ln p(token t + 1 | tokens ≤ t), in nats, from ``trace``'s
    final-norm output; NaN for a one-token text (nothing to predict). A run that overflowed gives NaN or
    inf, never an error."""
    final = trace.norm(None, "final_norm").output
    unembedding = model.weights.head["unembedding"]
    ids = np.asarray(trace.ids, dtype=np.int64)
    predictions = len(ids) - 1
    if predictions < 1:
        return float("nan")
    rows = max(1, CHUNK_ELEMENTS // unembedding.shape[0])
    total = 0.0
    with np.errstate(all="ignore"):
        for start in range(0, predictions, rows):
            stop = min(start + rows, predictions)
            logits = (final[start:stop] @ unembedding.T).astype(np.float64)
            top = logits.max(axis=1, keepdims=True)
            log_total = top[:, 0] + np.log(np.exp(logits - top).sum(axis=1))
            total += float((log_total - logits[np.arange(stop - start), ids[start + 1:stop + 1]]).sum())
    return total / predictions
