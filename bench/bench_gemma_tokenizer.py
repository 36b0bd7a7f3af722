"""How long Gemma 3's tokenizer takes to build from its GGUF, run by hand with Gemma's package on the path:
``PYTHONPATH=/path/to/gemma_pkgs .venv/bin/python bench/bench_gemma_tokenizer.py [--rounds 5]``.

Each round is a fresh child process with an empty cache folder of its own: it reads the header, builds
the tokenizer (finding the merges), builds it again (the merges from the cache), and finds the merges
both ways (hashed with NumPy, and cut by cut as strings), each as CPU time (``time.process_time``: the
machine is shared). The rounds are interleaved in one run; the minimum and median are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from engine.models.gemma_tokenizer import gemma_tokenizer
from engine.models.gguf_header import read_gguf_header
from engine.models.implied_merges import _string_cuts, implied_merge_indices
from engine.models.installed import resolve_model
path = resolve_model("gemma3")
clock, times = time.process_time, {{}}
start = clock(); header = read_gguf_header(path); times["header"] = clock() - start
start = clock(); gemma_tokenizer(header, 32768, 262144); times["tokenizer, first"] = clock() - start
start = clock(); gemma_tokenizer(header, 32768, 262144); times["tokenizer, cached merges"] = clock() - start
tokens = header.fields["tokenizer.ggml.tokens"].strings(path, "tokens")
vocab = {{t: i for i, t in enumerate(tokens)}}
start = clock(); implied_merge_indices(tokens, vocab); times["merges, hashed"] = clock() - start
start = clock(); _string_cuts(tokens, vocab); times["merges, string by string"] = clock() - start
print(json.dumps(times))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    results: dict[str, list[float]] = {}
    joined = tempfile.mkdtemp(prefix="bench-gemma-joined-")  # the parts joined once, for every round
    for _ in range(rounds):
        with tempfile.TemporaryDirectory(prefix="bench-gemma-cache-") as cache:
            os.makedirs(Path(cache, "normscope"))
            os.symlink(joined, Path(cache, "normscope", "models"), target_is_directory=True)  # merges: fresh
            env = dict(os.environ, XDG_CACHE_HOME=cache)
            out = subprocess.run([sys.executable, "-c", _CHILD.format(root=str(ROOT))], env=env, check=True,
                                 capture_output=True, text=True).stdout
        for key, value in json.loads(out.splitlines()[-1]).items():
            results.setdefault(key, []).append(value)
    for key, values in results.items():
        print(f"{key:28s} min {min(values):.2f} s  median {statistics.median(values):.2f} s  (CPU, {rounds} rounds)")


if __name__ == "__main__":
    main()
