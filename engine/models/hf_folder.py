"""A model folder in Hugging Face layout: config.json, model.safetensors and tokenizer.json.

BERT (incl. MiniLM), GPT-2 and Llama / Qwen2 / SmolLM checkpoints are mapped onto ModelWeights.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine.bounded_read import read_regular_file
from engine.models.checkpoint import ModelWeights, check_size, check_weights
from engine.models.pickles import refuse_pickle
from engine.models.spec import ModelSpec
from engine.problem import QT_TRANSLATE_NOOP, FileProblem
from engine.safe_json import load_json

REQUIRED_FILES = ("config.json", "model.safetensors", "tokenizer.json")
CONFIG_BYTES = 1 << 20
MODEL_TYPES = {"bert": "bert", "gpt2": "gpt2", "llama": "llama", "qwen2": "llama", "smollm3": "llama"}


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


def _number(path, config: dict, *keys, default=None):
    for key in keys:
        if isinstance(config.get(key), (int, float)) and not isinstance(config.get(key), bool):
            return config[key]
    if default is not None:
        return default
    raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no number for {key}"), key=keys[0])


ACTIVATIONS = {"gelu": "gelu", "gelu_new": "gelu_tanh", "gelu_pytorch_tanh": "gelu_tanh", "silu": "swiglu"}


def read_spec(folder: Path) -> tuple[ModelSpec, dict]:
    """The ModelSpec config.json describes, and the config; an unsupported model is refused by name."""
    config = _read_config(folder)
    path = folder / "config.json"
    model_type = config.get("model_type")
    family = MODEL_TYPES.get(model_type)
    if family is None:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "describes a {kind} model; NormScope runs {supported}"),
            kind=repr(model_type), supported=", ".join(MODEL_TYPES))
    n = lambda *keys, default=None: _number(path, config, *keys, default=default)  # noqa: E731
    d = int(n("hidden_size", "n_embd"))
    heads = int(n("num_attention_heads", "n_head"))
    if heads <= 0 or d % heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {heads} heads, which do not divide d = {dims}"),
                          heads=heads, dims=d)
    kv_heads = int(n("num_key_value_heads", default=heads))
    if kv_heads <= 0 or heads % kv_heads:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {kv} key/value heads, which do not divide {heads} heads"),
                          kv=kv_heads, heads=heads)
    act_name = config.get("hidden_act", config.get("activation_function", "gelu_new" if family == "gpt2" else "gelu"))
    activation = ACTIVATIONS.get(act_name)
    if activation is None or (activation == "swiglu") != (family == "llama"):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "uses the activation {name}, which NormScope does not run here"),
                          name=repr(act_name))
    rope = config.get("rope_parameters") or config.get("rope_scaling") or {}
    if isinstance(rope, dict) and rope.get("rope_type", rope.get("type", "default")) not in ("default", None):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "uses {name} RoPE scaling, which NormScope does not run"),
                          name=repr(rope.get("rope_type", rope.get("type"))))
    if config.get("head_dim") not in (None, d // heads):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has heads of {size} dimensions; NormScope needs d / heads = {expected}"),
                          size=config["head_dim"], expected=d // heads)
    theta = rope.get("rope_theta") if isinstance(rope, dict) else None
    return ModelSpec(
        family=family, activation=activation,
        layers=int(n("num_hidden_layers", "n_layer")),
        dims=d, heads=heads, kv_heads=kv_heads,
        ffn_dims=int(n("intermediate_size", "n_inner", default=4 * d)),
        eps=float(n("layer_norm_eps", "layer_norm_epsilon", "rms_norm_eps")),
        max_positions=int(n("max_position_embeddings", "n_positions")),
        vocab_size=int(n("vocab_size")),
        rope_theta=float(theta if isinstance(theta, (int, float)) else n("rope_theta", default=10000.0)),
        qkv_bias=model_type == "qwen2" or bool(config.get("attention_bias", False)),
    ), config


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


_MAPPERS = {"bert": _bert, "gpt2": _gpt2, "llama": _llama}


def _without_missing(weights: ModelWeights) -> ModelWeights:
    drop = lambda group: {k: v for k, v in group.items() if v is not None}  # noqa: E731
    return ModelWeights(drop(weights.embedding), tuple(drop(layer) for layer in weights.layers), drop(weights.head))


def _as_float32(tensors: dict) -> dict[str, np.ndarray]:
    # float16/bfloat16 checkpoints run in float32 as the reference does; integer buffers are left out.
    return {name: a if a.dtype == np.float32 else a.astype(np.float32)
            for name, a in tensors.items() if a.dtype.kind == "f"}


def check_folder(folder: Path) -> None:
    """Refuse a folder that lacks one of REQUIRED_FILES, naming it (and pickles as such)."""
    if not (folder / "model.safetensors").exists():
        pickles = sorted(p for p in folder.iterdir() if p.suffix in (".bin", ".pt", ".pth"))
        if pickles:
            raise refuse_pickle(pickles[0])
    for name in REQUIRED_FILES:
        if not (folder / name).is_file():
            raise FileProblem(folder, QT_TRANSLATE_NOOP(
                "Problem", "has no {name}; a model folder needs {required}"),
                name=name, required=", ".join(REQUIRED_FILES))


def load_folder_weights(folder: Path) -> tuple[ModelSpec, dict, ModelWeights]:
    """The spec, config and checked float32 weights of a Hugging Face model folder."""
    check_folder(folder)
    spec, config = read_spec(folder)
    from safetensors import SafetensorError
    from safetensors import safe_open
    from safetensors.numpy import load_file

    path = folder / "model.safetensors"
    try:
        with safe_open(str(path), framework="np") as header:
            check_size(path, sum(int(np.prod(header.get_slice(name).get_shape())) for name in header.keys()))
        tensors = _as_float32(load_file(str(path)))
    except (SafetensorError, OSError, ValueError, TypeError) as error:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable .safetensors file ({reason})"),
                          reason=str(error)) from None
    weights = _without_missing(_MAPPERS[spec.family](tensors, spec))
    check_weights(path, spec, weights)
    return spec, config, weights
