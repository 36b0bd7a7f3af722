"""Benchmark of one training step, run by hand: ``.venv/bin/python bench/bench_training.py``.

One step of the training lab's model (d = 64, 4 heads, 12 layers, T = 32, batch 16, stdlib text,
Post-LN and Pre-LN): forward, backward, Adam. Side by side, when ``torch`` is importable, the same
model in PyTorch on one thread (the functional model of ``tests/reference/make_training_reference.py``,
from the same weights and batches, ``torch.optim.Adam``). Run with the reference environment to get
both columns (it has NumPy too)::

    /work/refenv/bin/python bench/bench_training.py

Candidates run in interleaved rounds (garbage collector off); medians and inter-quartile ranges in
ms. Targets: ≤ 150 ms per step, ≤ 1.5× torch. ``--profile`` prints where the NumPy step spends its time.
OPENBLAS_NUM_THREADS is set to 1 before NumPy loads unless already set.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.training.settings import TrainSettings  # noqa: E402
from engine.training.trainer import Trainer  # noqa: E402

TARGET_MS = 150.0
TARGET_VS_TORCH = 1.5


def _torch_step(settings: TrainSettings, trainer: Trainer):
    """A closure running one torch step from the trainer's initial weights, or None without torch."""
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)
    spec = importlib.util.spec_from_file_location(
        "make_training_reference", ROOT / "tests" / "reference" / "make_training_reference.py")
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    p = {name: torch.tensor(value, requires_grad=True) for name, value in trainer.params.items()}
    opt = torch.optim.Adam(p.values(), lr=settings.lr, betas=(settings.beta1, settings.beta2),
                           eps=settings.adam_eps, foreach=False)
    rng = np.random.default_rng([settings.seed, 1])
    from engine.training.data import sample_batch

    def step():
        ids = torch.from_numpy(sample_batch(trainer.corpus.train, settings.batch, settings.seq, rng)).long()
        opt.zero_grad()
        loss = reference.loss_of(settings, p, ids)
        loss.backward()
        opt.step()
    return step


def _time(candidates: dict, rounds: int) -> dict[str, list[float]]:
    times = {name: [] for name in candidates}
    for fn in candidates.values():  # warm-up
        for _ in range(3):
            fn()
    gc.disable()
    try:
        for _ in range(rounds):
            for name, fn in candidates.items():
                start = time.perf_counter()
                fn()
                times[name].append((time.perf_counter() - start) * 1000)
    finally:
        gc.enable()
    return times


def _summary(ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=4)
    return f"{statistics.median(ms):7.1f} ms (IQR {q[0]:.1f}-{q[2]:.1f})"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--layers", type=int, default=12)
    parser.add_argument("--no-torch", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    print(f"OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}, NumPy {np.__version__}")
    for placement in ("post", "pre"):
        settings = TrainSettings(placement=placement, layers=args.layers, steps=10 ** 6, val_every=10 ** 6)
        trainer = Trainer(settings)
        candidates = {"numpy": trainer.step}
        torch_step = None if args.no_torch else _torch_step(settings, Trainer(settings))
        if torch_step is not None:
            candidates["torch"] = torch_step
        if args.profile:
            import cProfile
            import pstats
            profile = cProfile.Profile()
            profile.runcall(lambda: [trainer.step() for _ in range(args.rounds)])
            pstats.Stats(profile).sort_stats("tottime").print_stats(12)
            continue
        times = _time(candidates, args.rounds)
        numpy_ms = statistics.median(times["numpy"])
        line = f"{placement}-LN, {args.layers} layers: numpy {_summary(times['numpy'])}"
        line += f"  [target ≤ {TARGET_MS:.0f} ms {'✓' if numpy_ms <= TARGET_MS else '✗'}]"
        if "torch" in times:
            ratio = numpy_ms / statistics.median(times["torch"])
            line += (f"   torch 1 thread {_summary(times['torch'])}   numpy/torch {ratio:.2f}× "
                     f"[target ≤ {TARGET_VS_TORCH}× {'✓' if ratio <= TARGET_VS_TORCH else '✗'}]")
        print(line)


if __name__ == "__main__":
    main()
