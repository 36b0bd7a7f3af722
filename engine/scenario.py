"""Scenario: every input of a NormScope computation, as one immutable value."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

from engine.activations import ACTIVATIONS
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.weights import INITS

NORM_KINDS = ("layer", "rms", "batch", "dyt", "none")
PLACEMENTS = ("pre", "post", "peri", "deepnorm", "mixln")
DTYPES = ("float32", "float64")


def _frozen_array(values, dtype, ndim: int, name: str) -> np.ndarray:
    shared = isinstance(values, np.ndarray) and not values.flags.writeable and values.dtype == dtype
    # An array frozen by an earlier Scenario was checked then: replace() shares it, no 32 MB copy.
    if shared:
        a = values
    else:
        with np.errstate(over="ignore"):  # 1e39 becomes inf in float32 and is refused just below
            a = np.array(values, dtype=dtype)
    if a.ndim != ndim:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be {ndim}-D, got shape {shape}"),
                      name=name, ndim=ndim, shape=a.shape)
    if not shared:
        if not np.all(np.isfinite(a)):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} holds a value that is not a finite number in {dtype}"),
                          name=name, dtype=np.dtype(dtype).name)
        a.setflags(write=False)
    return a


@dataclass(frozen=True, eq=False)
class Scenario:
    """The token matrix, γ/β and every setting; replaced, never mutated.

    Arrays are stored as read-only copies in ``dtype``. Two scenarios with equal fields compare
    equal, so ``compute`` of equal scenarios gives equal results.
    """

    matrix: np.ndarray
    labels: tuple[str, ...] = ()
    gamma: np.ndarray | None = None
    beta: np.ndarray | None = None
    norm: str = "layer"
    eps: float = 1e-5
    placement: str = "pre"
    layers: int = 10
    seed: int = 0
    heads: int = 1
    causal: bool = False
    activation: str = "relu"
    ffn_mult: int = 4
    bn_training: bool = True
    bn_momentum: float = 0.1
    toy_a: float = 1.5
    toy_b: float = 0.5
    toy_v0: float = 1.0
    dyt_alpha: float = 0.5
    qk_norm: bool = False
    ln_scaling: bool = False
    init: str = "fan_in"
    stack_tokens: int = 32
    dtype: str = "float32"
    name: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.dtype not in DTYPES:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "dtype must be one of {choices}; got {value}"),
                          choices=", ".join(DTYPES), value=repr(self.dtype))
        matrix = _frozen_array(self.matrix, self.dtype, 2, "matrix")
        t, d = matrix.shape
        if t < 1 or d < 1:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "the matrix needs at least one token and one dimension, "
                                                     "got {tokens} × {dims}"), tokens=t, dims=d)
        labels = tuple(str(s) for s in self.labels) or tuple(f"t{i + 1}" for i in range(t))
        if len(labels) != t:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{count} token labels for {rows} rows"),
                          count=len(labels), rows=t)
        gamma = np.ones(d) if self.gamma is None else self.gamma
        beta = np.zeros(d) if self.beta is None else self.beta
        gamma = _frozen_array(gamma, self.dtype, 1, "gamma")
        beta = _frozen_array(beta, self.dtype, 1, "beta")
        for name, v in (("gamma", gamma), ("beta", beta)):
            if v.shape != (d,):
                raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} has {count} values for {dims} dimensions"),
                              name=name, count=v.shape[0], dims=d)
        self._check_choice("norm", self.norm, NORM_KINDS)
        self._check_choice("placement", self.placement, PLACEMENTS)
        self._check_choice("activation", self.activation, ACTIVATIONS)
        self._check_choice("init", self.init, INITS)
        if not (np.isfinite(self.dyt_alpha) and 0 < self.dyt_alpha <= 100):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "DyT's α must lie in (0, 100], got {value}"),
                          value=self.dyt_alpha)
        if not (np.isfinite(self.eps) and self.eps >= 0):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "eps must be a finite number ≥ 0, got {value}"), value=self.eps)
        if self.layers < 1:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "layers must be at least 1, got {value}"), value=self.layers)
        if self.seed < 0:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "seed must be ≥ 0, got {value}"), value=self.seed)
        if self.heads < 1 or d % self.heads:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{heads} heads do not divide d = {dims}"), heads=self.heads, dims=d)
        if self.stack_tokens < 1:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "stack_tokens must be at least 1, got {value}"),
                          value=self.stack_tokens)
        if self.ffn_mult < 1:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "ffn_mult must be at least 1, got {value}"), value=self.ffn_mult)
        if not 0 <= self.bn_momentum <= 1:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "bn_momentum must lie in [0, 1], got {value}"),
                          value=self.bn_momentum)
        for name, value in (("matrix", matrix), ("labels", labels), ("gamma", gamma), ("beta", beta)):
            object.__setattr__(self, name, value)

    @staticmethod
    def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
        if value not in choices:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be one of {choices}; got {value}"),
                          name=name, choices=", ".join(choices), value=repr(value))

    @property
    def tokens(self) -> int:
        return self.matrix.shape[0]

    @property
    def dims(self) -> int:
        return self.matrix.shape[1]

    def replace(self, **changes) -> "Scenario":
        """A new Scenario with ``changes`` applied (the original is untouched)."""
        return dataclasses.replace(self, **changes)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Scenario):
            return NotImplemented
        for f in dataclasses.fields(self):
            if not f.compare:
                continue
            a, b = getattr(self, f.name), getattr(other, f.name)
            if a is b:
                continue  # replace() shares unchanged arrays: skip comparing 8 M values
            if isinstance(a, np.ndarray):
                if not np.array_equal(a, b):
                    return False
            elif a != b:
                return False
        return True

    __hash__ = None
