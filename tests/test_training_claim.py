"""Issue 15's claim, measured: Post-LN without warmup fails where Pre-LN learns.

Three seeds, 300 steps, lr 1e-3, Adam (β₂ = 0.98), the default recipe (√d embedding scale,
Xavier-uniform init), stdlib text, d = 64, 4 heads, T = 32, batch 16. Slow (about 7 min in all
on a quiet core): run with ``--slow``, or ``python tests/test_training_claim.py``
to print the table. The claim's warmup part does not hold in this set-up: that test is a strict
xfail that says what was measured instead (it fails loudly if a change makes the claim hold).
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.training.data import load_corpus
from engine.training.settings import TrainSettings
from engine.training.trainer import Trainer

SEEDS = (0, 1, 2)
RUNS = {"post_no_warmup": ("post", 0), "post_warmup": ("post", 100), "pre": ("pre", 0)}


def final_loss(trainer: Trainer) -> float:
    """Mean training loss of the last 30 steps (inf if the run diverged)."""
    losses = [trainer.step().loss for _ in range(trainer.settings.steps)]
    return float(np.mean(losses[-30:])) if trainer.diverged_at is None else float("inf")


def claim_table(layers: int) -> tuple[dict[str, list[float]], float]:
    corpus = load_corpus("stdlib", 32)
    table = {}
    for name, (placement, warmup) in RUNS.items():
        table[name] = [final_loss(Trainer(TrainSettings(placement=placement, warmup=warmup, layers=layers,
                                                        seed=seed, steps=300, val_every=300), corpus))
                       for seed in SEEDS]
    return table, Trainer(TrainSettings(layers=1, steps=1), corpus).unigram_entropy


@pytest.fixture(scope="module")
def twelve_layers():
    return claim_table(12)


@pytest.mark.slow
def test_twelve_layers_post_ln_without_warmup_learns_nothing_while_pre_ln_learns(twelve_layers):
    table, entropy = twelve_layers
    for seed in range(len(SEEDS)):
        assert table["post_no_warmup"][seed] >= table["pre"][seed] + 0.5
        assert table["pre"][seed] <= entropy - 0.5


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason=(
    "measured: in this recipe a 100-step warmup does not rescue 12-layer Post-LN within 300 steps "
    "(final losses 3.08, 2.98, 3.24 against 3.17, 3.18, 3.24 without warmup; unigram entropy 3.18): "
    "the lower layers' gradients vanish (layer 1 about 1/50 of layer 12 by step 50) and it stays on "
    "the unigram plateau. With torch's default init Post-LN learns with and without warmup (2.48 / 2.46)."))
def test_twelve_layers_warmup_puts_post_ln_at_least_0_3_below_no_warmup(twelve_layers):
    table, _ = twelve_layers
    for seed in range(len(SEEDS)):
        assert table["post_no_warmup"][seed] >= table["post_warmup"][seed] + 0.3


@pytest.mark.slow
def test_twenty_four_layers_post_ln_stays_far_behind_pre_ln_with_or_without_warmup():
    table, _ = claim_table(24)
    for seed in range(len(SEEDS)):
        assert table["post_no_warmup"][seed] >= table["pre"][seed] + 0.5
        assert table["post_warmup"][seed] >= table["pre"][seed] + 0.5


if __name__ == "__main__":
    import sys
    import time

    for layers in map(int, sys.argv[1:] or ["12", "24"]):
        start = time.perf_counter()
        table, entropy = claim_table(layers)
        print(f"{layers} layers (unigram entropy {entropy:.3f}, {time.perf_counter() - start:.0f} s)")
        for name, losses in table.items():
            print(f"  {name:16s} " + "  ".join(f"{x:.3f}" for x in losses) + f"   mean {np.mean(losses):.3f}")
        sys.stdout.flush()
