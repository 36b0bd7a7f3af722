"""Where a model run's values stopped being finite, said as a Note (NaN weights, a negative ε, θ = 0).

Such a run is computed and drawn like any other: the tables hold NaN and inf as they are and the plots
leave them out; this note tells where they began and how many there are.
"""

from __future__ import annotations

import numpy as np

from engine.models.trace import Trace
from engine.problem import QT_TRANSLATE_NOOP, Note


def _first_place(trace: Trace) -> str | None:
    """The first step of the run whose output holds a NaN or inf, in the order the run made them."""
    if not np.isfinite(trace.states[0]).all():
        return "the embedding output"
    for record in trace.norms:
        if not np.isfinite(record.output).all():
            return record.name if record.layer is None else f"block {record.layer} · {record.name}"
    for k, state in enumerate(trace.states):
        if not np.isfinite(state).all():
            return f"the output of block {k - 1}"
    if trace.logits is not None and not np.isfinite(trace.logits).all():
        return "the logits"
    return None


def non_finite_notes(trace: Trace) -> list[Note]:
    """One Note when ``trace`` holds NaN or inf anywhere (states, norm outputs, logits), else none."""
    place = _first_place(trace)
    if place is None:
        return []
    bad = int(trace.states.size - np.isfinite(trace.states).sum())
    return [Note(QT_TRANSLATE_NOOP(
        "Problem", "NaN or inf from {place} on: {count} of the {total} values of the residual states are not "
                   "finite; the tables keep them, the plots leave them out"),
        place=place, count=f"{bad:,}", total=f"{trace.states.size:,}")]
