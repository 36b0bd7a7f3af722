"""A block's weights drawn while they are applied, never held whole: depth at the widths of real models.

One layer at d = 4096 holds 0.8 GiB of float32 weights, at d = 8192 3.2 GiB. A ``StreamedMatrix``
stands where ``LayerWeights`` holds an array: ``x @ W`` and ``dy @ W.T`` draw W from the layer's
own stream, a slab of rows at a time, apply it and drop it; the backward pass draws it again. The
numbers are those of ``engine.core.weights.layer_weights`` (the same stream, drawn in float64, scaled and
rounded the same way). While a matrix fits in one slab its products are the very same BLAS calls
on the same values as with the cached weights: bit-identical. Wider matrices (d = 8192, or
float64 at d = 4096) sum ``x @ W`` over slabs of W's rows, which agrees to float rounding.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np

from engine.core.weights import LayerWeights, draw_rows, skip_values

#: The largest slab of a matrix held at once: every float32 matrix at d = 4096 is one slab.
SLAB_BYTES = 256 << 20


class _LayerStream:
    """The layer's generator and the state it has at the start of each matrix, learnt as it is drawn."""

    def __init__(self, seed: int, layer: int, shapes: list[tuple[int, int]], poll: Callable[[], None] | None):
        self._rng = np.random.default_rng([seed, layer])
        self.poll = poll or (lambda: None)
        self._shapes = shapes
        self._starts: dict[int, dict] = {0: self._rng.bit_generator.state}

    def start(self, index: int) -> np.random.Generator:
        """The generator positioned at the first value of matrix ``index`` (drawing through earlier ones once)."""
        known = max(i for i in self._starts if i <= index)
        self._rng.bit_generator.state = self._starts[known]
        for skipped in range(known, index):
            skip_values(self._rng, math.prod(self._shapes[skipped]))
            self._starts[skipped + 1] = self._rng.bit_generator.state
        return self._rng

    def learn(self, index: int) -> None:
        """Matrix ``index`` was drawn to its end: the generator is at the start of the next one."""
        if index + 1 < len(self._shapes):
            self._starts.setdefault(index + 1, self._rng.bit_generator.state)


def _slabs(rng: np.random.Generator, rows: int, cols: int, std: float, dtype, slab_rows: int | None):
    """Yield (first row, slab) over the matrix's rows, continuing ``rng``'s stream."""
    slab_rows = slab_rows or max(1, SLAB_BYTES // (cols * np.dtype(dtype).itemsize))
    for start in range(0, rows, slab_rows):
        yield start, draw_rows(rng, min(slab_rows, rows - start), cols, std, dtype)


class StreamedMatrix:
    """A weight matrix applied from the right (``x @ W``, ``dy @ W.T``) and drawn on every use."""

    __array_ufunc__ = None  # ndarray @ StreamedMatrix defers to __rmatmul__

    def __init__(self, stream: _LayerStream, index: int, std: float, dtype: str, transposed: bool = False,
                 slab_rows: int | None = None):
        self._stream, self._index, self._std, self._dtype = stream, index, std, np.dtype(dtype)
        self._transposed, self._slab_rows = transposed, slab_rows
        rows, cols = stream._shapes[index]
        self.shape = (cols, rows) if transposed else (rows, cols)

    @property
    def T(self) -> StreamedMatrix:
        return StreamedMatrix(self._stream, self._index, self._std, self._dtype, not self._transposed,
                              self._slab_rows)

    @property
    def nbytes(self) -> int:
        return 0  # nothing is held

    def __rmatmul__(self, x: np.ndarray) -> np.ndarray:
        rows, cols = self._stream._shapes[self._index]
        self._stream.poll()  # a cancel stops here, not a layer later (one layer at d = 8192 draws for ~10 s)
        slabs = _slabs(self._stream.start(self._index), rows, cols, self._std, self._dtype, self._slab_rows)
        out_dtype = np.result_type(x.dtype, self._dtype)
        if self._transposed:  # (x @ Wᵀ)[:, rows of a slab] = x @ slabᵀ: each output column from one slab
            out = np.empty((*x.shape[:-1], rows), out_dtype)
            for start, slab in slabs:
                out[..., start : start + slab.shape[0]] = x @ slab.T
        else:  # x @ W = Σ over slabs x[:, slab's rows] @ slab
            out = None
            for start, slab in slabs:
                part = x[..., start : start + slab.shape[0]] @ slab
                out = part if out is None else np.add(out, part, out=out)
        self._stream.learn(self._index)
        return out


def streamed_layer_weights(seed: int, layer: int, d: int, hidden: int, gated: bool, dtype: str,
                           init: str = "fan_in", branch_gain: float = 1.0,
                           slab_rows: int | None = None, poll: Callable[[], None] | None = None) -> LayerWeights:
    """``layer_weights``' matrices as StreamedMatrix (``slab_rows`` forces smaller slabs, for tests);
    ``poll`` is called before each matrix is drawn (see ``Steps.poll``)."""
    shapes = [(d, d)] * 4 + [(d, hidden), (hidden, d)] + ([(d, hidden)] if gated else [])
    down_fan = hidden if init == "fan_in" else d
    stds = [1.0 / math.sqrt(d)] * 2 + [branch_gain / math.sqrt(d)] * 3 + [branch_gain / math.sqrt(down_fan)] \
        + ([branch_gain / math.sqrt(d)] if gated else [])
    stream = _LayerStream(seed, layer, shapes, poll)
    m = [StreamedMatrix(stream, i, std, dtype, slab_rows=slab_rows) for i, std in enumerate(stds)]
    return LayerWeights(*m[:6], m[6] if gated else None)
