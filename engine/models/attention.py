"""Multi-head self-attention in NumPy: optional causal mask, grouped-query heads and RoPE (Hugging Face's
rotate-half form), and on request each head's attention statistics (engine.models.attention_stats).

The keyword arguments are where a model family's extras plug in without touching the others: a sliding
window, logit soft-capping and per-head q/k norms (Gemma)."""

from __future__ import annotations

from typing import Callable

import numpy as np

from engine.models.attention_stats import head_statistics
from engine.models.spec import ModelSpec


def rope_tables(positions: int, head_dims: int, theta: float) -> tuple[np.ndarray, np.ndarray]:
    """cos and sin of shape (T, head_dims), as transformers' Llama rotary embedding builds them in float32."""
    inverse = (1.0 / theta ** (np.arange(0, head_dims, 2, dtype=np.float32) / np.float32(head_dims))).astype(np.float32)
    angles = np.arange(positions, dtype=np.float32)[:, None] * inverse[None, :]
    angles = np.concatenate([angles, angles], axis=1)
    return np.cos(angles), np.sin(angles)


def _rotate(x: np.ndarray, cos: np.ndarray, sin: np.ndarray) -> np.ndarray:
    half = x.shape[-1] // 2
    rotated = np.concatenate([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos + rotated * sin


def _linear(x: np.ndarray, layer: dict, name: str) -> np.ndarray:
    y = x @ layer[name].T
    bias = layer.get(f"{name}_bias")
    if bias is not None:
        y += bias
    return y


def blocked_pairs(t: int, causal: bool, window: int | None = None) -> np.ndarray | None:
    """(T, T) True where query i may not see key j: the future (causal), and keys ``window`` or more
    positions back (a sliding window); None when every pair is allowed."""
    if not causal and window is None:
        return None
    query, key = np.arange(t)[:, None], np.arange(t)[None, :]
    blocked = key > query if causal else np.zeros((t, t), dtype=bool)
    if window is not None:
        blocked |= query - key >= window
    return blocked


def self_attention(x: np.ndarray, layer: dict, spec: ModelSpec, rope: tuple | None, *,
                   statistics: list | None = None, window: int | None = None, softcap: float | None = None,
                   qk_norm: Callable[[str, np.ndarray], np.ndarray] | None = None) -> np.ndarray:
    """Attention of the (T, d) rows ``x`` over each other, projected back to (T, d).

    ``statistics``: a list to append this layer's (heads, 3) ``sink_mass, max_logit, entropy`` to
    (engine.models.attention_stats; nothing is computed for it when None). ``window``: keys this many
    positions back or more are masked. ``softcap``: scores become cap·tanh(score / cap). ``qk_norm(which,
    q_or_k)``: a norm applied to the (heads, T, head_dims) queries (``"q"``) and keys (``"k"``) before RoPE.
    """
    t, hd = x.shape[0], spec.head_dims
    q = _linear(x, layer, "q").reshape(t, spec.heads, hd).transpose(1, 0, 2)
    k = _linear(x, layer, "k").reshape(t, spec.kv_heads, hd).transpose(1, 0, 2)
    v = _linear(x, layer, "v").reshape(t, spec.kv_heads, hd).transpose(1, 0, 2)
    if qk_norm is not None:
        q, k = qk_norm("q", q), qk_norm("k", k)
    if rope is not None:
        cos, sin = rope[0][:t], rope[1][:t]
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
    group = spec.heads // spec.kv_heads
    if group > 1:  # grouped-query attention: each key/value head serves `group` query heads
        k, v = np.repeat(k, group, axis=0), np.repeat(v, group, axis=0)
    scores = q @ k.transpose(0, 2, 1)
    scores *= np.float32(1.0 / np.sqrt(hd))
    if softcap is not None:
        scores = np.float32(softcap) * np.tanh(scores / np.float32(softcap))
    blocked = blocked_pairs(t, spec.causal, window)
    if blocked is not None:
        scores[:, blocked] = -np.inf
    row_max = scores.max(axis=-1, keepdims=True)  # the softmax's shift, and each query's largest allowed logit
    scores -= row_max
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=-1, keepdims=True)
    if statistics is not None:
        statistics.append(head_statistics(scores, row_max[..., 0]))
    context = (scores @ v).transpose(1, 0, 2).reshape(t, spec.heads * hd)
    return _linear(context, layer, "o")
