"""Start-up of the one-folder build against the venv: wall and CPU time (user + system, steadier on a busy
machine) of ``--smoke-test`` (process start to the window's first paint and exit, offscreen), medians of
interleaved runs, after one discarded warm-up each.

    python bench/bench_bundle_start.py [--runs 7]    (after ./dev bundle)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "build" / "bundle" / "dist" / "normscope" / "normscope"


def timed(argv: list[str], env: dict) -> tuple[float, float]:
    """(wall, CPU) seconds of one run."""
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(argv, env=env, check=True, capture_output=True, cwd=ROOT, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - started, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    kinds = {"venv": [sys.executable, "main.py", "--smoke-test"], "bundle": [str(BUNDLE), "--smoke-test"]}
    times: dict[str, list[tuple[float, float]]] = {kind: [] for kind in kinds}
    for kind, argv in kinds.items():
        timed(argv, env)  # warm-up: the file cache
    for _ in range(runs):
        for kind, argv in kinds.items():
            times[kind].append(timed(argv, env))
    medians = {kind: [statistics.median(v[k] for v in values) for k in (0, 1)] for kind, values in times.items()}
    for kind, values in times.items():
        print(f"{kind:7s} wall median {medians[kind][0]:.3f} s, CPU median {medians[kind][1]:.3f} s  "
              f"(wall runs: {', '.join(f'{v[0]:.2f}' for v in values)})")
    for k, what in enumerate(("wall", "CPU")):
        print(f"bundle / venv, {what}: {medians['bundle'][k] / medians['venv'][k]:.2f} (target ≤ 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
