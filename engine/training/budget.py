"""What a training run costs before it starts: its memory (refused above the depth stack's budget) and
how long sampling from it takes (refused above a declared time).

The memory estimate counts what a step keeps at its peak: the parameters, their gradients and Adam's
two moments; every layer's activations kept for the backward pass (the norms' inputs and outputs,
queries, keys, values, the attention probabilities, the FFN's hidden layer); one layer's temporaries;
the logits over the vocabulary with their softmax and gradient; and the corpus's token ids. It is an
upper bound on the peak resident memory a run adds, within about 2× (``tests/test_training_budget.py``
measures real runs). The sampling estimate follows the per-layer costs measured on a 2-core machine
(``bench/bench_training_budget.py``), with a margin, so a sample that is allowed ends in time.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.setup.limits import MAX_LAYER_ROWS, MAX_SIMULATION_BYTES
from engine.problem import QT_TRANSLATE_NOOP, Note, Problem
from engine.training.init import parameter_shapes
from engine.training.settings import TrainSettings

#: Memory a training run may take: the depth stack's budget (weights and saved activations), 1 GiB.
MAX_TRAINING_BYTES = MAX_SIMULATION_BYTES
#: Bytes per character a text file costs while it becomes a corpus: its bytes, then 4 bytes of token id
#: per character (at most one character per byte), read in pieces (engine.training.data).
CORPUS_BYTES_PER_BYTE = 5
#: The estimate's margin over its parts, and a fixed allowance for a step's small arrays.
MARGIN = 1.2
SLACK_BYTES = 8 << 20
#: Seconds a sample may be estimated to take (``--sample``): a run must not stall for minutes after it has
#: trained. On a machine busier than the estimate's, sampling stops after ``SAMPLE_DEADLINE`` seconds.
MAX_SAMPLE_SECONDS = 30.0
SAMPLE_DEADLINE = 60.0
#: Per-character sampling cost, seconds, measured with one BLAS thread and doubled (a shared machine
#: is noisy): per layer a fixed cost, per weight read, per multiply-add, per attention score (mask,
#: softmax), per activation value (norms, residuals).
SAMPLE_LAYER_SECONDS = 2 * 150e-6
SAMPLE_WEIGHT_SECONDS = 2 * 1.2e-9
SAMPLE_MAC_SECONDS = 2 * 0.011e-9
SAMPLE_SCORE_SECONDS = 2 * 12e-9
SAMPLE_VALUE_SECONDS = 2 * 20e-9


@dataclass(frozen=True)
class MemoryEstimate:
    """Bytes a run needs at its peak, by part."""

    parameters: int  # the weights, their gradients, Adam's moments and its temporaries
    activations: int  # norms, projections, FFN hidden layers kept for the backward pass, and temporaries
    attention: int  # the attention probabilities kept per layer, and one layer's score temporaries
    vocabulary: int  # logits, softmax and their gradient over the vocabulary; the embedding's gradient
    corpus: int  # the text's token ids
    history: int  # the measurements the figures draw (RunHistory: 38 MB at most, a million steps)

    @property
    def total(self) -> int:
        """The parts, with a margin for what they leave out (the allocator's slack, BLAS buffers, small
        arrays): measured peaks were 0.9–1.4 times the parts' sum."""
        parts = self.parameters + self.activations + self.attention + self.vocabulary + self.corpus + self.history
        return int(MARGIN * parts) + SLACK_BYTES

    @property
    def kept(self) -> int:
        """What the run holds between its steps (its weights, Adam's state, its corpus, its history), with
        the margin: what another run beside it can't have."""
        return int(MARGIN * (self.parameters + self.corpus + self.history))


#: What to lower when a part is the largest, worded for the message (the settings by their names).
_ADVICE = {
    "parameters": QT_TRANSLATE_NOOP("Problem", "the parameters and Adam's state take most: lower layers, width "
                                               "or ffn_mult"),
    "activations": QT_TRANSLATE_NOOP("Problem", "the activations kept for the backward pass take most: lower "
                                                "batch, seq, layers, width or ffn_mult"),
    "attention": QT_TRANSLATE_NOOP("Problem", "the attention weights (batch × heads × seq² per layer) take most: "
                                              "lower seq, batch or heads"),
    "vocabulary": QT_TRANSLATE_NOOP("Problem", "the softmax over {vocab} characters takes most: use a text with "
                                               "fewer distinct characters, or lower batch or seq"),
    "corpus": QT_TRANSLATE_NOOP("Problem", "the text's {chars} characters take most: use a shorter text"),
}


