"""How honest the training budget's estimates are, run by hand: ``.venv/bin/python bench/bench_training_budget.py``.

Memory: random settings (seeded; estimates between 30 MB and 900 MB) each trained for two steps and a
validation pass in a process of its own (``tests/training_peak.py``): the peak resident memory the run
added beside ``engine.training.budget.memory_estimate``. Sampling: seconds per character measured
(``next_token_logits`` over the last ``seq`` tokens, one BLAS thread) beside ``sample_seconds``'s. The
estimates must stay above what is measured, within about 2× for memory. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.training.budget import memory_estimate, sample_seconds  # noqa: E402
from engine.training.model import next_token_logits  # noqa: E402
from engine.training.settings import TrainSettings  # noqa: E402
from engine.training.trainer import Trainer  # noqa: E402


def random_settings(rng: random.Random) -> dict:
    heads = rng.choice([1, 2, 4, 8])
    return dict(layers=rng.choice([1, 2, 4, 8, 16]), width=heads * rng.choice([4, 8, 16, 32, 64]), heads=heads,
                ffn_mult=rng.choice([1, 4, 16]), batch=rng.choice([1, 4, 16, 64]), seq=rng.choice([8, 32, 128, 256]),
                placement=rng.choice(["pre", "post", "peri", "deepnorm"]),
                norm=rng.choice(["layer", "rms", "dyt", "none"]), tied=rng.random() < 0.7,
                position=rng.choice(["sinusoidal", "learned"]), data=rng.choice(["stdlib", "copy"]))


def memory_rows(count: int, seed: int) -> None:
    rng = random.Random(seed)
    print("memory: estimate / measured peak added (MiB)")
    done = 0
    while done < count:
        changes = random_settings(rng)
        if not 30e6 < memory_estimate(TrainSettings(**changes), 100, 0).total < 900e6:
            continue
        run = subprocess.run([sys.executable, "-m", "tests.training_peak", json.dumps(changes)], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        peak = json.loads(run.stdout)
        print(f"  {peak['estimate'] / peak['added']:4.2f}×  {peak['estimate']:7.0f} / {peak['added']:7.0f}  {changes}")
        done += 1


def sampling_rows() -> None:
    print("sampling: estimated / measured ms per character (the estimate holds on a quiet machine; under load "
          "sampling stops at engine.training.budget.SAMPLE_DEADLINE)")
    for changes in ({}, dict(layers=1, width=4, heads=1, seq=2, data="copy"),
                    dict(layers=48, width=4, heads=1, seq=2, data="copy"), dict(layers=8, width=512, heads=1, seq=16,
                    data="copy"), dict(layers=8, width=64, heads=8, seq=256, data="copy", ffn_mult=1),
                    dict(layers=8, width=16, heads=16, seq=512, data="copy", ffn_mult=1)):
        settings = TrainSettings(**{"batch": 1, **changes})  # sampling runs one sequence: any batch fits
        trainer = Trainer(settings)
        context = np.array(trainer.corpus.train[:settings.seq], np.int64)
        started, n = time.perf_counter(), 0
        while time.perf_counter() - started < 1.0:
            next_token_logits(trainer.params, settings, context)
            n += 1
        measured = (time.perf_counter() - started) / n * 1000
        estimate = sample_seconds(settings, trainer.corpus.vocab_size, 1) * 1000
        print(f"  {estimate / measured:4.2f}×  {estimate:8.2f} / {measured:8.2f}  {changes}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=12, help="random settings measured for memory (default 12)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    memory_rows(args.runs, args.seed)
    sampling_rows()
