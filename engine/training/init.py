"""The model's parameters and how they start: Xavier-uniform (the default), torch's defaults, or GPT-2's.

Matrices are applied as ``x @ W`` (rows are tokens), so a (fan_in, fan_out) matrix maps fan_in
features to fan_out. Norm gains start at 1 and shifts at 0 under every recipe.

- ``xavier``: every matrix, the embeddings included, U(−a, a) with a = √(6 / (fan_in + fan_out)),
  as ``torch.nn.init.xavier_uniform_`` (the original Transformer's recipe).
- ``torch``: ``nn.Linear``'s default U(−1/√fan_in, 1/√fan_in), ``nn.Embedding``'s N(0, 1).
- ``gpt2``: N(0, 0.02²) for every matrix.
"""

from __future__ import annotations

import math

import numpy as np

from engine.training.settings import TrainSettings

Params = dict[str, np.ndarray]


def layer_prefix(layer: int) -> str:
    """The name prefix of block ``layer``'s parameters (0-based): 'L0.'."""
    return f"L{layer}."


def parameter_shapes(settings: TrainSettings, vocab_size: int) -> dict[str, tuple[int, ...]]:
    """Every trainable parameter's name and shape, in a fixed order (the order they are drawn in)."""
    d, hidden = settings.width, settings.ffn_mult * settings.width
    shapes: dict[str, tuple[int, ...]] = {"embed": (vocab_size, d)}
    if settings.position == "learned":
        shapes["pos"] = (settings.seq, d)
    for layer in range(settings.layers):
        p = layer_prefix(layer)
        shapes.update({p + "wq": (d, d), p + "wk": (d, d), p + "wv": (d, d), p + "wo": (d, d),
                       p + "w1": (d, hidden), p + "w2": (hidden, d)})
        if settings.norm != "none":
            for n in ("n1", "n2"):
                shapes[f"{p}{n}.g"] = (d,)
                if settings.norm == "layer":
                    shapes[f"{p}{n}.b"] = (d,)
    if settings.placement == "pre" and settings.norm != "none":
        shapes["final.g"] = (d,)
        if settings.norm == "layer":
            shapes["final.b"] = (d,)
    if not settings.tied:
        shapes["head"] = (d, vocab_size)
    return shapes


def _matrix(rng: np.random.Generator, name: str, shape: tuple[int, int], recipe: str) -> np.ndarray:
    embedding = name in ("embed", "pos")
    if recipe == "gpt2":
        return rng.normal(0.0, 0.02, shape)
    if recipe == "torch":
        if embedding:
            return rng.standard_normal(shape)
        bound = 1.0 / math.sqrt(shape[0])
        return rng.uniform(-bound, bound, shape)
    bound = math.sqrt(6.0 / (shape[0] + shape[1]))
    return rng.uniform(-bound, bound, shape)


def init_params(settings: TrainSettings, vocab_size: int) -> Params:
    """Fresh parameters for ``settings``; the same settings always give the same values."""
    rng = np.random.default_rng([settings.seed, 0])
    dtype = np.dtype(settings.dtype)
    params: Params = {}
    for name, shape in parameter_shapes(settings, vocab_size).items():
        if len(shape) == 1:
            value = np.ones(shape) if name.endswith(".g") else np.zeros(shape)
        else:
            value = _matrix(rng, name, shape, settings.init)
        params[name] = value.astype(dtype)
    return params


def sinusoidal_positions(seq: int, d: int, dtype) -> np.ndarray:
    """Vaswani et al.'s fixed encodings: sin on even features, cos on odd, wavelengths up to 10000·2π."""
    pos = np.arange(seq)[:, None]
    freq = np.exp(-math.log(10000.0) * (np.arange(0, d, 2) / d))
    table = np.zeros((seq, d))
    table[:, 0::2] = np.sin(pos * freq)
    table[:, 1::2] = np.cos(pos * freq[: d // 2])
    return table.astype(dtype)
