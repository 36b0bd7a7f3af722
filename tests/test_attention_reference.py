"""Each head's attention statistics and the next-token loss, with and without interventions, equal what
transformers computes (tests/reference/make_attention_reference.py stored its values)."""

import functools

import numpy as np
import pytest

from engine.models.forward import run_model
from engine.models.interventions import BASE, intervention_costs, parse_freeze_norms, parse_zero_dim
from engine.models.loading import load_model
from tests.model_fixtures import REFERENCE, loaded, needs_model


@functools.cache
def stored() -> dict[str, np.ndarray]:
    with np.load(REFERENCE / "attention_reference.npz", allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def parsed(label: str, model):
    spec = model.spec
    if label.startswith("freeze-norms "):
        return parse_freeze_norms(label.split()[-1], spec.layers)
    return parse_zero_dim(label.split()[-1], spec.layers, spec.dims)


def check_statistics(model, name: str, sentence: int, max_logit_tol: float):
    ref = stored()
    ids = tuple(int(i) for i in ref[f"{name}/{sentence}/ids"])
    trace = run_model(model, ids)
    expected = ref[f"{name}/{sentence}/attention"]
    assert trace.attention.shape == expected.shape
    assert np.abs(trace.attention[..., 0] - expected[..., 0]).max() < 1e-4  # sink mass
    assert np.abs(trace.attention[..., 1] - expected[..., 1]).max() < max_logit_tol * np.abs(expected[..., 1]).max()
    assert np.abs(trace.attention[..., 2] - expected[..., 2]).max() < 1e-4  # entropy, nats
    return trace


def check_losses(model, name: str, sentence: int, base):
    ref = stored()
    labels = [str(s) for s in ref[f"{name}/interventions"]]
    expected = ref[f"{name}/{sentence}/loss"]
    costs = intervention_costs(model, base, tuple(parsed(label, model) for label in labels[1:]))
    assert [c.label for c in costs] == labels and labels[0] == BASE
    for cost, value in zip(costs, expected):
        if np.isfinite(value):
            assert cost.loss == pytest.approx(value, abs=2e-4), cost.label
        else:  # transformers overflows too: the loss says so instead of an error
            assert not np.isfinite(cost.loss), cost.label
    return costs


def test_tiny_llama_statistics_and_losses_equal_transformers():
    model = load_model(REFERENCE / "tiny_llama")
    base = check_statistics(model, "tiny_llama", 0, 1e-5)
    costs = check_losses(model, "tiny_llama", 0, base)
    assert costs[0].delta == 0 and all(c.delta == pytest.approx(c.loss - costs[0].loss) for c in costs)


@needs_model("minilm")
@pytest.mark.parametrize("sentence", [0, 1])
def test_minilm_statistics_equal_bert_model(sentence):
    trace = check_statistics(loaded("minilm"), "minilm", sentence, 1e-5)
    assert np.isfinite(trace.attention).all()


@pytest.mark.slow
@needs_model("smollm2")
@pytest.mark.parametrize("sentence", [0, 1])
def test_smollm2_statistics_and_losses_equal_transformers(sentence):
    model = loaded("smollm2")
    base = check_statistics(model, "smollm2", sentence, 1e-4)
    check_losses(model, "smollm2", sentence, base)
