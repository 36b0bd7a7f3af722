"""compute(scenario) -> Result: everything any view shows, as a pure function of the Scenario."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Callable, Mapping

import numpy as np

from engine.core.block import BlockSpec, block_with_grad
from engine.core.depth_laws import DepthLaw, depth_laws
from engine.core.depth import (STACK_PLACEMENTS, DepthProfile, deepnorm_constants, depth_profile, depth_steps,
                          first_nonfinite, layer_spec, toy_explosion)
from engine.setup.limits import MAX_SIMULATION_BYTES, MAX_STACK_DIMS
from engine.core.norms import batch_norm, dyt, layer_norm, rms_norm
from engine.problem import QT_TRANSLATE_NOOP, Note, Problem
from engine.setup.scenario import Scenario
from engine.core.stats import AxisStats, axis_stats
from engine.progress import Steps
from engine.core.streamed_weights import SLAB_BYTES, streamed_layer_weights
from engine.core.weights import DRAW_BUFFER_BYTES, ffn_hidden, layer_weights
from engine.results.zero_division import zero_division_note


class _ComparedByValue:
    """Equality by value over array fields (dataclasses with ndarrays can't use the generated __eq__)."""

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return values_equal(self, other)

    __hash__ = None


@dataclass(frozen=True, eq=False)
class NormOutput(_ComparedByValue):
    """The chosen norm applied to the whole input matrix."""

    input: np.ndarray
    normalized: np.ndarray
    row_stats: AxisStats
    running_mean: np.ndarray | None = None
    running_var: np.ndarray | None = None
    message: Note | None = None

    @cached_property
    def col_stats(self) -> AxisStats:
        """Per-column statistics, computed on first use: only BatchNorm's views need them, and
        skipping them keeps a one-cell edit of a 2048 × 4096 matrix cheap."""
        return axis_stats(self.input, self.normalized, axis=0)


@dataclass(frozen=True, eq=False)
class Result(_ComparedByValue):
    """Everything the views draw. ``stages`` and ``depth`` cover the first ``stack_tokens`` tokens;
    they are None until first computed or when skipped (``stages_message``, ``depth_message`` say
    why), and may lag the scenario while ``stack_stale``. Values that overflow the dtype are kept
    as inf or NaN: ``overflowed`` names the parts that hold them."""

    scenario: Scenario
    norm: NormOutput
    stages: Mapping[str, np.ndarray] | None
    depth: DepthProfile | None
    depth_message: Note | None = None
    stack_stale: bool = False
    #: Labels of the tokens ``stages`` were computed for: while stale they may differ from the
    #: scenario's (tokens removed since).
    stack_labels: tuple[str, ...] = ()
    # What the block and depth simulations' BatchNorm really does, when that is not what was asked.
    stack_note: Note | None = None
    stages_message: Note | None = None
    #: The law each stack of ``depth`` follows (engine.core.depth_laws), measured where ``depth`` was
    #: computed (on the worker for large stacks) so the caption under the plots only words it.
    depth_laws: tuple[DepthLaw, ...] = ()

    @cached_property
    def overflowed(self) -> Mapping[str, int]:
        """The parts holding inf or NaN, each with the first index that does: ``"norm"`` (a row
        of the normalized matrix, or its μ or σ), ``"stages"`` (a token of the block simulation),
        ``"depth"``, ``"gradients"`` and ``"toy"`` (a layer). Empty when every value is finite."""
        parts = {}
        with np.errstate(invalid="ignore", over="ignore"):  # inf + (-inf) is NaN, as wanted
            # A row's μ and σ (float64) are finite when its values are, and for float32 exactly then.
            _first_bad(parts, "norm", self.norm.row_stats.mean_out + self.norm.row_stats.std_out)
            if self.stages is not None:
                largest = np.vstack([np.max(np.abs(m), axis=1) for m in self.stages.values()])
                _first_bad(parts, "stages", largest.max(axis=0))
            if self.depth is not None:
                runs = (self.depth.none, *self.depth.runs.values())
                _first_bad(parts, "depth", np.vstack([run.rms + run.max_abs for run in runs]).sum(axis=0))
                grads = np.vstack([run.weight_grad + run.input_grad for run in runs[1:]])
                _first_bad(parts, "gradients", grads.sum(axis=0), first_layer=1)
                _first_bad(parts, "toy", self.depth.toy + self.depth.toy_normalized)
        return MappingProxyType(parts)

    @property
    def notes(self) -> tuple[Note, ...]:
        """Why something is shown differently than asked (BatchNorm fallbacks, skipped simulations,
        overflow), as Notes: ``str`` gives the English text, the app words them in its language."""
        notes = []
        for m in (self.norm.message, self.stack_note, self.stages_message, self.depth_message):
            if m and str(m) not in map(str, notes):  # too wide for both: one note says so for the two
                notes.append(m)
        divided = zero_division_note(self.scenario) if "norm" in self.overflowed else None
        if divided is not None:
            notes.append(divided)  # ε = 0: the NaN is 0 / 0, not an overflow (and reaches the stack from there)
        for part, index in self.overflowed.items():
            if divided is not None and part in ("norm", "stages", "depth", "gradients"):
                continue
            notes.append(Note(_OVERFLOW_NOTES[part], dtype=self.scenario.dtype, layer=index,
                              token=self.scenario.labels[index] if part == "norm" else ""))
        return tuple(notes)

    @property
    def stack_tokens_note(self) -> Note | None:
        """That the block and depth simulations ran on the first ``stack_tokens`` tokens only (None when
        they ran on all). Not among ``notes``: it holds for every edit of a long matrix, so the views
        that show those simulations write it on themselves instead of the status bar repeating it."""
        s = self.scenario
        used = min(s.stack_tokens, s.tokens)
        if used == s.tokens:
            return None
        return Note(QT_TRANSLATE_NOOP("Problem", "Simulated on the first {used} of the {tokens} tokens only."),
                    used=used, tokens=s.tokens)

    def toy_curves(self) -> tuple[np.ndarray, np.ndarray]:
        """Seed 000's toy v ← a·v + b and its normalized twin over the scenario's layers. They need
        no matrix: the depth plot keeps them when the stack simulation is skipped."""
        s = self.scenario
        return (toy_explosion(s.toy_a, s.toy_b, s.toy_v0, s.layers),
                toy_explosion(s.toy_a, s.toy_b, s.toy_v0, s.layers, normalize=True))

    @property
    def messages(self) -> tuple[str, ...]:
        """The notes in English (the command line prints them)."""
        return tuple(map(str, self.notes))


_OVERFLOW_NOTES = {
    "norm": QT_TRANSLATE_NOOP("Problem", "The normalized matrix overflows {dtype} (first in row {token}); "
                                         "values that are inf or NaN are left out of the plots."),
    "stages": QT_TRANSLATE_NOOP("Problem", "The block simulation overflows {dtype}: some stages hold inf or NaN."),
    "depth": QT_TRANSLATE_NOOP("Problem", "The depth simulation overflows {dtype} from layer {layer} on; "
                                          "those layers are left out of the plot."),
    "gradients": QT_TRANSLATE_NOOP("Problem", "Gradient norms overflow from layer {layer} on; "
                                              "those layers are left out of the plot."),
    "toy": QT_TRANSLATE_NOOP("Problem", "The toy v ← a·v + b overflows from layer {layer} on; "
                                        "those layers are left out of the plot."),
}


def _first_bad(parts: dict, part: str, values: np.ndarray, first_layer: int = 0) -> None:
    index = first_nonfinite(values, first_layer)
    if index is not None:
        parts[part] = index


def values_equal(a, b) -> bool:
    """Deep equality over arrays, dataclasses, mappings and sequences (NaNs compare equal)."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and np.array_equal(a, b, equal_nan=True)
    if isinstance(a, Scenario):
        return a == b
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (a != a and b != b)  # NaN (a law that can't be measured) equals NaN
    if isinstance(a, Problem):
        return type(a) is type(b) and a.template == b.template and values_equal(a.values, b.values)
    if dataclasses.is_dataclass(a):
        return type(a) is type(b) and all(
            values_equal(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
        )
    if isinstance(a, Mapping):
        return isinstance(b, Mapping) and a.keys() == b.keys() and all(values_equal(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return isinstance(b, (tuple, list)) and len(a) == len(b) and all(map(values_equal, a, b))
    return a == b


#: Eval mode needs running statistics: the main views assume this many training steps on the
#: matrix itself first (from the default buffers, mean 0 and variance 1).
EVAL_WARMUP_STEPS = 30


def warmed_up_buffers(s: Scenario) -> tuple[np.ndarray | None, np.ndarray | None]:
    """The running mean and variance after ``EVAL_WARMUP_STEPS`` training steps on ``s.matrix``.

    The same batch every step makes the recurrence closed-form: one step with momentum
    1 − (1 − m)^k moves the default buffers exactly as far as k steps with momentum m. A single
    token can't train (None: the default buffers stay).
    """
    if s.tokens < 2:
        return None, None
    momentum = 1.0 - (1.0 - s.bn_momentum) ** EVAL_WARMUP_STEPS
    _, running_mean, running_var = batch_norm(s.matrix, eps=s.eps, training=True, momentum=momentum)
    return running_mean, running_var


def _norm_matrix(s: Scenario, x: np.ndarray, training: bool):
    if s.norm == "layer":
        return layer_norm(x, s.gamma, s.beta, s.eps), None, None
    if s.norm == "rms":
        return rms_norm(x, s.gamma, s.eps), None, None
    if s.norm == "dyt":
        return dyt(x, s.dyt_alpha, s.gamma, s.beta), None, None
    if s.norm == "batch":
        if training:
            return batch_norm(x, s.gamma, s.beta, s.eps, training=True, momentum=s.bn_momentum)
        running_mean, running_var = warmed_up_buffers(s)
        return batch_norm(x, s.gamma, s.beta, s.eps, training=False, running_mean=running_mean,
                          running_var=running_var)
    return x, None, None


def _same_fields(a: Scenario, b: Scenario, names: tuple[str, ...]) -> bool:
    for n in names:  # Scenario.replace shares the unchanged values: identity settles most of them
        x, y = getattr(a, n), getattr(b, n)
        if x is not y and not values_equal(x, y):
            return False
    return True


_NORM_FIELDS = ("norm", "eps", "gamma", "beta", "bn_training", "bn_momentum", "dyt_alpha", "dtype")


def apply_norm(s: Scenario, previous: NormOutput | None = None, changed_rows=None) -> NormOutput:
    """The scenario's norm with its γ/β over the whole matrix (LN/RMS per row, BN per column).

    ``previous`` (the output for a scenario that differs from ``s`` only in the matrix rows
    ``changed_rows``) lets LayerNorm and RMSNorm renormalize just those rows.
    """
    x = s.matrix
    message = None
    if previous is not None and changed_rows is not None and s.norm in ("layer", "rms", "dyt", "none"):
        rows = np.asarray(changed_rows, dtype=np.intp)
        y = previous.normalized.copy()
        y[rows] = _norm_matrix(s, x[rows], True)[0]
        row_stats = previous.row_stats
        updated = axis_stats(x[rows], y[rows], axis=1)
        row_stats = AxisStats(*(_with_rows(old, rows, new) for old, new in
                                zip(_stat_arrays(row_stats), _stat_arrays(updated))))
        running_mean = running_var = None
    else:
        training = s.bn_training
        if s.norm == "batch" and training and s.tokens < 2:
            training = False
            message = Note(QT_TRANSLATE_NOOP(
                "Problem", "BatchNorm can't normalize a single token in training mode (its batch variance is 0); "
                           "showing eval mode with the default running statistics (mean 0, variance 1), which "
                           "only multiplies by γ/√(1 + ε) and adds β."))
        y, running_mean, running_var = _norm_matrix(s, x, training)
        row_stats = axis_stats(x, y, axis=1)
    for a in (y, running_mean, running_var):
        if a is not None:
            a.setflags(write=False)
    return NormOutput(x, y, row_stats, running_mean, running_var, message)


def _stat_arrays(stats: AxisStats) -> list[np.ndarray]:
    # dataclasses.astuple would deep-copy every array first (a fifth of a 6 × 4 cell edit's apply_norm)
    return [getattr(stats, f.name) for f in dataclasses.fields(stats)]


def _with_rows(old: np.ndarray, rows: np.ndarray, new: np.ndarray) -> np.ndarray:
    out = old.copy()
    out[rows] = new
    return out


def block_spec(s: Scenario) -> BlockSpec:
    return BlockSpec(
        norm=s.norm, placement=s.placement, gamma=s.gamma, beta=s.beta, eps=s.eps, heads=s.heads,
        causal=s.causal, activation=s.activation, bn_training=s.bn_training, dyt_alpha=s.dyt_alpha,
        qk_norm=s.qk_norm,
    )


def stack_input(s: Scenario) -> np.ndarray:
    """The tokens the block and depth simulations run on (the first ``stack_tokens``)."""
    return s.matrix[: s.stack_tokens]


def first_block_spec(s: Scenario) -> BlockSpec:
    """The first block of the chosen stack (Mix-LN's is Post-Norm once N ≥ 4; DeepNorm's α and LayerNorm
    scaling depend on N and the layer)."""
    return layer_spec(block_spec(s), s.placement, 0, s.layers, s.ln_scaling)


def block_stages(s: Scenario, steps: Steps | None = None) -> tuple[Mapping[str, np.ndarray] | None, Note | None]:
    """Every intermediate matrix of one block (layer 0's weights) for the chosen placement, or None
    and the reason it was skipped (checked before any weight is drawn). Its weights are streamed
    when the depth simulation's are (see ``streams_weights``): one block at d = 4096 would otherwise
    keep 0.8 GiB of weights beside the streamed depth."""
    if s.dims > MAX_STACK_DIMS:
        return None, _too_wide(s)
    streamed = streams_weights(s)
    needed = simulation_bytes(s, 1, streamed)
    if needed > MAX_SIMULATION_BYTES:
        return None, Note(QT_TRANSLATE_NOOP("Problem", "Block simulation skipped: one block at d = {d} needs "
                                                       "{need:.1f} GiB of memory (limit {limit:.0f} GiB)."),
                          d=s.dims, need=needed / 2**30, limit=MAX_SIMULATION_BYTES / 2**30)
    gain = deepnorm_constants(s.layers)[1] if s.placement == "deepnorm" else 1.0
    hidden, gated = ffn_hidden(s.dims, s.ffn_mult, s.init), s.activation == "swiglu"
    if streamed:
        w = streamed_layer_weights(s.seed, 0, s.dims, hidden, gated, s.dtype, s.init, gain,
                                   poll=steps.poll if steps is not None else None)
    else:
        w = layer_weights(s.seed, 0, s.dims, hidden, gated, s.dtype, s.init, gain)
    with np.errstate(over="ignore", invalid="ignore"):
        stages, _, _ = block_with_grad(stack_input(s), w, first_block_spec(s))
    if steps is not None:
        steps.step()
    return MappingProxyType(stages), None


def _too_wide(s: Scenario) -> Note:
    return Note(QT_TRANSLATE_NOOP("Problem", "Block and depth simulations skipped: d = {d} is wider than {limit}, "
                                             "the widest they draw weights for."), d=s.dims, limit=MAX_STACK_DIMS)


def depth_placements(s: Scenario, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The stacks simulated for the depth and gradient plots: always Pre-Norm and Post-Norm, the chosen
    one, and the ``extra`` placements a view asks for."""
    return tuple(p for p in STACK_PLACEMENTS if p in ("pre", "post", s.placement, *extra))


def stack_note(s: Scenario) -> Note | None:
    """What the stack's BatchNorm draws when it can't use batch statistics (see ``norm_with_grad``)."""
    if s.norm != "batch":
        return None
    if not s.bn_training:
        return Note(QT_TRANSLATE_NOOP(
            "Problem", "The block and depth simulations run BatchNorm in eval mode with the default running "
                       "statistics (mean 0, variance 1) in every layer: each BatchNorm there only multiplies "
                       "by γ/√(1 + ε) and adds β."))
    if stack_input(s).shape[0] < 2:
        return Note(QT_TRANSLATE_NOOP(
            "Problem", "The block and depth simulations run on a single token, where BatchNorm can't train: "
                       "they use eval mode with the default running statistics (mean 0, variance 1), so each "
                       "BatchNorm there only multiplies by γ/√(1 + ε) and adds β (with γ = 1 and β = 0 its "
                       "curves are the no-norm curves)."))
    return None


def stack_weight_bytes(s: Scenario) -> int:
    """Bytes of the weights of all ``s.layers`` blocks."""
    return s.layers * _layer_weight_count(s) * np.dtype(s.dtype).itemsize


def _layer_weight_count(s: Scenario) -> int:
    hidden = ffn_hidden(s.dims, s.ffn_mult, s.init)
    return 4 * s.dims**2 + (3 if s.activation == "swiglu" else 2) * hidden * s.dims


def simulation_bytes(s: Scenario, layers: int, streamed: bool = False) -> int:
    """Memory a simulation of ``layers`` blocks keeps for its backward pass: about the activations
    it saves (an over-estimate: Q, K, V, the norms' and the sublayers' outputs, the FFN's hidden
    layer, the attention probabilities and their gradients), and every layer's weights, or with
    ``streamed`` weights one slab of a matrix and its draw buffer."""
    activations = _activation_count(s)
    itemsize = np.dtype(s.dtype).itemsize
    if streamed:
        return layers * activations * itemsize + SLAB_BYTES + DRAW_BUFFER_BYTES
    return layers * (_layer_weight_count(s) + activations) * itemsize


def _activation_count(s: Scenario) -> int:
    """Values one block of one stack saves for its backward pass (see ``simulation_bytes``)."""
    t = min(s.stack_tokens, s.tokens)
    hidden_copies = 4 if s.activation == "swiglu" else 2
    return t * (16 * s.dims + hidden_copies * ffn_hidden(s.dims, s.ffn_mult, s.init)) + 4 * s.heads * t * t


def streams_weights(s: Scenario) -> bool:
    """Whether the block and depth simulations draw their weights where they are applied (see
    engine.core.streamed_weights) rather than keep them: only when keeping every layer's would pass the
    memory limit, so that every stack that ran before gives the very numbers it gave."""
    return simulation_bytes(s, s.layers) > MAX_SIMULATION_BYTES


def depth(s: Scenario, placements: tuple[str, ...] | None = None,
          steps: Steps | None = None) -> tuple[DepthProfile | None, Note | None]:
    """The depth curves and gradient norms (of ``placements``; by default ``depth_placements(s)``), or
    None and the reason they were skipped (checked before any weight is drawn)."""
    if s.dims > MAX_STACK_DIMS:
        return None, _too_wide(s)
    streamed = streams_weights(s)
    needed = simulation_bytes(s, s.layers, streamed)
    if needed > MAX_SIMULATION_BYTES:
        return None, Note(QT_TRANSLATE_NOOP("Problem", "Depth simulation skipped: {layers} layers at d = {d} need "
                                                       "{need:.1f} GiB of memory (limit {limit:.0f} GiB). "
                                                       "Fewer layers or dimensions bring it back."),
                          layers=s.layers, d=s.dims, need=needed / 2**30, limit=MAX_SIMULATION_BYTES / 2**30)
    placements = placements or depth_placements(s)
    # Stacks run together hold all their saved activations at once (one stack's at a time otherwise):
    # they may only where that fits the budget too (depth_profile batches small ones only, by default).
    together = simulation_bytes(s, s.layers) + len(placements) * s.layers * _activation_count(s) * np.dtype(s.dtype).itemsize
    profile = depth_profile(stack_input(s), block_spec(s), s.layers, s.seed, s.ffn_mult,
                            s.toy_a, s.toy_b, s.toy_v0, placements, init=s.init,
                            ln_scaling=s.ln_scaling, streamed=streamed, steps=steps,
                            batched=None if together <= MAX_SIMULATION_BYTES else False)
    return profile, None


_STAGE_FIELDS = ("gamma", "beta", "norm", "eps", "placement", "seed", "heads", "causal", "activation",
                 "ffn_mult", "bn_training", "dyt_alpha", "qk_norm", "init", "ln_scaling", "dtype", "stack_tokens")
# Depth always runs Pre-Norm and Post-Norm, so choosing one of them doesn't change it (see depth_placements).
_DEPTH_FIELDS = tuple(f for f in _STAGE_FIELDS if f != "placement") + ("layers", "toy_a", "toy_b", "toy_v0")


def _reusable(s: Scenario, previous: Result | None, fields: tuple[str, ...], extra: tuple[str, ...] = ()) -> bool:
    if previous is None or not _same_fields(s, previous.scenario, fields):
        return False
    if "placement" not in fields and previous.depth is not None and tuple(previous.depth.runs) != depth_placements(s, extra):
        return False  # other stacks asked for (a skipped simulation stays skipped whichever are)
    if "layers" not in fields and s.placement in ("deepnorm", "mixln") and s.layers != previous.scenario.layers:
        return False  # their first block depends on the depth
    return np.array_equal(stack_input(s), stack_input(previous.scenario))


def stack_is_current(s: Scenario, previous: Result | None, placements: tuple[str, ...] = ()) -> bool:
    """Whether ``previous``'s block stages and depth profile are already those of ``s`` (with the extra
    ``placements`` simulated)."""
    return (previous is not None and not previous.stack_stale
            and _reusable(s, previous, _STAGE_FIELDS) and _reusable(s, previous, _DEPTH_FIELDS, placements))


def compute(s: Scenario, previous: Result | None = None, changed_rows=None, *, stack: bool = True,
            placements: tuple[str, ...] = (), progress: Callable[[float], None] | None = None) -> Result:
    """Everything the views need for ``s``; equal scenarios give equal results.

    ``previous`` is the Result of an earlier scenario: parts whose inputs did not change are
    reused, and with ``changed_rows`` (the matrix rows that differ, nothing else) the norm is
    recomputed for those rows only. With ``stack=False`` the block stages and depth profile are
    carried over from ``previous`` even when out of date, and the Result says so in ``stack_stale``.
    ``placements`` are stacks simulated besides Pre-Norm, Post-Norm and the chosen one (see depth_placements).
    ``progress`` hears the fraction of the stack simulation done, after each block; an exception it
    raises stops the computation (the worker cancels a stale request so).
    """
    placements = depth_placements(s, placements)
    steps = Steps(1 + depth_steps(s.layers, placements), progress)
    if previous is not None and previous.scenario.matrix is s.matrix and _same_fields(s, previous.scenario, _NORM_FIELDS):
        norm = previous.norm
    elif previous is not None and changed_rows is not None and _same_fields(s, previous.scenario, _NORM_FIELDS) \
            and previous.scenario.matrix.shape == s.matrix.shape:
        norm = apply_norm(s, previous.norm, changed_rows)
    else:
        norm = apply_norm(s)
    stale = False
    if _reusable(s, previous, _DEPTH_FIELDS, placements) and not previous.stack_stale:
        profile, depth_message, laws = previous.depth, previous.depth_message, previous.depth_laws
    elif stack:
        profile, depth_message = depth(s, placements, steps)
        laws = depth_laws(profile) if profile is not None else ()
    elif previous is not None:
        profile, depth_message, laws, stale = previous.depth, previous.depth_message, previous.depth_laws, True
    else:
        profile, depth_message, laws, stale = None, None, (), True
    if _reusable(s, previous, _STAGE_FIELDS) and not previous.stack_stale:
        stages, stages_message, stack_labels = previous.stages, previous.stages_message, previous.stack_labels
    elif stack:
        if profile is not None and not stale:  # the chosen stack's first block: the same weights, input and spec
            stages, stages_message = profile.runs[s.placement].first_block, None
            steps.step()
        else:
            stages, stages_message = block_stages(s, steps)
        stack_labels = s.labels[: s.stack_tokens]
    else:
        stale = True
        stages, stages_message, stack_labels = ((previous.stages, previous.stages_message, previous.stack_labels)
                                                if previous else (None, None, ()))
    # The note describes the stack that is shown: a stale one is the previous scenario's.
    note = (previous.stack_note if previous else None) if stale else stack_note(s)
    return Result(s, norm, stages, profile, depth_message, stale, stack_labels, note, stages_message, laws)
