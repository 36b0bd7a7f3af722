"""A model folder in Hugging Face layout: config.json, model.safetensors and tokenizer.json.

BERT (incl. MiniLM), GPT-2, Llama / Qwen2 / SmolLM and Gemma 3 (gemma3_text) checkpoints are mapped onto
ModelWeights.
"""

from __future__ import annotations

import math
import mmap
import os
from pathlib import Path

import numpy as np

from engine.files.array_formats import safetensors_entries
from engine.files.bounded_read import open_regular_file, read_regular_file, unreadable
from engine.models.checkpoint import ModelWeights, check_size, check_spec, check_weights
from engine.models.gemma_spec import gemma_config_settings
from engine.models.model_limits import MAX_SAFETENSORS_HEADER_BYTES, check_model_value
from engine.models.pickles import refuse_pickle
from engine.models.spec import ModelSpec
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem
from engine.files.safe_json import load_json

REQUIRED_FILES = ("config.json", "model.safetensors", "tokenizer.json")
CONFIG_BYTES = 1 << 20
MODEL_TYPES = {"bert": "bert", "gpt2": "gpt2", "llama": "llama", "qwen2": "llama", "smollm3": "llama",
               "gemma3_text": "gemma3"}


def _read_config(folder: Path) -> dict:
    path = folder / "config.json"
    data = read_regular_file(path, CONFIG_BYTES)  # a FIFO or a huge file is refused, not waited on
    try:
        config = load_json(bytes(data).decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable JSON file ({reason})"),
                          reason=str(error)) from None
    if not isinstance(config, dict):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable JSON file ({reason})"),
                          reason="not an object")
    return config


def _number(path, config: dict, *keys, field: str, default=None):
    """The first of ``keys`` config.json holds (null counts as absent), checked as spec ``field``."""
    for key in keys:
        if config.get(key) is not None:
            return check_model_value(path, key, config[key], field)
    if default is not None:
        return default
    raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no number for {key}"), key=keys[0])


ACTIVATIONS = {"gelu": "gelu", "gelu_new": "gelu_tanh", "gelu_pytorch_tanh": "gelu_tanh", "silu": "swiglu"}


