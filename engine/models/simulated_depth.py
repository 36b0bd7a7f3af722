"""The simulated stacks beside a real model's depth: Pre-Norm and Post-Norm blocks with random weights at
initialization, as deep and as wide as the model, run on the model's own embedding output.

They are the Plots tab's stacks (engine.core.depth.run_stack) at the model's size: what the seed articles predict
before training, to hold against what the trained model really does.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.core.block import BlockSpec
from engine.core.depth import run_stack

#: The simulated blocks' FFN: the Plots tab's default width and a plain GELU (a gated FFN would draw a third
#: d × 4d matrix per layer, 50 % more weights, for a reference curve).
FFN_MULT = 4
ACTIVATION = "gelu"
SEED = 0


def simulated_depth(x: np.ndarray, norm: str, layers: int, heads: int = 1) -> dict[str, np.ndarray]:
    """RMS per state (``layers`` + 1 values, 0 = ``x``) of a Pre-Norm and a Post-Norm stack of ``norm``
    (``"layer"`` or ``"rms"``) blocks on ``x`` (T, d), keyed ``"pre"`` and ``"post"``."""
    x = np.asarray(x, dtype=np.float32)
    heads = heads if x.shape[1] % heads == 0 else 1
    spec = BlockSpec(norm=norm, heads=heads, activation=ACTIVATION)
    return {placement: run_stack(x, replace(spec, placement=placement), layers, SEED, FFN_MULT, with_grad=False).rms
            for placement in ("pre", "post")}
