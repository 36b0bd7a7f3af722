"""The NumPy models reproduce Hugging Face transformers (tests/reference/make_model_reference.py)."""

import functools

import numpy as np
import pytest

from engine.models.forward import run_model
from engine.models.gguf_file import open_gguf
from engine.models.installed import installed_path
from engine.models.tokenizer import tokenizer_from_gguf
from engine.models.trace import top_tokens
from tests.model_fixtures import REFERENCE, loaded, needs_model, reference

SENTENCES = ("The cat sat on the mat", "我吃了一个苹果", "LayerNorm pulls every token back.")


@functools.cache
def smollm2_tokenizer():
    """SmolLM2's tokenizer alone (reading the GGUF metadata, ~0.15 s)."""
    return tokenizer_from_gguf(open_gguf(installed_path("smollm2")), 8192, 49152)


@needs_model("minilm")
@pytest.mark.parametrize("index", range(3))
def test_minilm_token_ids_match_transformers(index):
    assert loaded("minilm").tokenizer.encode(SENTENCES[index]).ids == tuple(reference()[f"minilm/{index}/ids"])


@needs_model("minilm")
def test_minilm_shows_unknown_chinese_characters_as_unk():
    tokens = loaded("minilm").tokenizer.encode("我吃了一个苹果")
    assert tokens.labels == ("[CLS]", "我", "[UNK]", "[UNK]", "一", "[UNK]", "[UNK]", "[UNK]", "[SEP]")


@needs_model("minilm")
@pytest.mark.parametrize("index", range(3))
def test_minilm_every_hidden_state_matches_bert_model_within_1e_4(index):
    trace = run_model(loaded("minilm"), tuple(reference()[f"minilm/{index}/ids"]))
    expected = reference()[f"minilm/{index}/hidden"]
    assert trace.states.dtype == np.float32 and trace.states.shape == expected.shape
    assert np.abs(trace.states - expected).max() < 1e-4


@needs_model("smollm2")
@pytest.mark.parametrize("index", range(2))
def test_smollm2_token_ids_from_gguf_metadata_match_transformers(index):
    assert smollm2_tokenizer().encode(SENTENCES[index]).ids == tuple(reference()[f"smollm2/{index}/ids"])


@needs_model("smollm2")
def test_smollm2_labels_show_which_part_of_a_character_a_token_is():
    labels = smollm2_tokenizer().encode("我吃了一个苹果").labels
    assert labels == ("我(1/2)", "我(2/2)", "吃(1/2)", "吃(2/2)", "了", "一个", "苹(1/3)", "苹(2/3)", "苹(3/3)", "果")


@pytest.mark.slow
@needs_model("smollm2")
@pytest.mark.parametrize("index", range(2))
def test_smollm2_logits_match_transformers_gguf_path_within_1e_3_with_the_same_top5(index):
    ref = reference()
    trace = run_model(loaded("smollm2"), tuple(ref[f"smollm2/{index}/ids"]))
    for kind in ("top", "probe"):
        assert np.abs(trace.logits[ref[f"smollm2/{index}/{kind}_ids"]] - ref[f"smollm2/{index}/{kind}_logits"]).max() < 1e-3
    assert list(top_tokens(trace.logits)[0]) == list(ref[f"smollm2/{index}/top_ids"][:5])
    states = trace.states[ref["smollm2/states"]]
    expected = ref[f"smollm2/{index}/hidden"]
    assert np.all(np.abs(states - expected) <= 1e-4 + 1e-5 * np.abs(expected).max())


@pytest.mark.parametrize("name", ["gpt2", "llama", "qwen2"])
def test_tiny_hugging_face_folders_match_transformers(name):
    from engine.models.loading import load_model

    ref = reference()
    model = load_model(REFERENCE / f"tiny_{name}")
    tokens = model.tokenizer.encode("Hi 你好!")
    assert tokens.ids == tuple(ref[f"tiny_{name}/ids"])
    trace = run_model(model, tokens.ids)
    hidden = ref[f"tiny_{name}/hidden"]
    assert np.abs(trace.states[: len(hidden)] - hidden).max() < 1e-5
    assert np.abs(trace.logits - ref[f"tiny_{name}/logits"]).max() < 1e-5
