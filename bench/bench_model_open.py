"""How long a model takes from "open" to its first run, run by hand:
``.venv/bin/python bench/bench_model_open.py [--before OLD_CHECKOUT] [--rounds 3] [smollm2 minilm gemma3]``
(Gemma 3 270M when its packages are installed: development machines only, its terms forbid bundling).

Each measurement is a fresh child process that imports the engine, then times ``load_model(name)``,
``encode`` and the first ``run_model`` as CPU time (``time.process_time``: the machine is shared and its
wall clock noisy) and reports its peak RSS. With ``--before`` the same is run on another checkout (for
instance ``git archive <commit> engine | tar -x -C /tmp/old``), interleaved round by round with this
one, so both columns come from the same minutes. Targets: SmolLM2 ≤ 3 s, Gemma 3 270M ≤ 5 s to the first run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from engine.models.forward import run_model
from engine.models.loading import load_model
start = time.process_time()
model = load_model({name!r})
loaded = time.process_time()
run_model(model, model.tokenizer.encode("我吃了一个苹果").ids)
done = time.process_time()
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")) / 1024
print(json.dumps({{"load": loaded - start, "first_run": done - loaded, "total": done - start, "peak_mb": peak}}))
"""


def _measure(root: Path, name: str) -> dict:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    run = subprocess.run([sys.executable, "-c", _CHILD.format(root=str(root), name=name)], capture_output=True,
                         text=True, env=env, check=True)
    return json.loads(run.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sys.path.insert(0, str(ROOT))
    from engine.models.installed import installed_path

    parser.add_argument("models", nargs="*",
                        default=["smollm2", "minilm"] + (["gemma3"] if installed_path("gemma3") else []))
    parser.add_argument("--before", type=Path, help="another checkout (with engine/) to time beside this one")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    roots = {"now": ROOT} | ({"before": args.before} if args.before else {})
    for name in args.models:
        results: dict[str, list[dict]] = {label: [] for label in roots}
        for _ in range(args.rounds):
            for label, root in roots.items():
                results[label].append(_measure(root, name))
        for label, rows in results.items():
            med = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
            low = {key: min(r[key] for r in rows) for key in rows[0]}
            high = {key: max(r[key] for r in rows) for key in rows[0]}
            print(f"{name:8s} {label:6s} open → first run {low['total']:.2f}–{high['total']:.2f} s CPU "
                  f"(median {med['total']:.2f}; load {med['load']:.2f}, first run {med['first_run']:.2f}), "
                  f"peak RSS {med['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
