"""Benchmark of the headless export's CSVs, run by hand: ``.venv/bin/python bench/bench_export.py [--whole]``.

On the large preset (2048 × 4096 float32): ``to_csv`` of every table the export writes
(normalized, row_stats; the depth and gradient tables are a few dozen cells) beside NumPy's own
text writer, ``np.savetxt``, writing the same arrays (its default "%.18e" and "%.9g", which also
round-trips float32), and beside the cell-at-a-time writer it replaced (``format_number`` per cell,
timed on 256 rows and scaled). CPU time (time.process_time), medians of interleaved rounds: the
machine is shared, so wall-clock time is not used. With ``--whole``, also the CPU time of
``main.py export --preset large --format ""`` (tables only, depth streamed at d = 4096) in a child.
"""

from __future__ import annotations

import dataclasses
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from engine.results.compute import compute  # noqa: E402
from engine.setup.presets import load_preset  # noqa: E402
from engine.files.table_text import format_number  # noqa: E402
from engine.files.tables import result_tables, to_csv  # noqa: E402

ROUNDS = 3


def cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    result = compute(load_preset("large"), stack=False)
    tables = result_tables(result)
    matrix = result.norm.normalized
    stats = np.column_stack(dataclasses.astuple(result.norm.row_stats)).astype(matrix.dtype)

    def ours():
        for table in tables.values():
            to_csv(table).encode("utf-8")

    def savetxt(fmt):
        def write():
            for array in (matrix, stats):
                np.savetxt(io.StringIO(), array, fmt=fmt, delimiter=",")
        return write

    def cell_by_cell():  # the replaced writer, on 256 of the 2048 rows
        for row in matrix[:256]:
            ",".join(format_number(v) for v in row)

    times = {"to_csv": [], "savetxt %.18e": [], "savetxt %.9g": [], "cell by cell": []}
    for _ in range(ROUNDS):
        times["to_csv"].append(cpu(ours))
        times["savetxt %.18e"].append(cpu(savetxt("%.18e")))
        times["savetxt %.9g"].append(cpu(savetxt("%.9g")))
        times["cell by cell"].append(cpu(cell_by_cell) * matrix.shape[0] / 256)
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"large preset tables, CPU seconds (median of {ROUNDS} interleaved rounds):")
    for name, value in medians.items():
        print(f"  {name:15s} {value:6.2f} s   {value / medians['savetxt %.18e']:.2f}× savetxt %.18e, "
              f"{value / medians['savetxt %.9g']:.2f}× savetxt %.9g")
    if "--whole" in sys.argv:
        with tempfile.TemporaryDirectory() as out:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, str(ROOT / "main.py"), "export", "--preset", "large", "--format", "",
                            "--out", out], check=True, stdout=subprocess.DEVNULL, env={**os.environ,
                                                                                      "QT_QPA_PLATFORM": "offscreen"})
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(f"export --preset large --format '': {after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime:.1f} "
                  f"s CPU (with depth.csv and grad.csv of every placement at d = 4096), files: "
                  f"{sorted(p.name for p in Path(out).iterdir())}")


if __name__ == "__main__":
    main()
