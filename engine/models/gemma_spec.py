"""What makes a ModelSpec a Gemma 3 one, from its GGUF metadata or its Hugging Face config.json.

The GGUF metadata holds the sizes, the global RoPE base and the window, but not the rest, which
llama.cpp and transformers both take as constants of the family: the local layers' RoPE base (10 000),
the pattern of global layers (every 6th: (i + 1) % 6 == 0), the query scale (query_pre_attn_scalar:
the head size, 256, so 1/16; Gemma 3 27B's, 62 layers, is d / heads), the embedding scale √d and the
GeGLU FFN. Gemma 3 has no soft-capping of logits (Gemma 2 had).
"""

from __future__ import annotations

import math

from engine.models.model_limits import check_model_value
from engine.problem import QT_TRANSLATE_NOOP, FileProblem

LOCAL_ROPE_THETA = 10000.0
GLOBAL_EVERY = 6
#: Gemma 3 27B's layer count: its query scale is d / heads, not the head size (llama.cpp does the same).
_LAYERS_27B = 62


def gemma_settings(layers: int, dims: int, heads: int, head_size: int) -> dict:
    """The ModelSpec fields Gemma 3 takes from the family, for a model of these sizes."""
    return dict(family="gemma3", activation="geglu", head_size=head_size, local_rope_theta=LOCAL_ROPE_THETA,
                global_layers=tuple(i for i in range(layers) if (i + 1) % GLOBAL_EVERY == 0),
                query_scalar=float(dims // heads if layers == _LAYERS_27B else head_size),
                embedding_scale=math.sqrt(dims))


def refuse_soft_capping(path, key: str, value) -> None:
    """A Gemma file asking for soft-capping (Gemma 2's) is not run as Gemma 3."""
    if value not in (None, 0, 0.0):
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "asks for soft-capping ({key} = {value}), which Gemma 3 does not have and NormScope does not run"),
            key=key, value=repr(value)[:40])


_LAYER_TYPES = ("sliding_attention", "full_attention")


def _theta(path, rope: dict, layer_type: str, fallback) -> float:
    """The RoPE base of ``layer_type`` layers from config.json's rope_parameters (or the older keys)."""
    params = rope.get(layer_type) or {}
    if not isinstance(params, dict) or params.get("rope_type", "default") != "default":
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "uses {name} RoPE scaling, which NormScope does not run"),
                          name=repr(params.get("rope_type") if isinstance(params, dict) else params)[:40])
    theta = params.get("rope_theta", fallback)
    return check_model_value(path, f"rope_parameters.{layer_type}.rope_theta", theta, "rope_theta")


def gemma_config_settings(path, config: dict, n, layers: int, dims: int, heads: int) -> dict:
    """Gemma 3's ModelSpec fields from a gemma3_text config.json (``n(key, field=…, default=…)`` reads a
    checked number): the head size, query scalar, layer types, window and both RoPE bases as stated."""
    activation = config.get("hidden_activation", "gelu_pytorch_tanh")
    if activation != "gelu_pytorch_tanh":
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "uses the activation {name}, which NormScope does not run here"),
                          name=repr(activation)[:40])
    for key in ("attn_logit_softcapping", "final_logit_softcapping"):
        refuse_soft_capping(path, key, config.get(key))
    if config.get("use_bidirectional_attention"):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} = {value}; NormScope runs it causal only"),
                          key="use_bidirectional_attention", value="true")
    head_size = n("head_dim", field="head_dims", default=dims // heads)
    settings = gemma_settings(layers, dims, heads, head_size)
    scalar = n("query_pre_attn_scalar", field="rope_theta", default=float(head_size))
    if not scalar > 0:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} = {value}; a positive number was expected"),
                          key="query_pre_attn_scalar", value=scalar)
    types = config.get("layer_types")
    if types is None:
        every = n("sliding_window_pattern", field="layers", default=GLOBAL_EVERY)
        types = [_LAYER_TYPES[(i + 1) % every == 0] for i in range(layers)]
    if not isinstance(types, list) or len(types) != layers or any(t not in _LAYER_TYPES for t in types):
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has {key} = {value}; one of {kinds} per layer was expected"),
            key="layer_types", value=repr(types)[:40], kinds=", ".join(_LAYER_TYPES))
    rope = config.get("rope_parameters") or {}
    if not isinstance(rope, dict):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} = {value}; an object was expected"),
                          key="rope_parameters", value=repr(rope)[:40])
    window = config.get("sliding_window")
    settings.update(
        query_scalar=float(scalar), global_layers=tuple(i for i, t in enumerate(types) if t == "full_attention"),
        sliding_window=n("sliding_window", field="max_positions") if window is not None else None,
        rope_theta=_theta(path, rope, "full_attention", config.get("rope_theta", 1_000_000.0)),
        local_rope_theta=_theta(path, rope, "sliding_attention", config.get("rope_local_base_freq", LOCAL_ROPE_THETA)))
    return settings
