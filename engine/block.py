"""One Transformer block (seed 000, fig. 5-1) with a hand-written backward pass.

Pre-Norm:  h = x + Attn(N₁(x));   y = h + FFN(N₂(h))
Post-Norm: h = N₁(x + Attn(x));   y = N₂(h + FFN(h))

Every function works on a 2-D (tokens, d) matrix and returns its output together with a
``backward`` closure mapping the output gradient to the input gradient and the weight gradients.
A weight gradient is returned as its two factors (A, B) with ∂L/∂W = Aᵀ·B: both have one row per
token, so its norm comes from two T × T products instead of building the d × 4d matrix.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from engine import activations
from engine.norms import batch_norm, batch_norm_with_grad, layer_norm_with_grad, rms_norm_with_grad
from engine.weights import LayerWeights

GradFactors = dict[str, tuple[np.ndarray, np.ndarray]]


def weight_gradient(factors: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """∂L/∂W = Aᵀ·B from its factors."""
    a, b = factors
    return a.T @ b


def weight_gradients_norm(grads: GradFactors) -> float:
    """The norm of all the weight gradients together, ‖(∂L/∂W₁, ∂L/∂W₂, …)‖, without forming them.

    ‖Aᵀ·B‖²_F = Σ (A·Aᵀ) ∘ (B·Bᵀ); gradients whose A is the same array (Q, K and V all see the
    block's input) share one product: Σᵢ ‖Aᵀ·Bᵢ‖² = Σ (A·Aᵀ) ∘ (C·Cᵀ) with C = [B₁ B₂ …].
    """
    by_input: dict[int, tuple[np.ndarray, list[np.ndarray]]] = {}
    for a, b in grads.values():
        by_input.setdefault(id(a), (a, []))[1].append(b)
    total = 0.0
    for a, bs in by_input.values():
        c = bs[0] if len(bs) == 1 else np.hstack(bs)
        total += np.add.reduce((a @ a.T) * (c @ c.T), axis=None, dtype=np.float64)  # np.sum, minus its overhead
    return math.sqrt(total)


@dataclass(frozen=True, eq=False)
class BlockSpec:
    """How a block is built: the norm, where it sits, and the sublayers' settings."""

    norm: str = "layer"
    placement: str = "pre"
    gamma: np.ndarray | None = None
    beta: np.ndarray | None = None
    eps: float = 1e-5
    heads: int = 1
    causal: bool = False
    activation: str = "relu"
    bn_training: bool = True


def norm_with_grad(spec: BlockSpec, x: np.ndarray) -> tuple[np.ndarray, Callable[[np.ndarray], np.ndarray]]:
    """Apply the spec's norm (with its γ/β) and return ``(y, dy -> dx)``."""
    if spec.norm == "none":
        return x, lambda dy: dy
    if spec.norm == "layer":
        y, back = layer_norm_with_grad(x, spec.gamma, spec.beta, spec.eps)
    elif spec.norm == "rms":
        y, back = rms_norm_with_grad(x, spec.gamma, spec.eps)
    elif spec.bn_training and x.shape[0] > 1:
        y, back = batch_norm_with_grad(x, spec.gamma, spec.beta, spec.eps)
    else:
        # Eval mode (or a single token): the default running buffers, mean 0 and variance 1.
        y, _, _ = batch_norm(x, spec.gamma, spec.beta, spec.eps, training=False)
        scale = (1.0 / math.sqrt(1.0 + spec.eps)) * (1.0 if spec.gamma is None else spec.gamma)
        return y, lambda dy: (dy * scale).astype(dy.dtype, copy=False)
    return y, back


def _softmax(s: np.ndarray) -> np.ndarray:
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def attention_with_grad(x: np.ndarray, w: LayerWeights, heads: int, causal: bool,
                        on_scores: Callable[[np.ndarray], None] | None = None):
    """Multi-head scaled dot-product self-attention, ``concat(heads) @ Wo``.

    ``x`` is (T, d), or (..., T, d) for a batch of independent sequences (the training lab's).
    The weight-gradient factors always have one row per token of the whole batch. ``on_scores``,
    if given, sees the scaled (and masked) logits of shape (..., heads, T, T) before the softmax.
    """
    *lead, t, d = x.shape
    dh = d // heads

    def split(m):  # (..., T, d) -> (..., H, T, dh)
        return m.reshape(*lead, t, heads, dh).swapaxes(-3, -2)

    def merge(m):  # (..., H, T, dh) -> (..., T, d)
        return m.swapaxes(-3, -2).reshape(*lead, t, d)

    def rows(m):  # (..., T, d) -> (tokens, d)
        return m.reshape(-1, d)

    q, k, v = split(x @ w.wq), split(x @ w.wk), split(x @ w.wv)
    scale = 1.0 / math.sqrt(dh)  # a Python float: a NumPy float64 would promote float32 stages
    scores = (q @ k.swapaxes(-1, -2)) * scale
    if causal:
        scores = np.where(np.tril(np.ones((t, t), bool)), scores, -np.inf)
    if on_scores is not None:
        on_scores(scores)
    p = _softmax(scores)
    o = merge(p @ v)
    y = o @ w.wo

    def backward(dy):
        grads = {"wo": (rows(o), rows(dy))}
        do = split(dy @ w.wo.T)
        dp = do @ v.swapaxes(-1, -2)
        dv = p.swapaxes(-1, -2) @ do
        ds = p * (dp - (dp * p).sum(axis=-1, keepdims=True)) * scale
        dq, dk = merge(ds @ k), merge(ds.swapaxes(-1, -2) @ q)
        dv = merge(dv)
        xr = rows(x)
        grads.update(wq=(xr, rows(dq)), wk=(xr, rows(dk)), wv=(xr, rows(dv)))
        dx = dq @ w.wq.T + dk @ w.wk.T + dv @ w.wv.T
        return dx, grads

    return y, backward


def ffn_with_grad(x: np.ndarray, w: LayerWeights, activation: str):
    """Position-wise FFN: up-projection, activation (ReLU / GELU, or SwiGLU's gated SiLU), down-projection."""
    h = x @ w.w1
    if activation == "swiglu":
        u = x @ w.w3
        gate = activations.silu(h)
        a = gate * u
    else:
        act = activations.relu if activation == "relu" else activations.gelu
        a = act(h)
    y = a @ w.w2

    def backward(dy):
        grads = {"w2": (a, dy)}
        da = dy @ w.w2.T
        if activation == "swiglu":
            dh = da * u * activations.silu_grad(h)
            du = da * gate
            grads["w3"] = (x, du)
            dx = du @ w.w3.T
        else:
            grad = activations.relu_grad if activation == "relu" else activations.gelu_grad
            dh = da * grad(h)
            dx = 0
        grads["w1"] = (x, dh)
        return dx + dh @ w.w1.T, grads

    return y, backward


def block_with_grad(x: np.ndarray, w: LayerWeights, spec: BlockSpec):
    """Run one block; return its stages (ordered, last is the output) and ``dy -> (dx, grads)``.

    Stage keys: Pre-Norm ``input norm1 attn add1 norm2 ffn add2``;
    Post-Norm ``input attn add1 norm1 ffn add2 norm2``.
    """
    if spec.placement == "pre":
        n1, n1_back = norm_with_grad(spec, x)
        a, a_back = attention_with_grad(n1, w, spec.heads, spec.causal)
        h = x + a
        n2, n2_back = norm_with_grad(spec, h)
        f, f_back = ffn_with_grad(n2, w, spec.activation)
        y = h + f
        stages = {"input": x, "norm1": n1, "attn": a, "add1": h, "norm2": n2, "ffn": f, "add2": y}

        def backward(dy):
            dn2, grads = f_back(dy)
            dh = dy + n2_back(dn2)
            dn1, attn_grads = a_back(dh)
            return dh + n1_back(dn1), {**grads, **attn_grads}

    else:
        a, a_back = attention_with_grad(x, w, spec.heads, spec.causal)
        s1 = x + a
        h, n1_back = norm_with_grad(spec, s1)
        f, f_back = ffn_with_grad(h, w, spec.activation)
        s2 = h + f
        y, n2_back = norm_with_grad(spec, s2)
        stages = {"input": x, "attn": a, "add1": s1, "norm1": h, "ffn": f, "add2": s2, "norm2": y}

        def backward(dy):
            ds2 = n2_back(dy)
            dh, grads = f_back(ds2)
            ds1 = n1_back(ds2 + dh)
            dx, attn_grads = a_back(ds1)
            return ds1 + dx, {**grads, **attn_grads}

    return stages, backward
