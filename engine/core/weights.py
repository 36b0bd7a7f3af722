"""Seeded random weights of the stacked blocks, cached so that γ/β or matrix edits reuse them."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

#: Upper bound on cached weights; d = 4096 costs 64 MiB per matrix, so only a few layers fit.
CACHE_BYTES = 1 << 30


@dataclass(frozen=True)
class LayerWeights:
    """One block's matrices, each applied as ``x @ W`` (rows are tokens)."""

    wq: np.ndarray
    wk: np.ndarray
    wv: np.ndarray
    wo: np.ndarray
    w1: np.ndarray
    w2: np.ndarray
    w3: np.ndarray | None  # SwiGLU's gate projection; None for ReLU / GELU

    def matrices(self) -> dict[str, np.ndarray]:
        names = ("wq", "wk", "wv", "wo", "w1", "w2", "w3")
        return {n: getattr(self, n) for n in names if getattr(self, n) is not None}

    @property
    def nbytes(self) -> int:
        return sum(w.nbytes for w in self.matrices().values())


_cache: OrderedDict[tuple, LayerWeights] = OrderedDict()
_cache_lock = threading.Lock()  # the UI thread and the worker both ask for weights


#: How the blocks' matrices are initialised: ``fan_in`` draws each from N(0, 1/fan_in) (so the
#: FFN's down-projection has variance 1/(4d)); ``xiong`` is the setting of Xiong et al. (2020)'s
#: analysis, an FFN as wide as the model, N(0, 1/d) everywhere; ``uniform_1_over_d`` draws every
#: matrix N(0, 1/d) with the usual 4d-wide FFN, whose branch then carries twice its input's variance.
INITS = ("fan_in", "xiong", "uniform_1_over_d")
#: Rows drawn at once: a float32 matrix is drawn in float64 a slice at a time, never as a whole
#: float64 copy (d = 4096's FFN matrices would need 512 MiB for it).
_DRAW_ELEMENTS = 1 << 20
DRAW_BUFFER_BYTES = _DRAW_ELEMENTS * 8


def ffn_hidden(d: int, ffn_mult: int, init: str) -> int:
    """The FFN's hidden width under ``init`` (Xiong et al.'s analysis uses d)."""
    return d if init == "xiong" else ffn_mult * d


def draw_rows(rng: np.random.Generator, rows: int, cols: int, std: float, dtype) -> np.ndarray:
    """The next ``rows`` × ``cols`` values of ``rng``'s stream, N(0, std²), drawn in float64 and rounded to ``dtype``."""
    w = np.empty((rows, cols), np.dtype(dtype))
    step = max(1, _DRAW_ELEMENTS // cols)
    buffer = np.empty((min(step, rows), cols))
    for start in range(0, rows, step):
        part = buffer[: min(step, rows - start)]
        rng.standard_normal(out=part)  # consecutive draws continue one stream: the same as one big draw
        part *= std
        w[start : start + part.shape[0]] = part
    return w


def skip_values(rng: np.random.Generator, count: int) -> None:
    """Advance ``rng`` past ``count`` standard normals (the ziggurat takes a varying number of bits: they are drawn)."""
    buffer = np.empty(min(count, _DRAW_ELEMENTS))
    for start in range(0, count, buffer.size):
        rng.standard_normal(out=buffer[: min(buffer.size, count - start)])


def _normal(rng: np.random.Generator, shape: tuple[int, int], fan: int, gain: float, dtype) -> np.ndarray:
    """N(0, gain²/fan) drawn in float64 and rounded to ``dtype``: float32 and float64 runs get the same network."""
    w = draw_rows(rng, *shape, gain / math.sqrt(fan), dtype)
    w.setflags(write=False)
    return w


def layer_weights(seed: int, layer: int, d: int, hidden: int, gated: bool, dtype: str,
                  init: str = "fan_in", branch_gain: float = 1.0) -> LayerWeights:
    """Weights of block ``layer`` (0-based); the same arguments always give the same matrices.

    Each layer draws from its own stream, so a deeper stack keeps the shallower layers' weights.
    ``branch_gain`` scales the value, output and FFN projections (DeepNorm's β, Wang et al. 2022);
    the query and key projections keep gain 1.
    """
    key = (seed, layer, d, hidden, gated, dtype, init, branch_gain)
    with _cache_lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    rng = np.random.default_rng([seed, layer])
    down_fan = hidden if init == "fan_in" else d
    g = branch_gain
    weights = LayerWeights(
        wq=_normal(rng, (d, d), d, 1.0, dtype),
        wk=_normal(rng, (d, d), d, 1.0, dtype),
        wv=_normal(rng, (d, d), d, g, dtype),
        wo=_normal(rng, (d, d), d, g, dtype),
        w1=_normal(rng, (d, hidden), d, g, dtype),
        w2=_normal(rng, (hidden, d), down_fan, g, dtype),
        w3=_normal(rng, (d, hidden), d, g, dtype) if gated else None,
    )
    with _cache_lock:
        _cache[key] = weights
        while sum(w.nbytes for w in _cache.values()) > CACHE_BYTES and len(_cache) > 1:
            _cache.popitem(last=False)
    return weights
