"""One Transformer block (seed 000, fig. 5-1) with a hand-written backward pass.

Pre-Norm:  h = x + Attn(N₁(x));            y = h + FFN(N₂(h))
Post-Norm: h = N₁(x + Attn(x));            y = N₂(h + FFN(h))
Peri-Norm: h = x + N₁'(Attn(N₁(x)));       y = h + N₂'(FFN(N₂(h)))     (sandwich; Kim et al. 2025)
DeepNorm:  h = N₁(α·x + Attn(x));          y = N₂(α·h + FFN(h))        (Wang et al. 2022)

Every function works on a 2-D (tokens, d) matrix (``blocks_with_grad`` on a batch of stacks' (B, tokens, d))
and returns its output together with a ``backward`` closure mapping the output gradient to the input
gradient and the weight gradients.
A weight gradient is returned as its two factors (A, B) with ∂L/∂W = Aᵀ·B: both have one row per
token, so its norm comes from two T × T products instead of building the d × 4d matrix.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from engine.core import activations
from engine.core.norms import (batch_norm, batch_norm_with_grad, dyt_with_grad, layer_norm_with_grad,
                          rms_norm_with_grad)
from engine.core.weights import LayerWeights

GradFactors = dict[str, tuple[np.ndarray, np.ndarray]]


def weight_gradient(factors: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """∂L/∂W = Aᵀ·B from its factors."""
    a, b = factors
    return a.T @ b


def _scaled(m: np.ndarray) -> tuple[np.ndarray, float]:
    """``m`` / max|m| in float64, and max|m|: products of the scaled factors never over- or underflow."""
    scale = float(np.maximum.reduce(np.abs(m), axis=None))
    return (np.multiply(m, 1.0 / scale, dtype=np.float64) if 0.0 < scale < math.inf else m), scale


def _product_sum_of_squares(a: np.ndarray, c: np.ndarray) -> np.ndarray:
    """‖aᵀ·c‖²_F in float64 for each of a batch of factor pairs ((B, T, d_a) and (B, T, d_c); B may be 1),
    by the cheaper of two routes.

    Forming aᵀ·c costs d_a·d_c per token; the Gram route Σ (a·aᵀ) ∘ (c·cᵀ) costs T·(d_a + d_c) per
    token and is what keeps d = 4096 cheap. Its terms can cancel (BatchNorm's zero-mean columns do),
    and rounding can then leave a tiny negative sum where the norm is about 0: clamped to 0. Each
    pair's products and sums are the very ones it gets alone (matmul calls BLAS per pair, the sum over
    a pair's two axes is the sum of its flattened values).
    """
    a, c = a.astype(np.float64, copy=False), c.astype(np.float64, copy=False)
    t, (da, dc) = a.shape[-2], (a.shape[-1], c.shape[-1])
    if da * dc <= t * (da + dc):
        return np.add.reduce(np.square(a.swapaxes(-1, -2) @ c), axis=(-2, -1))
    sums = np.add.reduce((a @ a.swapaxes(-1, -2)) * (c @ c.swapaxes(-1, -2)), axis=(-2, -1))  # np.sum, minus its overhead
    return np.maximum(sums, 0.0, out=sums)  # NaN stays NaN: _product_norms takes it again, scaled


def _product_norms(a: np.ndarray, c: np.ndarray, wanted: list[bool]) -> list[float]:
    """‖aᵀ·c‖_F of each pair of a batch (see ``_product_sum_of_squares``), accumulated in float64.

    float32 factors widened to float64 can't leave its range (their squares' products stay within
    1e±180). Only when the plain sum is outside 1e±250 (float64 factors beyond 1e±60, a zero or
    non-finite sum) is it taken again on factors scaled to a largest entry of 1. The pairs not ``wanted``
    give NaN without that.
    """
    # under the caller's errstate: what overflows is taken again, scaled
    return [math.sqrt(ssq) if 1e-250 < ssq < 1e250 else _scaled_product_norm(a[b], c[b]) if wanted[b] else math.nan
            for b, ssq in enumerate(_product_sum_of_squares(a, c).tolist())]


def _scaled_product_norm(a: np.ndarray, c: np.ndarray) -> float:
    (a, sa), (c, sc) = _scaled(a), _scaled(c)
    if not (math.isfinite(sa) and math.isfinite(sc)):
        return math.nan
    if sa == 0.0 or sc == 0.0:
        return 0.0
    return sa * (sc * math.sqrt(float(_product_sum_of_squares(a[None], c[None])[0])))  # beyond float64's range: inf


def weight_gradients_norm(grads: GradFactors) -> float:
    """The norm of all the weight gradients together, ‖(∂L/∂W₁, ∂L/∂W₂, …)‖, without forming them.

    ‖Aᵀ·B‖²_F = Σ (A·Aᵀ) ∘ (B·Bᵀ); gradients whose A is the same array (Q, K and V all see the
    block's input) share one product: Σᵢ ‖Aᵀ·Bᵢ‖² = Σ (A·Aᵀ) ∘ (C·Cᵀ) with C = [B₁ B₂ …]. The sums
    run in float64, so float32 gradients as small as 1e-30 or as large as 1e30 keep their precision
    (their squares would leave float32's range); a norm beyond float64's range is inf, a non-finite
    gradient gives NaN, and nothing raises.
    """
    return weight_gradients_norms(grads, [True])[0]


def weight_gradients_norms(grads: GradFactors, wanted: list[bool]) -> list[float]:
    """``weight_gradients_norm`` of each stack at once, from ``blocks_with_grad``'s batched factors (each
    stack's tokens are a block of rows, or a leading index): each stack's norm is the one its factors give
    alone, in a few NumPy calls for all of them. ``wanted`` has one entry per stack: those not wanted (the
    no-norm stack, carried along with zero gradients) may come out NaN rather than take the scaled route."""
    return layers_weight_gradients_norms([stacked_factors(grads)], wanted)[0]


#: Weight-gradient factors grouped by their A: ``[(A, [B₁, B₂, …]), …]``, ∂L/∂Wᵢ = Aᵀ·Bᵢ (see ``stacked_factors``).
StackedFactors = list[tuple[np.ndarray, list[np.ndarray]]]


def stacked_factors(grads: GradFactors) -> StackedFactors:
    """The factors of ``grads`` grouped by the array that is their A (Q, K and V all see the block's input):
    Σᵢ ‖Aᵀ·Bᵢ‖² is ‖Aᵀ·[B₁ B₂ …]‖², one product per group. The groups come in the order of ``grads``, so
    every layer's blocks give the same groups in the same order (``layers_weight_gradients_norms``)."""
    by_input: dict[int, tuple[np.ndarray, list[np.ndarray]]] = {}
    for a, b in grads.values():
        by_input.setdefault(id(a), (a, []))[1].append(b)
    return list(by_input.values())


def layers_weight_gradients_norms(layers: list[StackedFactors], wanted: list[bool]) -> list[list[float]]:
    """``weight_gradients_norms`` of several layers' blocks at once (``stacked_factors`` of each): each
    layer's factors joined along a leading axis, one product, one reduction and one errstate for all the
    layers (on the 6 × 4 matrix each of those calls costs far more than its arithmetic). The numbers are
    each layer's own: matmul makes the same BLAS call per (layer, stack) pair as for one layer, and each
    pair's sum is over its own two axes. Returns one list of per-stack norms per layer."""
    stacks, count = len(wanted), len(layers)

    def joined(ms: list[np.ndarray]) -> np.ndarray:  # one factor per layer -> (layers · stacks, T, k)
        m = ms[0] if count == 1 else np.array(ms)  # np.stack's copy without its Python-level checks
        return m.reshape(count * stacks, -1, m.shape[-1])

    # One errstate for every product (it costs as much as a product of a 6 × 4 block's factors).
    with np.errstate(over="ignore", invalid="ignore"):
        norms = []
        for group, (_, bs) in enumerate(layers[0]):
            a = joined([factors[group][0] for factors in layers])
            cs = [joined([factors[group][1][i] for factors in layers]) for i in range(len(bs))]
            norms.append(_product_norms(a, cs[0] if len(cs) == 1 else np.concatenate(cs, axis=-1), wanted * count))
    flat = [math.hypot(*parts) for parts in zip(*norms)]  # scales internally; inf if a part is
    return [flat[layer * stacks:(layer + 1) * stacks] for layer in range(count)]


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
    #: DyT's α (y = γ ⊙ tanh(α·x) + β).
    dyt_alpha: float = 0.5
    #: Normalise each head's queries and keys before their dot product (QK-Norm).
    qk_norm: bool = False
    #: Factor on the outputs of a Pre-Norm block's norms (LayerNorm scaling: 1/√l in layer l).
    norm_scale: float = 1.0
    #: DeepNorm's α on the residual branch, N(α·x + F(x)).
    residual_scale: float = 1.0


def norm_with_grad(spec: BlockSpec, x: np.ndarray, *,
                   invalid_ignored: bool = False) -> tuple[np.ndarray, Callable[[np.ndarray], np.ndarray]]:
    """Apply the spec's norm (with its γ/β) and return ``(y, dy -> dx)``; ``invalid_ignored`` as in
    ``layer_norm_with_grad`` (the caller runs the backward under ``np.errstate(invalid="ignore")``)."""
    if spec.norm == "none":
        return x, lambda dy: dy
    if spec.norm == "dyt":
        y, back = dyt_with_grad(x, spec.dyt_alpha, spec.gamma, spec.beta)
    elif spec.norm == "layer":
        y, back = layer_norm_with_grad(x, spec.gamma, spec.beta, spec.eps, invalid_ignored=invalid_ignored)
    elif spec.norm == "rms":
        y, back = rms_norm_with_grad(x, spec.gamma, spec.eps, invalid_ignored=invalid_ignored)
    elif spec.bn_training and x.shape[0] > 1:
        y, back = batch_norm_with_grad(x, spec.gamma, spec.beta, spec.eps)
    else:
        # Eval mode (or a single token): the default running buffers, mean 0 and variance 1.
        y, _, _ = batch_norm(x, spec.gamma, spec.beta, spec.eps, training=False)
        scale = (1.0 / math.sqrt(1.0 + spec.eps)) * (1.0 if spec.gamma is None else spec.gamma)
        return y, lambda dy: (dy * scale).astype(dy.dtype, copy=False)
    return y, back


def _times(pair, scale: float):
    """A norm's ``(y, backward)`` with its output multiplied by ``scale`` (1 leaves it alone)."""
    if scale == 1.0:
        return pair
    y, back = pair
    return y * y.dtype.type(scale), lambda dy: back(dy * dy.dtype.type(scale))


def _qk_norm_with_grad(kind: str, m: np.ndarray):
    """RMSNorm (under an RMSNorm block) or LayerNorm, without γ/β, over each head's dh values."""
    flat = m.reshape(-1, m.shape[-1])
    y, back = rms_norm_with_grad(flat, None, 1e-6) if kind == "rms" else layer_norm_with_grad(flat, None, None, 1e-5)
    return y.reshape(m.shape), lambda dy: back(dy.reshape(flat.shape)).reshape(m.shape)


def _softmax(s: np.ndarray) -> np.ndarray:
    # The ufuncs' reductions are what ndarray.max and .sum call, minus their Python-level wrappers.
    e = np.exp(s - np.maximum.reduce(s, axis=-1, keepdims=True))
    return e / np.add.reduce(e, axis=-1, keepdims=True)


def attention_with_grad(x: np.ndarray, w: LayerWeights, heads: int, causal: bool, qk_norm: str | None = None):
    """Multi-head scaled dot-product self-attention, ``concat(heads) @ Wo``.

    ``x`` is (T, d), or (..., T, d) for a batch of independent sequences (the training lab's); the
    weight-gradient factors always have one row per token of the whole batch. With ``qk_norm``
    ("layer" or "rms") each head's queries and keys are normalised first (Henry et al. 2020;
    Dehghani et al. 2023). Returns ``y``, the scaled attention logits (..., H, T, T; masked ones
    −inf) and ``dy -> (dx, grads)``.
    """
    *lead, t, d = x.shape
    dh = d // heads

    def split(m):  # (..., T, d) -> (..., H, T, dh)
        if heads == 1:
            return m[..., None, :, :]  # one view, where a reshape and a swap cost two calls per matrix
        return m.reshape(*lead, t, heads, dh).swapaxes(-3, -2)

    def merge(m):  # (..., H, T, dh) -> (..., T, d)
        if heads == 1:
            return m[..., 0, :, :]
        return m.swapaxes(-3, -2).reshape(*lead, t, d)

    def rows(m):  # (..., T, d) -> (tokens, d)
        return m.reshape(-1, d)

    q_raw, k_raw, v = split(x @ w.wq), split(x @ w.wk), split(x @ w.wv)
    if qk_norm:
        (q, q_back), (k, k_back) = _qk_norm_with_grad(qk_norm, q_raw), _qk_norm_with_grad(qk_norm, k_raw)
    else:
        q, k = q_raw, k_raw
    scale = 1.0 / math.sqrt(dh)  # a Python float: a NumPy float64 would promote float32 stages
    scores = (q @ k.swapaxes(-1, -2)) * scale
    if causal:
        scores = np.where(np.tril(np.ones((t, t), bool)), scores, -np.inf)
    p = _softmax(scores)
    o = merge(p @ v)
    y = o @ w.wo

    def backward(dy):
        grads = {"wo": (rows(o), rows(dy))}
        do = split(dy @ w.wo.T)
        dp = do @ v.swapaxes(-1, -2)
        dv = p.swapaxes(-1, -2) @ do
        ds = p * (dp - np.add.reduce(dp * p, axis=-1, keepdims=True)) * scale  # .sum, minus its wrapper
        dq, dk = ds @ k, ds.swapaxes(-1, -2) @ q
        if qk_norm:
            dq, dk = q_back(dq), k_back(dk)
        dq, dk, dv = merge(dq), merge(dk), merge(dv)
        xr = rows(x)
        grads.update(wq=(xr, rows(dq)), wk=(xr, rows(dk)), wv=(xr, rows(dv)))
        dx = dq @ w.wq.T + dk @ w.wk.T + dv @ w.wv.T
        return dx, grads

    return y, scores, backward


def ffn_with_grad(x: np.ndarray, w: LayerWeights, activation: str):
    """Position-wise FFN: up-projection, activation (one of ``activations.ELEMENTWISE``, or SwiGLU's
    gated SiLU), down-projection."""
    h = x @ w.w1
    if activation == "swiglu":
        u = x @ w.w3
        gate = activations.silu(h)
        a = gate * u
    else:
        act, act_grad = activations.ELEMENTWISE[activation]
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
            dh = da * act_grad(h)
            dx = 0
        grads["w1"] = (x, dh)
        return dx + dh @ w.w1.T, grads

    return y, backward


def _qk_kind(spec: BlockSpec) -> str | None:
    return None if not spec.qk_norm else ("rms" if spec.norm == "rms" else "layer")


def _batched(parts: list[np.ndarray], whole: np.ndarray | None = None) -> np.ndarray:
    """The stacks' matrices as one (B, T, d) array: ``whole`` itself when every part is its own slice."""
    if whole is not None and all(part is None for part in parts):
        return whole
    if len(parts) == 1:
        return parts[0][None]  # a view: one stack needs no copy
    # np.array of same-shaped arrays is np.stack's copy in a fifth of its time (no Python-level checks)
    return np.array([whole[b] if part is None else part for b, part in enumerate(parts)])


def _one_stack(grads: GradFactors) -> GradFactors:
    """A batch of one stack's weight-gradient factors as 2-D ones (one row per token); factors that were one
    array (Q, K and V's shared input) stay one array."""
    flat: dict[int, np.ndarray] = {}
    for factors in grads.values():
        for m in factors:
            flat.setdefault(id(m), m.reshape(-1, m.shape[-1]))
    return {name: (flat[id(a)], flat[id(g)]) for name, (a, g) in grads.items()}


def block_with_grad(x: np.ndarray, w: LayerWeights, spec: BlockSpec):
    """Run one block; return its stages (ordered, last is the output), the attention logits
    (heads, T, T; masked ones −inf) and ``dy -> (dx, grads)``.

    Stage keys: Pre-Norm ``input norm1 attn add1 norm2 ffn add2``; Post-Norm and DeepNorm
    ``input attn add1 norm1 ffn add2 norm2``; Peri-Norm ``input norm1 attn attn_norm add1 norm2 ffn
    ffn_norm add2``.
    """
    (stages,), scores, backward = blocks_with_grad(x[None], w, [spec])

    def one_backward(dy):
        dx, grads = backward(dy[None])
        return dx[0], _one_stack(grads)

    return stages, scores[0], one_backward


#: Norms that work on each row alone: the stacks' rows stacked give each row what it gets alone.
_ROW_NORMS = ("layer", "rms", "dyt")


def _norms_of_stacks(specs: list[BlockSpec], xs: list[np.ndarray], invalid_ignored: bool):
    """``norm_with_grad`` of each stack's matrix: the row-wise norms of the stacks that share one (the same
    kind, γ, β, ε and α) in one call on their rows stacked, the rest (BatchNorm, no norm) each alone.
    Returns the outputs and ``[dy of each stack] -> [dx of each stack]`` (``invalid_ignored`` as in ``norm_with_grad``)."""
    shared = [b for b, spec in enumerate(specs) if spec.norm in _ROW_NORMS and _same_norm(spec, specs[0])]
    if len(shared) < 2:
        shared = []
    alone = {b: norm_with_grad(spec, xs[b], invalid_ignored=invalid_ignored) for b, spec in enumerate(specs)
             if b not in shared}
    ys = [alone[b][0] if b in alone else None for b in range(len(specs))]
    if shared:
        tokens = xs[shared[0]].shape[0]
        rows, rows_back = norm_with_grad(specs[shared[0]], np.concatenate([xs[b] for b in shared]),
                                         invalid_ignored=invalid_ignored)
        for i, b in enumerate(shared):
            ys[b] = rows[i * tokens:(i + 1) * tokens]

    def backward(dys: list[np.ndarray]) -> list[np.ndarray]:
        dxs = [alone[b][1](dy) if b in alone else None for b, dy in enumerate(dys)]
        if shared:
            rows_dx = rows_back(np.concatenate([dys[b] for b in shared]))
            for i, b in enumerate(shared):
                dxs[b] = rows_dx[i * tokens:(i + 1) * tokens]
        return dxs

    return ys, backward


def _same_norm(a: BlockSpec, b: BlockSpec) -> bool:
    return (a.norm == b.norm and a.gamma is b.gamma and a.beta is b.beta and a.eps == b.eps
            and a.dyt_alpha == b.dyt_alpha)


def _scaled_by(m: np.ndarray, scale: float) -> np.ndarray:
    """``m`` times a Pre-Norm block's norm scale (``_times``' product, by the same dtype's factor)."""
    return m if scale == 1.0 else m * m.dtype.type(scale)


def blocks_with_grad(xs: np.ndarray, w: LayerWeights, specs: list[BlockSpec], *, invalid_ignored: bool = False):
    """``block_with_grad`` for B stacks at once: ``xs`` is (B, T, d), ``specs`` one per stack (their
    norms and placements may differ; heads, causal, activation and QK-Norm may not). The attention and
    the FFN run once on all B inputs, the same weights for each: NumPy's matmul makes the same BLAS call
    per stack as on a stack alone, so every number is the unbatched one. So does the norm every placement
    has after the attention's residual sum (Pre's and Peri's N₂, Post's and DeepNorm's N₁), on the rows of
    all stacks at once where it works row by row; the other norms and the residual sums run per stack.
    Returns B stage dicts, the logits (B, heads, T, T) and ``dys -> (dxs, grads)``, the weight-gradient
    factors of all B stacks batched (``weight_gradients_norms`` takes them). ``invalid_ignored`` says the
    caller runs the backward under ``np.errstate(invalid="ignore")``: the norms then don't enter their own.
    """
    spec0 = specs[0]
    qk = _qk_kind(spec0)
    stacks = xs.shape[0]
    sandwich = [spec.placement in ("pre", "peri") for spec in specs]
    # The attention's input: the first norm's output (Pre, Peri), the stream itself (Post, DeepNorm).
    n1s = [_times(norm_with_grad(spec, xs[b], invalid_ignored=invalid_ignored), spec.norm_scale)
           if sandwich[b] else (None, None)
           for b, spec in enumerate(specs)]
    a_all, scores, a_back = attention_with_grad(_batched([n for n, _ in n1s], xs), w, spec0.heads, spec0.causal, qk)
    all_stages, sums, after_attn = [], [], []
    for b, spec in enumerate(specs):
        x, a = xs[b], a_all[b]
        if sandwich[b]:
            stages = {"input": x, "norm1": n1s[b][0], "attn": a}
            if spec.placement == "peri":
                a_out, ao_back = norm_with_grad(spec, a, invalid_ignored=invalid_ignored)
                stages["attn_norm"] = a_out
            else:
                a_out, ao_back = a, None
            sums.append(x + a_out)
            after_attn.append(ao_back)
        else:  # post, deepnorm
            alpha = spec.residual_scale if spec.placement == "deepnorm" else 1.0
            sums.append((x * x.dtype.type(alpha) if alpha != 1.0 else x) + a)
            stages = {"input": x, "attn": a}
            after_attn.append(alpha)
        all_stages.append(stages)
    normed, mid_back = _norms_of_stacks(specs, sums, invalid_ignored)
    ffn_in = []
    for b, spec in enumerate(specs):
        if sandwich[b]:
            n2 = _scaled_by(normed[b], spec.norm_scale)
            all_stages[b].update(add1=sums[b], norm2=n2)
            ffn_in.append(n2)
        else:
            all_stages[b].update(add1=sums[b], norm1=normed[b])
            ffn_in.append(normed[b])
    f_all, f_back = ffn_with_grad(_batched(ffn_in), w, spec0.activation)
    after_ffn = []
    for b, spec in enumerate(specs):
        stages, f = all_stages[b], f_all[b]
        if sandwich[b]:
            stages["ffn"] = f
            if spec.placement == "peri":
                f_out, fo_back = norm_with_grad(spec, f, invalid_ignored=invalid_ignored)
                stages["ffn_norm"] = f_out
            else:
                f_out, fo_back = f, None
            stages["add2"] = stages["add1"] + f_out
            after_ffn.append(fo_back)
        else:
            alpha, h = after_attn[b], stages["norm1"]
            s2 = (h * h.dtype.type(alpha) if alpha != 1.0 else h) + f
            y, n2_back = norm_with_grad(spec, s2, invalid_ignored=invalid_ignored)
            stages.update(ffn=f, add2=s2, norm2=y)
            after_ffn.append(n2_back)

    def backward(dys):
        # Into the FFN: the output gradient (Pre, Peri: through the FFN's own norm), or through N₂ (Post).
        into_ffn = []
        for b in range(stacks):
            back = after_ffn[b]
            into_ffn.append(back(dys[b]) if back else dys[b])
        dffn, grads = f_back(_batched(into_ffn))
        # Into the norm after the attention's sum: the FFN's input gradient (scaled as the norm's output
        # was), plus for Post and DeepNorm the residual's.
        into_mid = []
        for b, spec in enumerate(specs):
            dn = dffn[b]
            if sandwich[b]:
                into_mid.append(_scaled_by(dn, spec.norm_scale))
            else:
                alpha, ds2 = after_attn[b], into_ffn[b]
                into_mid.append(ds2 * ds2.dtype.type(alpha) + dn if alpha != 1.0 else ds2 + dn)
        dsums = mid_back(into_mid)
        into_attn, residual = [], []
        for b in range(stacks):
            if sandwich[b]:
                ao_back = after_attn[b]
                dh = dys[b] + dsums[b]
                into_attn.append(ao_back(dh) if ao_back else dh)
                residual.append(dh)
            else:
                alpha, ds1 = after_attn[b], dsums[b]
                into_attn.append(ds1)
                residual.append(ds1 * ds1.dtype.type(alpha) if alpha != 1.0 else ds1)
        dattn, attn_grads = a_back(_batched(into_attn))
        dxs = [residual[b] + (n1s[b][1](dattn[b]) if sandwich[b] else dattn[b]) for b in range(stacks)]
        return _batched(dxs), {**grads, **attn_grads}

    return all_stages, scores, backward
