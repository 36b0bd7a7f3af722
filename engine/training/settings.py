"""Every setting of a training run, with its range: the recipe made visible.

Defaults follow the original Transformer (Vaswani et al. 2017): token embeddings scaled by √d,
Xavier-uniform init (the query, key and value projections as one packed in-projection, as
``torch.nn.MultiheadAttention`` and fairseq do), Adam with β₁ = 0.9, β₂ = 0.98, ε = 1e-9. Xiong et
al. (2020) and Liu et al. (2020), both in fairseq, saw Post-LN fail without warmup in this recipe;
each ingredient can be flipped. The learning rate holds its peak after warmup by default; the
original's inverse-square-root decay is a choice.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.problem import QT_TRANSLATE_NOOP, Problem

NORMS = ("layer", "rms", "none", "dyt")
PLACEMENTS = ("pre", "post", "deepnorm", "peri")
#: Placements whose residual stream is not normalised at the end of a block: a final norm before the head.
FINAL_NORM_PLACEMENTS = ("pre", "peri")
INITS = ("xavier", "torch", "gpt2")
#: How the Xavier recipe counts the query, key and value projections' fans: as one packed (d, 3d)
#: in-projection (``torch.nn.MultiheadAttention``, fairseq: bound √(6 / 4d), i.e. gain 1/√2 on each)
#: or as three separate (d, d) matrices (bound √(6 / 2d)).
QKV_XAVIER = ("packed", "separate")
POSITIONS = ("sinusoidal", "learned")
ACTIVATIONS = ("relu", "gelu")
#: After the linear warmup: hold the peak, or decay as 1/√step (the original Transformer's).
SCHEDULES = ("constant", "inverse_sqrt")
TASKS = ("copy", "reverse", "sort", "modadd")
DTYPES = ("float32", "float64")

#: (low, high) of every numeric setting, inclusive: the command line's flags, the Training tab's form and
#: the runs a session holds all take their ranges from here.
RANGES: dict[str, tuple[float, float]] = {
    "layers": (1, 48),
    "width": (4, 512),
    "heads": (1, 64),
    "steps": (1, 1_000_000),
    "batch": (1, 1024),
    "seq": (2, 1024),
    "lr": (0.0, 10.0),
    "warmup": (0, 1_000_000),
    "beta1": (0.0, 0.999999),
    "beta2": (0.0, 0.999999999),
    "adam_eps": (0.0, 1.0),
    "clip": (0.0, 1e9),
    "eps": (0.0, 1.0),
    "val_every": (1, 1_000_000),
    "val_batches": (1, 1000),
    "seed": (0, 2**32 - 1),
    "ffn_mult": (1, 16),
    "embed_scale": (0.0, 1e6),  # None (not a number) means √width
    # Characters sampled after training (``--sample``; not part of a run's settings): sample.txt stays
    # below 400 kB, and the time a sample takes is checked too (engine.training.budget).
    "sample": (0, 100_000),
}


def check_range(name: str, value) -> None:
    """A Problem when ``value`` lies outside ``RANGES[name]`` (NaN lies outside every range)."""
    low, high = RANGES[name]
    if not (low <= value <= high):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be between {low} and {high}, not {value}"),
                      name=name, low=low, high=high, value=value)


@dataclass(frozen=True)
class TrainSettings:
    """One training run. ``clip`` = 0 means no gradient clipping; ``embed_scale`` None means √d."""

    norm: str = "layer"
    placement: str = "post"
    layers: int = 12
    width: int = 64
    heads: int = 4
    ffn_mult: int = 4
    activation: str = "relu"
    eps: float = 1e-5
    lr: float = 1e-3
    warmup: int = 0
    schedule: str = "constant"
    beta1: float = 0.9
    beta2: float = 0.98
    adam_eps: float = 1e-9
    clip: float = 0.0
    steps: int = 300
    batch: int = 16
    seq: int = 32
    seed: int = 0
    init: str = "xavier"
    qkv_xavier: str = "packed"
    embed_scale: float | None = None
    position: str = "sinusoidal"
    tied: bool = True
    data: str = "stdlib"
    val_every: int = 10
    val_batches: int = 4
    dtype: str = "float32"

    def __post_init__(self):
        for name, choices in (("norm", NORMS), ("placement", PLACEMENTS), ("init", INITS),
                              ("qkv_xavier", QKV_XAVIER), ("position", POSITIONS), ("activation", ACTIVATIONS),
                              ("schedule", SCHEDULES), ("dtype", DTYPES)):
            if getattr(self, name) not in choices:
                raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be one of {choices}, not {value}"),
                              name=name, choices=", ".join(choices), value=repr(getattr(self, name)))
        for name in RANGES:
            value = getattr(self, name, None)
            if value is not None:  # None: a flag, not a setting, or embed_scale's √width
                check_range(name, value)
        if self.width % self.heads:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "width {width} must be a multiple of heads {heads}"),
                          width=self.width, heads=self.heads)
        if not self.data:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "data must be stdlib, a task ({tasks}) or a file"),
                          tasks=", ".join(TASKS))

    @property
    def embedding_scale(self) -> float:
        """The factor on token embeddings: √d unless set."""
        return self.width ** 0.5 if self.embed_scale is None else float(self.embed_scale)

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        return dataclasses.asdict(self)
