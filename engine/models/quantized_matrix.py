"""A GGUF matrix kept as its quantized blocks in the memory map: rows made when looked up, products
taken slab by slab.

Gemma 3's token embedding is 262,144 × 640 (Q8_0, 178 MB in the file): as float32 it would be 671 MB of
fresh memory, 63 % of the model, which this machine's kernel takes 1–5 s of system time to hand out. A
run needs only its T rows of it, and the logits ``x @ E.T``, which are made here from slabs
dequantized one at a time (~0.4 s of CPU for Gemma's, every run; the same numbers as dequantizing
the whole matrix, since each output is the same dot product).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

#: Float32 bytes dequantized at a time. The ``gguf`` package's ``dequantize`` runs its formulas on groups
#: of 16 rows from a Python loop (Gemma's 262,144-row embedding took ~4 s of CPU that way); its per-type
#: ``dequantize_rows`` on slabs gives the same numbers ~10× faster. Small slabs keep its temporaries in
#: memory malloc reuses: with 8 MB slabs they were handed back to the kernel and faulted in again each
#: time (Gemma's first run: 304,000 page faults, 1.4–2.9 s of system time; 256 kB: 89,000, 0.5–0.95 s;
#: a later run's logits 0.69–0.95 s against 0.43 s).
SLAB_BYTES = 256 << 10


def rows_dequantizer(kind: int) -> Callable[[np.ndarray], np.ndarray]:
    """A function from rows of GGML type ``kind``'s bytes (uint8, (n, bytes per row)) to float32 (n, columns),
    as ``gguf.quants.dequantize`` computes them."""
    import gguf.quants
    from gguf.constants import GGMLQuantizationType

    qtype = GGMLQuantizationType(kind)
    quant = getattr(gguf.quants, qtype.name, None)
    if quant is not None and hasattr(quant, "dequantize_rows"):
        quant.init_grid()  # the IQ types' lookup tables; nothing for the others
        return quant.dequantize_rows
    return functools.partial(gguf.quants.dequantize, qtype=qtype)  # F32, F16, BF16


def dequantize_slabs(raw: np.ndarray, kind: int, columns: int, out: np.ndarray | None = None) -> np.ndarray:
    """The float32 (rows, columns) values of ``raw`` ((rows, bytes per row) of type ``kind``), slab by slab."""
    rows_of = rows_dequantizer(kind)
    out = np.empty((raw.shape[0], columns), dtype=np.float32) if out is None else out
    step = max(1, SLAB_BYTES // (4 * columns))
    for row in range(0, raw.shape[0], step):
        out[row:row + step] = rows_of(raw[row:row + step])
    return out


class QuantizedMatrix:
    """A (rows, columns) float32 matrix read from quantized ``raw`` bytes on demand: ``m[ids]`` makes those
    rows, ``x @ m.T`` the product, and ``np.asarray(m)`` the whole matrix (slow; nothing in a run asks)."""

    #: NumPy hands ``x @ m.T`` to ``__rmatmul__`` instead of converting the operand whole.
    __array_ufunc__ = None
    dtype = np.dtype(np.float32)
    ndim = 2

    def __init__(self, raw: np.ndarray, kind: int, columns: int):
        self.raw, self.kind = raw, kind
        self.shape = (raw.shape[0], columns)

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, rows) -> np.ndarray:
        picked = self.raw[rows]
        return rows_dequantizer(self.kind)(picked.reshape(-1, self.raw.shape[1])).reshape(
            picked.shape[:-1] + (self.shape[1],))

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        values = dequantize_slabs(self.raw, self.kind, self.shape[1])
        return values if dtype is None else values.astype(dtype)

    @property
    def T(self) -> "_Transposed":  # noqa: N802 (NumPy's name)
        return _Transposed(self)

    def times_transposed(self, x: np.ndarray) -> np.ndarray:
        """``x @ self.T`` for float32 ``x`` (..., columns), one slab of rows at a time."""
        x = np.asarray(x, dtype=np.float32)
        out = np.empty(x.shape[:-1] + (self.shape[0],), dtype=np.float32)
        rows_of = rows_dequantizer(self.kind)
        step = max(1, SLAB_BYTES // (4 * self.shape[1]))
        for row in range(0, self.shape[0], step):
            out[..., row:row + step] = x @ rows_of(self.raw[row:row + step]).T
        return out


class _Transposed:
    __array_ufunc__ = None

    def __init__(self, matrix: QuantizedMatrix):
        self.matrix = matrix
        self.shape = matrix.shape[::-1]

    def __rmatmul__(self, x: np.ndarray) -> np.ndarray:
        return self.matrix.times_transposed(x)
