"""Generate ``unbatched_depth_reference.npz``: the depth plot's stacks as the code before batching them
(commit 402a3c3, each stack run alone) gave them, checked bit for bit by ``tests/test_batched_stacks.py``:
running the stacks together must not move a single bit.

Generated from a checkout of that commit, with one BLAS thread::

    git archive 402a3c3 | tar -x -C /tmp/unbatched
    OPENBLAS_NUM_THREADS=1 .venv/bin/python tests/reference/make_unbatched_depth_reference.py /tmp/unbatched

It was made with OpenBLAS's SkylakeX kernels (``REFERENCE_KERNEL``): on other kernels (``OPENBLAS_CORETYPE=Haswell``)
the same code's products round differently in their last bits, so the check is bit for bit only on these.

Layout: ``{case}/{stack}/{field}`` with ``case`` an index into ``CASES`` (stored as ``cases``, one row of
tokens, d, heads, layers, norm, activation, QK-Norm, LayerNorm scaling, causal, dtype each), ``stack`` ``none``
or a placement, ``field`` one of rms, max_abs, weight_grad, input_grad, max_logit (the no-norm stack has no
gradients). The input is ``standard_normal((t, d)) · 3`` from ``default_rng(t · d)``, seed 7, ffn_mult 4.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

CASES = [
    (6, 4, 1, 5, "layer", "relu", False, False, False, "float64"),
    (6, 4, 2, 5, "rms", "swiglu", True, True, True, "float32"),
    (6, 4, 1, 5, "batch", "gelu", False, False, False, "float64"),
    (1, 4, 1, 5, "batch", "relu", False, False, False, "float32"),
    (5, 8, 2, 5, "dyt", "relu", True, False, True, "float64"),
    (6, 4, 1, 5, "none", "relu", False, True, False, "float64"),
    (8, 512, 8, 2, "layer", "swiglu", False, True, True, "float32"),
    (7, 512, 4, 2, "rms", "relu", True, False, False, "float64"),
]
PLACEMENTS = ("pre", "post", "peri", "deepnorm", "mixln")
#: The OpenBLAS kernels (``engine.core.blas_kernel.blas_kernel()``) the stored numbers were made with.
REFERENCE_KERNEL = "SkylakeX"


def reference_input(t: int, d: int, dtype: str) -> np.ndarray:
    return (np.random.default_rng(t * d).standard_normal((t, d)) * 3).astype(dtype)


def main(root: str) -> None:
    sys.path.insert(0, root)
    from engine.core.block import BlockSpec
    from engine.core.depth import depth_profile

    out = {"cases": np.array([list(map(str, c)) for c in CASES])}
    for i, (t, d, heads, layers, norm, act, qk, ln, causal, dtype) in enumerate(CASES):
        spec = BlockSpec(norm=norm, heads=heads, activation=act, qk_norm=qk, causal=causal)
        p = depth_profile(reference_input(t, d, dtype), spec, layers, 7, 4, 1.5, 0.5, 1.0, PLACEMENTS, ln_scaling=ln)
        for name, run in {"none": p.none, **p.runs}.items():
            for field in ("rms", "max_abs", "weight_grad", "input_grad", "max_logit"):
                if getattr(run, field) is not None:
                    out[f"{i}/{name}/{field}"] = getattr(run, field)
    np.savez_compressed(Path(__file__).with_name("unbatched_depth_reference.npz"), **out)


if __name__ == "__main__":
    main(sys.argv[1])
