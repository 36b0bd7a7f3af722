"""The training model's hand-written backward pass against central finite differences (float64, tiny model)."""

import numpy as np
import pytest

from engine.training.data import corpus_from_text, sample_batch
from engine.training.init import init_params
from engine.training.model import forward
from engine.training.settings import TrainSettings

TEXT = "the quick brown fox jumps over the lazy dog; 0123456789 " * 4


def _check(settings: TrainSettings) -> None:
    corpus = corpus_from_text(TEXT, "text", settings.seq)
    params = init_params(settings, corpus.vocab_size)
    rng = np.random.default_rng(3)
    # Gains and shifts away from 1 and 0, so their gradients and every norm's backward are exercised.
    for name, value in params.items():
        if value.ndim == 1:
            value += rng.normal(0, 0.3, value.shape)
    ids = sample_batch(corpus.train, settings.batch, settings.seq, rng)
    _, grads, _ = forward(params, settings, ids)
    assert set(grads) == set(params)
    h = 1e-6
    for name, value in params.items():
        flat, gflat = value.reshape(-1), grads[name].reshape(-1)
        for i in rng.choice(flat.size, min(6, flat.size), replace=False):
            keep = flat[i]
            flat[i] = keep + h
            up = forward(params, settings, ids, with_grad=False)[0]
            flat[i] = keep - h
            down = forward(params, settings, ids, with_grad=False)[0]
            flat[i] = keep
            numeric = (up - down) / (2 * h)
            assert gflat[i] == pytest.approx(numeric, rel=1e-5, abs=1e-8), (name, i)


@pytest.mark.parametrize("placement", ["pre", "post"])
@pytest.mark.parametrize("norm", ["layer", "rms", "none"])
def test_every_parameter_gradient_matches_finite_differences(norm, placement):
    _check(TrainSettings(norm=norm, placement=placement, layers=2, width=8, heads=2, seq=6, batch=3,
                         dtype="float64", init="torch" if norm == "none" else "xavier"))


def test_learned_positions_untied_head_and_gelu_gradients_match_finite_differences():
    _check(TrainSettings(norm="layer", placement="pre", layers=1, width=8, heads=4, seq=5, batch=2,
                         dtype="float64", position="learned", tied=False, activation="gelu"))


@pytest.mark.parametrize("placement", ["deepnorm", "peri"])
@pytest.mark.parametrize("norm", ["layer", "rms", "dyt"])
def test_deepnorm_and_peri_norm_gradients_match_finite_differences(norm, placement):
    _check(TrainSettings(norm=norm, placement=placement, layers=2, width=8, heads=2, seq=6, batch=3,
                         dtype="float64"))


@pytest.mark.parametrize("placement", ["pre", "post"])
def test_dyt_gradients_including_its_learned_scalar_match_finite_differences(placement):
    _check(TrainSettings(norm="dyt", placement=placement, layers=2, width=8, heads=2, seq=6, batch=3,
                         dtype="float64"))
