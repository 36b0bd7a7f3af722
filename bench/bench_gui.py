"""GUI latency benchmark, run by hand: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_gui.py``.

Prints one table with the measured medians next to their targets:

1. **Edit -> plots updated and repainted** for the presets xian (6 × 4), random (128 × 768) and
   large (2048 × 4096). A cell is edited through ``ArrayTableModel.setData`` (the path a typed
   cell takes) and the clock stops when every plot (row stats, depth, gradients, stage heatmaps)
   has been painted with the new result:

   * ``setData`` runs Document.set_cells -> EditCellsCommand -> write_block -> compute ->
     resultChanged -> each view's show_result, all synchronously;
   * then ``QApplication.processEvents()`` passes are run until two passes in a row paint nothing
     (pyqtgraph defers its scene updates and auto-range to queued events and to the paint itself,
     so this is where most of the drawing happens, as it would in the real event loop);
   * then every plot viewport that was not painted since the new result was shown is forced with
     ``viewport().repaint()``, so that all four plots are known to be repainted inside the measured
     time. (``window.centralWidget().repaint()`` does *not* do that here: it repaints the central
     widget and the DepthPlot's checkbox, but none of the QGraphicsView viewports, in ~0.3 ms;
     it would measure nothing.)

   The table gives ``setData`` alone, ``+queue`` (setData and the event-queue drain: what the
   user waits for in the real event loop) and ``all 4 painted`` (``+queue`` plus the forced
   repaints; compared with the target). Today every view redraws on every result, so nothing
   needs forcing and the two are equal; once views skip unchanged inputs, the forced repaints of
   untouched plots are pure overhead of this method and ``+queue`` is the fairer number.

   Rows beyond the first ``stack_tokens`` (32) only renormalize the edited row; row 0 also
   invalidates the block/depth simulation. For random and large that runs on the worker thread:
   the row-0 case reports the synchronous part (the stale-stack result drawn) and, separately, the
   time from setData until the worker's result has been drawn as well. For xian (tiny weights) the
   whole simulation runs inline on every edit.

   "bare repaint" is ``viewport().repaint()`` of the same four plots with no edit (plus a drain of
   the event queue), so the ratio edit / bare shows what an edit costs beyond merely drawing.

2. **UI-thread blocking**: preset random, then ``document.set_setting("layers", N)`` while a 5 ms
   ``QTimer`` (PreciseTimer) ticks on the UI thread; the loop is
   ``processEvents(WaitForMoreEvents)`` until ``document.busy`` is False (and 50 ms more). The
   longest gap between consecutive ticks is reported, with the phase it fell in. N = 64 is the
   requested case; note that with random's d = 768 it exceeds the 1 GiB weight limit, so the
   worker only reports "depth skipped". A depth that does run (default 24) is measured as well.

1b. **The 6 × 4 edit's ratio** (``--ratio-rounds``, default 3; ``--before OLD_CHECKOUT`` adds another
   checkout, e.g. ``git archive <commit> | tar -x -C /tmp/old``, interleaved round by round): each round a
   child process opens xian, edits row 3 until every plot it changes has repainted, interleaved with bare
   repaints, then pins A and does the same; medians of wall-clock and UI-thread CPU ms and their ratios.
   Instruction counts, which the other processes on the cores can't disturb: run one child under
   callgrind with ``NORMSCOPE_BENCH_CALLGRIND=1``, e.g. ``NORMSCOPE_BENCH_CALLGRIND=1 valgrind
   --tool=callgrind --callgrind-out-file=/tmp/cg python bench/bench_gui.py --child-ratio 10 --root .``;
   each phase (edits, bare repaints, with and without A) is then dumped to a file of its own
   (``/tmp/cg.1`` … in order: plain-setup, plain-edits, plain-collect, plain-bare, pinned-setup,
   pinned-edits, pinned-collect, pinned-bare), whose ``totals:`` line is its instruction count. Under
   callgrind the full garbage collection before each edit and bare repaint (outside the clocks of the
   timed runs) is left out: a collection between the phases gets a dump of its own (``-collect``).

3. **Start -> first paint**, each run in a fresh subprocess (imports counted), median of
   ``--startup-runs`` runs, interleaved, after one discarded warm-up run of each; our modules are
   byte-compiled first, as ``./dev`` does (pip did pyqtgraph's). The clock starts
   in the parent just before ``subprocess.Popen`` and the child reports ``time.monotonic()``
   stamps (CLOCK_MONOTONIC, shared by processes). First paint is detected with an application
   event filter on ``QEvent.Paint``: when the first Paint event reaches a plot viewport, a
   ``QTimer.singleShot(0)`` is posted, which runs once that paint pass has finished; the stamp is
   taken there once *every* plot viewport of the window has been painted. The app child mirrors
   ``app.gui.run_gui`` (QApplication, names, bundled fonts, ``MainWindow("xian")``, show) with a
   temporary ini QSettings and without the crash guard (which only adds a log handler); the
   baseline child is a bare QMainWindow holding one ``pg.PlotWidget`` after the same
   ``pg.setConfigOptions`` (white, antialiased). The app child first builds and parses the command line
   (``app.cli.build_parser().parse_args([])``), as ``python main.py`` does (the command line, with the engine
   and NumPy, comes before PySide6), with the cyclic garbage collector paused until the window is shown
   (app/startup_collector.py), as ``main.py`` and ``app.gui.run_gui`` do. Each child
   also reports its CPU time to that paint.

The user's settings are never touched: every window gets a QSettings on a temporary ini file.

Options: ``--edits`` (30), ``--async-edits`` (8, row-0 edits of random/large, each waits for the
worker), ``--startup-runs`` (5), ``--block-layers`` (64,24), ``--presets``, ``--skip-edits``,
``--skip-blocking``, ``--skip-startup``, ``--blas-threads`` (default: OPENBLAS_NUM_THREADS=1 unless
set, exactly as ``main.py`` does; the start-up children inherit it), and ``--profile CASE`` (xian-row3, random-row40, large-row40, random-row0, large-row0,
bare-repaint-xian, startup), which runs the case under pyinstrument (if installed, else cProfile)
instead of the table.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_EDIT_MS = {"xian": 16.0, "random": 16.0, "large": 60.0}
TARGET_BLOCK_MS = 50.0
TARGET_STARTUP_RATIO = 1.3
DRAIN_IDLE_PASSES = 2
DRAIN_MAX_PASSES = 200


# --- shared helpers -------------------------------------------------------------------------------

def _ms(seconds: float) -> float:
    return 1000.0 * seconds


def _median(values) -> float:
    return statistics.median(values) if values else float("nan")


def _p90(values) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(0.9 * (len(s) - 1))))]


def _settings(tmpdir: str, name: str):
    from PySide6.QtCore import QSettings

    return QSettings(os.path.join(tmpdir, f"{name}.ini"), QSettings.Format.IniFormat)


class PaintProbe:
    """Application event filter: stamps each Paint event that reaches one of the watched widgets."""

    def __init__(self, widgets: dict):
        from PySide6.QtCore import QEvent, QObject

        self.widgets = widgets  # name -> QWidget (the plot viewports)
        self._ids = {id(w): name for name, w in widgets.items()}
        self.count = 0
        self.last_paint: dict[str, float] = {}
        paint_type = QEvent.Type.Paint
        probe = self

        class _Filter(QObject):
            def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
                if event.type() == paint_type:
                    name = probe._ids.get(id(obj))
                    if name is not None:
                        probe.count += 1
                        probe.last_paint[name] = time.perf_counter()
                return False

        self._filter = _Filter()

    def install(self, app) -> None:
        app.installEventFilter(self._filter)

    def remove(self, app) -> None:
        app.removeEventFilter(self._filter)

    def stale_since(self, t: float) -> list[str]:
        return [n for n in self.widgets if self.last_paint.get(n, -1.0) < t]


def _drain(app, probe: PaintProbe) -> int:
    """processEvents passes until DRAIN_IDLE_PASSES passes in a row paint nothing; returns passes."""
    idle = passes = 0
    while passes < DRAIN_MAX_PASSES:
        before = probe.count
        app.processEvents()
        passes += 1
        idle = idle + 1 if probe.count == before else 0
        if idle >= DRAIN_IDLE_PASSES:
            break
    return passes


def _force_stale(probe: PaintProbe, since: float) -> list[str]:
    stale = probe.stale_since(since)
    for name in stale:
        probe.widgets[name].repaint()
    return stale


def _plot_viewports(window) -> dict:
    return {
        "rowStats": window.row_stats_plot.viewport(),
        "depth": window.depth_plot.plot.viewport(),
        "grad": window.grad_plot.viewport(),
        "heatmaps": window.stage_heatmaps.viewport(),
    }


def _wait_idle(app, window, probe: PaintProbe | None = None, timeout: float = 600.0) -> None:
    end = time.perf_counter() + timeout
    while window.document.busy and time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.0005)
    if probe is not None:
        _drain(app, probe)
    else:
        for _ in range(5):
            app.processEvents()


class _ResultClock:
    """Stamps each resultChanged after the window's own slot ran (connected later, so called later)."""

    def __init__(self, document):
        self.last = 0.0
        self.last_stale = None
        document.resultChanged.connect(self._on_result)

    def _on_result(self, result) -> None:
        self.last = time.perf_counter()
        self.last_stale = result.stack_stale


