"""Which core type's kernels NumPy's bundled OpenBLAS runs: the last bits of a matrix product depend on it
(``OPENBLAS_CORETYPE=Haswell`` and the SkylakeX kernels it would pick itself round differently), so stored
numbers that are checked bit for bit name the kernel that made them."""

from __future__ import annotations

import ctypes
import functools
import glob
import os

import numpy as np

_NAMES = ("scipy_openblas_get_corename64_", "scipy_openblas_get_corename", "openblas_get_corename64_",
          "openblas_get_corename")


@functools.cache  # fixed for the process: OpenBLAS picks its kernels when it loads
def blas_kernel() -> str:
    """OpenBLAS's name for the kernels in use (``SkylakeX``, ``Haswell``, …), or ``unknown``."""
    for path in glob.glob(os.path.join(os.path.dirname(np.__file__), os.pardir, "numpy.libs", "lib*openblas*")):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in _NAMES:
            function = getattr(lib, name, None)
            if function is not None:
                function.restype = ctypes.c_char_p
                return function().decode()
    return "unknown"
