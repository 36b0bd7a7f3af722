"""Stacks of blocks: how the hidden state and the gradients behave with depth; the seed's toy explosion."""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass

import numpy as np

from engine.block import BlockSpec, block_with_grad, norm_with_grad, weight_gradients_norm
from engine.norms import rms_norm
from engine.weights import layer_weights


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


def _rms(x: np.ndarray) -> float:
    # np.sqrt(np.mean(x²)) in float64, without np.mean's Python-level overhead (~40 calls an edit)
    return math.sqrt(np.add.reduce(np.square(x, dtype=np.float64), axis=None) / x.size)


def _max_abs(x: np.ndarray) -> float:
    return float(np.maximum.reduce(np.abs(x), axis=None))


@functools.lru_cache(maxsize=16)
def loss_target(seed: int, shape: tuple[int, int], dtype) -> np.ndarray:
    """The fixed random R of the scalar loss L = mean(output ⊙ R) (read-only: it is shared)."""
    target = np.random.default_rng([seed, 1 << 32]).standard_normal(shape).astype(dtype)
    target.setflags(write=False)
    return target


def run_stack(
    x: np.ndarray, spec: BlockSpec, layers: int, seed: int, ffn_mult: int, *, with_grad: bool
) -> StackRun:
    """Run ``layers`` blocks with seeded weights; optionally backpropagate L = mean(out ⊙ R).

    Pre-Norm stacks end with one more norm before the output, as GPT-2 does; Post-Norm stacks
    already end with one.
    """
    t, d = x.shape
    gated = spec.activation == "swiglu"
    with np.errstate(over="ignore", invalid="ignore"):  # overflow gives inf, reported by Result.overflowed
        rms, max_abs, backwards = [_rms(x)], [_max_abs(x)], []
        h = x
        for layer in range(layers):
            w = layer_weights(seed, layer, d, ffn_mult * d, gated, x.dtype.name)
            stages, backward = block_with_grad(h, w, spec)
            h = stages[next(reversed(stages))]
            rms.append(_rms(h))
            max_abs.append(_max_abs(h))
            backwards.append(backward)
        if not with_grad:
            return StackRun(np.array(rms), np.array(max_abs))
        out, final_back = norm_with_grad(spec, h) if spec.placement == "pre" else (h, lambda dy: dy)
        dh = final_back(loss_target(seed, out.shape, x.dtype) / out.size)
        weight_grad, input_grad = np.empty(layers), np.empty(layers)
        for layer in reversed(range(layers)):
            dh, grads = backwards[layer](dh)
            weight_grad[layer] = weight_gradients_norm(grads)
            input_grad[layer] = math.sqrt(np.add.reduce(np.square(dh, dtype=np.float64), axis=None))
    return StackRun(np.array(rms), np.array(max_abs), weight_grad, input_grad)


@dataclass(frozen=True)
class DepthProfile:
    """The depth plot's curves: no norm, Pre-Norm and Post-Norm stacks, and the seed's toy."""

    none: StackRun
    pre: StackRun
    post: StackRun
    toy: np.ndarray
    toy_normalized: np.ndarray


def depth_profile(x: np.ndarray, spec: BlockSpec, layers: int, seed: int, ffn_mult: int,
                  toy_a: float, toy_b: float, toy_v0: float) -> DepthProfile:
    """Run the same input through no-norm, Pre-Norm and Post-Norm stacks of the same weights."""
    return DepthProfile(
        none=run_stack(x, dataclasses.replace(spec, norm="none", placement="pre"), layers, seed, ffn_mult,
                       with_grad=False),
        pre=run_stack(x, dataclasses.replace(spec, placement="pre"), layers, seed, ffn_mult, with_grad=True),
        post=run_stack(x, dataclasses.replace(spec, placement="post"), layers, seed, ffn_mult, with_grad=True),
        toy=toy_explosion(toy_a, toy_b, toy_v0, layers),
        toy_normalized=toy_explosion(toy_a, toy_b, toy_v0, layers, normalize=True),
    )


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