def _open_window(app, preset: str, tmpdir: str):
    from app.window.main_window import MainWindow

    window = MainWindow(preset, _settings(tmpdir, f"edit_{preset}"))
    window.show()
    probe = PaintProbe(_plot_viewports(window))
    probe.install(app)
    _wait_idle(app, window, probe)
    return window, probe


def _close_window(app, window, probe) -> None:
    probe.remove(app)
    window.close()
    window.deleteLater()
    for _ in range(5):
        app.processEvents()
    gc.collect()


# --- 1. edit latency ------------------------------------------------------------------------------

def _edit_once(app, window, probe, clock, row: int, col: int, value: float, wait_stack: bool,
               collect: bool = True) -> dict:
    """One timed edit; ``collect`` first runs a full garbage collection, outside the timed part (under
    callgrind, which can't stop counting there, the caller collects between its dumps instead)."""
    model = window.token_grid.model()
    index = model.index(row, col)
    current = float(window.document.scenario.matrix[row, col])
    if abs(current - value) < 1e-6:
        value += 0.125
    if collect:
        gc.collect()
    c0 = time.thread_time()
    t0 = time.perf_counter()
    accepted = model.setData(index, f"{value:.6g}")
    t_set = time.perf_counter()
    if not accepted:
        raise RuntimeError(f"setData refused the edit at ({row}, {col})")
    shown = clock.last  # the synchronous result was shown inside setData
    _drain(app, probe)
    t_queue = time.perf_counter()
    forced = _force_stale(probe, shown)
    t_sync = time.perf_counter()
    cpu = _ms(time.thread_time() - c0)
    out = {"setdata": _ms(t_set - t0), "queue": _ms(t_queue - t0), "sync": _ms(t_sync - t0), "forced": forced,
           "stale": clock.last_stale, "cpu": cpu}
    if wait_stack:
        while window.document.busy:
            app.processEvents()
            time.sleep(0.0005)
        shown = clock.last
        _drain(app, probe)
        _force_stale(probe, shown)
        out["async"] = _ms(time.perf_counter() - t0)
        out["async_stale"] = clock.last_stale
    return out


