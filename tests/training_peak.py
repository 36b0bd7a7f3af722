"""The peak resident memory one training run adds, measured in a process of its own (Linux).

``python -m tests.training_peak '{"seq": 128}' [STEPS]`` prints JSON: ``added`` (MiB the run added to
the interpreter's resident set at its peak: Trainer construction with the data, ``STEPS`` steps and a
validation pass), ``estimate`` (engine.training.budget's, MiB) and ``vocab``. The high-water mark is
reset after the imports (``/proc/self/clear_refs``), so only the run is counted.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _status(field: str) -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) / 1024 for line in f if line.startswith(field + ":"))


def measure(settings_json: str, steps: int = 2) -> dict:
    import numpy as np  # noqa: F401 (loaded before the baseline: it is not the run's)

    from engine.training.budget import memory_estimate
    from engine.training.settings import TrainSettings
    from engine.training.trainer import Trainer

    settings = TrainSettings(**json.loads(settings_json))
    base = _status("VmRSS")
    with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
        f.write("5")  # the high-water mark starts again from here
    trainer = Trainer(settings)
    for _ in range(steps):
        trainer.step()
    trainer.validation_loss()
    added = _status("VmHWM") - base
    corpus = trainer.corpus
    estimate = memory_estimate(settings, corpus.vocab_size, len(corpus.train) + len(corpus.val)).total / 2**20
    return {"added": added, "estimate": estimate, "vocab": corpus.vocab_size}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2)))
