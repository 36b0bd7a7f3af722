"""What-if edits change what they say, and a re-run reuses the unchanged layers below the edit."""

import numpy as np
import pytest

from engine.models.forward import run_model
from engine.models.loading import load_model
from engine.models.what_if import SetParameter, SwapNorm, ZeroHidden, ZeroNormInput
from engine.core.norms import rms_norm
from engine.problem import Problem
from tests.model_fixtures import REFERENCE, loaded, needs_model

pytestmark = needs_model("minilm")


@pytest.fixture(scope="module")
def minilm():
    model = loaded("minilm")
    return model, run_model(model, model.tokenizer.encode("The cat sat on the mat").ids)


def cosine(a, b):
    return float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))


def test_zeroing_dim_99_of_layer_3s_ffn_norm_changes_only_the_layers_above(minilm):
    model, base = minilm
    edited = run_model(model, base.ids, (ZeroNormInput(3, "ffn_norm", 99),), base)
    assert np.array_equal(edited.states[:4], base.states[:4])
    assert all(np.abs(edited.states[k] - base.states[k]).max() > 1e-3 for k in range(4, 7))
    assert edited.norm(3, "ffn_norm").input[:, 99].tolist() == [0.0] * len(base.ids)
    assert cosine(edited.embedding, base.embedding) < 0.9999


def test_a_rerun_reuses_the_records_below_the_edit_and_equals_a_full_run(minilm):
    model, base = minilm
    edits = (SetParameter(2, "attn_norm", "gamma", 5, 3.0),)
    reused = run_model(model, base.ids, edits, base)
    full = run_model(model, base.ids, edits)
    assert reused.norm(1, "ffn_norm") is base.norm(1, "ffn_norm")
    assert reused.norm(2, "attn_norm") is not base.norm(2, "attn_norm")
    assert np.array_equal(reused.states, full.states) and np.array_equal(reused.embedding, full.embedding)


def test_setting_gamma_to_zero_leaves_beta_in_that_dimension(minilm):
    model, base = minilm
    edited = run_model(model, base.ids, (SetParameter(0, "ffn_norm", "gamma", 7, 0.0),), base)
    record = edited.norm(0, "ffn_norm")
    assert np.all(record.output[:, 7] == record.beta[7]) and record.gamma[7] == 0
    assert base.norm(0, "ffn_norm").gamma[7] != 0  # the model's own γ is untouched


def test_swapping_a_norm_for_none_passes_its_input_through(minilm):
    model, base = minilm
    record = run_model(model, base.ids, (SwapNorm(4, "attn_norm", "none"),), base).norm(4, "attn_norm")
    assert record.kind == "none" and record.output is record.input and record.gamma is None


def test_swapping_layernorm_for_rmsnorm_keeps_gamma_and_drops_beta(minilm):
    model, base = minilm
    record = run_model(model, base.ids, (SwapNorm(1, "ffn_norm", "rms"),), base).norm(1, "ffn_norm")
    original = base.norm(1, "ffn_norm")
    assert record.beta is None
    assert np.array_equal(record.output, rms_norm(original.input, original.gamma, model.spec.eps))


def test_zeroing_a_hidden_dimension_sets_it_to_zero_in_that_state_only(minilm):
    model, base = minilm
    edited = run_model(model, base.ids, (ZeroHidden(2, 99),), base)
    assert np.all(edited.states[2][:, 99] == 0) and np.array_equal(edited.states[:2], base.states[:2])
    assert np.all(base.states[2][:, 99] != 0)


def test_an_embedding_norm_edit_starts_again_from_the_embeddings(minilm):
    model, base = minilm
    edited = run_model(model, base.ids, (SetParameter(None, "embedding_norm", "beta", 0, 5.0),), base)
    assert np.all(edited.states[0][:, 0] != base.states[0][:, 0])


def test_a_final_norm_edit_keeps_every_state_and_changes_the_logits():
    model = load_model(REFERENCE / "tiny_llama")
    ids = model.tokenizer.encode("Hi").ids
    base = run_model(model, ids)
    edited = run_model(model, ids, (SwapNorm(None, "final_norm", "none"),), base)
    assert np.array_equal(edited.states, base.states) and not np.allclose(edited.logits, base.logits)


@pytest.mark.parametrize("edit", [ZeroHidden(7, 0), ZeroNormInput(0, "ffn_norm", 384), SwapNorm(0, "ffn_norm", "batch")])
def test_an_edit_outside_the_model_is_refused(minilm, edit):
    model, base = minilm
    with pytest.raises(Problem):
        run_model(model, base.ids, (edit,), base)