def memory_estimate(settings: TrainSettings, vocab_size: int, corpus_chars: int) -> MemoryEstimate:
    """The peak memory of training ``settings`` on a corpus of ``corpus_chars`` characters over a
    vocabulary of ``vocab_size``, by part (see the module's note). Python ints: no overflow."""
    s, f = settings, np.dtype(settings.dtype).itemsize
    d, hidden, layers = s.width, s.ffn_mult * s.width, s.layers
    tokens = s.batch * s.seq
    shapes = parameter_shapes(s, vocab_size).values()
    counts = [int(np.prod(shape, dtype=object)) for shape in shapes]
    norms = 0 if s.norm == "none" else (4 if s.placement == "peri" else 2)
    per_layer = (3 * norms + 9) * tokens * d + 2 * tokens * hidden
    scores = s.batch * s.heads * s.seq * s.seq
    return MemoryEstimate(
        parameters=(4 * sum(counts) + 3 * max(counts)) * f,
        activations=(layers * per_layer + 3 * tokens * hidden + 8 * tokens * d) * f,
        attention=(layers + 6) * scores * f,
        vocabulary=(4 * tokens * vocab_size + 2 * vocab_size * d) * f,
        corpus=4 * corpus_chars,
        history=32 * s.steps + 32 * min(s.steps, MAX_LAYER_ROWS) * layers)


def check_memory(settings: TrainSettings, vocab_size: int, corpus_chars: int, beside: int = 0) -> MemoryEstimate:
    """The run's estimate, or a Problem (the estimate, the limit, what to lower) when it would not fit
    ``MAX_TRAINING_BYTES`` beside the ``beside`` bytes other runs of the same process keep."""
    estimate = memory_estimate(settings, vocab_size, corpus_chars)
    if estimate.total + beside <= MAX_TRAINING_BYTES:
        return estimate
    parts = {name: getattr(estimate, name) for name in _ADVICE}
    advice = Note(_ADVICE[max(parts, key=parts.get)], vocab=f"{vocab_size:,}", chars=f"{corpus_chars:,}")
    if beside:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "this run needs about {need} of memory beside the {kept} the "
                                                   "runs already here keep (limit {limit}): clear the runs, or "
                                                   "{advice}"),
                      need=_size(estimate.total), kept=_size(beside), limit=_size(MAX_TRAINING_BYTES), advice=advice)
    raise Problem(QT_TRANSLATE_NOOP("Problem", "this run needs about {need} of memory (limit {limit}); {advice}"),
                  need=_size(estimate.total), limit=_size(MAX_TRAINING_BYTES), advice=advice)


def max_text_bytes() -> int:
    """The largest text file whose corpus fits the budget by itself."""
    return MAX_TRAINING_BYTES // CORPUS_BYTES_PER_BYTE


def sample_seconds(settings: TrainSettings, vocab_size: int, chars: int) -> float:
    """About how long sampling ``chars`` characters takes (an over-estimate: each character runs the model
    over the last ``seq`` characters)."""
    s = settings
    d, hidden, t = s.width, s.ffn_mult * s.width, s.seq
    weights = 4 * d * d + 2 * d * hidden
    per_layer = (SAMPLE_LAYER_SECONDS + SAMPLE_WEIGHT_SECONDS * weights + SAMPLE_MAC_SECONDS * t * weights
                 + SAMPLE_SCORE_SECONDS * s.heads * t * t + SAMPLE_VALUE_SECONDS * t * d)
    head = SAMPLE_WEIGHT_SECONDS * d * vocab_size
    return chars * (s.layers * per_layer + head)


def check_sample(settings: TrainSettings, vocab_size: int, chars: int) -> None:
    """A Problem (the estimate, the limit, how many characters fit) when sampling ``chars`` would take too long."""
    seconds = sample_seconds(settings, vocab_size, chars)
    if seconds <= MAX_SAMPLE_SECONDS:
        return
    fitting = int(chars * MAX_SAMPLE_SECONDS / seconds)
    raise Problem(QT_TRANSLATE_NOOP("Problem", "sampling {chars} characters from this model would take about "
                                               "{seconds:.0f} s (limit {limit:.0f} s): ask for at most {fitting}, "
                                               "or train a smaller model (layers, width, seq)"),
                  chars=chars, seconds=seconds, limit=MAX_SAMPLE_SECONDS, fitting=fitting)


def _size(n: int) -> str:
    """Bytes as people read them: '3.2 GiB', '640 MiB' (binary units, as the depth stack's message)."""
    return f"{n / 2**30:.1f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"
