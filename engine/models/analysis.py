"""Everything the Model tab shows of one run, from the run alone: ``analyse_run(model, tokens, base, trace, place)``.

The tab, its figures and the headless model export all draw a ModelAnalysis, so the window and the export
never disagree. Like the main tab's ``compute(scenario, previous)``, a ``previous`` analysis of the same run
is reused and only the chosen place is looked at again (picking a place costs its norm fit, nothing more).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from engine.models.installed import installed_path
from engine.models.loading import Model
from engine.models.non_finite import non_finite_notes
from engine.models.norm_fit import NormFit, fit_norm
from engine.models.norm_parameters import VectorStats, vector_stats
from engine.models.outliers import OutlierStrip, outlier_summary
from engine.models.real_depth import DepthProfile, depth_profile
from engine.models.simulated_depth import simulated_depth
from engine.models.tokenizer import Tokens
from engine.models.trace import NormRecord, Trace, top_tokens
from engine.problem import Note

#: A place in the model: ``("state", k)`` (the stream entering block k; k = L after the last block) or
#: ``("norm", layer, name)`` (a norm's input; layer None for the embedding and final norms).
Place = tuple
#: The installed models' names on the curves (names of models, not translated).
SHORT_NAMES = {"minilm": "MiniLM", "smollm2": "SmolLM2"}


@dataclass(frozen=True)
class NextTokens:
    """The most likely next tokens after the text, best first: their text and probability."""

    texts: tuple[str, ...]
    probabilities: tuple[float, ...]


@dataclass(frozen=True, eq=False)
class PlaceAnalysis:
    """The chosen place: its matrix (T, d) and where it stands out; for a norm, its γ, β and input → output."""

    place: Place
    matrix: np.ndarray
    rms: float
    max_abs: float
    max_dim: int
    norm: NormRecord | None  # None for a residual state
    gamma: VectorStats | None  # None also for a norm without γ (swapped for the identity)
    beta: VectorStats | None
    fit: NormFit | None


@dataclass(frozen=True, eq=False)
class ModelAnalysis:
    """One run of ``model`` on ``text``: the unedited ``base``, the ``trace`` with the what-ifs (``base``
    itself when there are none), and what every Model view shows of them."""

    model_name: str
    text: str
    tokens: Tokens
    base: Trace
    trace: Trace
    places: tuple[Place, ...]
    base_depth: DepthProfile
    edited_depth: DepthProfile | None  # None without what-ifs
    strip: OutlierStrip  # of the trace (the what-ifs' run when there are some)
    #: Language models: the next tokens of the base and of the what-if run (None without what-ifs).
    next_base: NextTokens | None
    next_edited: NextTokens | None
    #: Sentence encoders: the cosine of the what-if run's sentence embedding to the base's (1 without what-ifs).
    cosine: float | None
    notes: tuple[Note, ...]  # NaN or inf in the run, and where they began
    place: PlaceAnalysis | None

    @property
    def edits(self) -> tuple:
        return self.trace.edits

    @property
    def edited(self) -> bool:
        return self.trace is not self.base


def shown_name(model: Model) -> str:
    """The loaded model's short name for the curves ("MiniLM", "SmolLM2" for the installed ones)."""
    for name, short in SHORT_NAMES.items():
        path = installed_path(name)
        if path is not None and Path(model.source).resolve() == path.resolve():
            return short
    return model.name


def model_places(base: Trace) -> tuple[Place, ...]:
    """Every place of a run in the order the model reaches them: the embedding norm (BERT), then per block
    the state entering it and its norms as they ran, the state after the last block, the final norm."""
    layers = len(base.states) - 1
    names = {(r.layer, r.name) for r in base.norms}
    places: list[Place] = [("norm", None, "embedding_norm")] if (None, "embedding_norm") in names else []
    for k in range(layers):
        places.append(("state", k))
        places += [("norm", k, r.name) for r in base.layer_norms(k)]
    places.append(("state", layers))
    if (None, "final_norm") in names:
        places.append(("norm", None, "final_norm"))
    return tuple(places)


def loudest_norm(trace: Trace) -> Place:
    """The block norm whose input holds the largest |x| (the export's norm-fit figure shows it)."""
    record = max((r for r in trace.norms if r.layer is not None), key=lambda r: float(np.abs(r.input).max()))
    return ("norm", record.layer, record.name)


def analyse_place(trace: Trace, place: Place) -> PlaceAnalysis:
    """What the chosen ``place`` of ``trace`` shows (the what-ifs' run when there are some)."""
    record = trace.norm(place[1], place[2]) if place[0] == "norm" else None
    matrix = trace.states[place[1]] if record is None else record.input
    per_dim = np.abs(matrix).max(axis=0)
    rms = float(np.sqrt((matrix.astype(np.float64) ** 2).mean()))
    if record is None:
        return PlaceAnalysis(place, matrix, rms, float(per_dim.max()), int(per_dim.argmax()), None, None, None, None)
    gamma = vector_stats(record.gamma) if record.gamma is not None else None
    beta = vector_stats(record.beta) if record.beta is not None else None
    return PlaceAnalysis(place, matrix, rms, float(per_dim.max()), int(per_dim.argmax()), record, gamma, beta,
                         fit_norm(record))


def _next_tokens(model: Model, trace: Trace) -> NextTokens:
    ids, probabilities = top_tokens(trace.logits)
    decode = model.tokenizer.backend.decode
    return NextTokens(tuple(decode([int(i)]) for i in ids), tuple(float(p) for p in probabilities))


def _cosine(base: Trace, trace: Trace) -> float:
    a, b = base.embedding, trace.embedding
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def analyse_run(model: Model, tokens: Tokens, base: Trace, trace: Trace, place: Place | None = None,
                text: str = "", previous: ModelAnalysis | None = None) -> ModelAnalysis:
    """The ModelAnalysis of ``trace`` (``base`` when unedited) at ``place`` (None or a place the run doesn't
    have: its first place). A ``previous`` analysis of the same ``base`` and ``trace`` is reused whole but
    for the place."""
    if previous is not None and previous.base is base and previous.trace is trace:
        places = previous.places
        place = place if place in places else places[0]
        if previous.place is not None and previous.place.place == place:
            return previous
        return replace(previous, place=analyse_place(trace, place))
    places = model_places(base)
    place = place if place in places else places[0]
    edited = trace is not base
    same_base = previous is not None and previous.base is base
    if base.logits is not None:
        next_base = previous.next_base if same_base else _next_tokens(model, base)
        next_edited, cosine = (_next_tokens(model, trace) if edited else None), None
    else:
        next_base = next_edited = None
        cosine = _cosine(base, trace) if edited else 1.0
    return ModelAnalysis(
        model_name=shown_name(model), text=text, tokens=tokens, base=base, trace=trace, places=places,
        base_depth=previous.base_depth if same_base else depth_profile(base.states),
        edited_depth=depth_profile(trace.states) if edited else None,
        strip=outlier_summary(trace.states), next_base=next_base, next_edited=next_edited, cosine=cosine,
        notes=tuple(non_finite_notes(trace)), place=analyse_place(trace, place))


def simulated_beside(model: Model, base: Trace) -> dict[str, np.ndarray]:
    """The simulated Pre-Norm and Post-Norm stacks drawn faintly beside ``base``'s real depth (the model's
    depth, width and norm, on its embedding output; engine.models.simulated_depth)."""
    spec = model.spec
    return simulated_depth(base.states[0], spec.norm_kind, spec.layers, spec.heads)
