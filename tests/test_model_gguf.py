"""GGUF files written here with the gguf package: the tiny Llama folder as a GGUF runs the same, and other
architectures or vocabularies are refused by name."""

import json

import numpy as np
import pytest
from safetensors.numpy import load_file

from engine.models.forward import run_model
from engine.models.loading import load_model
from engine.problem import Problem
from tests.model_fixtures import REFERENCE

TINY = REFERENCE / "tiny_llama"


def _permute(w: np.ndarray, heads: int) -> np.ndarray:
    """llama.cpp's convert script's reordering of q/k rows (what engine.models.gguf_file undoes)."""
    return w.reshape(heads, 2, w.shape[0] // heads // 2, w.shape[1]).swapaxes(1, 2).reshape(w.shape)


def write_tiny_gguf(path, architecture="llama", tokenizer_model="gpt2"):
    import gguf

    config = json.loads((TINY / "config.json").read_text())
    vocab = json.loads((TINY / "tokenizer.json").read_text())["model"]
    tensors = load_file(str(TINY / "model.safetensors"))
    writer = gguf.GGUFWriter(str(path), architecture)
    writer.add_block_count(config["num_hidden_layers"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_head_count(config["num_attention_heads"])
    writer.add_head_count_kv(config["num_key_value_heads"])
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_layer_norm_rms_eps(config["rms_norm_eps"])
    writer.add_rope_freq_base(config["rope_parameters"]["rope_theta"])
    writer.add_tokenizer_model(tokenizer_model)
    tokens = sorted(vocab["vocab"], key=vocab["vocab"].get)
    writer.add_token_list(tokens)
    writer.add_token_types([1] * len(tokens))
    writer.add_token_merges([" ".join(m) if isinstance(m, list) else m for m in vocab["merges"]])
    names = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
             "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
             "mlp.down_proj": "ffn_down", "input_layernorm": "attn_norm", "post_attention_layernorm": "ffn_norm"}
    writer.add_tensor("token_embd.weight", tensors["model.embed_tokens.weight"])
    for i in range(config["num_hidden_layers"]):
        for theirs, ours in names.items():
            w = tensors[f"model.layers.{i}.{theirs}.weight"]
            if ours in ("attn_q", "attn_k"):
                w = _permute(w, config["num_attention_heads"] if ours == "attn_q" else config["num_key_value_heads"])
            writer.add_tensor(f"blk.{i}.{ours}.weight", np.ascontiguousarray(w))
    writer.add_tensor("output_norm.weight", tensors["model.norm.weight"])
    writer.add_tensor("output.weight", tensors["lm_head.weight"])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def test_a_llama_gguf_runs_exactly_as_its_hugging_face_folder(tmp_path):
    from_gguf = load_model(write_tiny_gguf(tmp_path / "tiny.gguf"))
    from_folder = load_model(TINY)
    tokens = from_gguf.tokenizer.encode("Hi 你好!")
    assert tokens.ids == from_folder.tokenizer.encode("Hi 你好!").ids
    a, b = run_model(from_gguf, tokens.ids), run_model(from_folder, tokens.ids)
    assert np.abs(a.states - b.states).max() < 1e-6 and np.abs(a.logits - b.logits).max() < 1e-5


@pytest.mark.parametrize(("architecture", "tokenizer_model", "expected"), [
    ("gpt2", "gpt2", "'gpt2' model"), ("llama", "llama", "'llama' vocabulary")])
def test_another_gguf_architecture_or_vocabulary_is_refused_by_name(tmp_path, architecture, tokenizer_model, expected):
    path = write_tiny_gguf(tmp_path / "other.gguf", architecture, tokenizer_model)
    with pytest.raises(Problem, match=expected):
        load_model(path)
