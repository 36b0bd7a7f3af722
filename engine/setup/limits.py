"""What a Scenario may hold: every setting's type and range, and the resource limits, in one table.

Everything that provides a setting (a session, an autosave snapshot, the settings file, the command
line, a widget) goes through ``check_setting``; the widgets take their ranges from ``SETTINGS``. The
resource limits are checked before anything is allocated: a matrix above ``MAX_CELLS`` is refused
by the Scenario, and the block and depth simulations are skipped (never started) above
``MAX_SIMULATION_BYTES``.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from engine.core.activations import ACTIVATIONS
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.core.weights import INITS

NORM_KINDS = ("layer", "rms", "batch", "dyt", "none")
PLACEMENTS = ("pre", "post", "peri", "deepnorm", "mixln")
DTYPES = ("float32", "float64")

# --- resource limits ---------------------------------------------------------------------------

# Cells of the token matrix: 2**24 float64 values are 128 MiB, and every view keeps a few copies.
# The large preset (2048 × 4096) holds half of it.
MAX_CELLS = 1 << 24
# Tokens (rows) and dimensions (columns) each; their product is bounded by MAX_CELLS.
MAX_TOKENS = 1 << 16
MAX_DIMS = 1 << 16
# Characters of one token label (longer ones would only be cut off on every axis).
MAX_LABEL_LENGTH = 256
# Stacked blocks: at d = 4, 1024 layers take about 1.4 s; deeper stacks only repeat the trend.
MAX_LAYERS = 1024
# FFN width as a multiple of d (4 in the original Transformer, 8/3·2 ≈ 5.3 with SwiGLU in Llama).
MAX_FFN_MULT = 16
# Memory a block or depth simulation may take (weights, and the activations kept for the
# backward pass). Above it the simulation is skipped with a message, before any weight exists:
# one block at d = 4096 with ReLU takes 0.8 GiB, at d = 8192 3.2 GiB.
MAX_SIMULATION_BYTES = 1 << 30
# Widest d the block and depth simulations draw weights for (the widest real models: Llama 3 70B):
# above it the weights are drawn a slab at a time within the memory limit, but one layer's draw
# alone takes about 10 s at d = 8192 and four times that at d = 16384.
MAX_STACK_DIMS = 8192
# Training runs a session keeps, and rows of measurements per run (a longer run keeps every k-th
# step): at 48 layers a run is at most 0.2 M values, read back in about 0.2 s.
MAX_SAVED_RUNS = 16
MAX_SAVED_STEPS = 1000
# Per-layer rows a training run's history keeps at most (engine.training.history): every step of a
# run of up to this many steps, every k-th of a longer one.
MAX_LAYER_ROWS = 4096


# --- settings ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """One Scenario setting: its type and either its closed range ``low``..``high`` or its ``choices``."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple = ()


SETTINGS: dict[str, Setting] = {
    "norm": Setting(str, choices=NORM_KINDS),
    "placement": Setting(str, choices=PLACEMENTS),
    "activation": Setting(str, choices=ACTIVATIONS),
    "dtype": Setting(str, choices=DTYPES),
    "init": Setting(str, choices=INITS),
    "eps": Setting(float, 0.0, 1e6),
    "layers": Setting(int, 1, MAX_LAYERS),
    # The widgets' QSpinBox holds a C int.
    "seed": Setting(int, 0, 2**31 - 1),
    # Heads must also divide d, which the Scenario checks.
    "heads": Setting(int, 1, MAX_DIMS),
    "ffn_mult": Setting(int, 1, MAX_FFN_MULT),
    "stack_tokens": Setting(int, 1, MAX_TOKENS),
    "bn_momentum": Setting(float, 0.0, 1.0),
    "toy_a": Setting(float, -100.0, 100.0),
    "toy_b": Setting(float, -100.0, 100.0),
    "toy_v0": Setting(float, -1e6, 1e6),
    # DyT's α (y = γ ⊙ tanh(α·x) + β): above 0; below 1e-3 tanh(α·x) is α·x for any shown value.
    "dyt_alpha": Setting(float, 1e-3, 100.0),
    "causal": Setting(bool),
    "bn_training": Setting(bool),
    "qk_norm": Setting(bool),
    "ln_scaling": Setting(bool),
}


def check_setting(name: str, value):
    """``value`` as the plain Python type of setting ``name`` (int, float, bool or str), or a Problem.

    Any integer (Python or NumPy, not a bool) is an int; any real number a float, ints included.
    Ranges are closed; a float must be finite. Values of any size are refused without overflowing.
    """
    return check_value(name, value, SETTINGS[name])


def check_value(name: str, value, setting: Setting):
    """``value`` checked against ``setting`` as ``check_setting`` checks a Scenario's (``name`` is
    what the message calls it): also for the declared sizes of a model (engine.models.model_limits)."""
    original = value
    if type(value) is setting.kind:  # the common case, a few hundred ns: every edit checks every setting
        if setting.choices:
            if value in setting.choices:
                return value
        elif setting.kind is bool or setting.low <= value <= setting.high:
            return value  # NaN and ±inf fail the comparison and are refused below
    if setting.kind is bool:
        if not isinstance(value, (bool, np.bool_)):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be true or false, got {value}"),
                          name=name, value=_shown(value))
        return bool(value)
    if setting.kind is str:
        if not isinstance(value, str) or value not in setting.choices:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be one of {choices}; got {value}"),
                          name=name, choices=", ".join(setting.choices), value=_shown(value))
        return value
    if setting.kind is int:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be an integer, got {value}"),
                          name=name, value=_shown(value))
        value = int(value)
    else:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be a number, got {value}"),
                          name=name, value=_shown(value))
        # float() of an integer beyond 1.8e308 raises OverflowError: such a value is out of range anyway.
        value = math.inf if isinstance(value, numbers.Integral) and abs(value) >= 2**1000 else float(value)
        if not math.isfinite(value):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be a finite number, got {value}"),
                          name=name, value=_shown(original))
    if not setting.low <= value <= setting.high:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must lie in [{low}, {high}], got {value}"),
                      name=name, low=_shown(setting.low), high=_shown(setting.high), value=_shown(original))
    return value


def _shown(value) -> str:
    """A short text for ``value`` in a message: an integer of a million digits is shown as its size
    (``str`` of it would even raise), a long string is cut."""
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)) and abs(value) >= 10**15:
        return f"~1e{int(math.log10(abs(int(value))))}"
    if isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
        text = format(float(value), "g")
    else:
        text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:39] + "…"
