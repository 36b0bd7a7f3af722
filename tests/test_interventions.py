"""Freezing norms and zeroing a dimension, costed by the next-token loss; the attention statistics; the
γ-folding check. Engine only (no Qt), on the tiny random Llama (d = 32, 2 blocks, 4 heads)."""

import dataclasses

import numpy as np
import pytest

from engine.models import next_token_loss as loss_module
from engine.models.attention import blocked_pairs
from engine.models.attention_stats import head_statistics
from engine.models.forward import run_model
from engine.models.gamma_folding import fold_gammas, folding_difference, gamma_foldable
from engine.models.interventions import (FreezeNorms, ZeroDim, intervention_costs, norm_factors, parse_freeze_norms,
                                         parse_zero_dim)
from engine.models.loading import load_model
from engine.models.next_token_loss import has_loss, next_token_loss
from engine.models.what_if import FreezeNorm
from engine.problem import Problem
from tests.model_fixtures import REFERENCE


@pytest.fixture(scope="module")
def tiny():
    model = load_model(REFERENCE / "tiny_llama")
    return model, run_model(model, model.tokenizer.encode("Hi 你好! Hi there").ids)


@pytest.mark.parametrize("text, blocks, outside", [
    ("final", range(0), True), ("all", range(30), True), ("20-29", range(20, 30), False), (" 7 ", range(7, 8), False),
    ("ALL", range(30), True)])
def test_freeze_specs_name_blocks_and_the_final_norm(text, blocks, outside):
    spec = parse_freeze_norms(text, 30)
    assert spec.blocks == blocks and spec.outside == outside and spec.label == f"freeze-norms {text.strip().lower()}"


@pytest.mark.parametrize("text", ["30", "20-30", "5-3", "-1", "", "x", "1-", "1e3", "0x1", "１"])
def test_a_bad_freeze_spec_is_one_problem_naming_the_range(text):
    with pytest.raises(Problem) as caught:
        parse_freeze_norms(text, 30)
    assert "0 ≤ A ≤ B ≤ 29" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("text", ["4:576", "31:0", "4", "4:", ":5", "a:b", "-1:3", "4:5:6", "４:5"])
def test_a_bad_zero_dim_is_one_problem_naming_the_ranges(text):
    with pytest.raises(Problem) as caught:
        parse_zero_dim(text, 30, 576)
    assert "LAYER 0 … 30 and DIM 0 … 575" in str(caught.value)


def test_zero_dim_takes_every_state_up_to_the_one_before_the_final_norm():
    assert parse_zero_dim("4:507", 30, 576) == ZeroDim(4, 507)
    assert parse_zero_dim("30:575", 30, 576).label == "zero-dim 30:575"


def test_a_frozen_rmsnorm_scales_every_token_by_its_mean_factor_then_gamma(tiny):
    model, base = tiny
    record = base.norm(1, "ffn_norm")
    x = record.input.astype(np.float64)
    own = 1 / np.sqrt((x * x).mean(axis=1) + record.eps)
    assert norm_factors(record) == pytest.approx(own.mean(), rel=1e-12)
    assert own.std() > 0.01 * own.mean()  # the tokens' own factors differ, so freezing changes something
    edits = FreezeNorms("1", range(1, 2), False).edits(base)
    assert [(e.layer, e.norm) for e in edits] == [(1, "attn_norm"), (1, "ffn_norm")]
    frozen = run_model(model, base.ids, edits, base).norm(1, "ffn_norm")
    # block 1's attn_norm is frozen too, so the ffn_norm's input differs; its factor is still the base run's
    expected = frozen.input * np.float32(own.mean()) * record.gamma
    assert np.abs(frozen.output - expected).max() < 1e-5 * np.abs(expected).max()
    assert not np.allclose(frozen.output, record.output, atol=1e-4)


def test_a_freeze_reuses_the_run_below_its_first_block_and_equals_a_full_run(tiny):
    model, base = tiny
    edits = parse_freeze_norms("1", 2).edits(base)
    reused, full = run_model(model, base.ids, edits, base), run_model(model, base.ids, edits)
    assert reused.norm(0, "ffn_norm") is base.norm(0, "ffn_norm")
    assert np.array_equal(reused.states, full.states) and np.array_equal(reused.attention, full.attention)
    assert np.array_equal(reused.attention[0], base.attention[0])


def test_freeze_all_covers_every_norm_and_the_final_one(tiny):
    _, base = tiny
    edits = parse_freeze_norms("all", 2).edits(base)
    assert [(e.layer, e.norm) for e in edits] == [(r.layer, r.name) for r in base.norms]
    assert [(e.layer, e.norm) for e in parse_freeze_norms("final", 2).edits(base)] == [(None, "final_norm")]


def test_the_loss_is_the_mean_surprise_of_each_next_token(tiny):
    model, base = tiny
    logits = base.norm(None, "final_norm").output.astype(np.float64) @ model.weights.head["unembedding"].T
    log_p = logits - np.log(np.exp(logits - logits.max(1, keepdims=True)).sum(1, keepdims=True)) - logits.max(1, keepdims=True)
    ids = np.array(base.ids)
    expected = -log_p[np.arange(len(ids) - 1), ids[1:]].mean()
    assert next_token_loss(model, base) == pytest.approx(expected, rel=1e-6)
    assert np.isnan(next_token_loss(model, run_model(model, base.ids[:1])))  # one token: nothing to predict


def test_the_loss_made_a_few_rows_at_a_time_is_the_same(tiny, monkeypatch):
    model, base = tiny
    whole = next_token_loss(model, base)
    monkeypatch.setattr(loss_module, "CHUNK_ELEMENTS", model.spec.vocab_size * 2)  # two rows at a time
    assert next_token_loss(model, base) == pytest.approx(whole, rel=1e-7)  # float32 products, other blocks


