"""Multi-head self-attention in NumPy: optional causal mask, grouped-query heads and RoPE (Hugging Face's
rotate-half form)."""

from __future__ import annotations

import numpy as np

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


def self_attention(x: np.ndarray, layer: dict, spec: ModelSpec, rope: tuple | None) -> np.ndarray:
    """Attention of the (T, d) rows ``x`` over each other, projected back to (T, d)."""
    t, hd = x.shape[0], spec.head_dims
    q = _linear(x, layer, "q").reshape(t, spec.heads, hd).transpose(1, 0, 2)
    k = _linear(x, layer, "k").reshape(t, spec.kv_heads, hd).transpose(1, 0, 2)
    v = _linear(x, layer, "v").reshape(t, spec.kv_heads, hd).transpose(1, 0, 2)
    if rope is not None:
        cos, sin = rope[0][:t], rope[1][:t]
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
    group = spec.heads // spec.kv_heads
    if group > 1:  # grouped-query attention: each key/value head serves `group` query heads
        k, v = np.repeat(k, group, axis=0), np.repeat(v, group, axis=0)
    scores = q @ k.transpose(0, 2, 1)
    scores *= np.float32(1.0 / np.sqrt(hd))
    if spec.causal:
        scores[:, np.triu(np.ones((t, t), dtype=bool), 1)] = -np.inf
    scores -= scores.max(axis=-1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=-1, keepdims=True)
    context = (scores @ v).transpose(1, 0, 2).reshape(t, spec.heads * hd)
    return _linear(context, layer, "o")
