"""The decoder-only character LM: forward pass, loss and a hand-written backward pass for every parameter.

Embeddings: token embedding × scale (√d by default) + position (fixed sinusoidal or learned).
Blocks (causal multi-head attention and a ReLU/GELU FFN, no biases in the projections):

    Pre-Norm:  h = x + Attn(N₁(x));            y = h + FFN(N₂(h))          (a final norm before the head)
    Post-Norm: h = N₁(x + Attn(x));            y = N₂(h + FFN(h))
    DeepNorm:  h = N₁(α·x + Attn(x));          y = N₂(α·h + FFN(h))        (α = (2N)^¼, Wang et al. 2022)
    Peri-Norm: h = x + N₁'(Attn(N₁(x)));       y = h + N₂'(FFN(N₂(h)))     (a final norm; Kim et al. 2025)

N is LayerNorm, RMSNorm, DyT (γ·tanh(a·x) + β with a learned scalar a) or nothing.

The head is the embedding matrix transposed (tied) or its own matrix; the loss is the mean
cross-entropy of the next character. Attention and FFN come from ``engine.core.block`` and the norms
from ``engine.core.norms``; here they are composed with per-norm gains and shifts that learn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from engine.core.block import attention_with_grad, ffn_with_grad, weight_gradient
from engine.core.depth import deepnorm_constants
from engine.core.norms import dyt_with_grad, layer_norm_with_grad, rms_norm_with_grad
from engine.training.init import Params, layer_prefix, sinusoidal_positions
from engine.training.settings import FINAL_NORM_PLACEMENTS, TrainSettings
from engine.core.weights import LayerWeights


@dataclass(frozen=True)
class ForwardStats:
    """Per layer: RMS of the residual stream after the block, and the largest attention logit."""

    residual_rms: np.ndarray
    max_logit: np.ndarray


def _norm(kind: str, x: np.ndarray, params: Params, name: str, eps: float):
    """Norm of the rows of ``x`` with the learned gain (and shift, and DyT's scalar), and
    ``dy -> dx`` filling their grads."""
    if kind == "none":
        return x, lambda dy, grads: dy
    if kind == "layer":
        xhat, back = layer_norm_with_grad(x, None, None, eps)
    elif kind == "rms":
        xhat, back = rms_norm_with_grad(x, None, eps)
    else:
        xhat, back = dyt_with_grad(x, float(params[name + ".a"][0]))  # xhat = tanh(a·x)
    gain, shift = params[name + ".g"], params.get(name + ".b")
    y = xhat * gain
    if shift is not None:
        y += shift

    def backward(dy: np.ndarray, grads: Params) -> np.ndarray:
        grads[name + ".g"] = np.einsum("ij,ij->j", dy, xhat)
        if shift is not None:
            grads[name + ".b"] = dy.sum(axis=0)
        dxhat = dy * gain
        if kind == "dyt":  # ∂tanh(a·x)/∂a = x·(1 − tanh²), the one derivative engine.core.norms leaves out
            grads[name + ".a"] = np.array([np.vdot(dxhat * (1 - xhat * xhat), x)], x.dtype)
        return back(dxhat)

    return y, backward


def _layer_weights(params: Params, layer: int) -> LayerWeights:
    p = layer_prefix(layer)
    return LayerWeights(params[p + "wq"], params[p + "wk"], params[p + "wv"], params[p + "wo"],
                        params[p + "w1"], params[p + "w2"], None)


def _add_weight_grads(grads: Params, prefix: str, factors: dict) -> None:
    for key, pair in factors.items():
        grads[prefix + key] = weight_gradient(pair)


def _block(x: np.ndarray, params: Params, layer: int, s: TrainSettings, shape: tuple[int, int],
           on_scores: Callable[[np.ndarray], None]):
    """One block on the (B·T, d) rows; returns the output and ``dy, grads -> dx``."""
    w, p, (b, t) = _layer_weights(params, layer), layer_prefix(layer), shape
    d = x.shape[1]

    def attend(z):
        y, scores, back = attention_with_grad(z.reshape(b, t, d), w, s.heads, True)
        on_scores(scores)
        return y.reshape(-1, d), lambda dy: back(dy.reshape(b, t, d))

    if s.placement in ("pre", "peri"):
        peri = s.placement == "peri"
        n1, n1_back = _norm(s.norm, x, params, p + "n1", s.eps)
        a, a_back = attend(n1)
        a_out, ao_back = _norm(s.norm, a, params, p + "attn_norm", s.eps) if peri else (a, None)
        h = x + a_out
        n2, n2_back = _norm(s.norm, h, params, p + "n2", s.eps)
        f, f_back = ffn_with_grad(n2, w, s.activation)
        f_out, fo_back = _norm(s.norm, f, params, p + "ffn_norm", s.eps) if peri else (f, None)
        y = h + f_out

        def backward(dy, grads):
            dn2, factors = f_back(fo_back(dy, grads) if peri else dy)
            _add_weight_grads(grads, p, factors)
            dh = dy + n2_back(dn2, grads)
            dn1, factors = a_back(ao_back(dh, grads) if peri else dh)
            _add_weight_grads(grads, p, factors)
            return dh + n1_back(dn1.reshape(-1, d), grads)
    else:  # post, deepnorm: N(α·x + F(x)); Post-Norm's α = 1 multiplies exactly, so one path serves both
        alpha = x.dtype.type(deepnorm_constants(s.layers)[0] if s.placement == "deepnorm" else 1.0)
        a, a_back = attend(x)
        h, n1_back = _norm(s.norm, x * alpha + a, params, p + "n1", s.eps)
        f, f_back = ffn_with_grad(h, w, s.activation)
        y, n2_back = _norm(s.norm, h * alpha + f, params, p + "n2", s.eps)

        def backward(dy, grads):
            ds2 = n2_back(dy, grads)
            dh, factors = f_back(ds2)
            _add_weight_grads(grads, p, factors)
            ds1 = n1_back(ds2 * alpha + dh, grads)
            dx, factors = a_back(ds1)
            _add_weight_grads(grads, p, factors)
            return ds1 * alpha + dx.reshape(-1, d)

    return y, backward


def _rms(x: np.ndarray) -> float:
    return math.sqrt(np.add.reduce(np.square(x, dtype=np.float64), axis=None) / x.size)


def _trunk(params: Params, s: TrainSettings, inputs: np.ndarray):
    """Embeddings and blocks (and Pre- and Peri-Norm's final norm) on (B, T) ids: the rows fed to the head,
    the backward closures, and the per-layer statistics."""
    b, t = inputs.shape
    d, dtype = s.width, params["embed"].dtype
    x = params["embed"][inputs.reshape(-1)] * dtype.type(s.embedding_scale)
    positions = params["pos"][:t] if s.position == "learned" else sinusoidal_positions(t, d, dtype)
    x = (x.reshape(b, t, d) + positions).reshape(-1, d)
    max_logit = np.empty(s.layers)
    residual_rms = np.empty(s.layers)
    backwards = []
    for layer in range(s.layers):
        def on_scores(scores, layer=layer):
            max_logit[layer] = np.max(scores)
        x, back = _block(x, params, layer, s, (b, t), on_scores)
        residual_rms[layer] = _rms(x)
        backwards.append(back)
    final_back = None
    if s.placement in FINAL_NORM_PLACEMENTS:
        x, final_back = _norm(s.norm, x, params, "final", s.eps)
    return x, backwards, final_back, ForwardStats(residual_rms, max_logit)


def _head(params: Params, s: TrainSettings) -> np.ndarray:
    return params["embed"].T if s.tied else params["head"]


def next_token_logits(params: Params, s: TrainSettings, context: np.ndarray) -> np.ndarray:
    """Logits of the token after the 1-D ``context``, seen through the last ``seq`` tokens: the windows the
    model was trained on (a longer context would cost time and memory quadratic in its length, and learned
    positions stop at ``seq``)."""
    context = context[-s.seq:]
    x, _, _, _ = _trunk(params, s, context[None, :])
    return x[-1] @ _head(params, s)


def forward(params: Params, s: TrainSettings, ids: np.ndarray, *, with_grad: bool = True):
    """Loss of the (B, T + 1) windows ``ids``; with ``with_grad`` also every parameter's gradient.

    Returns ``(loss, grads or None, ForwardStats)``; the loss is a Python float (NaN or inf once
    the run has diverged: callers check, nothing raises).
    """
    inputs, targets = ids[:, :-1], ids[:, 1:].reshape(-1)
    b, t = inputs.shape
    d, dtype = s.width, params["embed"].dtype
    vocab = params["embed"].shape[0]
    x, backwards, final_back, stats = _trunk(params, s, inputs)
    head = _head(params, s)
    logits = x @ head
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    total = exp.sum(axis=1, keepdims=True)
    rows = np.arange(len(targets))
    loss = float(np.mean(np.log(total[:, 0]) - logits[rows, targets], dtype=np.float64))
    if not with_grad:
        return loss, None, stats

    grads: Params = {}
    dlogits = exp / total
    dlogits[rows, targets] -= 1
    dlogits /= len(targets)
    dx = dlogits @ head.T
    head_grad = x.T @ dlogits  # (d, V)
    if final_back is not None:
        dx = final_back(dx, grads)
    for layer in reversed(range(s.layers)):
        dx = backwards[layer](dx, grads)
    if s.position == "learned":
        pos_grad = np.zeros_like(params["pos"])
        pos_grad[:t] = dx.reshape(b, t, d).sum(axis=0)
        grads["pos"] = pos_grad
    onehot = np.zeros((len(targets), vocab), dtype)
    onehot[rows, inputs.reshape(-1)] = 1
    embed_grad = onehot.T @ dx
    embed_grad *= dtype.type(s.embedding_scale)
    if s.tied:
        embed_grad += head_grad.T
    else:
        grads["head"] = head_grad
    grads["embed"] = embed_grad
    return loss, grads, stats
