"""Benchmark of the Training tab while it trains, run by hand: ``.venv/bin/python bench/bench_training_ui.py``.

The tab (1400 × 860, offscreen unless ``--real``) trains the 12-layer preset (three runs: Post-LN
without and with warmup, Pre-LN); a 10 ms heartbeat timer on the UI thread records the gaps
between its ticks. Printed: the longest gap and the 99th percentile (how long the UI was blocked
at worst; target ≤ 50 ms), the UI thread's own CPU time within the longest such interval (what the
tab's drawing costs, which a loaded machine does not inflate: a gap with little CPU in it is the
scheduler's, not the tab's), and the plot updates per second (target ≥ 5). The machine's load
average is printed too: with other work on both cores every gap grows.

To compare with an older version, copy this file into that tree's ``bench/`` and run it there.
OPENBLAS_NUM_THREADS is set to 1 before NumPy loads, as ``main.py`` does.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_GAP_MS = 50.0
TARGET_UPDATES = 5.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to train (default 20)")
    parser.add_argument("--real", action="store_true", help="a real window (default: offscreen)")
    args = parser.parse_args()
    if not args.real:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import numpy as np
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.window.training_session import TrainingSession
    from widgets.plotkit.plot_style import use_light_theme
    from widgets.training.training_page import TrainingPage

    app = QApplication.instance() or QApplication(sys.argv[:1])
    use_light_theme()
    session = TrainingSession(app)
    page = TrainingPage(session)
    page.resize(1400, 860)
    page.show()
    app.processEvents()
    updates = []  # when a redraw had new steps to draw
    draw = page.plots.show_curves
    drawn = [0]

    def counted(*args, **kwargs):
        steps = sum(r.history.count for r in session.run_records())
        if steps != drawn[0]:
            drawn[0] = steps
            updates.append(time.perf_counter())
        return draw(*args, **kwargs)

    page.plots.show_curves = counted
    ticks: list[tuple[float, float]] = []  # (wall clock, UI thread's CPU time) at each tick
    heartbeat = QTimer()
    heartbeat.setInterval(10)
    heartbeat.timeout.connect(lambda: ticks.append((time.perf_counter(), time.thread_time())))
    page.start_preset("post_vs_pre_12")
    started = time.perf_counter()
    heartbeat.start()
    QTimer.singleShot(int(args.seconds * 1000), app.quit)
    app.exec()
    heartbeat.stop()
    session.shutdown()
    elapsed = time.perf_counter() - started
    wall, cpu = (np.diff(np.array(ticks)[:, i]) * 1000 for i in (0, 1))
    gaps = wall
    steps = sum(r.history.count for r in session.run_records())
    shown = [t for t in updates if t > started + 1.0]  # after the first second (building the runs)
    print(f"{elapsed:.1f} s, {steps} steps over 3 runs ({steps / elapsed:.1f} steps/s)")
    print(f"UI gaps: longest {gaps.max():.1f} ms, 99th percentile {np.percentile(gaps, 99):.1f} ms, "
          f"median {np.median(gaps):.1f} ms (target longest ≤ {TARGET_GAP_MS:.0f} ms)")
    print(f"UI thread's CPU time between two ticks: longest {cpu.max():.1f} ms, "
          f"99th percentile {np.percentile(cpu, 99):.1f} ms")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"plot updates with new steps: {len(shown) / max(elapsed - 1.0, 1e-9):.1f} per second (target ≥ {TARGET_UPDATES:.0f})")


if __name__ == "__main__":
    main()
