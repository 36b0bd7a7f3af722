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
