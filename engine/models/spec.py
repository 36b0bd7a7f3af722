"""ModelSpec: the shape of a loaded model and which family's block it runs."""

from __future__ import annotations

from dataclasses import dataclass

#: The families whose blocks engine.models.forward runs: BERT (Post-LN LayerNorm), GPT-2 (Pre-LN
#: LayerNorm) and Llama (Pre-RMSNorm, also Qwen2 and SmolLM).
FAMILIES = ("bert", "gpt2", "llama")


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
    #: The FFN's activation: ``"gelu"`` (erf, BERT), ``"gelu_tanh"`` (GPT-2's gelu_new) or ``"swiglu"``.
    activation: str = "gelu"

    @property
    def head_dims(self) -> int:
        return self.dims // self.heads

    @property
    def norm_kind(self) -> str:
        """``"layer"`` or ``"rms"``, as engine.setup.scenario.NORM_KINDS spells them."""
        return "rms" if self.family == "llama" else "layer"

    @property
    def placement(self) -> str:
        """``"post"`` (BERT: N(x + F(x))) or ``"pre"`` (x + F(N(x)))."""
        return "post" if self.family == "bert" else "pre"

    @property
    def causal(self) -> bool:
        return self.family != "bert"