def _bare_repaint(app, probe, cpu: bool = False, collect: bool = True) -> float:
    """Wall-clock ms of repainting the plots with no edit (with ``cpu``: the UI thread's CPU ms)."""
    if collect:
        gc.collect()
    c0 = time.thread_time()
    t0 = time.perf_counter()
    for widget in probe.widgets.values():
        widget.repaint()
    _drain(app, probe)
    return _ms((time.thread_time() - c0) if cpu else (time.perf_counter() - t0))


def _edit_cases(preset: str, tokens: int, edits: int, async_edits: int, stack_tokens: int):
    """(label, rows to edit, number of edits, wait for the worker?)"""
    import numpy as np

    rng = np.random.default_rng(0)
    if preset == "xian":
        return [("row 0 (stack inline)", [0], edits, False),
                ("row 3 (stack inline)", [3], edits, False)]
    beyond = [int(r) for r in rng.integers(stack_tokens, tokens, size=edits)]
    return [(f"rows >= {stack_tokens} (norm only)", beyond, edits, False),
            ("row 0 (stack on worker)", [0], async_edits, True)]


def bench_edits(app, presets, edits: int, async_edits: int, tmpdir: str) -> list[dict]:
    import numpy as np

    rows_out = []
    for preset in presets:
        t_open = time.perf_counter()
        window, probe = _open_window(app, preset, tmpdir)
        print(f"  [{preset}] window ready in {time.perf_counter() - t_open:.1f} s", flush=True)
        clock = _ResultClock(window.document)
        s = window.document.scenario
        rng = np.random.default_rng(1)
        bare = [_bare_repaint(app, probe) for _ in range(3)]  # warm-up
        bare = [_bare_repaint(app, probe) for _ in range(max(10, edits))]
        for label, rows, n, wait in _edit_cases(preset, s.tokens, edits, async_edits, s.stack_tokens):
            for k in range(3 if not wait else 1):  # warm-up (caches, first-time pyqtgraph paths)
                _edit_once(app, window, probe, clock, rows[k % len(rows)], k % s.dims, 0.5 + 0.01 * k, wait)
            samples = []
            for k in range(n):
                row = rows[k % len(rows)]
                col = int(rng.integers(0, s.dims))
                samples.append(_edit_once(app, window, probe, clock, row, col, float(rng.normal()), wait))
            forced = sorted({name for smp in samples for name in smp["forced"]})
            rows_out.append({
                "preset": preset, "shape": f"{s.tokens}x{s.dims}", "case": label, "n": n,
                "setdata": _median([x["setdata"] for x in samples]),
                "queue": _median([x["queue"] for x in samples]),
                "sync": _median([x["sync"] for x in samples]),
                "sync_p90": _p90([x["sync"] for x in samples]),
                "async": _median([x["async"] for x in samples]) if wait else None,
                "bare": _median(bare), "forced": forced,
                "stale": any(x["stale"] for x in samples) if wait else False,
            })
            print(f"  [{preset}] {label}: sync median {rows_out[-1]['sync']:.1f} ms"
                  + (f", worker result drawn {rows_out[-1]['async']:.0f} ms" if wait else ""), flush=True)
        _close_window(app, window, probe)
    return rows_out


# --- 1b. the 6 × 4 edit's ratio to a bare repaint, with and without A pinned, now and before -----

RATIO_TARGET = {"plain": 2.0, "pinned": 2.5}


