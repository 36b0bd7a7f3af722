"""Where ε = 0 makes a norm divide 0 by 0: a row with no spread under LayerNorm, a zero row under
RMSNorm, a column with no spread under BatchNorm (training). PyTorch gives NaN there (seed 001 uses
this case to explain why ε exists); the engine does the same, and this names the first such group
so that the note says why instead of calling it an overflow."""

from __future__ import annotations

import numpy as np

from engine.problem import QT_TRANSLATE_NOOP, Note
from engine.setup.scenario import Scenario

_NOTES = {
    "layer": QT_TRANSLATE_NOOP("Problem", "With ε = 0, row {group} has no spread (σ = 0): normalizing it divides 0 "
                                          "by 0, which is NaN, as in PyTorch; NaN, there and where it reaches in "
                                          "the block and the stack, is left out of the plots. ε > 0 keeps it finite."),
    "rms": QT_TRANSLATE_NOOP("Problem", "With ε = 0, row {group} is all zeros (RMS = 0): normalizing it divides 0 "
                                        "by 0, which is NaN, as in PyTorch; NaN, there and where it reaches in the "
                                        "block and the stack, is left out of the plots. ε > 0 keeps it finite."),
    "batch": QT_TRANSLATE_NOOP("Problem", "With ε = 0, column {group} has no spread (σ = 0): normalizing it divides "
                                          "0 by 0, which is NaN; NaN, there and where it reaches in the block and "
                                          "the stack, is left out of the plots. ε > 0 keeps it finite."),
}


def first_zero_division(s: Scenario) -> int | None:
    """The first row (LayerNorm, RMSNorm) or column (BatchNorm in training) whose normalization is
    0 / 0 with ``s``'s ε; None when ε > 0 or there is none. A group has no spread exactly when all its
    values equal its first one: the norms centre on that value first, so it centres to exact zeros."""
    if s.eps != 0:
        return None
    x = s.matrix
    if s.norm == "layer":
        flat = np.all(x == x[:, :1], axis=1)
    elif s.norm == "rms":
        flat = np.all(x == 0, axis=1)
    elif s.norm == "batch" and s.bn_training and s.tokens > 1:
        flat = np.all(x == x[:1], axis=0)
    else:
        return None
    found = np.flatnonzero(flat)
    return int(found[0]) if found.size else None


def zero_division_note(s: Scenario) -> Note | None:
    """Why the normalized matrix holds NaN when ε = 0 divides 0 by 0, naming the first group; else None."""
    index = first_zero_division(s)
    if index is None:
        return None
    return Note(_NOTES[s.norm], group=f"d{index + 1}" if s.norm == "batch" else s.labels[index])
