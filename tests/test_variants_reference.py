"""The norm variants' forward and hand-written backward against PyTorch autograd (float64).

The reference values are made by ``tests/reference/make_variants_reference.py`` (torch 2.13.0) on
the engine's own seeded weights.
"""

import pathlib

import numpy as np
import pytest

from engine.core.block import BlockSpec, block_with_grad
from engine.core.depth import run_stack
from engine.core.weights import layer_weights

REF = np.load(pathlib.Path(__file__).parent / "reference" / "variants_reference.npz", allow_pickle=False)
X, DY, GAMMA, BETA = REF["x"], REF["dy"], REF["gamma"], REF["beta"]
BLOCKS = sorted({key.rsplit("/", 1)[0] for key in REF.files if key.startswith("block/")})
STACKS = sorted({key.rsplit("/", 1)[0] for key in REF.files if key.startswith("stack/")})


def close(actual, expected, rel=1e-10):
    scale = max(1.0, float(np.max(np.abs(expected))))
    np.testing.assert_allclose(actual, expected, rtol=rel, atol=rel * scale)


def test_the_reference_covers_every_variant():
    assert len(BLOCKS) == 5 * 4 * 2  # every norm × placement, without and with QK-Norm
    assert {key.split("/")[1] for key in STACKS} == {"pre", "post", "peri", "deepnorm", "mixln"}


@pytest.mark.parametrize("key", BLOCKS)
def test_block_stages_and_input_gradient_match_pytorch(key):
    _, norm, placement, qk = key.split("/")
    spec = BlockSpec(norm=norm, placement=placement, gamma=GAMMA, beta=BETA, heads=2, activation="gelu",
                     dyt_alpha=0.7, qk_norm=qk != "plain", residual_scale=1.7 if placement == "deepnorm" else 1.0)
    stages, _, backward = block_with_grad(X, layer_weights(3, 0, 8, 16, False, "float64"), spec)
    for name, value in stages.items():
        close(value, REF[f"{key}/{name}"])
    assert set(stages) == {k.rsplit("/", 1)[1] for k in REF.files if k.startswith(key + "/")} - {"dx"}
    dx, _ = backward(DY)
    close(dx, REF[f"{key}/dx"])


@pytest.mark.parametrize("key", STACKS)
def test_stack_growth_and_gradient_norms_match_pytorch(key):
    _, placement, scaling = key.split("/")
    run = run_stack(X, BlockSpec(placement=placement, heads=2, activation="gelu"), 6, 3, 4, with_grad=True,
                    ln_scaling=scaling == "scaled")
    close(run.rms, REF[f"{key}/rms"])
    close(run.weight_grad, REF[f"{key}/weight_grad"])
    close(run.input_grad, REF[f"{key}/input_grad"])