def _shown(value) -> str:
    """A config value in a message, cut short (a list of a million names would fill the screen)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def read_spec(folder: Path) -> tuple[ModelSpec, dict]:
    """The ModelSpec config.json describes, and the config; an unsupported model or a value of the wrong
    type or outside engine.models.model_limits is refused naming the key, before anything is sized by it."""
    config = _read_config(folder)
    path = folder / "config.json"
    model_type = config.get("model_type")
    family = MODEL_TYPES.get(model_type) if isinstance(model_type, str) else None
    if family is None:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "describes a {kind} model; NormScope runs {supported}"),
            kind=_shown(model_type), supported=", ".join(MODEL_TYPES))
    n = lambda *keys, field, default=None: _number(path, config, *keys, field=field, default=default)  # noqa: E731
    d = n("hidden_size", "n_embd", field="dims")
    heads = n("num_attention_heads", "n_head", field="heads")
    if d % heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {heads} heads, which do not divide d = {dims}"),
                          heads=heads, dims=d)
    kv_heads = n("num_key_value_heads", field="kv_heads", default=heads)
    if heads % kv_heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {kv} key/value heads, which do not divide {heads} heads"),
                          kv=kv_heads, heads=heads)
    if family == "gemma3":
        layers = n("num_hidden_layers", field="layers")
        spec = ModelSpec(layers=layers, dims=d, heads=heads, kv_heads=kv_heads,
                         ffn_dims=n("intermediate_size", field="ffn_dims"), eps=n("rms_norm_eps", field="eps"),
                         max_positions=n("max_position_embeddings", field="max_positions"),
                         vocab_size=n("vocab_size", field="vocab_size"),
                         **gemma_config_settings(path, config, n, layers, d, heads))
        check_spec(path, spec)
        return spec, config
    act_name = config.get("hidden_act", config.get("activation_function", "gelu_new" if family == "gpt2" else "gelu"))
    activation = ACTIVATIONS.get(act_name) if isinstance(act_name, str) else None
    if activation is None or (activation == "swiglu") != (family == "llama"):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "uses the activation {name}, which NormScope does not run here"),
                          name=_shown(act_name))
    rope = config.get("rope_parameters") or config.get("rope_scaling") or {}
    if not isinstance(rope, dict):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} = {value}; an object was expected"),
                          key="rope_parameters" if config.get("rope_parameters") else "rope_scaling", value=_shown(rope))
    if rope.get("rope_type", rope.get("type", "default")) not in ("default", None):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "uses {name} RoPE scaling, which NormScope does not run"),
                          name=_shown(rope.get("rope_type", rope.get("type"))))
    if config.get("head_dim") is not None and n("head_dim", field="head_dims") != d // heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has heads of {size} dimensions; NormScope needs d / heads = {expected}"),
                          size=config["head_dim"], expected=d // heads)
    theta = rope.get("rope_theta")
    rope_key = "rope_parameters" if config.get("rope_parameters") else "rope_scaling"
    spec = ModelSpec(
        family=family, activation=activation,
        layers=n("num_hidden_layers", "n_layer", field="layers"),
        dims=d, heads=heads, kv_heads=kv_heads,
        ffn_dims=n("intermediate_size", "n_inner", field="ffn_dims", default=4 * d),
        eps=n("layer_norm_eps", "layer_norm_epsilon", "rms_norm_eps", field="eps"),
        max_positions=n("max_position_embeddings", "n_positions", field="max_positions"),
        vocab_size=n("vocab_size", field="vocab_size"),
        rope_theta=check_model_value(path, f"{rope_key}.rope_theta", theta, "rope_theta") if theta is not None
        else n("rope_theta", field="rope_theta", default=10000.0),
        qkv_bias=model_type == "qwen2" or config.get("attention_bias") is True,
    )
    check_spec(path, spec)
    return spec, config


def _bert(t: dict, spec: ModelSpec) -> ModelWeights:
    p = "bert." if "bert.embeddings.word_embeddings.weight" in t else ""
    embedding = {"tokens": t.get(f"{p}embeddings.word_embeddings.weight"),
                 "positions": t.get(f"{p}embeddings.position_embeddings.weight"),
                 "types": t.get(f"{p}embeddings.token_type_embeddings.weight"),
                 "norm.weight": t.get(f"{p}embeddings.LayerNorm.weight"),
                 "norm.bias": t.get(f"{p}embeddings.LayerNorm.bias")}
    names = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
             "o": "attention.output.dense", "attn_norm": "attention.output.LayerNorm",
             "up": "intermediate.dense", "down": "output.dense", "ffn_norm": "output.LayerNorm"}
    layers = []
    for i in range(spec.layers):
        layer = {}
        for ours, theirs in names.items():
            weight, bias = t.get(f"{p}encoder.layer.{i}.{theirs}.weight"), t.get(f"{p}encoder.layer.{i}.{theirs}.bias")
            if ours.endswith("norm"):
                layer[f"{ours}.weight"], layer[f"{ours}.bias"] = weight, bias
            else:
                layer[ours], layer[f"{ours}_bias"] = weight, bias
        layers.append(layer)
    return ModelWeights(embedding, tuple(layers), {})


def _gpt2(t: dict, spec: ModelSpec) -> ModelWeights:
    p = "transformer." if "transformer.wte.weight" in t else ""
    d = spec.dims
    # GPT-2's Conv1D stores (in, out): transposed here to the (out, in) of every other family.
    tr = lambda a: None if a is None else np.ascontiguousarray(a.T)  # noqa: E731
    layers = []
    for i in range(spec.layers):
        g = lambda name: t.get(f"{p}h.{i}.{name}")  # noqa: B023, E731
        qkv, qkv_bias = tr(g("attn.c_attn.weight")), g("attn.c_attn.bias")
        layer = {"attn_norm.weight": g("ln_1.weight"), "attn_norm.bias": g("ln_1.bias"),
                 "ffn_norm.weight": g("ln_2.weight"), "ffn_norm.bias": g("ln_2.bias"),
                 "o": tr(g("attn.c_proj.weight")), "o_bias": g("attn.c_proj.bias"),
                 "up": tr(g("mlp.c_fc.weight")), "up_bias": g("mlp.c_fc.bias"),
                 "down": tr(g("mlp.c_proj.weight")), "down_bias": g("mlp.c_proj.bias")}
        if qkv is not None and qkv_bias is not None and qkv.shape[0] == 3 * d and qkv_bias.shape == (3 * d,):
            for j, name in enumerate("qkv"):
                layer[name], layer[f"{name}_bias"] = qkv[j * d:(j + 1) * d], qkv_bias[j * d:(j + 1) * d]
        elif qkv is not None:
            layer["q"] = qkv  # reported as a wrong shape by check_weights
        layers.append(layer)
    tokens = t.get(f"{p}wte.weight")
    embedding = {"tokens": tokens, "positions": t.get(f"{p}wpe.weight")}
    head = {"norm.weight": t.get(f"{p}ln_f.weight"), "norm.bias": t.get(f"{p}ln_f.bias"),
            "unembedding": t.get("lm_head.weight", tokens)}
    return ModelWeights(embedding, tuple(layers), head)


def _llama(t: dict, spec: ModelSpec) -> ModelWeights:
    names = {"q": "self_attn.q_proj", "k": "self_attn.k_proj", "v": "self_attn.v_proj", "o": "self_attn.o_proj",
             "gate": "mlp.gate_proj", "up": "mlp.up_proj", "down": "mlp.down_proj"}
    layers = []
    for i in range(spec.layers):
        layer = {ours: t.get(f"model.layers.{i}.{theirs}.weight") for ours, theirs in names.items()}
        for name in "qkv":
            bias = t.get(f"model.layers.{i}.self_attn.{name}_proj.bias")
            if bias is not None:
                layer[f"{name}_bias"] = bias
        layer["attn_norm.weight"] = t.get(f"model.layers.{i}.input_layernorm.weight")
        layer["ffn_norm.weight"] = t.get(f"model.layers.{i}.post_attention_layernorm.weight")
        layers.append(layer)
    tokens = t.get("model.embed_tokens.weight")
    head = {"norm.weight": t.get("model.norm.weight"), "unembedding": t.get("lm_head.weight", tokens)}
    return ModelWeights({"tokens": tokens}, tuple(layers), head)


def _gemma3(t: dict, spec: ModelSpec) -> ModelWeights:
    names = {"q": "self_attn.q_proj.weight", "k": "self_attn.k_proj.weight", "v": "self_attn.v_proj.weight",
             "o": "self_attn.o_proj.weight", "gate": "mlp.gate_proj.weight", "up": "mlp.up_proj.weight",
             "down": "mlp.down_proj.weight", "q_norm.weight": "self_attn.q_norm.weight",
             "k_norm.weight": "self_attn.k_norm.weight", "attn_norm.weight": "input_layernorm.weight",
             "post_attn_norm.weight": "post_attention_layernorm.weight",
             "ffn_norm.weight": "pre_feedforward_layernorm.weight",
             "post_ffn_norm.weight": "post_feedforward_layernorm.weight"}
    layers = tuple({ours: t.get(f"model.layers.{i}.{theirs}") for ours, theirs in names.items()}
                   for i in range(spec.layers))
    tokens = t.get("model.embed_tokens.weight")
    return ModelWeights({"tokens": tokens}, layers,
                        {"norm.weight": t.get("model.norm.weight"), "unembedding": t.get("lm_head.weight", tokens)})


def _gemma_multipliers(group: dict) -> dict:
    """Gemma's checkpoints store each norm's w, its forward multiplies by 1 + w (in float32): the
    engine's γ is that multiplier, as Gemma's GGUF files store it."""
    return {name: (np.float32(1.0) + v if name.endswith("norm.weight") else v) for name, v in group.items()}


_MAPPERS = {"bert": _bert, "gpt2": _gpt2, "llama": _llama, "gemma3": _gemma3}


def _without_missing(weights: ModelWeights) -> ModelWeights:
    drop = lambda group: {k: v for k, v in group.items() if v is not None}  # noqa: E731
    return ModelWeights(drop(weights.embedding), tuple(drop(layer) for layer in weights.layers), drop(weights.head))


#: safetensors dtypes the engine computes in (float16/bfloat16 widened to float32, as the reference does).
FLOAT_DTYPES = ("F32", "F16", "BF16", "F64")


class _Checkpoint:
    """A safetensors file's tensors as views of its memory map, by name: nothing is read or converted
    until the shapes are checked, so an unused tensor (however large) is never touched."""

    def __init__(self, path: Path):
        self.path = path
        fd = open_regular_file(path)  # a FIFO named model.safetensors is refused, not waited on
        try:
            size = os.fstat(fd).st_size
            if size < 8:
                raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable .safetensors file ({reason})"),
                                  reason="shorter than its 8-byte header length")
            self.data = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        except OSError as error:
            raise unreadable(path, error) from None
        finally:
            os.close(fd)
        length = int.from_bytes(self.data[:8], "little")
        if length > MAX_SAFETENSORS_HEADER_BYTES:
            raise FileProblem(path, QT_TRANSLATE_NOOP(
                "Problem", "has a header of {size} bytes; at most {limit} are read"),
                size=f"{length:,}", limit=f"{MAX_SAFETENSORS_HEADER_BYTES:,}")
        try:
            self.entries = {e.name: e for e in safetensors_entries(self.data)}
        except Problem as problem:
            raise FileProblem(path, "{problem}", problem=problem) from None

    def __contains__(self, name: str) -> bool:
        return name in self.entries

    def get(self, name: str, default=None):
        """A view of tensor ``name`` (BF16 as its raw uint16), or ``default``; a dtype the engine does not
        compute in (integers, bools) is refused naming the tensor."""
        entry = self.entries.get(name)
        if entry is None:
            return default
        if entry.dtype not in FLOAT_DTYPES:
            raise FileProblem(self.path, QT_TRANSLATE_NOOP(
                "Problem", "has a tensor {name} of dtype {dtype}; NormScope computes in {dtypes}"),
                name=name, dtype=entry.dtype, dtypes=", ".join(FLOAT_DTYPES))
        dtype = {"F32": "<f4", "F16": "<f2", "BF16": "<u2", "F64": "<f8"}[entry.dtype]
        return np.frombuffer(self.data, dtype=dtype, count=math.prod(entry.shape), offset=entry.start).reshape(entry.shape)


def _as_float32(group: dict, made: dict) -> dict[str, np.ndarray]:
    """The views of ``group`` as float32 copies; ``made`` keeps one copy of a view two groups share."""
    def convert(view: np.ndarray) -> np.ndarray:
        if view.dtype == np.uint16:  # bfloat16: the upper half of a float32
            return np.ascontiguousarray((view.astype(np.uint32) << 16).view(np.float32))
        # Always a writable copy: a view of the map is read-only, and a read-only array is what a
        # Scenario takes as checked already (γ shown in the token grid goes there).
        return np.array(view, dtype=np.float32, order="C", copy=True)
    converted = {}
    for name, view in group.items():
        if id(view) not in made:
            made[id(view)] = convert(view)
        converted[name] = made[id(view)]
    return converted


def check_folder(folder: Path) -> None:
    """Refuse a folder that lacks one of REQUIRED_FILES, naming it (and pickles as such)."""
    if not os.path.lexists(folder / "model.safetensors"):
        pickles = sorted(p for p in folder.iterdir() if p.suffix in (".bin", ".pt", ".pth"))
        if pickles:
            raise refuse_pickle(pickles[0])
    for name in REQUIRED_FILES:
        # Only a missing name is missing: a FIFO, device, folder or loop in its place is refused by the
        # reader that opens it, saying which it is.
        if not os.path.lexists(folder / name):
            raise FileProblem(folder, QT_TRANSLATE_NOOP(
                "Problem", "has no {name}; a model folder needs {required}"),
                name=name, required=", ".join(REQUIRED_FILES))


def load_folder_weights(folder: Path) -> tuple[ModelSpec, dict, ModelWeights]:
    """The spec, config and checked float32 weights of a Hugging Face model folder."""
    check_folder(folder)
    spec, config = read_spec(folder)
    path = folder / "model.safetensors"
    checkpoint = _Checkpoint(path)
    views = _without_missing(_MAPPERS[spec.family](checkpoint, spec))
    check_weights(path, spec, views)  # on the views' shapes: nothing converted yet
    used = {id(v): v.size for group in (views.embedding, views.head, *views.layers) for v in group.values()}
    check_size(path, sum(used.values()))  # what will be converted; an unused tensor costs nothing
    made: dict = {}
    weights = ModelWeights(_as_float32(views.embedding, made), tuple(_as_float32(layer, made) for layer in views.layers),
                           _as_float32(views.head, made))
    if spec.family == "gemma3":
        weights = ModelWeights(weights.embedding, tuple(_gemma_multipliers(layer) for layer in weights.layers),
                               _gemma_multipliers(weights.head))
    return spec, config, weights
