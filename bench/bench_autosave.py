"""Autosave's cost on the edit path, run by hand: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_autosave.py``.

With A pinned and three training runs of 1,435 steps × 12 layers in the session, per edit: the UI-thread
CPU of ``Autosave.save_now`` (``time.thread_time``) and the wall time until the snapshot is on disk; then
the snapshot's parts alone (CPU time): ``session_npz`` with and without A and the runs, and making the runs'
section, which happens only when the runs changed. Medians of 7.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402

from engine.setup.presets import load_preset  # noqa: E402
from engine.state.session import session_npz, training_section_bytes  # noqa: E402
from engine.training.history import RunHistory  # noqa: E402
from engine.training.run_record import RunRecord  # noqa: E402
from engine.training.settings import TrainSettings  # noqa: E402


def runs(count: int = 3, steps: int = 1435, layers: int = 12) -> tuple[RunRecord, ...]:
    """Runs of ``steps`` recorded steps (of 3,000 planned), filled with random measurements."""
    made = []
    for seed in range(count):
        settings = TrainSettings(layers=layers, steps=3000, seed=seed)
        history = RunHistory(settings.steps, settings.layers)
        rng = np.random.default_rng(seed)
        history.count = steps
        for name in ("loss", "val_loss", "lr", "grad_norm"):
            getattr(history, name)[:steps] = rng.random(steps)
        for values in history.layers.values():
            values[:steps] = rng.random((steps, layers))
        made.append(RunRecord(settings, 4.0, history))
    return tuple(made)


def median_ms(samples) -> float:
    return statistics.median(samples) * 1e3


def cpu_ms(job, repeat: int = 7) -> float:
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        job()
        samples.append(time.process_time() - start)
    return median_ms(samples)


def edit_path(preset: str, folder: str) -> tuple[float, float]:
    from PySide6.QtCore import QSettings

    from app.window.main_window import MainWindow

    window = MainWindow(preset, QSettings(f"{folder}/{preset}.ini", QSettings.Format.IniFormat))
    window.document.wait_until_idle()
    window.document.pin()
    window.training.load_runs(runs())
    window.autosave.save_now()
    window.autosave.wait()
    ui, disk = [], []
    for seed in range(1, 8):
        window.document.set_setting("seed", seed)
        window.document.wait_until_idle()
        start_cpu, start = time.thread_time(), time.perf_counter()
        window.autosave.save_now()
        ui.append(time.thread_time() - start_cpu)
        window.autosave.wait()
        disk.append(time.perf_counter() - start)
    window.autosave.release()
    return median_ms(ui), median_ms(disk)


def main() -> None:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 (kept alive)
    folder = tempfile.mkdtemp()
    recorded = runs()
    section = training_section_bytes(recorded)
    print("preset   save_now UI CPU   on disk   session_npz: scenario only / with A and runs")
    for preset in ("xian", "random", "large"):
        ui, disk = edit_path(preset, folder)
        s = load_preset(preset)
        a = s.replace(norm="rms")
        alone = cpu_ms(lambda: session_npz(s))
        whole = cpu_ms(lambda: session_npz(s, a, section, "/tmp/x.normscope.json"))
        print(f"{preset:8s} {ui:10.3f} ms {disk:9.1f} ms   {alone:7.2f} ms / {whole:7.2f} ms")
    print(f"runs' section (3 runs × 1,435 steps × 12 layers, once per change): "
          f"{cpu_ms(lambda: training_section_bytes(recorded), 3):.1f} ms, {len(section) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
