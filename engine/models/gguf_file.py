"""A .gguf file of the Llama family (Llama, SmolLM) or Gemma 3: its metadata as a ModelSpec and its tensors, lazily.

The header is read by engine.models.gguf_header (every declared size checked against the file and the
limits); the spec is checked before any tensor is touched. Each tensor stays quantized in the memory
map until its layer first runs, then is dequantized alone, slab by slab (the ``gguf`` package's formulas:
engine.models.quantized_matrix) and kept as float32: the quantized bytes are never copied and peak
memory stays near the float32 model. A quantized token embedding is never made float32 whole (a run
needs its T rows, and the logits are taken slab by slab).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np

from engine.models.checkpoint import LazyTensors, ModelWeights, check_size, check_spec, check_weights
from engine.models.gguf_header import GGUFArray, GGUFHeader, GGUFTensor, read_gguf_header
from engine.models.gemma_spec import gemma_settings, refuse_soft_capping
from engine.models.model_limits import check_model_value
from engine.models.quantized_matrix import QuantizedMatrix, dequantize_slabs
from engine.models.spec import ModelSpec
from engine.problem import QT_TRANSLATE_NOOP, FileProblem

#: GGUF architectures NormScope runs: llama.cpp's Llama layout (q/k rows permuted for its RoPE) and
#: Gemma 3 (not permuted; its norms' weights hold the multiplier 1 + w).
ARCHITECTURES = ("llama", "gemma3")

_LAYER_TENSORS = {"attn_q": "q", "attn_k": "k", "attn_v": "v", "attn_output": "o", "ffn_gate": "gate",
                  "ffn_up": "up", "ffn_down": "down", "attn_norm": "attn_norm.weight", "ffn_norm": "ffn_norm.weight",
                  "post_attention_norm": "post_attn_norm.weight", "post_ffw_norm": "post_ffn_norm.weight",
                  "attn_q_norm": "q_norm.weight", "attn_k_norm": "k_norm.weight"}

Progress = Callable[[float], None]


def open_gguf(path: Path) -> GGUFHeader:
    """The checked header of the GGUF file at ``path``; a truncated or foreign file is refused by name."""
    return read_gguf_header(path)


def field(header: GGUFHeader, key: str, default=None):
    """The value of metadata ``key`` (a number, string or GGUFArray), or ``default`` when absent."""
    value = header.fields.get(key)
    if value is None:
        if default is None:
            raise FileProblem(header.path, QT_TRANSLATE_NOOP("Problem", "has no metadata entry {key}"), key=key)
        return default
    return value


def text_field(header: GGUFHeader, key: str, default=None) -> str:
    """Metadata ``key`` that must be a string."""
    value = field(header, key, default)
    if not isinstance(value, str):
        raise FileProblem(header.path, QT_TRANSLATE_NOOP("Problem", "has {key} = {value}; a name was expected"),
                          key=key, value="an array" if isinstance(value, GGUFArray) else repr(value))
    return value


def read_spec(header: GGUFHeader) -> ModelSpec:
    """The spec the metadata describes, each size checked against engine.models.model_limits."""
    path = header.path
    architecture = text_field(header, "general.architecture")
    if architecture not in ARCHITECTURES:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "holds a {kind} model; NormScope runs GGUF files of {supported}"),
                          kind=repr(architecture[:40]), supported=", ".join(ARCHITECTURES))

    def a(key: str, spec_field: str, default=None):
        name = f"{architecture}.{key}"
        value = field(header, name, default)
        return check_model_value(path, name, "an array" if isinstance(value, GGUFArray) else value, spec_field)

    heads = a("attention.head_count", "heads")
    d = a("embedding_length", "dims")
    if architecture == "llama" and d % heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {heads} heads, which do not divide d = {dims}"),
                          heads=heads, dims=d)
    kv_heads = a("attention.head_count_kv", "kv_heads", heads)
    if heads % kv_heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {kv} key/value heads, which do not divide {heads} heads"),
                          kv=kv_heads, heads=heads)
    tokens = header.fields.get("tokenizer.ggml.tokens")
    layers = a("block_count", "layers")
    family = {"family": "llama", "activation": "swiglu"}
    if architecture == "gemma3":
        family = _gemma_family(header, a, layers, d, heads)
    spec = ModelSpec(layers=layers, dims=d, heads=heads, kv_heads=kv_heads,
                     ffn_dims=a("feed_forward_length", "ffn_dims"), eps=a("attention.layer_norm_rms_epsilon", "eps"),
                     max_positions=a("context_length", "max_positions"),
                     vocab_size=a("vocab_size", "vocab_size", tokens.count if isinstance(tokens, GGUFArray) else None),
                     rope_theta=a("rope.freq_base", "rope_theta", 10000.0), **family)
    check_spec(path, spec)
    return spec


def _gemma_family(header: GGUFHeader, a, layers: int, d: int, heads: int) -> dict:
    """Gemma 3's settings: the head size and window from the metadata, the rest from engine.models.gemma_spec."""
    head_size = a("attention.key_length", "head_dims")
    if a("attention.value_length", "head_dims", head_size) != head_size:
        raise FileProblem(header.path, QT_TRANSLATE_NOOP(
            "Problem", "has keys of {keys} and values of {values} dimensions; NormScope needs them equal"),
            keys=head_size, values=header.fields["gemma3.attention.value_length"])
    scaling = header.fields.get("gemma3.rope.scaling.type")
    if scaling not in (None, "none"):
        raise FileProblem(header.path, QT_TRANSLATE_NOOP("Problem", "uses {name} RoPE scaling, which NormScope does not run"),
                          name=repr(scaling)[:40])
    for key in ("gemma3.attn_logit_softcapping", "gemma3.final_logit_softcapping"):
        refuse_soft_capping(header.path, key, header.fields.get(key))
    settings = gemma_settings(layers, d, heads, head_size)
    settings["sliding_window"] = a("attention.sliding_window", "max_positions")
    return settings


