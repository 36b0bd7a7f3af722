"""The training model's recipe choices and norm variants: what each one changes in the parameters."""

import math

import numpy as np
import pytest

from engine.core.depth import deepnorm_constants
from engine.training.init import init_params, parameter_shapes
from engine.training.settings import TrainSettings
from engine.training.trainer import Trainer

VOCAB = 50


def test_packed_qkv_xavier_bound_is_one_over_root_two_of_the_separate_bound():
    d = 64
    packed = init_params(TrainSettings(layers=1, width=d), VOCAB)
    separate = init_params(TrainSettings(layers=1, width=d, qkv_xavier="separate"), VOCAB)
    for name in ("L0.wq", "L0.wk", "L0.wv"):
        assert 0.95 < np.abs(packed[name]).max() / math.sqrt(6 / (4 * d)) <= 1
        assert 0.95 < np.abs(separate[name]).max() / math.sqrt(6 / (2 * d)) <= 1
    for name in ("L0.wo", "L0.w1", "L0.w2", "embed"):  # drawn alike: only q, k and v are packed
        np.testing.assert_array_equal(packed[name], separate[name])


def test_deepnorm_scales_value_output_and_ffn_init_by_beta_and_leaves_queries_and_keys():
    layers = 6
    deep = init_params(TrainSettings(layers=layers, width=16, heads=2, placement="deepnorm"), VOCAB)
    post = init_params(TrainSettings(layers=layers, width=16, heads=2, placement="post"), VOCAB)
    beta = deepnorm_constants(layers)[1]
    assert beta == pytest.approx((8 * layers) ** -0.25)
    for layer in range(layers):
        for name in ("wv", "wo", "w1", "w2"):
            np.testing.assert_allclose(deep[f"L{layer}.{name}"], post[f"L{layer}.{name}"] * beta, rtol=1e-6)
        for name in ("wq", "wk"):
            np.testing.assert_array_equal(deep[f"L{layer}.{name}"], post[f"L{layer}.{name}"])


def test_peri_norm_normalises_each_sublayer_output_and_ends_in_a_final_norm():
    names = parameter_shapes(TrainSettings(layers=2, width=8, heads=2, placement="peri", norm="rms"), VOCAB)
    assert {"L1.attn_norm.g", "L1.ffn_norm.g", "final.g"} <= names.keys()
    post = parameter_shapes(TrainSettings(layers=2, width=8, heads=2, placement="deepnorm"), VOCAB)
    assert "final.g" not in post and "L0.attn_norm.g" not in post


def test_dyt_scalar_starts_at_one_half_and_learns():
    settings = TrainSettings(layers=2, width=16, heads=2, batch=4, seq=8, data="reverse", norm="dyt",
                             placement="pre", lr=1e-2)
    trainer = Trainer(settings)
    assert trainer.params["L0.n1.a"].tolist() == [0.5] and trainer.params["final.b"].shape == (16,)
    for _ in range(5):
        trainer.step()
    assert trainer.params["L0.n1.a"][0] != 0.5
