"""The forward pass of a loaded model in NumPy (float32), keeping every norm and residual state.

``run_model(model, ids, edits, base)`` reuses ``base`` (an unedited run of the same ids) below the first
block an edit touches, so a what-if in layer k costs only layers k … L − 1 and the head.
"""

from __future__ import annotations

import numpy as np

from engine.core.activations import gelu, gelu_tanh, silu
from engine.models.attention import rope_tables, self_attention
from engine.models.loading import Model
from engine.models.spec import ModelSpec
from engine.models.trace import NormRecord, Trace
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.models.what_if import Edit, check_edit, run_norm, start_block, zero_hidden


def _feed_forward(x: np.ndarray, layer: dict, spec: ModelSpec) -> np.ndarray:
    if spec.activation == "swiglu":
        return (silu(x @ layer["gate"].T) * (x @ layer["up"].T)) @ layer["down"].T
    hidden = x @ layer["up"].T
    hidden += layer["up_bias"]
    hidden = gelu(hidden) if spec.activation == "gelu" else gelu_tanh(hidden)
    out = hidden @ layer["down"].T
    out += layer["down_bias"]
    return out


def _norm(spec: ModelSpec, tensors: dict, prefix: str, layer: int | None, name: str, x, edits) -> NormRecord:
    return run_norm(layer, name, spec.norm_kind, tensors.get(f"{prefix}.weight"), tensors.get(f"{prefix}.bias"),
                    spec.eps, x, edits)


def _block(model: Model, i: int, x: np.ndarray, rope, edits, statistics: list) -> tuple[np.ndarray, list[NormRecord]]:
    """Block ``i`` on the stream ``x``: its output and its two norms' records; its attention statistics
    are appended to ``statistics``."""
    spec, layer = model.spec, model.weights.layers[i]
    if spec.placement == "post":
        attention = self_attention(x, layer, spec, rope, statistics=statistics)
        attn = _norm(spec, layer, "attn_norm", i, "attn_norm", x + attention, edits)
        ffn = _norm(spec, layer, "ffn_norm", i, "ffn_norm", attn.output + _feed_forward(attn.output, layer, spec), edits)
        return ffn.output, [attn, ffn]
    attn = _norm(spec, layer, "attn_norm", i, "attn_norm", x, edits)
    h = x + self_attention(attn.output, layer, spec, rope, statistics=statistics)
    ffn = _norm(spec, layer, "ffn_norm", i, "ffn_norm", h, edits)
    return h + _feed_forward(ffn.output, layer, spec), [attn, ffn]


def _embedding_sum(model: Model, ids: np.ndarray) -> np.ndarray:
    e = model.weights.embedding
    x = e["tokens"][ids]
    if "types" in e:
        x = x + e["types"][0]
    if "positions" in e:
        x = x + e["positions"][: len(ids)]
    return np.ascontiguousarray(x, dtype=np.float32)


def _check_ids(model: Model, ids: tuple[int, ...]) -> np.ndarray:
    array = np.asarray(ids, dtype=np.int64)
    if array.ndim != 1 or array.size == 0 or array.size > model.spec.max_positions:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "The model takes 1 … {limit} tokens; this text gives {count}"),
                      limit=model.spec.max_positions, count=array.size)
    if array.min() < 0 or array.max() >= model.spec.vocab_size:
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "The tokenizer gives the id {id}, but the model has embeddings for ids 0 … {last} only"),
            id=int(array.max() if array.max() >= model.spec.vocab_size else array.min()), last=model.spec.vocab_size - 1)
    return array


def run_model(model: Model, ids: tuple[int, ...], edits: tuple[Edit, ...] = (), base: Trace | None = None) -> Trace:
    """Run ``model`` on ``ids`` with ``edits``; ``base`` (an unedited Trace of the same ids) is reused
    below the first block the edits touch. NaN and inf (NaN weights, a negative ε, θ = 0) are computed
    quietly: engine.models.non_finite says where they began."""
    with np.errstate(all="ignore"):
        return _run(model, ids, edits, base)


def _run(model: Model, ids: tuple[int, ...], edits: tuple[Edit, ...], base: Trace | None) -> Trace:
    spec = model.spec
    array = _check_ids(model, ids)
    for edit in edits:
        check_edit(edit, spec.layers, spec.dims)
    start = -1
    if base is not None and base.ids == tuple(ids) and not base.edits:
        start = min((start_block(e, spec.layers) for e in edits), default=spec.layers)
    rope = rope_tables(len(ids), spec.head_dims, spec.rope_theta) if spec.family == "llama" else None

    norms: list[NormRecord] = []
    statistics: list[np.ndarray] = []
    embedding_sum = None
    if start < 0:
        embedding_sum = _embedding_sum(model, array)
        if spec.family == "bert":  # BERT normalizes the embeddings before block 0
            record = _norm(spec, model.weights.embedding, "norm", None, "embedding_norm", embedding_sum, edits)
            norms.append(record)
            x = record.output
        else:
            x = embedding_sum
        states = [zero_hidden(x, 0, edits)]
        start = 0
    else:
        embedding_sum = base.embedding_sum
        norms += [r for r in base.norms if r.layer is None and r.name == "embedding_norm"]
        norms += [r for r in base.norms if r.layer is not None and r.layer < start]
        states = list(base.states[:start])
        statistics += list(base.attention[:start])
        states.append(zero_hidden(base.states[start], start, edits))
    for i in range(start, spec.layers):
        out, records = _block(model, i, states[-1], rope, edits, statistics)
        norms += records
        states.append(zero_hidden(out, i + 1, edits))

    last, logits, sentence = states[-1], None, None
    if spec.placement == "pre":
        final = _norm(spec, model.weights.head, "norm", None, "final_norm", last, edits)
        norms.append(final)
        logits = final.output[-1] @ model.weights.head["unembedding"].T
    else:
        sentence = last.mean(axis=0)
    return Trace(tuple(int(i) for i in ids), tuple(edits), np.stack(states), tuple(norms), logits, sentence,
                 embedding_sum, np.stack(statistics))
