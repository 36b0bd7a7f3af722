"""Benchmark of reading big inputs, run by hand: ``.venv/bin/python bench/bench_loading.py``.

* A full-grid paste (2048 × 4096 cells as tab-separated text, the large preset): ``parse_block``,
  side by side with the one-cell-at-a-time loop it replaced.
* A 2048 × 4096 CSV of float64 values (about 169 MB, written to a temporary folder): the import
  through ``widgets.common.background_work.run_in_background``, timing the load and the longest gap between
  ticks of a 10 ms timer on the UI thread (the window's worst freeze), beside the same load
  run on the UI thread itself (what File → Import did before: the gap is the whole load).

Prints seconds and the ratios. Needs a few hundred MB free in the temporary folder.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from engine.setup.presets import load_preset  # noqa: E402
from engine.files.table_text import format_block, parse_block  # noqa: E402


def cell_by_cell(text: str, dtype: str) -> np.ndarray:
    """The replaced paste parse, as it was: each cell stripped, float()-ed and range-checked in a
    Python loop (it took any text float() takes: ١٢٣, 1_000, ...)."""
    rows = [line.split("\t") for line in text.split("\n")]
    values = np.empty((len(rows), len(rows[0])))
    for r, cells in enumerate(rows):
        for c, cell in enumerate(cells):
            value = float(cell.strip())
            if not math.isfinite(value) or abs(value) > float(np.finfo(dtype).max):
                raise ValueError(cell)
            values[r, c] = value
    return values


def bench_paste() -> None:
    scenario = load_preset("large")
    text = format_block(scenario.matrix)
    started = time.perf_counter()
    fast = parse_block(text, scenario.dtype)
    vectorised = time.perf_counter() - started
    started = time.perf_counter()
    slow = cell_by_cell(text, scenario.dtype)
    looped = time.perf_counter() - started
    assert np.array_equal(fast, slow)
    print(f"full-grid paste, {len(text) / 2**20:.0f} MB of text: parse_block {vectorised:.2f} s, "
          f"cell by cell {looped:.2f} s ({looped / vectorised:.1f}x)")


def bench_csv_import() -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from widgets.common.background_work import run_in_background
    from engine.files.io import load_matrix

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = QWidget()
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.csv"
        with open(path, "w", encoding="utf-8") as f:
            for start in range(0, 2048, 256):
                np.savetxt(f, rng.standard_normal((256, 4096)), delimiter=",", fmt="%.17g")
        size = path.stat().st_size / 2**20

        def timed(run) -> tuple[float, float]:
            ticks = [time.perf_counter()]
            timer = QTimer(interval=10, timeout=lambda: ticks.append(time.perf_counter()))
            timer.start()
            started = time.perf_counter()
            QTimer.singleShot(0, run)
            while len(done) == len(results):
                app.processEvents()
            timer.stop()
            ticks.append(time.perf_counter())
            return time.perf_counter() - started, max(np.diff(ticks))

        done, results = [], []

        def on_worker():
            done.append(run_in_background(window, "big.csv", lambda progress: load_matrix(path, progress)))

        def on_ui_thread():
            done.append(load_matrix(path))

        def idle():  # the machine's own noise: the same timer while nothing loads
            deadline = time.perf_counter() + 3
            while time.perf_counter() < deadline:
                app.processEvents()
            done.append(None)

        results.append(timed(on_worker))
        results.append(timed(on_ui_thread))
        results.append(timed(idle))
    (worker, worker_gap), (inline, inline_gap), (_, idle_gap) = results
    print(f"{size:.0f} MB CSV import: on the worker {worker:.1f} s, longest UI freeze {worker_gap * 1000:.0f} ms; "
          f"on the UI thread {inline:.1f} s, freeze {inline_gap * 1000:.0f} ms "
          f"({inline_gap / worker_gap:.0f}x shorter freeze); idle, the longest gap is {idle_gap * 1000:.0f} ms")


if __name__ == "__main__":
    bench_paste()
    bench_csv_import()
