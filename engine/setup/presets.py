"""Ready-made scenarios from the seed articles, each with a short id for the command line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from engine.setup.scenario import Scenario

#: Seed 000 §2.4: "今天西安的天气怎么样" after RoPE, d = 4, with its demonstration γ and β.
XIAN_LABELS = ("今天", "西安", "的", "天气", "怎么样", "？")
XIAN_MATRIX = (
    (0.320, -1.070, 0.880, 0.050),
    (-1.079, 0.004, 0.277, -0.717),
    (0.030, 0.464, 0.946, 0.200),
    (0.234, -1.267, -0.210, 0.654),
    (-0.390, -0.681, -0.947, 0.402),
    (0.800, 0.362, 0.382, -1.031),
)
XIAN_GAMMA = (1.2, 0.8, 1.0, 1.1)
XIAN_BETA = (0.1, -0.1, 0.05, 0.2)

#: Seed 001: "我 吃 苹果" after attention + residual; 吃 is 苹果 scaled by 10, and LN can't tell them
#: apart. Plus 苹果 with its middle dimensions swapped (LN can), and a constant row (the ε case).
APPLE_LABELS = ("我", "吃", "苹果", "苹果(换序)", "常数")
APPLE_MATRIX = (
    (8, 6, 4, 2),
    (20, 40, 60, 80),
    (2, 4, 6, 8),
    (2, 6, 4, 8),
    (5, 5, 5, 5),
)


@dataclass(frozen=True)
class Preset:
    id: str
    display_name: str
    build: Callable[[], Scenario]


def _xian() -> Scenario:
    return Scenario(np.array(XIAN_MATRIX), XIAN_LABELS, XIAN_GAMMA, XIAN_BETA, name="xian")


def _apple() -> Scenario:
    return Scenario(np.array(APPLE_MATRIX, dtype=float), APPLE_LABELS, name="apple")


def _random() -> Scenario:
    """128 tokens × 768 dims like a small model's hidden states: N(0, 1) with a few outlier
    dimensions of large magnitude, the pattern real LLM activations show."""
    rng = np.random.default_rng(2024)
    x = rng.standard_normal((128, 768)).astype(np.float32)
    outliers = rng.choice(768, size=6, replace=False)
    x[:, outliers] *= rng.uniform(8, 20, size=6).astype(np.float32)
    return Scenario(x, heads=12, name="random")


def _large() -> Scenario:
    """2048 × 4096 float32: a long context at a 7B model's width, for speed."""
    x = np.random.default_rng(7).standard_normal((2048, 4096), dtype=np.float32)
    return Scenario(x, heads=32, layers=2, name="large")


PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        Preset("xian", "今天西安的天气怎么样 (6 × 4)", _xian),
        Preset("apple", "我 吃 苹果 (5 × 4)", _apple),
        Preset("random", "Random hidden states (128 × 768)", _random),
        Preset("large", "Large (2048 × 4096)", _large),
    )
}


def load_preset(preset_id: str) -> Scenario:
    """Build the preset's Scenario; an unknown id raises a KeyError naming the known ones."""
    try:
        return PRESETS[preset_id].build()
    except KeyError:
        raise KeyError(f"unknown preset {preset_id!r}; choose one of: {', '.join(PRESETS)}") from None
