"""Stacks of blocks: how the hidden state and the gradients behave with depth; the seed's toy explosion."""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

import numpy as np

from engine.core.block import (BlockSpec, blocks_with_grad, layers_weight_gradients_norms, norm_with_grad,
                               stacked_factors)
from engine.core.norms import rms_norm
from engine.progress import Steps
from engine.core.streamed_weights import streamed_layer_weights
from engine.core.weights import ffn_hidden, layer_weights

#: Where the norms sit in each block of a stack. ``mixln`` (Li et al. 2025) is a stack-level
#: choice: Post-Norm blocks in its first ⌊N/4⌋ layers, Pre-Norm blocks after.
STACK_PLACEMENTS = ("pre", "post", "peri", "deepnorm", "mixln")
#: Placements whose stacks end with one more norm before the output (as GPT-2 does).
_FINAL_NORM = ("pre", "peri", "mixln")


#: Stacks batch (``depth_profile``) while tokens × max(d, FFN width) is at most this: 6 × 4 is 96, 32 × 512 is 65536.
BATCH_ELEMENTS = 1 << 16


def first_nonfinite(values: np.ndarray, first_layer: int = 0) -> int | None:
    """The layer of the first value that is inf or NaN (``values[0]`` is layer ``first_layer``), or None."""
    bad = np.flatnonzero(~np.isfinite(values))
    return int(bad[0]) + first_layer if bad.size else None


@dataclass(frozen=True)
class StackRun:
    """One stack of N blocks run on the token matrix.

    ``rms`` and ``max_abs`` have N + 1 entries (0 = the input); the gradient arrays have N entries,
    one per layer, or are None when the backward pass was not asked for.
    """

    rms: np.ndarray
    max_abs: np.ndarray
    weight_grad: np.ndarray | None = None
    input_grad: np.ndarray | None = None
    #: The largest attention logit of each layer (N entries).
    max_logit: np.ndarray | None = None
    #: Layer 0's block, stage by stage (``block_with_grad``'s stages): the block view's, when this is the
    #: chosen placement's stack, without running that block again.
    first_block: Mapping[str, np.ndarray] | None = None

    @property
    def overflow_layer(self) -> int | None:
        """The first layer whose hidden state left the dtype's range (its RMS is inf or NaN), or None.

        Every later layer, and every gradient, is then not finite either.
        """
        return first_nonfinite(self.rms)


@functools.lru_cache(maxsize=16)
def loss_target(seed: int, shape: tuple[int, int], dtype) -> np.ndarray:
    """The fixed random R of the scalar loss L = mean(output ⊙ R) (read-only: it is shared)."""
    target = np.random.default_rng([seed, 1 << 32]).standard_normal(shape).astype(dtype)
    target.setflags(write=False)
    return target


def deepnorm_constants(layers: int) -> tuple[float, float]:
    """DeepNorm's α (on the residual) and β (on the value, output and FFN weights) for N layers.

    Wang et al. (2022), decoder-only: α = (2N)^¼, β = (8N)^−¼; N = 12 gives 2.213 and 0.320.
    """
    return (2 * layers) ** 0.25, (8 * layers) ** -0.25


def layer_spec(spec: BlockSpec, placement: str, layer: int, layers: int, ln_scaling: bool) -> BlockSpec:
    """The block ``layer`` (0-based) of a ``placement`` stack of ``layers``: Mix-LN's Post-Norm
    head, DeepNorm's α, LayerNorm scaling's 1/√l on Pre-Norm blocks."""
    if placement == "mixln":
        placement = "post" if layer < layers // 4 else "pre"
    changes = {"placement": placement}
    if placement == "deepnorm":
        changes["residual_scale"] = deepnorm_constants(layers)[0]
    if ln_scaling and placement == "pre":
        changes["norm_scale"] = 1.0 / math.sqrt(layer + 1)
    if all(getattr(spec, name) == value for name, value in changes.items()):
        return spec  # most layers of most stacks: replace() would cost more than the layer's norms
    return dataclasses.replace(spec, **changes)


