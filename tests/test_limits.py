"""The settings table and the resource limits: every setting has a range, checked wherever it comes
from, and a hostile size is refused before anything is allocated."""

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from engine.results.compute import compute, simulation_bytes
from engine.setup.limits import (MAX_CELLS, MAX_DIMS, MAX_LABEL_LENGTH, MAX_SIMULATION_BYTES, MAX_TOKENS, SETTINGS,
                           check_setting)
from engine.setup.presets import load_preset
from engine.problem import Problem
from engine.setup.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
NOT_SETTINGS = {"matrix", "labels", "gamma", "beta", "name"}


def test_every_scenario_setting_has_a_declared_type_and_range():
    fields = {f.name for f in dataclasses.fields(Scenario)} - NOT_SETTINGS
    assert fields == set(SETTINGS)
    for name, setting in SETTINGS.items():
        assert setting.choices or setting.kind is bool or setting.low <= setting.high, name


@pytest.mark.parametrize("name", [n for n, s in SETTINGS.items() if s.kind in (int, float)])
def test_each_numeric_setting_takes_its_bounds_and_refuses_beyond(name):
    setting = SETTINGS[name]
    step = 1 if setting.kind is int else max(abs(setting.high) * 1e-9, 1e-12)
    assert check_setting(name, setting.low) == setting.low
    assert check_setting(name, setting.high) == setting.high
    for beyond in (setting.low - step, setting.high + step):
        with pytest.raises(Problem, match=rf"{name} must lie in"):
            check_setting(name, setting.kind(beyond))
    with pytest.raises(Problem, match=f"{name} must lie in"):
        Scenario([[1.0]], **{name: setting.kind(setting.high + step)})


@pytest.mark.parametrize("name, value, message", [
    ("layers", 10**30, r"layers must lie in \[1, 1024\], got ~1e30"),
    ("seed", 2**40, r"seed must lie in \[0, 2147483647\], got 1099511627776"),
    ("seed", 10**100_000, r"seed must lie in .* got ~1e100000"),  # str() of it would raise
    ("ffn_mult", 10**9, r"ffn_mult must lie in \[1, 16\]"),
    ("eps", 10**400, "eps must be a finite number, got ~1e400"),  # float() of it would raise
    ("eps", float("nan"), "eps must be a finite number, got nan"),
    ("toy_v0", 1e300, r"toy_v0 must lie in \[-1e\+06, 1e\+06\], got 1e\+300"),
    ("layers", 2.0, "layers must be an integer, got 2"),
    ("layers", True, "layers must be an integer, got True"),
    ("layers", "10", "layers must be an integer, got '10'"),
    ("eps", None, "eps must be a number, got None"),
    ("causal", 1, "causal must be true or false, got 1"),
    ("norm", "group" * 100, "norm must be one of layer, rms, batch, .*none; got 'groupgroup"),
], ids=lambda v: v[:20] if isinstance(v, str) else type(v).__name__)
def test_bad_setting_values_are_refused_with_a_short_reason(name, value, message):
    with pytest.raises(Problem, match=message) as refused:
        Scenario([[1.0]], **{name: value})
    assert len(str(refused.value)) < 120


def test_settings_come_out_as_plain_python_values():
    s = Scenario([[1.0, 2.0]], layers=np.int64(3), eps=np.float32(0.5), heads=np.int8(2), causal=np.bool_(True))
    assert (type(s.layers), type(s.eps), type(s.heads), type(s.causal)) == (int, float, int, bool)
    assert s.eps == 0.5 and s.layers == 3


def test_a_matrix_above_the_cell_limit_is_refused_before_it_is_copied():
    claimed = np.broadcast_to(np.float64(1.0), (100_000, 100_000))  # 80 GB if it were copied
    with pytest.raises(Problem, match=f"matrix has 10000000000 values; at most {MAX_CELLS} are supported"):
        Scenario(claimed)


@pytest.mark.parametrize("shape", [(MAX_TOKENS + 1, 1), (1, MAX_DIMS + 1)])
def test_more_tokens_or_dimensions_than_supported_are_refused(shape):
    with pytest.raises(Problem, match="at most 65536 tokens and 65536 dimensions"):
        Scenario(np.zeros(shape, np.float32))


def test_labels_must_be_short_texts():
    with pytest.raises(Problem, match=f"at most {MAX_LABEL_LENGTH}"):
        Scenario([[1.0]], labels=("x" * (MAX_LABEL_LENGTH + 1),))
    with pytest.raises(Problem, match="labels must be a list of texts"):
        Scenario([[1.0]], labels=(1,))


