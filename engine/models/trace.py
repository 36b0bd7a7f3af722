"""What a forward pass keeps: every norm's input, parameters and output, and the residual stream."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Norm names in the order a block runs them; BERT adds ``embedding_norm``, Pre-LN models ``final_norm``.
BLOCK_NORMS = ("attn_norm", "ffn_norm")


@dataclass(frozen=True, eq=False)
class NormRecord:
    """One norm as it ran: ``layer`` is the block index (None for the embedding and final norms)."""

    layer: int | None
    name: str
    kind: str  # "layer", "rms" or "none" (after a what-if swap)
    gamma: np.ndarray | None
    beta: np.ndarray | None
    input: np.ndarray  # (T, d)
    output: np.ndarray  # (T, d)
    eps: float = 0.0


@dataclass(frozen=True, eq=False)
class Trace:
    """One forward pass over ``ids`` with ``edits`` applied.

    ``states`` (L + 1, T, d): the residual stream entering block 0 … L − 1, and last the stream leaving
    block L − 1 before any final norm (for BERT, Post-LN, each state is the block's last norm output).
    ``logits`` are the next-token logits after the last token (language models), ``embedding`` the
    mean-pooled last state (BERT's sentence embedding, as sentence-transformers pools MiniLM).
    """

    ids: tuple[int, ...]
    edits: tuple
    states: np.ndarray
    norms: tuple[NormRecord, ...]
    logits: np.ndarray | None
    embedding: np.ndarray | None
    #: BERT's embedding sum before its LayerNorm (a what-if on that norm restarts from it).
    embedding_sum: np.ndarray | None = None
    #: (L, heads, 3) per block and head: sink_mass, max_logit, entropy (engine.models.attention_stats).
    attention: np.ndarray | None = None

    def norm(self, layer: int | None, name: str) -> NormRecord:
        for record in self.norms:
            if record.layer == layer and record.name == name:
                return record
        raise KeyError((layer, name))

    def layer_norms(self, layer: int) -> tuple[NormRecord, ...]:
        return tuple(r for r in self.norms if r.layer == layer)


def top_tokens(logits: np.ndarray, k: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` most likely next token ids and their softmax probabilities, best first."""
    order = np.argsort(-logits, kind="stable")[:k]
    shifted = logits.astype(np.float64) - logits.max()
    probabilities = np.exp(shifted) / np.exp(shifted).sum()
    return order, probabilities[order]
