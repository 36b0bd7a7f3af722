"""A .gguf file of the Llama family (Llama, SmolLM): its metadata as a ModelSpec and its tensors dequantized.

The ``gguf`` package (pure Python) parses the file through a memory map; each tensor is dequantized to
float32 on its own, so the quantized bytes are never held twice and peak memory stays near the float32
model (~0.55 GB for SmolLM2-135M).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from engine.models.checkpoint import ModelWeights, check_size, check_weights
from engine.models.spec import ModelSpec
from engine.problem import QT_TRANSLATE_NOOP, FileProblem

#: GGUF architectures whose tensors follow llama.cpp's Llama layout (q/k rows permuted for its RoPE).
ARCHITECTURES = ("llama",)

_LAYER_TENSORS = {"attn_q": "q", "attn_k": "k", "attn_v": "v", "attn_output": "o", "ffn_gate": "gate",
                  "ffn_up": "up", "ffn_down": "down", "attn_norm": "attn_norm.weight", "ffn_norm": "ffn_norm.weight"}

Progress = Callable[[float], None]


def open_gguf(path: Path):
    """A ``gguf.GGUFReader`` on ``path``; a truncated or foreign file is refused by name."""
    from gguf import GGUFReader

    try:
        return GGUFReader(str(path))
    except (ValueError, IndexError, KeyError, OSError, EOFError, TypeError) as error:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "is not a complete GGUF file (truncated or of another kind: {reason})"),
            reason=str(error)) from None


def field(reader, path: Path, key: str, default=None):
    """The value of metadata ``key`` (a number, string or list), or ``default`` when absent."""
    entry = reader.fields.get(key)
    if entry is None:
        if default is None:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no metadata entry {key}"), key=key)
        return default
    try:
        return entry.contents()
    except (ValueError, IndexError, TypeError) as error:  # e.g. a string that is not UTF-8
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an unreadable metadata entry {key} ({reason})"),
                          key=key, reason=str(error)) from None


def _number(reader, path: Path, key: str, default=None) -> float:
    value = field(reader, path, key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no number for {key}"), key=key)
    return value


def read_spec(reader, path: Path) -> ModelSpec:
    architecture = field(reader, path, "general.architecture")
    if architecture not in ARCHITECTURES:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "holds a {kind} model; NormScope runs GGUF files of {supported}"),
                          kind=repr(architecture), supported=", ".join(ARCHITECTURES))
    a = lambda key, default=None: _number(reader, path, f"{architecture}.{key}", default)  # noqa: E731
    heads = int(a("attention.head_count"))
    d = int(a("embedding_length"))
    if heads <= 0 or d % heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {heads} heads, which do not divide d = {dims}"),
                          heads=heads, dims=d)
    kv_heads = int(a("attention.head_count_kv", heads))
    if kv_heads <= 0 or heads % kv_heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {kv} key/value heads, which do not divide {heads} heads"),
                          kv=kv_heads, heads=heads)
    tokens = reader.fields.get("tokenizer.ggml.tokens")
    vocab = int(a("vocab_size", len(tokens.data) if tokens is not None else 0))
    return ModelSpec(family="llama", layers=int(a("block_count")), dims=d, heads=heads, kv_heads=kv_heads,
                     ffn_dims=int(a("feed_forward_length")), eps=float(a("attention.layer_norm_rms_epsilon")),
                     max_positions=int(a("context_length")), vocab_size=vocab,
                     rope_theta=float(a("rope.freq_base", 10000.0)), activation="swiglu")


def _unpermute(w: np.ndarray, heads: int) -> np.ndarray:
    """Undo llama.cpp's reordering of q/k rows (pairs interleaved for its RoPE) into Hugging Face's halves."""
    half = w.shape[0] // heads // 2
    return np.ascontiguousarray(w.reshape(heads, half, 2, w.shape[1]).swapaxes(1, 2).reshape(w.shape))


def _dequantized(tensor, path: Path) -> np.ndarray:
    from gguf.quants import dequantize

    try:
        values = dequantize(tensor.data, tensor.tensor_type)
    except (NotImplementedError, ValueError) as error:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a tensor {name} that can't be dequantized ({reason})"),
                          name=tensor.name, reason=str(error)) from None
    return np.ascontiguousarray(values, dtype=np.float32)


def _place(name: str, array: np.ndarray, spec: ModelSpec, weights: ModelWeights) -> None:
    if name == "token_embd.weight":
        weights.embedding["tokens"] = array
    elif name == "output_norm.weight":
        weights.head["norm.weight"] = array
    elif name == "output.weight":
        weights.head["unembedding"] = array
    elif name.startswith("blk."):
        _, index, kind, _ = name.split(".", 3)
        if index.isdigit() and int(index) < spec.layers and kind in _LAYER_TENSORS:
            if kind in ("attn_q", "attn_k") and array.ndim == 2:
                array = _unpermute(array, spec.heads if kind == "attn_q" else spec.kv_heads)
            weights.layers[int(index)][_LAYER_TENSORS[kind]] = array


def load_gguf_weights(path: Path, reader, progress: Progress | None = None) -> tuple[ModelSpec, ModelWeights]:
    """The spec and checked float32 weights of a GGUF file; ``progress(fraction)`` after each tensor."""
    spec = read_spec(reader, path)
    check_size(path, sum(int(t.n_elements) for t in reader.tensors))
    weights = ModelWeights({}, tuple({} for _ in range(spec.layers)), {})
    tensors = list(reader.tensors)
    sizes = np.cumsum([int(t.n_bytes) for t in tensors], dtype=np.float64)
    for tensor, done in zip(tensors, sizes):
        _place(tensor.name, _dequantized(tensor, path), spec, weights)
        if progress is not None:
            progress(float(done / sizes[-1]))
    if "unembedding" not in weights.head and "tokens" in weights.embedding:
        weights.head["unembedding"] = weights.embedding["tokens"]  # tied embeddings (SmolLM2)
    check_weights(path, spec, weights)
    return spec, weights
