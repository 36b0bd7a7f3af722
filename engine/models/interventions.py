"""Interventions a loss can be costed for: freezing norms' scale, zeroing a dimension of the stream.

Each is parsed from its text (``final``, ``all``, ``20-29``; ``4:507``) against the model's size
before anything runs, then turned into what-if edits against a base run, and costed as the change of
the next-token loss when applied alone (the question of Heimersheim 2024 and Baroni et al. 2025:
does a trained model still need its norms?).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, NamedTuple

import numpy as np

from engine.models.forward import run_model
from engine.models.loading import Model
from engine.models.next_token_loss import next_token_loss
from engine.models.trace import NormRecord, Trace
from engine.models.what_if import Edit, FreezeNorm, ZeroHidden
from engine.problem import QT_TRANSLATE_NOOP, Problem

#: The label of the unedited run in a loss table.
BASE = "base"


def norm_factors(record: NormRecord) -> float | tuple[float, ...]:
    """The mean over the tokens of the norm's own scale, 1/√(mean(x²) + ε) (RMSNorm) or 1/√(var + ε)
    (LayerNorm), as it ran in ``record``; one per head for a per-head (heads, T, head_dims) input."""
    x = record.input.astype(np.float64)
    spread = x.var(axis=-1) if record.kind == "layer" else (x * x).mean(axis=-1)
    with np.errstate(all="ignore"):
        factors = 1.0 / np.sqrt(spread + record.eps)
    if factors.ndim == 2:
        return tuple(float(f) for f in factors.mean(axis=1))
    return float(factors.mean())


@dataclass(frozen=True)
class FreezeNorms:
    """Freeze the norms of blocks ``blocks`` and, with ``outside``, those outside the blocks (the final
    norm; BERT's embedding norm)."""

    text: str
    blocks: range
    outside: bool

    @property
    def label(self) -> str:
        return f"freeze-norms {self.text}"

    def edits(self, base: Trace) -> tuple[Edit, ...]:
        chosen = [r for r in base.norms if r.kind != "none"
                  and (r.layer in self.blocks if r.layer is not None else self.outside)]
        return tuple(FreezeNorm(r.layer, r.name, norm_factors(r)) for r in chosen)


@dataclass(frozen=True)
class ZeroDim:
    """Zero dimension ``dim`` of the stream entering block ``layer`` (``layers``: before the final norm)."""

    layer: int
    dim: int

    @property
    def label(self) -> str:
        return f"zero-dim {self.layer}:{self.dim}"

    def edits(self, base: Trace) -> tuple[Edit, ...]:
        return (ZeroHidden(self.layer, self.dim),)


Intervention = FreezeNorms | ZeroDim


def parse_freeze_norms(text: str, layers: int) -> FreezeNorms:
    """``final``, ``all`` (every norm, the final one included) or blocks ``A-B`` (0-based, inclusive; ``A``
    alone: one block) of a model of ``layers`` blocks; anything else is a Problem."""
    spec = text.strip().lower()
    if spec == "final":
        return FreezeNorms(spec, range(0), True)
    if spec == "all":
        return FreezeNorms(spec, range(layers), True)
    match = re.fullmatch(r"([0-9]{1,9})(?:-([0-9]{1,9}))?", spec)
    if match:
        first = int(match[1])
        last = int(match[2]) if match[2] is not None else first
        if first <= last < layers:
            return FreezeNorms(spec, range(first, last + 1), False)
    raise Problem(QT_TRANSLATE_NOOP(
        "Problem", "Norms to freeze are final, all or blocks A-B with 0 ≤ A ≤ B ≤ {last}, not {spec}"),
        last=layers - 1, spec=repr(text))


def parse_zero_dim(text: str, layers: int, dims: int) -> ZeroDim:
    """``LAYER:DIM``: the stream entering block LAYER (0 … ``layers``; ``layers`` is the stream before the
    final norm), dimension DIM (0 … ``dims`` − 1); anything else is a Problem."""
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*:\s*([0-9]{1,9})\s*", text)
    if match and int(match[1]) <= layers and int(match[2]) < dims:
        return ZeroDim(int(match[1]), int(match[2]))
    raise Problem(QT_TRANSLATE_NOOP(
        "Problem", "A dimension to zero is LAYER:DIM with LAYER 0 … {layers} and DIM 0 … {last_dim}, not {spec}"),
        layers=layers, last_dim=dims - 1, spec=repr(text))


class InterventionCost(NamedTuple):
    """One row of a loss table: the intervention's label (``base`` for the unedited run), its next-token
    loss (nats; NaN or inf where the run overflowed) and the loss minus the base loss."""

    label: str
    loss: float
    delta: float


def intervention_costs(model: Model, base: Trace, interventions: tuple[Intervention, ...] = (),
                       progress: Callable[[float], None] | None = None) -> tuple[InterventionCost, ...]:
    """The base run's loss, then each intervention's applied alone to ``base`` (each run reuses the base
    run below the first block it touches); ``progress(fraction)`` after each, which may raise to stop."""
    base_loss = next_token_loss(model, base)
    rows = [InterventionCost(BASE, base_loss, 0.0)]
    for done, intervention in enumerate(interventions, 1):
        loss = next_token_loss(model, run_model(model, base.ids, intervention.edits(base), base))
        with np.errstate(invalid="ignore"):
            rows.append(InterventionCost(intervention.label, loss, loss - base_loss))
        if progress is not None:
            progress(done / len(interventions))
    return tuple(rows)