@pytest.mark.parametrize("values", [[["a", "b"]], [[None]], [[1.0], [2.0, 3.0]], [[10**400]], [[1 + 2j]]])
def test_a_matrix_that_is_not_a_table_of_real_numbers_is_a_problem(values):
    with pytest.raises(Problem, match="^matrix (must|holds)"):
        Scenario(np.array(values) if isinstance(values[0][0], complex) else values)


def test_a_block_too_wide_to_draw_weights_for_is_skipped_with_the_reason():
    s = Scenario(np.zeros((1, 16384), np.float32), layers=1)
    r = compute(s)
    assert r.stages is None and r.depth is None
    assert "d = 16384 is wider than 8192" in str(r.stages_message)
    assert "d = 16384 is wider than 8192" in str(r.depth_message)
    assert np.all(r.norm.normalized == 0)  # the norm itself is shown


def test_streamed_activations_above_the_memory_limit_are_counted_past_it():
    # At d = 8192 the weights are streamed, but 2048 tokens' saved activations alone pass 1 GiB.
    s = Scenario(np.zeros((2048, 8192), np.float32), layers=1, stack_tokens=2048)
    assert simulation_bytes(s, 1, streamed=True) > MAX_SIMULATION_BYTES


@pytest.mark.slow  # the norm of 2048 × 8192 cells is still computed: 1.5 s of CPU
def test_streamed_activations_above_the_memory_limit_are_skipped_with_the_reason():
    s = Scenario(np.zeros((2048, 8192), np.float32), layers=1, stack_tokens=2048)
    assert simulation_bytes(s, 1, streamed=True) > MAX_SIMULATION_BYTES
    r = compute(s)
    assert r.stages is None and r.depth is None
    assert "Block simulation skipped: one block at d = 8192 needs 1.8 GiB" in str(r.stages_message)
    assert "Depth simulation skipped" in str(r.depth_message)


def test_the_large_preset_still_fits_the_block_view():
    s = load_preset("large").replace(layers=1)
    assert simulation_bytes(s, 1) <= MAX_SIMULATION_BYTES


def test_attention_over_many_stacked_tokens_counts_towards_the_limit():
    s = Scenario(np.zeros((4096, 4), np.float32), heads=4, stack_tokens=4096, layers=2)
    # Weights are tiny at d = 4, but 4 heads × 4096² attention probabilities per layer are not.
    assert simulation_bytes(s, s.layers) > MAX_SIMULATION_BYTES
    r = compute(s.replace(layers=1, stack_tokens=64))
    assert r.stages is not None and r.depth is not None


HOSTILE = {
    # name: (code run under a 3 GiB address-space limit, what it must print)
    "block view at d = 8192 over 2048 tokens": (
        "r = compute(Scenario(np.ones((2048, 8192), np.float32), layers=1, stack_tokens=2048)); "
        "print(r.stages is None, r.depth is None)",
        "True True"),
    "16384 columns with 4 layers": (
        "r = compute(Scenario(np.ones((2, 16384), np.float32), layers=4)); print(r.stages is None, r.depth is None)",
        "True True"),
    "ffn_mult = 10**9": ("refused(lambda: Scenario(np.ones((2, 4)), ffn_mult=10**9))", "refused"),
    "layers = 10**6": ("refused(lambda: Scenario(np.ones((2, 4)), layers=10**6))", "refused"),
    "a claimed 100000 × 100000 matrix": (
        "refused(lambda: Scenario(np.broadcast_to(np.float32(0), (100_000, 100_000))))", "refused"),
    "attention over 60000 stacked tokens": (
        "r = compute(Scenario(np.ones((60000, 4), np.float32), heads=4, stack_tokens=60000, layers=1));"
        "print(r.stages is None, r.depth is None)", "True True"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_sizes_are_refused_within_3_gib_of_address_space(case):
    code, expected = HOSTILE[case]
    script = textwrap.dedent("""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        import numpy as np
        from engine.results.compute import compute
        from engine.problem import Problem
        from engine.setup.scenario import Scenario

        def refused(make):
            try:
                make()
            except Problem:
                print("refused")
        """) + code
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)})
    assert "MemoryError" not in done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == expected


def test_a_stack_too_wide_for_both_simulations_is_said_once():
    notes = compute(Scenario(np.zeros((1, 16384), np.float32), layers=1)).messages
    assert sum("wider than 8192" in note for note in notes) == 1
