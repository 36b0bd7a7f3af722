"""compute(scenario) -> Result: everything any view shows, as a pure function of the Scenario."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

import numpy as np

from engine.block import BlockSpec, block_with_grad
from engine.depth import DepthProfile, depth_profile
from engine.norms import batch_norm, layer_norm, rms_norm
from engine.scenario import Scenario
from engine.stats import AxisStats, axis_stats
from engine.weights import layer_weights

#: The stack simulation keeps every layer's weights alive for the backward pass; above this it is
#: skipped with a message instead of exhausting memory (d = 4096 costs about 800 MB per layer).
STACK_WEIGHT_LIMIT_BYTES = 4 << 30


@dataclass(frozen=True, eq=False)
class NormOutput:
    """The chosen norm applied to the whole input matrix."""

    normalized: np.ndarray
    row_stats: AxisStats
    col_stats: AxisStats
    running_mean: np.ndarray | None = None
    running_var: np.ndarray | None = None
    message: str | None = None


@dataclass(frozen=True, eq=False)
class Result:
    """Everything the views draw. ``stages`` and ``depth`` cover the first ``stack_tokens`` tokens."""

    scenario: Scenario
    norm: NormOutput
    stages: Mapping[str, np.ndarray]
    depth: DepthProfile | None
    messages: tuple[str, ...] = ()

    def __eq__(self, other) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return values_equal(self, other)

    __hash__ = None


def values_equal(a, b) -> bool:
    """Deep equality over arrays, dataclasses, mappings and sequences (NaNs compare equal)."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and np.array_equal(a, b, equal_nan=True)
    if isinstance(a, Scenario):
        return a == b
    if dataclasses.is_dataclass(a):
        return type(a) is type(b) and all(
            values_equal(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
        )
    if isinstance(a, Mapping):
        return isinstance(b, Mapping) and a.keys() == b.keys() and all(values_equal(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return isinstance(b, (tuple, list)) and len(a) == len(b) and all(map(values_equal, a, b))
    return a == b


def apply_norm(s: Scenario) -> NormOutput:
    """The scenario's norm with its γ/β over the whole matrix (LN/RMS per row, BN per column)."""
    x = s.matrix
    running_mean = running_var = message = None
    if s.norm == "layer":
        y = layer_norm(x, s.gamma, s.beta, s.eps)
    elif s.norm == "rms":
        y = rms_norm(x, s.gamma, s.eps)
    elif s.norm == "batch":
        training = s.bn_training
        if training and s.tokens < 2:
            training = False
            message = ("BatchNorm can't normalize a single token in training mode (its batch variance is 0); "
                       "showing eval mode, which uses the running statistics.")
        y, running_mean, running_var = batch_norm(
            x, s.gamma, s.beta, s.eps, training=training, momentum=s.bn_momentum
        )
    else:
        y = x
    for a in (y, running_mean, running_var):
        if a is not None:
            a.setflags(write=False)
    return NormOutput(y, axis_stats(x, y, axis=1), axis_stats(x, y, axis=0), running_mean, running_var, message)


def block_spec(s: Scenario) -> BlockSpec:
    return BlockSpec(
        norm=s.norm, placement=s.placement, gamma=s.gamma, beta=s.beta, eps=s.eps, heads=s.heads,
        causal=s.causal, activation=s.activation, bn_training=s.bn_training,
    )


def stack_input(s: Scenario) -> np.ndarray:
    """The tokens the block and depth simulations run on (the first ``stack_tokens``)."""
    return s.matrix[: s.stack_tokens]


def block_stages(s: Scenario) -> Mapping[str, np.ndarray]:
    """Every intermediate matrix of one block (layer 0's weights) for the chosen placement."""
    w = layer_weights(s.seed, 0, s.dims, s.ffn_mult * s.dims, s.activation == "swiglu", s.dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        stages, _ = block_with_grad(stack_input(s), w, block_spec(s))
    return MappingProxyType(stages)


def stack_weight_bytes(s: Scenario) -> int:
    matrices_per_d2 = 4 + (3 if s.activation == "swiglu" else 2) * s.ffn_mult
    return s.layers * matrices_per_d2 * s.dims**2 * np.dtype(s.dtype).itemsize


def depth(s: Scenario) -> tuple[DepthProfile | None, str | None]:
    """The depth curves and gradient norms, or None and the reason they were skipped."""
    needed = stack_weight_bytes(s)
    if needed > STACK_WEIGHT_LIMIT_BYTES:
        return None, (f"Depth simulation skipped: {s.layers} layers at d = {s.dims} need "
                      f"{needed / 2**30:.1f} GiB of weights (limit {STACK_WEIGHT_LIMIT_BYTES / 2**30:.0f} GiB).")
    profile = depth_profile(stack_input(s), block_spec(s), s.layers, s.seed, s.ffn_mult,
                            s.toy_a, s.toy_b, s.toy_v0)
    return profile, None


def compute(s: Scenario) -> Result:
    """Everything the views need for ``s``; equal scenarios give equal results."""
    norm = apply_norm(s)
    profile, depth_message = depth(s)
    messages = tuple(m for m in (norm.message, depth_message) if m)
    return Result(s, norm, block_stages(s), profile, messages)
