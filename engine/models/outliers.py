"""Outlier dimensions ("massive activations", Sun et al. 2024; "BERT busters", Kovaleva et al. 2021):
dimensions whose |x| stands far above the rest of a layer's values."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: A value counts as an outlier beyond this many standard deviations of its layer's values.
SIGMAS = 4.0


@dataclass(frozen=True)
class Outlier:
    layer: int
    dim: int
    token: int  # the token where |x| is largest in this dimension
    value: float  # the signed value there


def outlier_strip(stack: np.ndarray) -> np.ndarray:
    """max |x| over tokens, per layer and dimension: (L, d) from a (L, T, d) stack of states."""
    return np.abs(stack).max(axis=1)


def outlier_dims(stack: np.ndarray, sigmas: float = SIGMAS) -> list[Outlier]:
    """Every (layer, dimension) of ``stack`` (L, T, d) whose max |x| lies beyond ``sigmas`` standard
    deviations of that layer's values from their mean, largest first within a layer."""
    found = []
    for layer, state in enumerate(stack.astype(np.float64)):
        mean, std = state.mean(), state.std()
        strip = np.abs(state - mean).max(axis=0)
        for dim in np.flatnonzero(strip > sigmas * std)[np.argsort(-strip[strip > sigmas * std])]:
            token = int(np.abs(state[:, dim] - mean).argmax())
            found.append(Outlier(layer, int(dim), token, float(state[token, dim])))
    return found


@dataclass(frozen=True, eq=False)
class OutlierStrip:
    """What the massive-activation strip shows of a stack of states (L + 1, T, d)."""

    strip: np.ndarray  # (L + 1, d) max |x| over the tokens, float64
    token: np.ndarray  # (L + 1, d) the token where that max is reached
    #: Per outlier dimension, the state where it is largest; the largest |x| first.
    outliers: tuple[Outlier, ...]
    #: Every (state, dimension) beyond SIGMAS of its state.
    outlying: frozenset[tuple[int, int]]


def outlier_summary(stack: np.ndarray, sigmas: float = SIGMAS) -> OutlierStrip:
    """The OutlierStrip of ``stack`` (L + 1, T, d)."""
    found = outlier_dims(stack, sigmas)
    largest: dict[int, Outlier] = {}
    for outlier in found:
        best = largest.get(outlier.dim)
        if best is None or abs(outlier.value) > abs(best.value):
            largest[outlier.dim] = outlier
    return OutlierStrip(outlier_strip(stack).astype(np.float64), np.abs(stack).argmax(axis=1),
                        tuple(sorted(largest.values(), key=lambda o: -abs(o.value))),
                        frozenset((o.layer, o.dim) for o in found))