def child_ratio(edits: int) -> None:
    """Runs in a fresh process (on the checkout first on sys.path): xian, row-3 edits until every plot
    they change has repainted, against bare repaints interleaved with them, then the same with A pinned.
    Prints medians of wall-clock and UI-thread CPU ms as JSON."""
    import numpy as np
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    out = {}
    with tempfile.TemporaryDirectory(prefix="normscope_bench_") as tmpdir:
        window, probe = _open_window(app, "xian", tmpdir)
        clock = _ResultClock(window.document)
        rng = np.random.default_rng(1)
        for case in ("plain", "pinned"):
            if case == "pinned":
                window.document.pin()
                _wait_idle(app, window, probe)
            for k in range(5):  # warm-up
                _edit_once(app, window, probe, clock, 3, k % 4, 0.5 + 0.01 * k, False)
                _bare_repaint(app, probe)
            edits_, bare_wall, bare_cpu = [], [], []
            if os.environ.get("NORMSCOPE_BENCH_CALLGRIND"):  # under callgrind: one phase each, dumped apart
                # The full collections the timed runs make before each edit and repaint (outside their
                # clocks) go into dumps of their own here, so that the phases count only the work timed.
                gc.collect()
                _callgrind_dump(f"{case}-setup")
                for _ in range(edits):
                    edits_.append(_edit_once(app, window, probe, clock, 3, int(rng.integers(0, 4)),
                                             float(rng.normal()), False, collect=False))
                _callgrind_dump(f"{case}-edits")
                gc.collect()
                _callgrind_dump(f"{case}-collect")
                for _ in range(edits):
                    bare_wall.append(_bare_repaint(app, probe, collect=False))
                _callgrind_dump(f"{case}-bare")
                bare_cpu = bare_wall
            for _ in range(0 if edits_ else edits):  # interleaved: a slow phase of the machine hits both alike
                edits_.append(_edit_once(app, window, probe, clock, 3, int(rng.integers(0, 4)), float(rng.normal()),
                                         False))
                bare_wall.append(_bare_repaint(app, probe))
                bare_cpu.append(_bare_repaint(app, probe, cpu=True))
            out[case] = {"edit": _median([e["sync"] for e in edits_]), "edit_cpu": _median([e["cpu"] for e in edits_]),
                         "bare": _median(bare_wall), "bare_cpu": _median(bare_cpu)}
        _close_window(app, window, probe)
    print("RATIO " + json.dumps(out), flush=True)
    os._exit(0)


def _callgrind_dump(label: str) -> None:
    """Under ``valgrind --tool=callgrind`` (NORMSCOPE_BENCH_CALLGRIND=1): write the instruction counts of
    the phase that just ended into a dump of its own (``callgrind_annotate`` reads each; instruction
    counts don't depend on what else runs on the cores). The request is polled: give it time."""
    subprocess.run(["callgrind_control", f"--dump={label}", str(os.getpid())], capture_output=True, check=False)
    time.sleep(1.0)


def bench_ratio(edits: int, rounds: int, before: Path | None) -> dict:
    """``child_ratio`` of this checkout and (``before``) another, interleaved round by round."""
    roots = {"now": ROOT} | ({"before": before.resolve()} if before else {})
    runs: dict[str, list[dict]] = {label: [] for label in roots}
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    for _ in range(rounds):
        for label, root in roots.items():
            proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child-ratio", str(edits),
                                   "--root", str(root)], env=env, capture_output=True, text=True, timeout=600)
            line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("RATIO ")), None)
            if line is None:
                raise RuntimeError(f"ratio child ({label}) failed:\n{proc.stdout}\n{proc.stderr}")
            runs[label].append(json.loads(line[len("RATIO "):]))
            r = runs[label][-1]
            print(f"  [ratio {label}] " + ", ".join(
                f"{case} {v['edit_cpu'] / v['bare_cpu']:.2f}x CPU ({v['edit_cpu']:.1f} / {v['bare_cpu']:.1f} ms)"
                for case, v in r.items()), flush=True)
    return runs


def print_ratio_table(runs: dict) -> None:
    print("1b. xian 6 × 4, row-3 edit until every plot it changes has repainted, over a bare repaint of the same "
          "plots\n    (each a child process; bare repaints interleaved with the edits; medians, then the range over "
          "rounds)")
    head = (f"{'code':<7} {'A':<7} {'edit CPU':>9} {'bare CPU':>9} {'CPU ratio':>15} {'edit wall':>10} "
            f"{'bare wall':>10} {'wall ratio':>15} {'target':>7}")
    print(head)
    print("-" * len(head))
    for label, rs in runs.items():
        for case in ("plain", "pinned"):
            cpu = [r[case]["edit_cpu"] / r[case]["bare_cpu"] for r in rs]
            wall = [r[case]["edit"] / r[case]["bare"] for r in rs]
            print(f"{label:<7} {'pinned' if case == 'pinned' else '-':<7} "
                  f"{_median([r[case]['edit_cpu'] for r in rs]):>9.1f} {_median([r[case]['bare_cpu'] for r in rs]):>9.1f} "
                  f"{min(cpu):>6.2f}–{max(cpu):.2f}x {_median([r[case]['edit'] for r in rs]):>10.1f} "
                  f"{_median([r[case]['bare'] for r in rs]):>10.1f} {min(wall):>6.2f}–{max(wall):.2f}x "
                  f"{'<=' + format(RATIO_TARGET[case], '.1f') + 'x':>7} {_ok(_median(cpu), RATIO_TARGET[case])}")
    print("   CPU = the UI thread's CPU time (time.thread_time), less hit by the other processes on the 2 cores than "
          "wall = perf_counter,\n   but not immune (caches are shared); for instruction counts run a child under "
          "callgrind (see the docstring).")
    print()