def _unpermute(w: np.ndarray, heads: int) -> np.ndarray:
    """Undo llama.cpp's reordering of q/k rows (pairs interleaved for its RoPE) into Hugging Face's halves."""
    half = w.shape[0] // heads // 2
    return np.ascontiguousarray(w.reshape(heads, half, 2, w.shape[1]).swapaxes(1, 2).reshape(w.shape))


def _dequantized(header: GGUFHeader, tensor: GGUFTensor) -> np.ndarray:
    """``tensor`` as float32 of its shape, dequantized from the memory map slab by slab into a new,
    writable array (an F32 tensor too: a Scenario takes a read-only γ as checked already)."""
    columns = tensor.shape[-1]
    raw = header.tensor_bytes(tensor).reshape(tensor.elements // columns, -1)
    return dequantize_slabs(raw, tensor.kind, columns).reshape(tensor.shape)


def _check_dequantizable(header: GGUFHeader, tensor: GGUFTensor) -> None:
    """Refuse a tensor whose type the engine does not compute in (integers, an unknown quantization),
    trying one block of zeros, before any of its values is read."""
    from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType
    from gguf.quants import dequantize

    kind = GGMLQuantizationType(tensor.kind)
    block, block_bytes = GGML_QUANT_SIZES[kind]
    try:
        if kind.name.startswith("I") and not kind.name.startswith("IQ"):
            raise NotImplementedError("integers")
        dequantize(np.zeros((1, block_bytes), dtype=np.uint8), kind)
    except (NotImplementedError, ValueError, TypeError) as error:
        raise FileProblem(header.path, QT_TRANSLATE_NOOP(
            "Problem", "has a tensor {name} of type {kind}, which NormScope can't compute in ({reason})"),
            name=tensor.name, kind=kind.name, reason=str(error) or type(error).__name__) from None


#: Types whose values are read as they are (not kept quantized: there is nothing to save).
_PLAIN = (0, 1, 30)  # F32, F16, BF16


def _loader(header: GGUFHeader, tensor: GGUFTensor, heads: int | None):
    """A function that makes ``tensor``'s float32 values once (q/k rows back in Hugging Face's order); a
    quantized token embedding stays quantized (engine.models.quantized_matrix: a run needs T rows of it)."""
    def load() -> np.ndarray:
        if tensor.name == "token_embd.weight" and tensor.kind not in _PLAIN and len(tensor.shape) == 2:
            return QuantizedMatrix(header.tensor_bytes(tensor).reshape(tensor.shape[0], -1), tensor.kind,
                                   tensor.shape[1])
        array = _dequantized(header, tensor)
        return _unpermute(array, heads) if heads is not None else array
    return functools.cache(load)


def load_gguf_weights(path: Path, header: GGUFHeader, progress: Progress | None = None) -> tuple[ModelSpec, ModelWeights]:
    """The spec and shape-checked lazy float32 weights of a GGUF file; ``progress(fraction)`` at the end."""
    spec = read_spec(header)
    check_size(path, sum(t.elements for t in header.tensors))
    groups: dict = {"embedding": ({}, {}), "head": ({}, {})}
    layers = [({}, {}) for _ in range(spec.layers)]
    used = []
    for tensor in header.tensors:
        place = _place(tensor.name, spec)
        if place is None:
            continue
        group, ours = place
        heads = None
        if spec.family == "llama" and ours in ("q", "k") and len(tensor.shape) == 2 and tensor.shape[0] % (2 * (spec.heads if ours == "q" else spec.kv_heads)) == 0:
            heads = spec.heads if ours == "q" else spec.kv_heads
        shapes, loaders = layers[group] if isinstance(group, int) else groups[group]
        shapes[ours], loaders[ours] = tensor.shape, _loader(header, tensor, heads)
        used.append(tensor)
    embedding_shapes, embedding_loaders = groups["embedding"]
    head_shapes, head_loaders = groups["head"]
    if "unembedding" not in head_loaders and "tokens" in embedding_loaders:  # tied embeddings (SmolLM2)
        head_shapes["unembedding"], head_loaders["unembedding"] = embedding_shapes["tokens"], embedding_loaders["tokens"]
    weights = ModelWeights(LazyTensors(*groups["embedding"]), tuple(LazyTensors(*layer) for layer in layers),
                           LazyTensors(head_shapes, head_loaders))
    check_weights(path, spec, weights)
    for kind in {t.kind: t for t in used}.values():
        _check_dequantizable(header, kind)
    if progress is not None:
        progress(1.0)
    return spec, weights


def _place(name: str, spec: ModelSpec) -> tuple | None:
    """Where GGUF tensor ``name`` goes: (group or layer index, our name), or None for one not used."""
    if name == "token_embd.weight":
        return "embedding", "tokens"
    if name == "output_norm.weight":
        return "head", "norm.weight"
    if name == "output.weight":
        return "head", "unembedding"
    if name.startswith("blk."):
        parts = name.split(".", 3)
        if len(parts) >= 3 and parts[1].isdigit() and len(parts[1]) < 6 and int(parts[1]) < spec.layers \
                and parts[2] in _LAYER_TENSORS:
            return int(parts[1]), _LAYER_TENSORS[parts[2]]
    return None
