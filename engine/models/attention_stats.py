"""Per-head attention statistics: how much a head sinks on token 0, its largest logit, its entropy.

Attention sinks (Xiao et al. 2023; Gu et al., ICLR 2025): heads with nothing to attend to park their
softmax mass on the first token; in SmolLM2 they appear with the massive activation of token 0.
"""

from __future__ import annotations

import numpy as np

#: The columns of a layer's (heads, 3) statistics, in order.
STATISTICS = ("sink_mass", "max_logit", "entropy")


def head_statistics(weights: np.ndarray, row_max: np.ndarray) -> np.ndarray:
    """(heads, 3) float64 ``sink_mass, max_logit, entropy`` from the (heads, T, T) softmax ``weights``
    and each query's largest allowed pre-softmax score ``row_max`` (heads, T).

    sink_mass: the mean over queries t ≥ 1 of the weight on key 0 (NaN for one token: no such query);
    max_logit: the largest allowed score of the head; entropy: −Σ p ln p per query (nats), averaged
    over all T queries.
    """
    heads, t, _ = weights.shape
    out = np.empty((heads, 3), dtype=np.float64)
    out[:, 0] = weights[:, 1:, 0].astype(np.float64).mean(axis=1) if t > 1 else np.nan
    out[:, 1] = row_max.max(axis=1)
    p = weights.astype(np.float64)
    # A masked pair (p = 0) adds nothing (0 ln 0 → 0); a NaN weight stays NaN.
    terms = p * np.log(np.where(p > 0, p, 1.0))
    out[:, 2] = -terms.sum(axis=2).mean(axis=1)
    return out
