"""ModelWeights: a model's tensors under one naming for every family, and the check of their shapes.

Linear weights are kept as PyTorch stores them, (out, in), so ``x @ w.T`` applies them. The names:
``embedding`` holds ``tokens`` (V, d), and for BERT/GPT-2 ``positions`` (P, d), for BERT ``types`` (2, d)
and ``norm.weight``/``norm.bias``; each layer holds ``q``, ``k``, ``v``, ``o`` (+ ``*_bias``),
``attn_norm.*``, ``ffn_norm.*`` and ``up``, ``down`` (+ ``gate`` for SwiGLU and GeGLU; Gemma 3 adds
``post_attn_norm``, ``post_ffn_norm``, ``q_norm`` and ``k_norm``, each ``.weight`` holding the multiplier
itself, 1 + w, as its GGUF stores it); ``head`` holds
``norm.*`` (Pre-LN models) and ``unembedding`` (V, d; the token embedding when tied).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from engine.models.model_limits import MAX_WEIGHT_BYTES
from engine.models.spec import ModelSpec
from engine.problem import QT_TRANSLATE_NOOP, FileProblem




def check_size(path, elements: int) -> None:
    """Refuse a checkpoint of ``elements`` numbers whose float32 copy would not fit MAX_WEIGHT_BYTES."""
    if 4 * elements > MAX_WEIGHT_BYTES:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "holds {size} MB of weights as float32; NormScope runs models up to {limit} MB"),
            size=f"{4 * elements / 2**20:.0f}", limit=MAX_WEIGHT_BYTES >> 20)


class LazyTensors(Mapping):
    """Tensors by name whose shapes are known at once and whose values are made on first use (a GGUF
    tensor dequantized when its layer first runs), then kept. Loaders shared between two groups (tied
    embeddings) make one array."""

    def __init__(self, shapes: dict[str, tuple[int, ...]], loaders: dict[str, Callable[[], np.ndarray]]):
        self._shapes, self._loaders = shapes, loaders
        self._arrays: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()  # the Model tab's worker and a headless caller may both ask

    def __getitem__(self, name: str) -> np.ndarray:
        with self._lock:
            if name not in self._arrays:
                self._arrays[name] = self._loaders[name]()
            return self._arrays[name]

    def __contains__(self, name: object) -> bool:  # Mapping's own would make the tensor to find out
        return name in self._loaders

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def shape(self, name: str) -> tuple[int, ...]:
        return self._shapes[name]


def tensor_shape(group: Mapping, name: str) -> tuple[int, ...]:
    """The shape of ``group[name]``, without making it when ``group`` is lazy."""
    return group.shape(name) if isinstance(group, LazyTensors) else group[name].shape


@dataclass(frozen=True)
class ModelWeights:
    embedding: Mapping[str, np.ndarray]
    layers: tuple[Mapping[str, np.ndarray], ...]
    head: Mapping[str, np.ndarray]


def _norm_shapes(prefix: str, d: int, with_bias: bool) -> dict[str, tuple[int, ...]]:
    shapes = {f"{prefix}.weight": (d,)}
    if with_bias:
        shapes[f"{prefix}.bias"] = (d,)
    return shapes


def expected_shapes(spec: ModelSpec) -> tuple[dict, dict, dict]:
    """The shapes of ``embedding``, of every layer and of ``head`` that ``spec`` needs."""
    d, f, kv = spec.dims, spec.ffn_dims, spec.kv_heads * spec.head_dims
    layer_norm = spec.norm_kind == "layer"
    embedding = {"tokens": (spec.vocab_size, d)}
    if spec.family in ("bert", "gpt2"):
        embedding["positions"] = (spec.max_positions, d)
    if spec.family == "bert":
        embedding["types"] = (None, d)  # any number of token types; row 0 is used
        embedding.update(_norm_shapes("norm", d, True))
    q = spec.heads * spec.head_dims  # d, but for a model that states its head size (Gemma 3)
    layer = {"q": (q, d), "k": (kv, d), "v": (kv, d), "o": (d, q), "up": (f, d), "down": (d, f)}
    layer.update(_norm_shapes("attn_norm", d, layer_norm))
    layer.update(_norm_shapes("ffn_norm", d, layer_norm))
    if spec.family == "gemma3":
        layer.update(_norm_shapes("post_attn_norm", d, False), **_norm_shapes("post_ffn_norm", d, False),
                     **_norm_shapes("q_norm", spec.head_dims, False), **_norm_shapes("k_norm", spec.head_dims, False))
    if spec.family in ("llama", "gemma3"):
        layer["gate"] = (f, d)
        if spec.qkv_bias:
            layer.update(q_bias=(d,), k_bias=(kv,), v_bias=(kv,))
    else:
        layer.update(q_bias=(d,), k_bias=(kv,), v_bias=(kv,), o_bias=(d,), up_bias=(f,), down_bias=(d,))
    head = {"unembedding": (spec.vocab_size, d)} if spec.family != "bert" else {}
    if spec.placement == "pre":
        head.update(_norm_shapes("norm", d, layer_norm))
    return embedding, layer, head


def _check_group(path, where: str, tensors: dict, shapes: dict) -> None:
    for name, shape in shapes.items():
        if name not in tensors:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no tensor for {name} ({where})"),
                              name=name, where=where)
        actual = tensor_shape(tensors, name)
        if len(actual) != len(shape) or any(s is not None and s != a for s, a in zip(shape, actual)):
            raise FileProblem(path, QT_TRANSLATE_NOOP(
                "Problem", "has a tensor {name} ({where}) of shape {shape}; the config needs {expected}"),
                name=name, where=where, shape=tuple(actual),
                expected=tuple("any" if s is None else s for s in shape))


def check_spec(path, spec: ModelSpec) -> None:
    """Refuse ``spec`` when the weights it implies would not fit MAX_WEIGHT_BYTES, before any is read."""
    if spec.family in ("llama", "gemma3") and spec.head_dims % 2:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has heads of {size} dimensions; RoPE needs an even number"), size=spec.head_dims)
    embedding, layer, head = expected_shapes(spec)
    head.pop("unembedding", None)  # often the token embedding itself (tied): the tensors' own count checks it
    count = lambda shapes: sum(math.prod(2 if n is None else n for n in s) for s in shapes.values())  # noqa: E731
    check_size(path, count(embedding) + spec.layers * count(layer) + count(head))


def check_weights(path, spec: ModelSpec, weights: ModelWeights) -> None:
    """Raise a FileProblem naming the first tensor that is missing or has the wrong shape."""
    embedding, layer, head = expected_shapes(spec)
    if len(weights.layers) != spec.layers:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {found} layers; the config says {expected}"),
                          found=len(weights.layers), expected=spec.layers)
    _check_group(path, "embedding", weights.embedding, embedding)
    for i, tensors in enumerate(weights.layers):
        _check_group(path, f"layer {i}", tensors, layer)
    _check_group(path, "head", weights.head, head)
