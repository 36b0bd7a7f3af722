"""ModelSpec: the shape of a loaded model and which family's block it runs."""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The families whose blocks engine.models.forward runs: BERT (Post-LN LayerNorm), GPT-2 (Pre-LN
#: LayerNorm), Llama (Pre-RMSNorm, also Qwen2 and SmolLM) and Gemma 3 (RMSNorm before and after each
#: sublayer, QK-Norm: engine.models.gemma_block).
FAMILIES = ("bert", "gpt2", "llama", "gemma3")


@dataclass(frozen=True)
class ModelSpec:
    """Sizes and settings of a Transformer, read from config.json or GGUF metadata."""

    family: str
    layers: int
    dims: int
    heads: int
    kv_heads: int
    ffn_dims: int
    eps: float
    max_positions: int
    vocab_size: int
    rope_theta: float = 10000.0
    #: Qwen2 adds biases to q, k and v; Llama has none.
    qkv_bias: bool = False
    #: The FFN's activation: ``"gelu"`` (erf, BERT), ``"gelu_tanh"`` (GPT-2's gelu_new), ``"swiglu"``
    #: (SiLU(gate)·up) or ``"geglu"`` (Gemma: GELU-tanh(gate)·up).
    activation: str = "gelu"
    #: The size of one attention head when the model states it (Gemma 3 270M: 256, not d / heads = 160).
    head_size: int | None = None
    #: Gemma 3: the RoPE base of the sliding-window (local) layers; ``rope_theta`` is the global layers'.
    local_rope_theta: float | None = None
    #: Gemma 3: the layers that attend to all earlier tokens (270M: every 6th, (i + 1) % 6 == 0); with a
    #: ``sliding_window`` the others see only the last ``sliding_window`` tokens (the query's own included).
    global_layers: tuple[int, ...] = ()
    sliding_window: int | None = None
    #: Gemma's query_pre_attn_scalar: the scores are scaled by its −½ power instead of head_dims' (None).
    query_scalar: float | None = None
    #: The token embedding is multiplied by this (Gemma: √d, rounded to float32) before block 0.
    embedding_scale: float = 1.0

    @property
    def head_dims(self) -> int:
        return self.head_size if self.head_size is not None else self.dims // self.heads

    @property
    def norm_kind(self) -> str:
        """``"layer"`` or ``"rms"``, as engine.setup.scenario.NORM_KINDS spells them."""
        return "rms" if self.family in ("llama", "gemma3") else "layer"

    @property
    def placement(self) -> str:
        """``"post"`` (BERT: N(x + F(x))) or ``"pre"`` (x + F(N(x)); Gemma's after-sublayer norms ride on it)."""
        return "post" if self.family == "bert" else "pre"

    @property
    def causal(self) -> bool:
        return self.family != "bert"

    @property
    def attention_scale(self) -> float:
        """What q·k is multiplied by before the softmax."""
        return 1.0 / math.sqrt(self.query_scalar if self.query_scalar is not None else self.head_dims)

    def is_global(self, layer: int) -> bool:
        """Whether block ``layer`` attends to every earlier token (always, without a sliding window)."""
        return self.sliding_window is None or layer in self.global_layers

    def layer_rope_theta(self, layer: int) -> float:
        """The RoPE base of block ``layer``."""
        if self.local_rope_theta is None or self.is_global(layer):
            return self.rope_theta
        return self.local_rope_theta
