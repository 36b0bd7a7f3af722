"""The NumPy trainer against PyTorch: 20 steps from the same weights on the same batches.

Reference values: ``tests/reference/training_reference.npz``, made by
``tests/reference/make_training_reference.py`` with torch 2.13.0 (one thread).
"""

import json
from pathlib import Path

import numpy as np
import pytest

from engine.training.data import Corpus
from engine.training.settings import TrainSettings
from engine.training.trainer import Trainer

REFERENCE = Path(__file__).parent / "reference" / "training_reference.npz"
CASES = ("pre_ln", "post_ln", "pre_rms_untied", "deepnorm", "peri_rms", "post_dyt")


@pytest.fixture(scope="module")
def reference():
    with np.load(REFERENCE, allow_pickle=False) as data:
        return {key: data[key] for key in data.files}


def _trainer(ref: dict, case: str) -> tuple[Trainer, np.ndarray]:
    settings = TrainSettings(**json.loads(ref[f"{case}/settings"].tobytes().decode()))
    ids = ref[f"{case}/ids"]
    chars = "".join(chr(c) for c in ref[f"{case}/chars"])
    corpus = Corpus(case, chars, ids.reshape(-1), ids.reshape(-1))
    trainer = Trainer(settings, corpus)
    prefix = f"{case}/param/"
    stored = {key[len(prefix):]: value for key, value in ref.items() if key.startswith(prefix)}
    assert stored.keys() == trainer.params.keys()
    for name, value in stored.items():
        trainer.params[name][...] = value
    return trainer, ids


@pytest.mark.parametrize("case", CASES)
def test_first_twenty_losses_match_torch(reference, case):
    trainer, ids = _trainer(reference, case)
    losses = [trainer.step(batch).loss for batch in ids]
    np.testing.assert_allclose(losses, reference[f"{case}/losses"], rtol=1e-4)


@pytest.mark.parametrize("case", CASES)
def test_layer_gradient_norms_after_step_one_match_torch(reference, case):
    trainer, ids = _trainer(reference, case)
    record = trainer.step(ids[0])
    np.testing.assert_allclose(record.layer_grad_norm, reference[f"{case}/layer_grad_norm"], rtol=1e-4)
    assert record.grad_norm == pytest.approx(float(reference[f"{case}/grad_norm"]), rel=1e-4)
