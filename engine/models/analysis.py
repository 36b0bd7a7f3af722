"""Everything the Model tab shows of one run, from the run alone: ``analyse_run(model, tokens, base, trace, place)``.

The tab, its figures and the headless model export all draw a ModelAnalysis, so the window and the export
never disagree. Like the main tab's ``compute(scenario, previous)``, a ``previous`` analysis of the same run
is reused and only the chosen place is looked at again (picking a place costs its norm fit, nothing more).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from engine.models.forward import run_model
from engine.models.installed import installed_path
from engine.models.interventions import BASE, InterventionCost, intervention_costs, norm_factors, parse_freeze_norms
from engine.models.loading import Model
from engine.models.next_token_loss import has_loss, next_token_loss
from engine.models.non_finite import non_finite_notes
from engine.models.norm_fit import NormFit, fit_norm
from engine.models.norm_parameters import VectorStats, vector_stats
from engine.models.outliers import OutlierStrip, outlier_summary
from engine.models.real_depth import DepthProfile, depth_profile
from engine.models.simulated_depth import simulated_depth
from engine.models.tokenizer import Tokens
from engine.models.trace import NormRecord, Trace, top_tokens
from engine.models.what_if import Edit, FreezeNorm, SetParameter, SwapNorm, ZeroHidden, ZeroNormInput
from engine.problem import Note

#: A place in the model: ``("state", k)`` (the stream entering block k; k = L after the last block) or
#: ``("norm", layer, name)`` (a norm's input; layer None for the embedding and final norms).
Place = tuple
#: The installed models' names on the curves (names of models, not translated).
SHORT_NAMES = {"minilm": "MiniLM", "smollm2": "SmolLM2", "gemma3": "Gemma 3"}
#: The loss table's row of every what-if at once (labels are the export's: not translated).
ALL_WHAT_IFS = "all what-ifs"


def _norm_label(layer: int | None, name: str) -> str:
    return name if layer is None else f"{layer}:{name}"


def edit_label(edit: Edit) -> str:
    """A what-if as the loss table names it, in the spelling of the export's interventions where there is one
    (``zero-dim 4:507``, ``freeze-norm 20:ffn_norm``)."""
    if isinstance(edit, ZeroHidden):
        return f"zero-dim {edit.state}:{edit.dim}"
    if isinstance(edit, FreezeNorm):
        return f"freeze-norm {_norm_label(edit.layer, edit.norm)}"
    if isinstance(edit, ZeroNormInput):
        return f"zero-input {_norm_label(edit.layer, edit.norm)}:{edit.dim}"
    if isinstance(edit, SetParameter):
        return f"set {edit.which} {_norm_label(edit.layer, edit.norm)}:{edit.dim} = {edit.value:g}"
    if isinstance(edit, SwapNorm):
        return f"swap {_norm_label(edit.layer, edit.norm)} → {edit.kind}"
    return type(edit).__name__


@dataclass(frozen=True)
class NextTokens:
    """The most likely next tokens after the text, best first: their text and probability."""

    texts: tuple[str, ...]
    probabilities: tuple[float, ...]


@dataclass(frozen=True, eq=False)
class PlaceAnalysis:
    """The chosen place: its matrix (T, d; a per-head norm's input, (heads, T, head size), as heads × T rows)
    and where it stands out; for a norm, its γ, β and input → output."""

    place: Place
    matrix: np.ndarray
    rms: float
    max_abs: float
    max_dim: int
    norm: NormRecord | None  # None for a residual state
    gamma: VectorStats | None  # None also for a norm without γ (swapped for the identity)
    beta: VectorStats | None
    fit: NormFit | None
    #: The what-if that freezes this norm at its mean scale over the text in the base run (None: a residual
    #: state, or a norm swapped for the identity).
    freeze: FreezeNorm | None = None


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
    #: (L, heads, 3) sink_mass, max_logit, entropy per block and head, of the trace (engine.models.attention_stats).
    attention: np.ndarray | None = None
    #: Language models: the next-token loss (nats) of the base, and each what-if applied alone to the base with
    #: its loss; all of them together is ``edited_loss`` (None without what-ifs, and for sentence encoders).
    loss: float | None = None
    edit_losses: tuple[tuple[Edit, float], ...] = ()
    edited_loss: float | None = None

    @property
    def costs(self) -> tuple[InterventionCost, ...]:
        """The loss table's rows: the base, each what-if alone, and all of them together (more than one)."""
        if self.loss is None:
            return ()
        rows = [InterventionCost(BASE, self.loss, 0.0)]
        with np.errstate(invalid="ignore"):
            rows += [InterventionCost(edit_label(edit), loss, loss - self.loss) for edit, loss in self.edit_losses]
            if len(self.edit_losses) > 1 and self.edited_loss is not None:
                rows.append(InterventionCost(ALL_WHAT_IFS, self.edited_loss, self.edited_loss - self.loss))
        return tuple(rows)

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


def analyse_place(trace: Trace, place: Place, base: Trace | None = None) -> PlaceAnalysis:
    """What the chosen ``place`` of ``trace`` shows (the what-ifs' run when there are some); a norm's freezing
    what-if takes its scale from ``base`` (the unedited run; ``trace`` when None)."""
    record = trace.norm(place[1], place[2]) if place[0] == "norm" else None
    matrix = trace.states[place[1]] if record is None else record.input.reshape(-1, record.input.shape[-1])
    per_dim = np.abs(matrix).max(axis=0)
    rms = float(np.sqrt((matrix.astype(np.float64) ** 2).mean()))
    if record is None:
        return PlaceAnalysis(place, matrix, rms, float(per_dim.max()), int(per_dim.argmax()), None, None, None, None)
    gamma = vector_stats(record.gamma) if record.gamma is not None else None
    beta = vector_stats(record.beta) if record.beta is not None else None
    unedited = (base or trace).norm(place[1], place[2])
    freeze = FreezeNorm(place[1], place[2], norm_factors(unedited)) if unedited.kind != "none" else None
    return PlaceAnalysis(place, matrix, rms, float(per_dim.max()), int(per_dim.argmax()), record, gamma, beta,
                         fit_norm(record), freeze)


def _next_tokens(model: Model, trace: Trace) -> NextTokens:
    ids, probabilities = top_tokens(trace.logits)
    decode = model.tokenizer.backend.decode
    return NextTokens(tuple(decode([int(i)]) for i in ids), tuple(float(p) for p in probabilities))


def _cosine(base: Trace, trace: Trace) -> float:
    a, b = base.embedding, trace.embedding
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def _edit_losses(model: Model, base: Trace, edits: tuple, previous: tuple[tuple[Edit, float], ...]
                 ) -> tuple[tuple[Edit, float], ...]:
    """Each of ``edits`` applied alone to ``base`` and its loss; those ``previous`` costed already are kept."""
    known = dict(previous)
    return tuple((edit, known[edit] if edit in known else next_token_loss(model, run_model(model, base.ids, (edit,), base)))
                 for edit in edits)


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
        return replace(previous, place=analyse_place(trace, place, base))
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
    loss = edited_loss = None
    edit_losses: tuple[tuple[Edit, float], ...] = ()
    if has_loss(model):
        loss = previous.loss if same_base else next_token_loss(model, base)
        if edited:
            edited_loss = next_token_loss(model, trace)
            # One edit alone is the edited run itself; more are each run alone from the base (once per base).
            edit_losses = (((trace.edits[0], edited_loss),) if len(trace.edits) == 1 else
                           _edit_losses(model, base, trace.edits, previous.edit_losses if same_base else ()))
    return ModelAnalysis(
        model_name=shown_name(model), text=text, tokens=tokens, base=base, trace=trace, places=places,
        base_depth=previous.base_depth if same_base else depth_profile(base.states),
        edited_depth=depth_profile(trace.states) if edited else None,
        strip=outlier_summary(trace.states), next_base=next_base, next_edited=next_edited, cosine=cosine,
        notes=tuple(non_finite_notes(trace)), place=analyse_place(trace, place, base), attention=trace.attention,
        loss=loss, edit_losses=edit_losses, edited_loss=edited_loss)


def frozen_block_costs(model: Model, base: Trace, progress=None) -> tuple[InterventionCost, ...]:
    """The loss table of freezing the final norm, then each block's norms in turn (``freeze-norms k``), each
    alone on ``base`` (a language model); ``progress(fraction)`` after each, which may raise to stop."""
    layers = model.spec.layers
    interventions = (parse_freeze_norms("final", layers),) + tuple(parse_freeze_norms(str(k), layers)
                                                                   for k in range(layers))
    return intervention_costs(model, base, interventions, progress)


def simulated_beside(model: Model, base: Trace) -> dict[str, np.ndarray]:
    """The simulated Pre-Norm and Post-Norm stacks drawn faintly beside ``base``'s real depth (the model's
    depth, width and norm, on its embedding output; engine.models.simulated_depth)."""
    spec = model.spec
    return simulated_depth(base.states[0], spec.norm_kind, spec.layers, spec.heads)
