"""What-if edits of a model run, and where each one makes the forward pass start again.

Each edit is a small frozen value; a run takes a tuple of them. Block indices count from 0 as in the
checkpoints (``encoder.layer.3``); ``layer=None`` names the embedding norm (BERT) or the final norm.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.core.norms import layer_norm, rms_norm
from engine.models.trace import NormRecord
from engine.problem import QT_TRANSLATE_NOOP, Problem

SWAP_KINDS = ("layer", "rms", "none")


@dataclass(frozen=True)
class SetParameter:
    """Set γ (``which="gamma"``) or β of one dimension of a norm to ``value``."""

    layer: int | None
    norm: str
    which: str
    dim: int
    value: float


@dataclass(frozen=True)
class ZeroNormInput:
    """Zero one dimension of a norm's input, before its statistics are taken."""

    layer: int | None
    norm: str
    dim: int


@dataclass(frozen=True)
class SwapNorm:
    """Run a norm as ``kind``: ``"layer"`` (LayerNorm with its γ, and β if it has one), ``"rms"``
    (RMSNorm with its γ; a β is dropped, RMSNorm has none) or ``"none"`` (the identity)."""

    layer: int | None
    norm: str
    kind: str


@dataclass(frozen=True)
class FreezeNorm:
    """Run a norm with one constant ``factor`` in place of each token's own 1/√(mean(x²) + ε) (RMSNorm;
    LayerNorm: 1/√(var + ε), each token's mean still subtracted), then γ (and β) as usual. The factor is
    the mean of the norm's own factors over a base run's tokens (engine.models.interventions); a tuple
    holds one per head, for a norm of per-head (heads, T, head_dims) input (q/k norms)."""

    layer: int | None
    norm: str
    factor: float | tuple[float, ...]


@dataclass(frozen=True)
class ZeroHidden:
    """Zero one dimension of residual state ``state`` (0 … L: the stream entering that block)."""

    state: int
    dim: int


NormEdit = SetParameter | ZeroNormInput | SwapNorm | FreezeNorm
Edit = NormEdit | ZeroHidden


def start_block(edit: Edit, layers: int) -> int:
    """The first block a run with ``edit`` must compute again: −1 means from the embeddings, ``layers``
    only the head."""
    if isinstance(edit, ZeroHidden):
        return edit.state
    if edit.layer is None:
        return -1 if edit.norm == "embedding_norm" else layers
    return edit.layer


def check_edit(edit: Edit, layers: int, dims: int) -> None:
    """Refuse an edit outside the model (a dimension or layer that does not exist)."""
    dim_ok = 0 <= edit.dim < dims if not isinstance(edit, (SwapNorm, FreezeNorm)) else True
    if isinstance(edit, ZeroHidden):
        layer_ok = 0 <= edit.state <= layers
    else:
        layer_ok = edit.layer is None or 0 <= edit.layer < layers
    if not (dim_ok and layer_ok):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "The edit is outside the model ({layers} layers, {dims} dimensions)"),
                      layers=layers, dims=dims)
    if isinstance(edit, SwapNorm) and edit.kind not in SWAP_KINDS:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "A norm can be swapped for {kinds}, not {kind}"),
                      kinds=", ".join(SWAP_KINDS), kind=repr(edit.kind))


def zero_hidden(state: np.ndarray, index: int, edits: tuple[Edit, ...]) -> np.ndarray:
    """``state`` with the dimensions the ZeroHidden edits of state ``index`` name set to 0."""
    dims = [e.dim for e in edits if isinstance(e, ZeroHidden) and e.state == index]
    if not dims:
        return state
    state = state.copy()
    state[:, dims] = 0.0
    return state


def run_norm(layer: int | None, name: str, kind: str, gamma, beta, eps: float, x: np.ndarray,
             edits: tuple[Edit, ...]) -> NormRecord:
    """Apply norm ``name`` of ``layer`` to ``x`` with the edits that touch it, and record it."""
    mine = [e for e in edits if not isinstance(e, ZeroHidden) and e.layer == layer and e.norm == name]
    frozen = None
    for edit in mine:
        if isinstance(edit, SetParameter):
            if edit.which == "gamma":
                gamma = np.ones(x.shape[1], np.float32) if gamma is None else gamma.copy()
                gamma[edit.dim] = edit.value
            else:
                beta = np.zeros(x.shape[1], np.float32) if beta is None else beta.copy()
                beta[edit.dim] = edit.value
        elif isinstance(edit, ZeroNormInput):
            x = x.copy()
            x[:, edit.dim] = 0.0
        elif isinstance(edit, FreezeNorm):
            frozen = edit.factor
        else:
            kind = edit.kind
    if frozen is not None and kind != "none":
        if kind == "rms":
            beta = None
        out = frozen_norm(x, kind, gamma, beta, frozen)
    elif kind == "layer":
        out = layer_norm(x, gamma, beta, eps)
    elif kind == "rms":
        beta = None
        out = rms_norm(x, gamma, eps)
    else:
        gamma = beta = None
        out = x
    return NormRecord(layer, name, kind, gamma, beta, x, out, eps)


def frozen_norm(x: np.ndarray, kind: str, gamma, beta, factor: float | tuple[float, ...]) -> np.ndarray:
    """``x`` (less each row's mean under LayerNorm) × the constant ``factor``, then γ and β: a norm whose
    scale no longer depends on the token. A tuple ``factor`` scales the leading (head) axis of ``x``."""
    dtype = x.dtype
    scale = np.asarray(factor, dtype=dtype)
    if scale.ndim:
        scale = scale.reshape((-1,) + (1,) * (x.ndim - 1))
    out = (x - x.mean(axis=-1, keepdims=True) if kind == "layer" else x) * scale
    if gamma is not None:
        out = out * gamma
    if beta is not None:
        out = out + beta
    return out.astype(dtype, copy=False)