# --- 2. UI-thread blocking ------------------------------------------------------------------------

def bench_blocking(app, layer_counts, tmpdir: str) -> list[dict]:
    from PySide6.QtCore import QEventLoop, Qt, QTimer

    from app.window.main_window import MainWindow

    out = []
    for layers in layer_counts:
        window = MainWindow("random", _settings(tmpdir, f"block_{layers}"))
        window.show()
        _wait_idle(app, window)
        doc = window.document
        if doc.scenario.layers == layers:  # make sure the setting really changes
            doc.set_setting("layers", layers - 1)
            _wait_idle(app, window)
        events: list[tuple[float, str]] = []
        doc.resultChanged.connect(lambda r: events.append(
            (time.perf_counter(), "result (stale stack)" if r.stack_stale else "result (worker)")))
        doc.busyChanged.connect(lambda b: events.append((time.perf_counter(), f"busy={b}")))
        ticks: list[float] = []
        timer = QTimer()
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.setInterval(5)
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
        wait = QEventLoop.ProcessEventsFlag.WaitForMoreEvents
        gc.collect()
        timer.start()
        end = time.perf_counter() + 0.1
        while time.perf_counter() < end:  # settle: a few ticks before the change
            app.processEvents(wait)
        t_set0 = time.perf_counter()
        doc.set_setting("layers", layers)
        t_set1 = time.perf_counter()
        events.append((t_set0, "set_setting start"))
        events.append((t_set1, "set_setting returned"))
        deadline = time.perf_counter() + 600
        idle_since = None
        while time.perf_counter() < deadline:
            app.processEvents(wait)
            if not doc.busy:
                idle_since = idle_since or time.perf_counter()
                if time.perf_counter() - idle_since > 0.05:
                    break
        timer.stop()
        t_done = next((t for t, what in events if what == "busy=False"), time.perf_counter())
        span = [t for t in ticks if t >= t_set0 - 0.02]
        gaps = [(b - a, a, b) for a, b in zip(span, span[1:])]
        worst = max(gaps) if gaps else (float("nan"), t_set0, t_set0)

        def phase(gap) -> str:
            inside = [what for t, what in sorted(events) if gap[1] - 1e-4 <= t <= gap[2] + 1e-4]
            return ", ".join(inside) or "no UI-side event (worker running)"

        long_gaps = [f"{_ms(g[0]):.0f} ms at +{max(0.0, _ms(g[1] - t_set0)):.0f} ({phase(g)})"
                     for g in gaps if g[0] > TARGET_BLOCK_MS / 1000]
        before = [t for t in ticks if t < t_set0]
        base_gap = max((b - a for a, b in zip(before, before[1:])), default=float("nan"))
        out.append({
            "layers": layers, "worst": _ms(worst[0]), "worst_at": max(0.0, _ms(worst[1] - t_set0)),
            "worst_phase": phase(worst), "long_gaps": long_gaps,
            "set_call": _ms(t_set1 - t_set0), "busy_for": _ms(t_done - t_set0),
            "over50": sum(1 for g, _, _ in gaps if g > TARGET_BLOCK_MS / 1000), "ticks": len(span),
            "base_gap": _ms(base_gap), "message": " ".join(doc.result.messages),
        })
        print(f"  [blocking layers={layers}] worst gap {out[-1]['worst']:.0f} ms, busy for "
              f"{out[-1]['busy_for']:.0f} ms", flush=True)
        window.close()
        window.deleteLater()
        for _ in range(5):
            app.processEvents()
    return out


# --- 3. start-up ----------------------------------------------------------------------------------

