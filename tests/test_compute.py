"""compute(): a pure function of the Scenario, with clear refusals of bad scenarios."""

import numpy as np
import pytest

from engine.results.compute import compute, simulation_bytes
from engine.setup.limits import MAX_SIMULATION_BYTES
from engine.setup.presets import PRESETS, load_preset
from engine.setup.scenario import Scenario


def test_equal_scenarios_give_equal_results():
    a = load_preset("xian")
    b = load_preset("xian")
    assert a == b and a is not b
    assert compute(a) == compute(b)


def test_a_changed_setting_changes_the_result():
    s = load_preset("xian")
    assert compute(s) != compute(s.replace(placement="post"))


def test_scenario_arrays_are_read_only_copies():
    m = np.array(load_preset("xian").matrix)
    s = Scenario(m)
    m[0, 0] = 99.0
    assert s.matrix[0, 0] != 99.0
    with pytest.raises(ValueError):
        s.matrix[0, 0] = 1.0


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"norm": "group"}, "norm must be one of"),
        ({"heads": 3}, "3 heads do not divide d = 4"),
        ({"gamma": [1.0, 2.0]}, "gamma has 2 values for 4 dimensions"),
        ({"labels": ("a",)}, "1 token labels for 6 rows"),
        ({"eps": -1.0}, r"eps must lie in \[0, 1e\+06\], got -1"),
        ({"matrix": [[1.0, np.nan]]}, "not a finite number"),
    ],
)
def test_bad_scenarios_are_refused_with_a_reason(changes, message):
    with pytest.raises(ValueError, match=message):
        load_preset("xian").replace(**changes)


def test_values_beyond_float32_are_refused():
    with pytest.raises(ValueError, match="float32"):
        Scenario([[1e39, 0.0]])


@pytest.mark.parametrize("norm", ["layer", "rms", "batch", "none"])
@pytest.mark.parametrize("placement", ["pre", "post"])
def test_every_norm_and_placement_computes(norm, placement):
    r = compute(load_preset("xian").replace(norm=norm, placement=placement))
    assert list(r.stages)[0] == "input"
    assert r.depth.pre.weight_grad.shape == (10,)
    assert np.all(np.isfinite(r.norm.normalized))


def test_batch_norm_normalizes_columns():
    r = compute(load_preset("xian").replace(norm="batch", gamma=None, beta=None))
    np.testing.assert_allclose(r.norm.col_stats.mean_out, 0, atol=1e-6)
    np.testing.assert_allclose(r.norm.col_stats.std_out, 1, atol=1e-3)
    assert r.norm.running_mean is not None


def test_batch_norm_with_one_token_explains_and_shows_eval_mode():
    s = load_preset("xian")
    r = compute(s.replace(matrix=s.matrix[:1], labels=s.labels[:1], norm="batch"))
    assert any("single token" in str(m) for m in r.messages)
    assert np.all(np.isfinite(r.norm.normalized))


def test_none_leaves_the_matrix_unchanged():
    s = load_preset("xian").replace(norm="none")
    assert np.array_equal(compute(s).norm.normalized, s.matrix)


def test_huge_stack_is_skipped_with_the_reason():
    # Streamed weights take no memory, but 32 layers of 1024 tokens' activations at d = 4096 do.
    s = Scenario(np.zeros((1024, 4096), np.float32), layers=32, stack_tokens=1024)
    assert simulation_bytes(s, s.layers, streamed=True) > MAX_SIMULATION_BYTES
    from engine.results.compute import depth

    profile, message = depth(s)
    assert profile is None and "GiB" in str(message)


def test_presets_load_with_their_shapes():
    shapes = {pid: load_preset(pid).matrix.shape for pid in PRESETS}
    assert shapes == {"xian": (6, 4), "apple": (5, 4), "random": (128, 768), "large": (2048, 4096)}
    assert load_preset("xian").labels[1] == "西安"


def test_unknown_preset_names_the_known_ones():
    with pytest.raises(KeyError, match="xian"):
        load_preset("nope")


def _edited(s, row, col, value):
    m = np.array(s.matrix)
    m[row, col] = value
    return s.replace(matrix=m)


