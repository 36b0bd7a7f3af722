"""Depth at real widths: weights streamed layer by layer give the numbers of the kept weights, in bounded memory."""

import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

from engine.core import streamed_weights
from engine.core.block import BlockSpec
from engine.results.compute import compute, simulation_bytes, streams_weights
from engine.core.depth import run_stack
from engine.setup.limits import MAX_SIMULATION_BYTES
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario

FIELDS = ("rms", "max_abs", "weight_grad", "input_grad", "max_logit")


def _runs(d, dtype, activation, placement, init="fan_in"):
    x = np.random.default_rng(3).standard_normal((5, d)).astype(dtype)
    spec = BlockSpec(norm="layer", placement=placement, heads=2, activation=activation)
    kept = run_stack(x, spec, 4, 7, 4, with_grad=True, init=init)
    streamed = run_stack(x, spec, 4, 7, 4, with_grad=True, init=init, streamed=True)
    return kept, streamed


@pytest.mark.parametrize("placement", ["pre", "post", "peri", "deepnorm", "mixln"])
@pytest.mark.parametrize("d, dtype, activation, init", [(8, "float32", "relu", "fan_in"),
                                                        (16, "float64", "swiglu", "xiong"),
                                                        (64, "float32", "gelu", "uniform_1_over_d")])
def test_streamed_weights_in_one_slab_give_bit_identical_stacks(placement, d, dtype, activation, init):
    kept, streamed = _runs(d, dtype, activation, placement, init)
    for field in FIELDS:
        assert np.array_equal(getattr(kept, field), getattr(streamed, field)), field


@pytest.mark.parametrize("dtype, rtol", [("float32", 1e-4), ("float64", 1e-12)])
@pytest.mark.parametrize("activation", ["relu", "swiglu"])
def test_streamed_weights_in_many_slabs_agree_to_rounding(monkeypatch, dtype, rtol, activation):
    # Slabs of a few rows: x @ W is then a sum over slabs, W's values the same.
    monkeypatch.setattr(streamed_weights, "SLAB_BYTES", 3 * 256 * np.dtype(dtype).itemsize)
    kept, streamed = _runs(64, dtype, activation, "pre")
    for field in FIELDS:
        np.testing.assert_allclose(getattr(streamed, field), getattr(kept, field), rtol=rtol, err_msg=field)


def test_streamed_stack_holds_a_slab_not_the_weights(monkeypatch):
    monkeypatch.setattr(streamed_weights, "SLAB_BYTES", 256 << 10)
    d, layers = 512, 3
    x = np.random.default_rng(0).standard_normal((4, d)).astype(np.float32)
    weights_bytes = layers * 12 * d * d * 4  # 4 d² attention + 2 · 4d² FFN, float32: 37.7 MB
    tracemalloc.start()
    run_stack(x, BlockSpec(), layers, 11, 4, with_grad=True, streamed=True)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4 << 20 < weights_bytes / 8


def test_only_stacks_that_do_not_fit_are_streamed():
    assert not streams_weights(load_preset("random"))
    large = load_preset("large")
    assert simulation_bytes(large, large.layers) > MAX_SIMULATION_BYTES  # 2 layers at d = 4096 kept: 1.6 GiB
    assert streams_weights(large) and simulation_bytes(large, large.layers, streamed=True) < MAX_SIMULATION_BYTES


def test_progress_hears_every_block_and_can_cancel():
    s = load_preset("xian").replace(layers=3)
    heard = []
    compute(s, progress=heard.append)
    # one block, then 3 layers forward and backward for Pre and Post, 3 forward for the no-norm stack
    assert len(heard) == 1 + 3 * 5 and heard[-1] == 1.0 and heard == sorted(heard)

    class Cancelled(Exception):
        pass

    def cancel(fraction):
        raise Cancelled

    with pytest.raises(Cancelled):
        compute(s, progress=cancel)


_LARGE = """
import resource, time, numpy as np
from engine.results.compute import compute
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
s = load_preset("large") if "{what}" == "large" else Scenario(np.random.default_rng(0).standard_normal((64, 8192)).astype(np.float32), heads=64, layers=1)
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
r = compute(s)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(r.stages is not None, r.depth is not None, sorted(r.depth.runs), (peak - base) // 1024,
      np.isfinite(r.depth.pre.weight_grad).all(), np.isfinite(r.depth.post.rms).all(),
      round(time.process_time()))
"""


@pytest.mark.slow
@pytest.mark.parametrize("what", ["large", "d8192"])
def test_real_widths_simulate_within_the_memory_budget(what):
    out = subprocess.run([sys.executable, "-c", _LARGE.format(what=what)], capture_output=True, text=True,
                         check=True, timeout=1200).stdout.split()
    assert out[:4] == ["True", "True", "['post',", "'pre']"]
    assert int(out[4]) < 1024, f"{out[4]} MiB above the start"  # the matrix itself is read before
    assert out[5:7] == ["True", "True"]


def test_a_streamed_stack_can_be_stopped_before_its_first_layer_is_done():
    from engine.progress import Steps

    class Stop(Exception):
        pass

    heard = []

    def report(fraction):
        heard.append(fraction)
        if len(heard) == 3:  # the third matrix of layer 0's forward pass
            raise Stop

    x = np.random.default_rng(0).standard_normal((4, 16)).astype(np.float32)
    with pytest.raises(Stop):
        run_stack(x, BlockSpec(), 2, 1, 4, with_grad=True, streamed=True, steps=Steps(4, report))
    assert heard == [0.0, 0.0, 0.0]  # no layer finished: each matrix polled before it was drawn