def child_startup(kind: str) -> None:
    """Runs in a fresh process: build the window, stop at the first complete paint of its plots."""
    t_main = time.monotonic()
    if kind == "app":  # as `python main.py` starts: the collector paused, the command line built and parsed
        from app.startup_collector import pause_collection, resume_collection

        pause_collection()
        from app.cli import build_parser

        build_parser().parse_args([])
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow

    if kind == "app":
        from widgets.common.fonts import register_bundled_fonts
        from app.window.main_window import MainWindow
    else:
        import pyqtgraph as pg
    t_imports = time.monotonic()
    app = QApplication([sys.argv[0]])
    tmpdir = tempfile.mkdtemp(prefix="normscope_bench_")
    if kind == "app":
        app.setApplicationName("NormScope")
        app.setOrganizationName("NormScope")
        register_bundled_fonts()
        window = MainWindow("xian", _settings(tmpdir, "startup"))
        viewports = list(_plot_viewports(window).values())
    else:
        pg.setConfigOptions(background="w", foreground="k", antialias=True)
        window = QMainWindow()
        plot = pg.PlotWidget()
        plot.plot([0, 1, 2, 3], [1, 3, 2, 4])
        window.setCentralWidget(plot)
        window.resize(1400, 860)
        viewports = [plot.viewport()]
    t_built = time.monotonic()
    stamps = {"main": t_main, "imports": t_imports, "built": t_built}
    pending = {id(v) for v in viewports}
    first_any = []

    def finished_pass():
        if not pending and "plots_painted" not in stamps:
            stamps["plots_painted"] = time.monotonic()
            stamps["cpu"] = time.process_time()  # the process's CPU seconds since it started
            app.quit()

    class _Filter(QObject):
        def eventFilter(self, obj, event):  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                if not first_any:
                    first_any.append(time.monotonic())
                if id(obj) in pending:
                    pending.discard(id(obj))
                    if not pending:
                        QTimer.singleShot(0, finished_pass)  # runs after this paint pass completes
            return False

    f = _Filter()
    app.installEventFilter(f)
    window.show()
    if kind == "app":
        resume_collection()  # as app.gui.run_gui does
    stamps["shown"] = time.monotonic()
    QTimer.singleShot(30_000, app.quit)
    app.exec()
    stamps["first_paint_event"] = first_any[0] if first_any else float("nan")
    print("STAMPS " + json.dumps(stamps), flush=True)
    if not os.environ.get("NORMSCOPE_BENCH_PROFILING"):
        os._exit(0)  # skip teardown: not part of start-up


def _run_child(kind: str, env: dict) -> dict:
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child-startup", kind],
                          env=env, capture_output=True, text=True, timeout=120)
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("STAMPS ")), None)
    if line is None:
        raise RuntimeError(f"start-up child {kind} failed:\n{proc.stdout}\n{proc.stderr}")
    stamps = json.loads(line[len("STAMPS "):])
    cpu = stamps.pop("cpu")
    return {k: _ms(v - t0) for k, v in stamps.items()} | {"cpu": _ms(cpu)}


def bench_startup(runs: int) -> dict:
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Both programs start from byte-compiled modules, as installed: pip compiled pyqtgraph's, ./dev
    # compiles ours. (Where PYTHONDONTWRITEBYTECODE is set, the warm-up runs don't write them.)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "app", "engine", "widgets"], cwd=ROOT,
                   check=True, capture_output=True)
    for kind in ("app", "baseline"):  # warm-up: the OS file cache
        _run_child(kind, env)
    results = {"app": [], "baseline": []}
    for _ in range(runs):
        for kind in ("app", "baseline"):
            results[kind].append(_run_child(kind, env))
    summary = {}
    for kind, rs in results.items():
        summary[kind] = {k: _median([r[k] for r in rs]) for k in rs[0]}
        summary[kind]["all"] = [r["plots_painted"] for r in rs]
    print(f"  [startup] app {summary['app']['plots_painted']:.0f} ms ({summary['app']['cpu']:.0f} ms CPU), baseline "
          f"{summary['baseline']['plots_painted']:.0f} ms ({summary['baseline']['cpu']:.0f} ms CPU)", flush=True)
    return summary


# --- the table ------------------------------------------------------------------------------------

def _ok(value: float, limit: float) -> str:
    return "ok" if value <= limit else "MISS"


