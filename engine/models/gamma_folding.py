"""Folding a Pre-Norm's γ into the weights that read its output (as TransformerLens does before
interpreting a model): W(γ ⊙ n) = (W diag γ) n, so the norm keeps only its division.

It works where a norm's output feeds linear maps only: a Pre-Norm's (attention's q, k, v; the FFN's
gate and up; the final norm's unembedding). It is impossible where the output *is* the residual stream
(a Post-LN, as in MiniLM) or is added to it (Gemma's after-sublayer norms), and for per-head q/k norms
whose output is rotated by RoPE before any linear map."""

from __future__ import annotations

import dataclasses
from collections import ChainMap

import numpy as np

from engine.models.checkpoint import ModelWeights
from engine.models.forward import run_model
from engine.models.loading import Model
from engine.models.spec import ModelSpec

#: Per Pre-Norm: the linear maps that read its output (in a block; ``final_norm``: the head's).
READERS = {"attn_norm": ("q", "k", "v"), "ffn_norm": ("gate", "up"), "final_norm": ("unembedding",)}


def gamma_foldable(spec: ModelSpec, name: str) -> bool:
    """Whether norm ``name`` of a ``spec`` model has a γ that can move into the next weights."""
    return spec.placement == "pre" and name in READERS


def _folded(group, prefix: str, readers: tuple[str, ...]) -> dict:
    """The weights of ``group`` that change when norm ``prefix``'s γ is folded into ``readers``."""
    gamma = np.asarray(group[f"{prefix}.weight"], dtype=np.float32)
    changed = {f"{prefix}.weight": np.ones_like(gamma)}
    for reader in readers:
        if reader in group:
            changed[reader] = (np.asarray(group[reader], dtype=np.float32) * gamma).astype(np.float32)
    return changed


def fold_gammas(model: Model) -> Model:
    """``model`` with every foldable norm's γ moved into its readers and set to 1 (norms with a β, which
    would need a bias in the readers, stay as they are). The original's weights are not touched."""
    spec, weights = model.spec, model.weights
    if spec.placement != "pre":
        return model
    layers = []
    for layer in weights.layers:
        changed = {}
        for name in ("attn_norm", "ffn_norm"):
            if f"{name}.bias" not in layer:
                changed.update(_folded(layer, name, READERS[name]))
        layers.append(ChainMap(changed, layer))
    head = weights.head
    if "norm.bias" not in head:
        head = ChainMap(_folded(head, "norm", READERS["final_norm"]), head)
    return dataclasses.replace(model, weights=ModelWeights(weights.embedding, tuple(layers), head))


def folding_difference(model: Model, ids: tuple[int, ...]) -> float:
    """The largest |difference| between the original and the γ-folded model's residual states and
    last-token logits on ``ids``, relative to the largest |value| of each: 0 up to float32 rounding."""
    original, folded = run_model(model, ids), run_model(fold_gammas(model), ids)
    worst = 0.0
    for a, b in ((original.states, folded.states), (original.logits, folded.logits)):
        if a is None:
            continue
        scale = max(float(np.abs(a).max()), 1e-30)
        worst = max(worst, float(np.abs(a.astype(np.float64) - b).max()) / scale)
    return worst