def run_stack(
    x: np.ndarray, spec: BlockSpec, layers: int, seed: int, ffn_mult: int, *, with_grad: bool,
    init: str = "fan_in", ln_scaling: bool = False, streamed: bool = False, steps: Steps | None = None,
) -> StackRun:
    """Run ``layers`` blocks with seeded weights; optionally backpropagate L = mean(out ⊙ R).

    ``spec.placement`` may also be ``mixln`` (see ``layer_spec``). Pre-Norm, Peri-Norm and Mix-LN
    stacks end with one more norm before the output, as GPT-2 does; Post-Norm and DeepNorm stacks
    already end with one. ``streamed`` draws each weight matrix where it is applied and again in the
    backward pass (see engine.core.streamed_weights): memory then holds the saved activations, not the
    weights. ``steps`` counts one step per layer forward and one per layer backward.
    """
    return run_stacks(x, [spec], layers, seed, ffn_mult, with_grad=[with_grad], init=init, ln_scaling=[ln_scaling],
                      streamed=streamed, steps=steps)[0]


def run_stacks(
    x: np.ndarray, specs: list[BlockSpec], layers: int, seed: int, ffn_mult: int, *, with_grad: list[bool],
    ln_scaling: list[bool], init: str = "fan_in", streamed: bool = False, steps: Steps | None = None,
) -> list[StackRun]:
    """``run_stack`` for several stacks on the same input and the same weights at once, one StackRun each:
    each layer's attention and FFN run once for all of them (see ``blocks_with_grad``), which is what makes
    the 6 × 4 matrix's stacks cheap (each NumPy call there costs its overhead, not its arithmetic).
    ``with_grad`` and ``ln_scaling`` are per stack. The
    specs may differ in norm and placement, not in what the sublayers do (heads, causal, activation,
    QK-Norm) nor in DeepNorm's β-scaled weights. Memory holds every stack's saved activations at once.
    A stack has at least one layer (the app's and the command line's depth starts at 1).
    """
    if layers < 1:
        raise ValueError(f"a stack has at least one layer, not {layers}")
    steps = steps or Steps(0)
    weights = functools.partial(streamed_layer_weights, poll=steps.poll) if streamed else layer_weights
    count = len(specs)
    t, d = x.shape
    spec0 = specs[0]
    gated = spec0.activation == "swiglu"
    hidden = ffn_hidden(d, ffn_mult, init)
    dtype = x.dtype.name
    gain = deepnorm_constants(layers)[1] if spec0.placement == "deepnorm" else 1.0
    # Layers whose curve statistics and gradient norms are taken together, in one call each: all of a small
    # stack's (the 6 × 4 matrix's 10 layers are one chunk), one at a time where a layer's arrays are large.
    chunk = max(1, BATCH_ELEMENTS // (count * t * max(d, hidden)))
    backwards, first_block = [], [None] * count
    with np.errstate(over="ignore", invalid="ignore"):  # overflow gives inf, reported by overflow_layer;
        # the norms' backward passes skip their own errstate under this one (invalid_ignored)
        hs = x[None] if count == 1 else np.array([x] * count)
        states, scores_of, curves = [hs], [], _Curves()
        for layer in range(layers):
            w = weights(seed, layer, d, hidden, gated, dtype, init, gain)
            all_stages, scores, backward = blocks_with_grad(
                hs, w, [layer_spec(spec, spec.placement, layer, layers, scaled) for spec, scaled in zip(specs, ln_scaling)],
                invalid_ignored=True)
            if layer == 0:
                first_block = [MappingProxyType(stages) for stages in all_stages]
            outs = [stages[next(reversed(stages))] for stages in all_stages]
            hs = outs[0][None] if count == 1 else np.array(outs)
            states.append(hs)
            scores_of.append(scores)
            if len(scores_of) == chunk:
                curves.add(states, scores_of)
                states, scores_of = [], []
            for _ in specs:
                steps.step()
            if any(with_grad):
                backwards.append(backward)
        curves.add(states, scores_of)
        rms, max_abs, max_logit = curves.per_stack(x.size)
        if not any(with_grad):
            return [StackRun(rms[b], max_abs[b], max_logit=max_logit[b], first_block=first_block[b])
                    for b in range(count)]
        # The loss gradient of each stack that asked for one; zeros carry the others through the backward
        # pass (their results are not read).
        dhs = []
        for b, spec in enumerate(specs):
            if not with_grad[b]:
                dhs.append(np.zeros_like(x))
                continue
            final = spec.placement in _FINAL_NORM and spec.norm != "none"
            out, final_back = norm_with_grad(spec, hs[b], invalid_ignored=True) if final else (hs[b], lambda dy: dy)
            dhs.append(final_back(loss_target(seed, out.shape, x.dtype) / out.size))
        dh = dhs[0][None] if count == 1 else np.array(dhs)
        factors, input_grads, weight_norms, input_norms = [], [], [], []
        for layer in reversed(range(layers)):
            dh, grads = backwards[layer](dh)
            backwards[layer] = None  # its saved activations are no longer needed (but for the factors, a chunk's)
            factors.append(stacked_factors(grads))
            input_grads.append(dh)
            if len(factors) == chunk or layer == 0:
                weight_norms += layers_weight_gradients_norms(factors, with_grad)
                input_norms.append(_norms(input_grads))
                factors, input_grads = [], []
            for wanted in with_grad:
                if wanted:
                    steps.step()
    # Rows are stacks, columns layers (the backward pass gave them from the last layer down).
    weight_grad = np.ascontiguousarray(np.array(weight_norms[::-1]).T)
    input_grad = np.ascontiguousarray(np.concatenate(input_norms)[::-1].T)
    return [StackRun(rms[b], max_abs[b], max_logit=max_logit[b], first_block=first_block[b],
                     weight_grad=weight_grad[b] if with_grad[b] else None,
                     input_grad=input_grad[b] if with_grad[b] else None)
            for b in range(count)]


def _joined(arrays: list[np.ndarray]) -> np.ndarray:
    """Same-shaped arrays, one per layer, along a new leading axis (a view for one)."""
    # np.array of same-shaped arrays is np.stack's copy without its Python-level checks
    return arrays[0][None] if len(arrays) == 1 else np.array(arrays)


def _norms(gradients: list[np.ndarray]) -> np.ndarray:
    """The float64 Frobenius norm of each stack's matrix in each of the (stacks, T, d) ``gradients``:
    (layers, stacks). A sum over a matrix's two axes is the sum of its flattened values, so each is the
    norm the matrix gets alone."""
    return np.sqrt(np.add.reduce(np.square(_joined(gradients), dtype=np.float64), axis=(2, 3)))


class _Curves:
    """The forward pass's curves, a chunk of layers at a time: each stack's sum of squares and largest
    |h| of its hidden states, and its largest attention logit, each in one call per chunk. A sum over a
    stack's two axes is the sum of its flattened values, and a maximum doesn't depend on
    the order, so every value is the one a layer alone gives."""

    def __init__(self):
        self.squares, self.largest, self.logits = [], [], []

    def add(self, states: list[np.ndarray], scores: list[np.ndarray]) -> None:
        """Take the (stacks, T, d) hidden ``states`` and (stacks, heads, T, T) logits of some layers."""
        if states:
            h = _joined(states)
            self.squares.append(np.add.reduce(np.square(h, dtype=np.float64), axis=(2, 3)))
            self.largest.append(np.maximum.reduce(np.abs(h), axis=(2, 3)))
        if scores:
            s = _joined(scores)
            self.logits.append(np.maximum.reduce(s.reshape(*s.shape[:2], -1), axis=2))  # np.max, minus its overhead

    def per_stack(self, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """RMS (of ``size`` values), max |h| and the largest logit: float64 arrays, a row per stack."""
        def rows(chunks):
            return np.ascontiguousarray(np.concatenate(chunks).T, dtype=np.float64)
        return np.sqrt(rows(self.squares) / size), rows(self.largest), rows(self.logits)


@dataclass(frozen=True)
class DepthProfile:
    """The depth plot's curves: stacks of the same weights without a norm and with the norm in each
    asked-for placement, and the seed's toy."""

    none: StackRun
    runs: Mapping[str, StackRun]
    toy: np.ndarray
    toy_normalized: np.ndarray

    @property
    def pre(self) -> StackRun:
        return self.runs["pre"]

    @property
    def post(self) -> StackRun:
        return self.runs["post"]

    def overflow_layers(self) -> dict[str, int]:
        """Curve name (``none``, a placement, ``toy``, ``toy_normalized``) -> the first layer where it is inf or NaN,
        for the curves that overflowed (the plot and depth.csv say so; their values stop there)."""
        layers = {"none": self.none.overflow_layer, **{p: run.overflow_layer for p, run in self.runs.items()},
                  "toy": first_nonfinite(self.toy), "toy_normalized": first_nonfinite(self.toy_normalized)}
        return {name: layer for name, layer in layers.items() if layer is not None}


def depth_profile(x: np.ndarray, spec: BlockSpec, layers: int, seed: int, ffn_mult: int,
                  toy_a: float, toy_b: float, toy_v0: float, placements=("pre", "post"), *,
                  init: str = "fan_in", ln_scaling: bool = False, streamed: bool = False,
                  steps: Steps | None = None, batched: bool | None = None) -> DepthProfile:
    """Run the same input through a no-norm stack and one stack per placement, on the same weights
    (DeepNorm's own β-scaled ones aside). Pre-Norm and Post-Norm are always among them. The no-norm
    stack holds no norm at all, QK-Norm included: it is the baseline every normalization is measured
    against, so the QK-Norm setting leaves it as it is.

    ``streamed`` and ``steps`` as in ``run_stack`` (``depth_steps`` of them in all). ``batched`` runs the
    stacks together (``run_stacks``); by default only small ones, never streamed ones: batching saves NumPy
    calls, which only matters where a call's overhead outweighs its arithmetic, and holds every stack's
    activations at once."""
    ordered = [p for p in STACK_PLACEMENTS if p in {"pre", "post", *placements}]
    specs = {p: dataclasses.replace(spec, placement=p) for p in ordered}
    specs["none"] = dataclasses.replace(spec, norm="none", placement="pre", qk_norm=False)
    if batched is None:
        batched = not streamed and x.shape[0] * max(x.shape[1], ffn_hidden(x.shape[1], ffn_mult, init)) <= BATCH_ELEMENTS
    groups: dict[tuple, list[str]] = {}
    for name, stack in specs.items():
        # Stacks batch when their sublayers are the same: DeepNorm's weights are its own, QK-Norm changes the attention.
        groups.setdefault((stack.placement == "deepnorm", stack.qk_norm) if batched else name, []).append(name)
    runs = {}
    for names in groups.values():
        runs.update(zip(names, run_stacks(x, [specs[n] for n in names], layers, seed, ffn_mult,
                                          with_grad=[n != "none" for n in names],
                                          ln_scaling=[ln_scaling and n != "none" for n in names], init=init,
                                          streamed=streamed, steps=steps)))
    return DepthProfile(
        none=runs.pop("none"),
        runs=MappingProxyType({p: runs[p] for p in ordered}),
        toy=toy_explosion(toy_a, toy_b, toy_v0, layers),
        toy_normalized=toy_explosion(toy_a, toy_b, toy_v0, layers, normalize=True),
    )


def depth_steps(layers: int, placements) -> int:
    """The steps ``depth_profile`` counts: forward and backward of each placement's stack, the no-norm forward."""
    return layers * (2 * len({"pre", "post", *placements}) + 1)


@functools.lru_cache(maxsize=64)  # it depends on the toy's settings only, not on the edited matrix
def toy_explosion(a: float = 1.5, b: float = 0.5, v0: float = 1.0, layers: int = 10,
                  *, normalize: bool = False) -> np.ndarray:
    """Seed 000 fig. 5-3: v ← a·v + b per layer; 1.0 becomes 114.33 after 10 layers.

    With ``normalize`` each layer's output goes through RMSNorm (of the one-element vector), which
    pulls it back to magnitude 1 at every layer: the stable curve. The array is read-only (shared).
    """
    values = np.empty(layers + 1)
    values[0] = v = v0
    with np.errstate(over="ignore", invalid="ignore"):
        for layer in range(1, layers + 1):
            v = a * v + b
            if normalize:
                v = float(rms_norm(np.array([v]), eps=1e-5)[0])
            values[layer] = v
    values.setflags(write=False)
    return values