def test_costs_start_with_the_base_and_give_each_delta(tiny):
    model, base = tiny
    costs = intervention_costs(model, base, (parse_freeze_norms("final", 2), parse_zero_dim("1:5", 2, 32)))
    assert [c.label for c in costs] == ["base", "freeze-norms final", "zero-dim 1:5"]
    assert costs[0].delta == 0 and costs[1].delta == pytest.approx(costs[1].loss - costs[0].loss)
    assert costs[2].loss != costs[0].loss


def test_an_overflowing_intervention_gives_a_non_finite_loss_not_an_error(tiny):
    model, base = tiny
    blown = run_model(model, base.ids, (FreezeNorm(0, "attn_norm", 1e30), FreezeNorm(0, "ffn_norm", 1e30)), base)
    assert not np.isfinite(next_token_loss(model, blown))


def test_bert_has_no_loss_and_its_post_ln_gamma_cant_be_folded(tiny):
    model, _ = tiny
    bert = dataclasses.replace(model.spec, family="bert")
    assert has_loss(model) and not gamma_foldable(bert, "attn_norm")
    assert gamma_foldable(model.spec, "attn_norm") and gamma_foldable(model.spec, "final_norm")
    assert not gamma_foldable(model.spec, "post_ffn_norm")  # Gemma's after-sublayer norms add to the stream


def test_folding_pre_norm_gammas_into_the_next_weights_leaves_the_outputs_equal(tiny):
    model, base = tiny
    folded = fold_gammas(model)
    assert np.all(folded.weights.layers[1]["ffn_norm.weight"] == 1) and np.all(folded.weights.head["norm.weight"] == 1)
    assert not np.all(model.weights.layers[1]["ffn_norm.weight"] == 1)  # the original keeps its γ
    assert not np.array_equal(folded.weights.layers[0]["q"], model.weights.layers[0]["q"])
    assert folding_difference(model, base.ids) < 1e-5


def test_head_statistics_of_uniform_causal_attention():
    t = 3
    weights = np.tril(np.ones((t, t))) / np.arange(1, t + 1)[:, None]
    stats = head_statistics(weights[None].astype(np.float32), np.array([[0.5, 2.0, 1.0]]))
    assert stats[0, 0] == pytest.approx((1 / 2 + 1 / 3) / 2)  # queries 1 and 2 only
    assert stats[0, 1] == 2.0
    assert stats[0, 2] == pytest.approx((0 + np.log(2) + np.log(3)) / 3, rel=1e-6)


def test_a_nan_weight_keeps_the_entropy_nan():
    weights = np.full((1, 2, 2), 0.5, dtype=np.float32)
    weights[0, 1, 1] = np.nan
    assert np.isnan(head_statistics(weights, np.zeros((1, 2)))[0, 2])


def test_a_sliding_window_masks_keys_too_far_back():
    blocked = blocked_pairs(4, causal=True, window=2)
    assert blocked[3].tolist() == [True, True, False, False] and blocked[0].tolist() == [False, True, True, True]
    assert blocked_pairs(4, causal=False) is None


def test_every_run_records_one_row_of_statistics_per_block_and_head(tiny):
    model, base = tiny
    assert base.attention.shape == (2, 4, 3) and np.isfinite(base.attention).all()
    assert np.all((base.attention[..., 0] > 0) & (base.attention[..., 0] < 1))
    assert np.all(base.attention[..., 2] <= np.log(len(base.ids)) + 1e-9)


def test_a_per_head_norm_freezes_with_one_factor_per_head():
    """The q/k norms of a Gemma-style model run on (heads, T, head_dims): one constant per head."""
    from engine.models.trace import NormRecord
    from engine.models.what_if import frozen_norm

    rng = np.random.default_rng(0)
    x = (rng.normal(size=(2, 5, 8)) * np.array([1.0, 10.0])[:, None, None]).astype(np.float32)
    factors = norm_factors(NormRecord(0, "q_norm", "rms", np.ones(8, np.float32), None, x, x, 1e-6))
    assert len(factors) == 2 and factors[0] > 5 * factors[1]  # head 1 is ten times larger
    gamma = np.linspace(0.5, 1.5, 8).astype(np.float32)
    out = frozen_norm(x, "rms", gamma, None, factors)
    assert np.allclose(out[1], x[1] * np.float32(factors[1]) * gamma) and out.dtype == np.float32


def test_self_attention_plug_ins_window_softcap_and_qk_norm(tiny):
    from engine.models.attention import rope_tables, self_attention

    model, base = tiny
    layer, spec = model.weights.layers[0], model.spec
    x = base.norm(0, "attn_norm").output
    rope = rope_tables(len(x), spec.head_dims, spec.rope_theta)
    plain, capped, windowed, normed = [], [], [], []
    out = self_attention(x, layer, spec, rope, statistics=plain)
    assert np.array_equal(out, self_attention(x, layer, spec, rope))  # statistics change nothing
    self_attention(x, layer, spec, rope, statistics=capped, softcap=0.01)
    assert np.all(capped[0][:, 1] <= 0.01) and np.all(plain[0][:, 1] > 0.01)
    self_attention(x, layer, spec, rope, statistics=windowed, window=1)  # each query sees itself only
    assert np.allclose(windowed[0][:, 2], 0, atol=1e-6) and np.allclose(windowed[0][:, 0], 0)
    self_attention(x, layer, spec, rope, statistics=normed, qk_norm=lambda which, v: v * 0)
    assert np.allclose(normed[0][:, 2], np.mean(np.log(np.arange(1, len(x) + 1))), rtol=1e-5)  # uniform over the past
