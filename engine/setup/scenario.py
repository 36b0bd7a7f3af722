"""Scenario: every input of a NormScope computation, as one immutable value."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from engine.setup.limits import (DTYPES, MAX_CELLS, MAX_DIMS, MAX_LABEL_LENGTH, MAX_TOKENS, NORM_KINDS,  # noqa: F401
                           PLACEMENTS, SETTINGS, check_setting)
from engine.problem import QT_TRANSLATE_NOOP, Problem


def _frozen_array(values, dtype, ndim: int, name: str) -> np.ndarray:
    shared = isinstance(values, np.ndarray) and not values.flags.writeable and values.dtype == dtype
    # An array frozen by an earlier Scenario was checked then: replace() shares it, no 32 MB copy.
    if shared:
        a = values
    else:
        if isinstance(values, np.ndarray):
            _check_cells(name, values.shape)  # before the copy: a refused matrix costs no memory
            if values.dtype.kind not in "biuf":
                raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must hold real numbers, not {kind}"),
                              name=name, kind=values.dtype.name)
        try:
            with np.errstate(over="ignore"):  # 1e39 becomes inf in float32 and is refused just below
                a = np.array(values, dtype=dtype)
        except (TypeError, ValueError, OverflowError, RecursionError):
            # Text, None, ragged rows, an integer beyond float64, nesting too deep for NumPy.
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be a table of numbers of equal-length rows"),
                          name=name) from None
    if a.ndim != ndim:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be {ndim}-D, got shape {shape}"),
                      name=name, ndim=ndim, shape=a.shape)
    if not shared:
        _check_cells(name, a.shape)
        if not np.all(np.isfinite(a)):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} holds a value that is not a finite number in {dtype}"),
                          name=name, dtype=np.dtype(dtype).name)
        a.setflags(write=False)
    return a


# The labels tuple checked last (tuples of str are immutable, so it stays valid).
_last_checked_labels: list[tuple[str, ...] | None] = [None]


def _check_cells(name: str, shape: tuple[int, ...]) -> None:
    cells = int(np.prod(shape, dtype=object))  # object: a claimed 10**6 × 10**6 × 10**6 must not wrap
    if cells > MAX_CELLS:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} has {cells} values; at most {limit} are supported"),
                      name=name, cells=cells, limit=MAX_CELLS)


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
        # Settings first: a wrong dtype must not be used to convert the arrays.
        for name in SETTINGS:
            object.__setattr__(self, name, check_setting(name, getattr(self, name)))
        matrix = _frozen_array(self.matrix, self.dtype, 2, "matrix")
        t, d = matrix.shape
        if t < 1 or d < 1:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "the matrix needs at least one token and one dimension, "
                                                     "got {tokens} × {dims}"), tokens=t, dims=d)
        if t > MAX_TOKENS or d > MAX_DIMS:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "the matrix is {tokens} × {dims}; at most {max_tokens} tokens "
                                                     "and {max_dims} dimensions are supported"),
                          tokens=t, dims=d, max_tokens=MAX_TOKENS, max_dims=MAX_DIMS)
        labels = self._checked_labels(t)
        gamma = np.ones(d) if self.gamma is None else self.gamma
        beta = np.zeros(d) if self.beta is None else self.beta
        gamma = _frozen_array(gamma, self.dtype, 1, "gamma")
        beta = _frozen_array(beta, self.dtype, 1, "beta")
        for name, v in (("gamma", gamma), ("beta", beta)):
            if v.shape != (d,):
                raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} has {count} values for {dims} dimensions"),
                              name=name, count=v.shape[0], dims=d)
        if d % self.heads:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{heads} heads do not divide d = {dims}"), heads=self.heads, dims=d)
        for name, value in (("matrix", matrix), ("labels", labels), ("gamma", gamma), ("beta", beta)):
            object.__setattr__(self, name, value)

    def _checked_labels(self, rows: int) -> tuple[str, ...]:
        labels = self.labels
        if labels is _last_checked_labels[0] and len(labels) == rows:
            return labels  # replace() hands on the checked tuple: 2048 labels cost 0.5 ms to check again
        if not isinstance(labels, (tuple, list, np.ndarray)) or not all(isinstance(s, str) for s in labels):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "labels must be a list of texts"))
        labels = tuple(map(str, labels)) or tuple(f"t{i + 1}" for i in range(rows))  # str: NumPy's str_ too
        if len(labels) != rows:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{count} token labels for {rows} rows"),
                          count=len(labels), rows=rows)
        longest = max(map(len, labels))
        if longest > MAX_LABEL_LENGTH:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "a token label has {length} characters; at most {limit} "
                                                     "are supported"), length=longest, limit=MAX_LABEL_LENGTH)
        _last_checked_labels[0] = labels
        return labels

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
        return next(self.differing_fields(other), None) is None

    def differing_fields(self, other: "Scenario") -> Iterator[str]:
        """The names of the fields compared whose values differ from ``other``'s, in field order, one at
        a time (``==`` stops at the first); ``name`` is a title, not a setting: never compared."""
        for f in dataclasses.fields(self):
            if not f.compare:
                continue
            a, b = getattr(self, f.name), getattr(other, f.name)
            if a is b:
                continue  # replace() shares unchanged arrays: skip comparing 8 M values
            if not (np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b):
                yield f.name

    __hash__ = None