@pytest.mark.parametrize("norm", ["layer", "rms", "batch", "none"])
def test_incremental_recompute_of_changed_rows_equals_a_full_one(norm):
    s1 = load_preset("random").replace(norm=norm, layers=2, stack_tokens=4)
    s2 = _edited(s1, 100, 7, 3.5)
    incremental = compute(s2, compute(s1), changed_rows=[100])
    assert incremental == compute(s2)


def test_edit_outside_the_stack_tokens_reuses_the_stack():
    s1 = load_preset("random").replace(layers=2, stack_tokens=4)
    first = compute(s1)
    second = compute(_edited(s1, 100, 7, 3.5), first, changed_rows=[100])
    assert second.depth is first.depth and second.stages is first.stages


def test_partial_result_marks_the_stack_stale_until_completed():
    s1 = load_preset("xian")
    s2 = _edited(s1, 0, 0, 2.0)
    partial = compute(s2, compute(s1), changed_rows=[0], stack=False)
    assert partial.stack_stale
    assert partial.norm == compute(s2).norm
    full = compute(s2, partial)
    assert not full.stack_stale and full == compute(s2)


def test_negative_seed_is_refused():
    with pytest.raises(ValueError, match=r"seed must lie in \[0, 2147483647\]"):
        load_preset("xian").replace(seed=-1)


def test_stale_stages_keep_the_labels_they_were_computed_for():
    s = load_preset("random").replace(layers=2, stack_tokens=8)
    full = compute(s)
    fewer = s.replace(matrix=s.matrix[:3], labels=s.labels[:3])
    partial = compute(fewer, full, stack=False)
    assert partial.stack_stale and len(partial.stack_labels) == 8
    assert compute(fewer).stack_labels == s.labels[:3]


def test_rms_stack_with_zero_eps_and_a_zero_row_gives_nan_there_and_says_why():
    s = load_preset("xian").replace(norm="rms", eps=0.0)
    m = np.array(s.matrix)
    m[2] = 0.0
    r = compute(s.replace(matrix=m))
    assert np.all(np.isnan(r.norm.normalized[2])) and np.all(np.isfinite(np.delete(r.norm.normalized, 2, axis=0)))
    assert any("row 的 is all zeros" in n for n in r.messages)


def test_batch_norm_eval_uses_buffers_warmed_up_on_the_matrix():
    from engine.results.compute import EVAL_WARMUP_STEPS
    from engine.core.norms import batch_norm

    s = load_preset("xian").replace(norm="batch", bn_training=False, gamma=None, beta=None)
    rm = rv = None
    for _ in range(EVAL_WARMUP_STEPS):  # the closed form must equal the step-by-step recurrence
        _, rm, rv = batch_norm(s.matrix, running_mean=rm, running_var=rv, momentum=s.bn_momentum)
    r = compute(s)
    np.testing.assert_allclose(r.norm.running_mean, rm, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(r.norm.running_var, rv, rtol=1e-5)
    np.testing.assert_allclose(r.norm.normalized, (s.matrix - rm) / np.sqrt(rv + s.eps), atol=1e-5)
    assert np.max(np.abs(r.norm.normalized - s.matrix)) > 0.1  # not the untrained identity


def test_batch_norm_stack_on_one_token_says_it_draws_eval_mode_with_default_buffers():
    """With one stack token the block and depth BatchNorm silently ran eval mode on the default
    buffers (γ/√(1 + ε)·x + β) while the message spoke of running statistics: now the Result says so."""
    s = load_preset("xian").replace(norm="batch", stack_tokens=1)
    r = compute(s)
    assert r.norm.message is None  # the main view has all six tokens and trains
    assert r.stack_note is not None and "default running statistics" in str(r.stack_note)
    assert any("single token" in m for m in r.messages)
    gamma, beta = s.gamma, s.beta
    x = s.matrix[:1]
    np.testing.assert_allclose(r.stages["norm1"], x / np.sqrt(1 + s.eps) * gamma + beta, rtol=1e-6)
    one = compute(s.replace(matrix=s.matrix[:1], labels=s.labels[:1], stack_tokens=32))
    assert "mean 0, variance 1" in str(one.norm.message) and one.stack_note is not None
    assert compute(s.replace(stack_tokens=2)).stack_note is None
    assert "eval mode" in str(compute(s.replace(bn_training=False)).stack_note)
    assert compute(s.replace(norm="layer")).stack_note is None
