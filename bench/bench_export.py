"""Benchmark of the headless export's CSVs, run by hand: ``.venv/bin/python bench/bench_export.py [--whole]``.

On the large preset (2048 × 4096 float32): ``write_csv`` of every table the export writes
(normalized, row_stats; the depth and gradient tables are a few dozen cells) into os.devnull, beside
NumPy's own text writer, ``np.savetxt``, writing the same arrays there (its default "%.18e" and "%.9g",
which also round-trips float32), and beside the writer it replaced (NumPy's cast of the whole matrix
to text, one Python str per value, joined and encoded). CPU time (time.process_time), medians of
interleaved rounds: the machine is shared, so wall-clock time is not used. Then the peak RSS of a
child that reads the matrix and writes normalized.csv each way. With ``--whole``, also the CPU time
and peak RSS of ``main.py export --preset large --format ""`` (tables only, depth streamed at d = 4096)
in a child.
"""

from __future__ import annotations

import dataclasses
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
from engine.files.table_text import format_numbers  # noqa: E402
from engine.files.tables import LabelledRows, Table, result_tables, write_csv  # noqa: E402

ROUNDS = 3


def cpu(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def large_tables() -> tuple[dict, list[np.ndarray]]:
    """The large preset's tables, and the arrays ``np.savetxt`` writes of them (the matrix, the statistics)."""
    result = compute(load_preset("large"), stack=False)
    stats = np.column_stack(dataclasses.astuple(result.norm.row_stats)).astype(result.norm.normalized.dtype)
    return result_tables(result), [result.norm.normalized, stats]


def writers(tables: dict, arrays: list[np.ndarray]) -> dict:
    """Each way of writing the tables into ``sink`` (a binary file)."""
    def ours(sink):
        for table in tables.values():
            write_csv(table, sink)

    def savetxt(fmt):
        def write(sink):
            for array in arrays:
                np.savetxt(sink, array, fmt=fmt, delimiter=",")
        return write

    def before(sink):  # the replaced writer of a labelled matrix: one NumPy cast to text, a Python str per value
        for table in tables.values():
            if not isinstance(table.rows, LabelledRows):
                write_csv(table, sink)
                continue
            matrix, labels = table.rows.values, table.rows.labels
            texts, width = format_numbers(matrix), matrix.shape[1]
            sink.write("".join(label + "," + ",".join(texts[i * width:(i + 1) * width]) + "\n"
                               for i, label in enumerate(labels)).encode())

    return {"write_csv": ours, "savetxt %.18e": savetxt("%.18e"), "savetxt %.9g": savetxt("%.9g"),
            "cast to text (before)": before}


def high_water_mib() -> float:
    """This process's peak RSS: VmHWM, which exec resets (ru_maxrss keeps the parent's peak at the fork)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peak_rss(name: str, path: str) -> None:
    """In a child: read the matrix in ``path``, write its CSV one way, print the peak RSS (MiB) before and after."""
    with np.load(path) as saved:
        matrix, labels = saved["matrix"], saved["labels"].tolist()
    table = Table("normalized", ("token",) + tuple(f"d{j + 1}" for j in range(matrix.shape[1])),
                  LabelledRows(labels, matrix))
    loaded = high_water_mib()
    with open(os.devnull, "wb") as sink:
        writers({"normalized": table}, [matrix])[name](sink)
    print(f"{loaded:.0f} {high_water_mib():.0f}")


def main() -> None:
    if "--rss" in sys.argv:
        return peak_rss(*sys.argv[sys.argv.index("--rss") + 1:][:2])
    tables, arrays = large_tables()
    ways = writers(tables, arrays)
    times = {name: [] for name in ways}
    with open(os.devnull, "wb") as sink:
        for _ in range(ROUNDS):
            for name, write in ways.items():
                times[name].append(cpu(lambda: write(sink)))
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"large preset tables, CPU seconds (median of {ROUNDS} interleaved rounds):")
    for name, value in medians.items():
        print(f"  {name:22s} {value:6.2f} s   {value / medians['savetxt %.18e']:.2f}× savetxt %.18e, "
              f"{value / medians['savetxt %.9g']:.2f}× savetxt %.9g")
    print("peak RSS of a child writing normalized.csv (2048 × 4096) from the matrix it read (MiB):")
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "normalized.npz")
        np.savez(path, matrix=arrays[0], labels=np.array(tables["normalized"].rows.labels))
        for name in ways:
            done = subprocess.run([sys.executable, __file__, "--rss", name, path], check=True, capture_output=True,
                                  text=True)
            loaded, written = done.stdout.split()
            print(f"  {name:22s} {written:>5s} (after reading the matrix: {loaded})")
    if "--whole" in sys.argv:
        with tempfile.TemporaryDirectory() as out:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, str(ROOT / "main.py"), "export", "--preset", "large", "--format", "",
                            "--out", out], check=True, stdout=subprocess.DEVNULL, env={**os.environ,
                                                                                      "QT_QPA_PLATFORM": "offscreen"})
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(f"export --preset large --format '': {after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime:.1f} "
                  f"s CPU, peak RSS {after.ru_maxrss / 1024:.0f} MiB (with depth.csv and grad.csv of every "
                  f"placement at d = 4096), files: "
                  f"{sorted(p.name for p in Path(out).iterdir())}")


if __name__ == "__main__":
    main()
