"""The model's parameters and how they start: Xavier-uniform (the default), torch's defaults, or GPT-2's.

Matrices are applied as ``x @ W`` (rows are tokens), so a (fan_in, fan_out) matrix maps fan_in
features to fan_out. Norm gains start at 1, shifts at 0 and DyT's scalar at 0.5 under every recipe;
under DeepNorm the value, output and FFN matrices are then multiplied by β = (8N)^−¼.

- ``xavier``: every matrix, the embeddings included, U(−a, a) with a = √(6 / (fan_in + fan_out)),
  as ``torch.nn.init.xavier_uniform_`` (the original Transformer's recipe). With ``qkv_xavier``
  "packed" (the default) the query, key and value projections count as the one (d, 3d) matrix that
  ``torch.nn.MultiheadAttention`` and fairseq initialise, a = √(6 / 4d): 1/√2 of the separate bound.
  It matters: with separate fans 12-layer Post-LN stays on the unigram plateau even with warmup.
- ``torch``: ``nn.Linear``'s default U(−1/√fan_in, 1/√fan_in), ``nn.Embedding``'s N(0, 1).
- ``gpt2``: N(0, 0.02²) for every matrix.
"""

from __future__ import annotations

import math

import numpy as np

from engine.core.depth import deepnorm_constants
from engine.training.settings import FINAL_NORM_PLACEMENTS, TrainSettings

Params = dict[str, np.ndarray]

#: The query, key and value projections, packed into one in-projection by ``qkv_xavier`` "packed".
QKV = (".wq", ".wk", ".wv")
#: DyT's learned scalar starts here (Zhu et al. 2025's default for non-LLM models).
DYT_ALPHA_INIT = 0.5
#: The matrices DeepNorm's β scales at init: value, attention output and both FFN projections
#: (Wang et al. 2022); queries and keys keep their scale.
DEEPNORM_SCALED = (".wv", ".wo", ".w1", ".w2")


def layer_prefix(layer: int) -> str:
    """The name prefix of block ``layer``'s parameters (0-based): 'L0.'."""
    return f"L{layer}."


def _norm_shapes(settings: TrainSettings, name: str) -> dict[str, tuple[int, ...]]:
    """A norm's learned gain ``.g``, shift ``.b`` (LayerNorm, DyT) and DyT's scalar ``.a``."""
    d = settings.width
    if settings.norm == "none":
        return {}
    shapes = {name + ".g": (d,)}
    if settings.norm in ("layer", "dyt"):
        shapes[name + ".b"] = (d,)
    if settings.norm == "dyt":
        shapes[name + ".a"] = (1,)
    return shapes


def parameter_shapes(settings: TrainSettings, vocab_size: int) -> dict[str, tuple[int, ...]]:
    """Every trainable parameter's name and shape, in a fixed order (the order they are drawn in)."""
    d, hidden = settings.width, settings.ffn_mult * settings.width
    shapes: dict[str, tuple[int, ...]] = {"embed": (vocab_size, d)}
    if settings.position == "learned":
        shapes["pos"] = (settings.seq, d)
    norms = ["n1", "n2"] + (["attn_norm", "ffn_norm"] if settings.placement == "peri" else [])
    for layer in range(settings.layers):
        p = layer_prefix(layer)
        shapes.update({p + "wq": (d, d), p + "wk": (d, d), p + "wv": (d, d), p + "wo": (d, d),
                       p + "w1": (d, hidden), p + "w2": (hidden, d)})
        for n in norms:
            shapes.update(_norm_shapes(settings, p + n))
    if settings.placement in FINAL_NORM_PLACEMENTS:
        shapes.update(_norm_shapes(settings, "final"))
    if not settings.tied:
        shapes["head"] = (d, vocab_size)
    return shapes


def _matrix(rng: np.random.Generator, name: str, shape: tuple[int, int], settings: TrainSettings) -> np.ndarray:
    recipe, embedding = settings.init, name in ("embed", "pos")
    if recipe == "gpt2":
        return rng.normal(0.0, 0.02, shape)
    if recipe == "torch":
        if embedding:
            return rng.standard_normal(shape)
        bound = 1.0 / math.sqrt(shape[0])
        return rng.uniform(-bound, bound, shape)
    fan_in, fan_out = shape
    if settings.qkv_xavier == "packed" and name.endswith(QKV):
        fan_out *= 3
    bound = math.sqrt(6.0 / (fan_in + fan_out))
    return rng.uniform(-bound, bound, shape)


def init_params(settings: TrainSettings, vocab_size: int) -> Params:
    """Fresh parameters for ``settings``; the same settings always give the same values."""
    rng = np.random.default_rng([settings.seed, 0])
    dtype = np.dtype(settings.dtype)
    deepnorm_beta = deepnorm_constants(settings.layers)[1] if settings.placement == "deepnorm" else 1.0
    params: Params = {}
    for name, shape in parameter_shapes(settings, vocab_size).items():
        if len(shape) == 1:
            start = {".g": 1.0, ".a": DYT_ALPHA_INIT}.get(name[-2:], 0.0)
            value = np.full(shape, start)
        else:
            value = _matrix(rng, name, shape, settings)
            if name.endswith(DEEPNORM_SCALED):
                value *= deepnorm_beta
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