def print_table(edit_rows, block_rows, startup) -> None:
    print()
    print("NormScope GUI benchmark (medians; ms)")
    print("=" * 132)
    if edit_rows:
        print("1. edit -> all 4 plots updated and repainted")
        head = (f"{'preset':<7} {'shape':<10} {'case':<26} {'n':>3} {'setData':>8} {'+queue':>7} {'all 4 painted':>13} "
                f"{'p90':>7} {'bare rep.':>9} {'ratio':>6} {'target':>7} {'':>5} {'worker drawn':>12}")
        print(head)
        print("-" * len(head))
        for r in edit_rows:
            target = TARGET_EDIT_MS[r["preset"]]
            ratio = r["sync"] / r["bare"] if r["bare"] else float("nan")
            extra = f"{r['async']:>12.0f}" if r["async"] is not None else f"{'-':>12}"
            print(f"{r['preset']:<7} {r['shape']:<10} {r['case']:<26} {r['n']:>3} {r['setdata']:>8.1f} "
                  f"{r['queue']:>7.1f} {r['sync']:>13.1f} {r['sync_p90']:>7.1f} {r['bare']:>9.1f} {ratio:>5.1f}x "
                  f"{'<=' + format(target, '.0f'):>7} {_ok(r['sync'], target):>5} {extra}")
        print("   setData = compute + every show_result (synchronous); +queue = setData + processEvents until no "
              "more paints (queued\n   pyqtgraph updates, auto-range and the paints they trigger); all 4 painted = "
              "+queue + viewport().repaint() of any plot\n   the queue left unpainted (the number compared with the "
              "target; p90 is its 90th percentile); bare rep. = viewport().repaint()\n   of the same 4 plots, no "
              "edit; ratio = all 4 painted / bare rep.; worker drawn = setData -> the worker's stack result painted.")
        forced = sorted({f"{r['preset']}/{r['case']}: {','.join(r['forced'])}" for r in edit_rows if r["forced"]})
        if forced:
            print("   plots not repainted by the event queue after an edit (forced with viewport().repaint()): "
                  + "; ".join(forced))
        print()
    if block_rows:
        print("2. UI thread blocked while the stack computes (preset random, 5 ms PreciseTimer)")
        head = (f"{'layers':>6} {'longest gap':>11} {'target':>7} {'':>5} {'at +ms':>7} {'gaps>50':>7} "
                f"{'set_setting':>11} {'busy for':>9} {'idle gap':>8}  during")
        print(head)
        print("-" * len(head))
        for r in block_rows:
            print(f"{r['layers']:>6} {r['worst']:>11.1f} {'<=' + format(TARGET_BLOCK_MS, '.0f'):>7} "
                  f"{_ok(r['worst'], TARGET_BLOCK_MS):>5} {'+' + format(r['worst_at'], '.0f'):>7} {r['over50']:>7} "
                  f"{r['set_call']:>11.1f} {r['busy_for']:>9.0f} {r['base_gap']:>8.1f}  {r['worst_phase']}")
            if len(r["long_gaps"]) > 1:
                print(f"{'':>8}all gaps > {TARGET_BLOCK_MS:.0f} ms: " + "; ".join(r["long_gaps"]))
            if r["message"]:
                print(f"{'':>8}note: {r['message']}")
        print("   idle gap = longest tick gap in the 100 ms before the change (timer resolution on this machine).")
        print()
    if startup:
        a, b = startup["app"], startup["baseline"]
        ratio = a["plots_painted"] / b["plots_painted"]
        print("3. start -> first complete paint of the plots (fresh process each; "
              f"{len(a['all'])} runs each)")
        head = (f"{'program':<34} {'imports':>8} {'built':>8} {'shown':>8} {'1st Paint':>9} "
                f"{'plots painted':>13} {'ratio':>6} {'target':>7}")
        print(head)
        print("-" * len(head))
        app_name = 'MainWindow("xian")'
        print(f"{app_name:<34} {a['imports']:>8.0f} {a['built']:>8.0f} {a['shown']:>8.0f} "
              f"{a['first_paint_event']:>9.0f} {a['plots_painted']:>13.0f} {ratio:>5.2f}x "
              f"{'<=' + format(TARGET_STARTUP_RATIO, '.1f') + 'x':>7} {_ok(ratio, TARGET_STARTUP_RATIO)}")
        print(f"{'QMainWindow + pg.PlotWidget':<34} {b['imports']:>8.0f} {b['built']:>8.0f} {b['shown']:>8.0f} "
              f"{b['first_paint_event']:>9.0f} {b['plots_painted']:>13.0f} {'1.00x':>6}")
        print("   columns are ms since the parent's Popen (interpreter start included): imports done, window "
              "constructed,\n   show() returned, first Paint event of any widget, the paint pass that painted "
              "every plot viewport finished.")
        print(f"   CPU time to that paint (the process's, all threads; immune to the other processes): app "
              f"{a['cpu']:.0f} ms, baseline {b['cpu']:.0f} ms = {a['cpu'] / b['cpu']:.2f}x")
        print(f"   runs (plots painted): app {', '.join(f'{x:.0f}' for x in a['all'])}; "
              f"baseline {', '.join(f'{x:.0f}' for x in b['all'])}")
    print("=" * 132)


# --- profiling ------------------------------------------------------------------------------------

def _profiler():
    try:
        from pyinstrument import Profiler

        return "pyinstrument", Profiler(interval=0.0005)
    except ImportError:
        import cProfile

        return "cProfile", cProfile.Profile()


