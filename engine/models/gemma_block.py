"""Gemma 3's block in NumPy: RMSNorm before *and* after attention and the FFN (Peri-Norm), an RMSNorm of
each head's queries and keys (QK-Norm), a GeGLU FFN, and local / global attention layers.

One block, as transformers' Gemma3DecoderLayer runs it::

    h   = x + post_attn_norm(attention(attn_norm(x)))      q, k: q_norm / k_norm per head, then RoPE
    out = h + post_ffn_norm(down(gelu_tanh(gate(n)) · up(n))),  n = ffn_norm(h)

Every γ is the multiplier itself (1 + w: GGUF stores it so, the Hugging Face loader adds the 1). Local
layers see their last ``sliding_window`` tokens with RoPE base ``local_rope_theta``; every
``global_every``-th layer sees all earlier tokens with base ``rope_theta`` (ModelSpec says which).
"""

from __future__ import annotations

import numpy as np

from engine.core.activations import gelu_tanh
from engine.models.attention import rope_tables, self_attention
from engine.models.trace import NormRecord
from engine.models.what_if import Edit, run_norm


def geglu(x: np.ndarray, layer) -> np.ndarray:
    """Gemma's FFN: down(GELU-tanh(gate · x) ⊙ (up · x))."""
    hidden = gelu_tanh(x @ layer["gate"].T)
    hidden *= x @ layer["up"].T
    return hidden @ layer["down"].T


def gemma_block(model, i: int, x: np.ndarray, edits: tuple[Edit, ...],
                statistics: list | None = None) -> tuple[np.ndarray, list[NormRecord]]:
    """Block ``i`` of a Gemma 3 model on the stream ``x``: its output and its six norms' records, in the
    order they run (engine.models.trace.GEMMA_BLOCK_NORMS); its attention statistics are appended to
    ``statistics`` when given."""
    spec, layer = model.spec, model.weights.layers[i]
    records: list[NormRecord] = []

    def norm(name: str, value: np.ndarray) -> np.ndarray:
        record = run_norm(i, name, "rms", layer[f"{name}.weight"], None, spec.eps, value, edits)
        records.append(record)
        return record.output

    rope = rope_tables(x.shape[0], spec.head_dims, spec.layer_rope_theta(i))
    window = None if spec.is_global(i) else spec.sliding_window
    # q_norm and k_norm take the (heads, T, head_dims) queries and keys: each head's vector of each token alone.
    attended = self_attention(norm("attn_norm", x), layer, spec, rope, statistics=statistics, window=window,
                              qk_norm=lambda which, v: norm(f"{which}_norm", v))
    h = x + norm("post_attn_norm", attended)
    return h + norm("post_ffn_norm", geglu(norm("ffn_norm", h), layer)), records