def _print_profile(kind, prof) -> None:
    if kind == "pyinstrument":
        print(prof.output_text(unicode=False, color=False, show_all=False))
    else:
        import pstats

        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def run_profile(case: str, edits: int, tmpdir: str) -> None:
    if case == "startup":
        env = dict(os.environ, NORMSCOPE_BENCH_PROFILING="1")
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        try:
            import pyinstrument  # noqa: F401

            cmd = [sys.executable, "-m", "pyinstrument", "-i", "0.0005", "-r", "text",
                   str(Path(__file__).resolve()), "--child-startup", "app"]
        except ImportError:
            cmd = [sys.executable, "-m", "cProfile", "-s", "cumulative", str(Path(__file__).resolve()),
                   "--child-startup", "app"]
        subprocess.run(cmd, env=env, check=False)
        return
    import numpy as np
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    bare = case.startswith("bare-repaint-")
    preset, _, what = (case.rsplit("-", 1)[-1], "", "") if bare else case.partition("-")
    window, probe = _open_window(app, preset, tmpdir)
    clock = _ResultClock(window.document)
    s = window.document.scenario
    rng = np.random.default_rng(3)
    kind, prof = _profiler()
    if bare:
        for _ in range(3):
            _bare_repaint(app, probe)
        prof.enable() if kind == "cProfile" else prof.start()
        for _ in range(edits):
            _bare_repaint(app, probe)
    else:
        row = int(what.removeprefix("row"))
        wait = row < s.stack_tokens and preset != "xian"
        rows = [row] if row < s.stack_tokens else [int(r) for r in rng.integers(row, s.tokens, size=edits)]
        for k in range(3):
            _edit_once(app, window, probe, clock, rows[k % len(rows)], k, 0.3 + 0.01 * k, wait)
        prof.enable() if kind == "cProfile" else prof.start()
        for k in range(edits):
            _edit_once(app, window, probe, clock, rows[k % len(rows)], int(rng.integers(0, s.dims)),
                       float(rng.normal()), wait)
    prof.disable() if kind == "cProfile" else prof.stop()
    print(f"profile of {edits} x {case} ({kind}); divide by {edits} for per-edit times; gc.collect and "
          "sleep belong to the benchmark (outside its timed window)")
    _print_profile(kind, prof)
    _close_window(app, window, probe)


# --- main -----------------------------------------------------------------------------------------

def _parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--edits", type=int, default=30, help="timed edits per synchronous case (default 30)")
    p.add_argument("--async-edits", type=int, default=8,
                   help="timed row-0 edits of random/large, each waiting for the worker (default 8)")
    p.add_argument("--startup-runs", type=int, default=5, help="start-up runs of each program (default 5)")
    p.add_argument("--block-layers", default="64,24", help="layer counts for the blocking test (default 64,24)")
    p.add_argument("--presets", default="xian,random,large", help="presets for the edit test")
    p.add_argument("--skip-edits", action="store_true")
    p.add_argument("--skip-blocking", action="store_true")
    p.add_argument("--skip-startup", action="store_true")
    p.add_argument("--blas-threads", default=None,
                   help="OPENBLAS_NUM_THREADS before NumPy loads; default: 1 unless already set, as main.py "
                        "does; 'default' leaves it unset (the library's choice)")
    p.add_argument("--profile", default=None,
                   help="profile one case instead: xian-row3, random-row40, large-row40, random-row0, "
                        "large-row0, bare-repaint-<preset>, startup")
    p.add_argument("--ratio-rounds", type=int, default=3,
                   help="child processes (rounds) for the xian edit/bare ratio, with and without A (default 3; 0 skips)")
    p.add_argument("--before", type=Path, default=None,
                   help="another checkout (e.g. `git archive <commit> | tar -x -C /tmp/old`) whose xian ratio is "
                        "measured in the same run, interleaved with this one's")
    p.add_argument("--child-startup", choices=("app", "baseline"), help=argparse.SUPPRESS)
    p.add_argument("--child-ratio", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--root", type=Path, default=None, help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = _parse_args(argv)
    if args.child_ratio is not None:
        sys.path.insert(0, str(args.root))  # the checkout under test before this one
        child_ratio(args.child_ratio)
        return 0
    if args.child_startup:
        child_startup(args.child_startup)
        return 0
    if args.blas_threads is None:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as main.py does before NumPy loads
    elif args.blas_threads == "default":
        os.environ.pop("OPENBLAS_NUM_THREADS", None)
    else:
        os.environ["OPENBLAS_NUM_THREADS"] = str(int(args.blas_threads))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory(prefix="normscope_bench_") as tmpdir:
        if args.profile:
            run_profile(args.profile, args.edits, tmpdir)
            return 0
        import numpy  # noqa: F401  (after the BLAS setting)
        from PySide6 import __version__ as pyside_version
        from PySide6.QtWidgets import QApplication
        import pyqtgraph

        app = QApplication.instance() or QApplication([sys.argv[0]])
        print(f"Python {sys.version.split()[0]}, PySide6 {pyside_version}, pyqtgraph {pyqtgraph.__version__}, "
              f"platform {app.platformName()}, {os.cpu_count()} CPUs, load avg "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}, OPENBLAS_NUM_THREADS="
              f"{os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}", flush=True)
        edit_rows = block_rows = startup = ratio_runs = None
        if args.ratio_rounds > 0:
            ratio_runs = bench_ratio(args.edits, args.ratio_rounds, args.before)
        if not args.skip_edits:
            edit_rows = bench_edits(app, [p for p in args.presets.split(",") if p], args.edits,
                                    args.async_edits, tmpdir)
        if not args.skip_blocking:
            block_rows = bench_blocking(app, [int(x) for x in args.block_layers.split(",") if x], tmpdir)
        if not args.skip_startup:
            startup = bench_startup(args.startup_runs)
        if ratio_runs:
            print()
            print_ratio_table(ratio_runs)
        print_table(edit_rows, block_rows, startup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
