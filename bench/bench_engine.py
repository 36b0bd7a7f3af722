"""Benchmark of the engine's hot paths, run by hand: ``.venv/bin/python bench/bench_engine.py``.

In one process it times, on a 2048×4096 float32 array:

* ``engine.core.norms.layer_norm``, ``rms_norm`` and ``batch_norm`` (training), side by side with a plain
  ``x.copy()`` (read 32 MiB, write 32 MiB into fresh pages, as every norm's output is), with
  ``np.copyto(out, x)`` into an array written before (the floor: the same traffic without the page
  faults), and with PyTorch on one CPU thread (``torch.nn.functional.layer_norm / rms_norm /
  batch_norm``) when ``torch`` is importable (otherwise the torch columns are skipped). torch runs
  with ``THP_MEM_ALLOC_ENABLE=1`` (its allocator then asks for transparent huge pages, as NumPy
  does for large arrays: its best practical setting here), set by this script unless already set;
* the depth stack: ``engine.core.depth.run_stack(x, BlockSpec(), layers=32, seed=0, ffn_mult=4,
  with_grad=True)`` on a 6×512 float32 ``x`` (forward and backward).

Every candidate runs in interleaved rounds (one call of each per round, garbage collector off), so
that slow phases of a shared machine hit all of them alike; the table gives medians in ms and the
inter-quartile range. Targets are printed next to the numbers: LN ≤ 1.5× torch (1 thread), RMS and
BN ≤ 1.0× torch, each ≤ 2.5× copy, BN ≤ 3× the copy into touched memory; depth stack ≤ 25 ms.

BLAS threads: unless ``OPENBLAS_NUM_THREADS`` is already set, this script sets it to 1 before NumPy
loads (``--blas-threads N`` chooses another count, ``--blas-threads default`` leaves the library's
choice): NumPy's 2-thread OpenBLAS is erratic on the stack's skinny matrix products.

To compare with torch without installing it in the project's venv, run this file with a
torch venv's interpreter and the project's packages first on the path (so the engine column uses
the project's NumPy; the header prints which NumPy was loaded), e.g.::

    PYTHONPATH=/work/main/.venv/lib/python3.11/site-packages \\
        /work/refenv/bin/python bench/bench_engine.py --skip-depth
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHAPE = (2048, 4096)
DEPTH_SHAPE = (6, 512)
TARGET_VS_COPY = 2.5
TARGET_VS_TORCH = {"layer_norm": 1.5, "rms_norm": 1.0, "batch_norm": 1.0}
TARGET_VS_TOUCHED_COPY = {"batch_norm": 3.0}
TARGET_DEPTH_MS = 25.0


def _parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=60, help="interleaved rounds for the norms (default 60)")
    p.add_argument("--depth-rounds", type=int, default=30, help="timed run_stack calls (default 30)")
    p.add_argument("--blas-threads", default=None,
                   help="OPENBLAS_NUM_THREADS to set before NumPy loads; 'default' leaves it unset "
                        "(default: 1 unless already set in the environment)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="time each call by the wall clock (default) or by this process's CPU time, which a "
                        "loaded machine inflates less (both the engine and torch run on this one thread)")
    p.add_argument("--no-torch", action="store_true", help="skip the torch columns even if torch imports")
    p.add_argument("--skip-depth", action="store_true", help="time only the norms")
    p.add_argument("--skip-norms", action="store_true", help="time only the depth stack")
    return p.parse_args(argv)


def _configure_blas(choice: str | None) -> str:
    """Set the BLAS thread count before NumPy is imported; return a description for the header."""
    if "numpy" in sys.modules:
        return "numpy already imported: BLAS threads left as they were"
    if choice is None:
        if "OPENBLAS_NUM_THREADS" in os.environ:
            return f"OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']} (from the environment)"
        choice = "1"
    if choice == "default":
        os.environ.pop("OPENBLAS_NUM_THREADS", None)
        return "OPENBLAS_NUM_THREADS unset (library default)"
    os.environ["OPENBLAS_NUM_THREADS"] = str(int(choice))
    return f"OPENBLAS_NUM_THREADS={int(choice)} (set by this script)"


_CLOCK = time.perf_counter


def _interleaved(candidates: dict, rounds: int, warmup: int = 3) -> dict[str, list[float]]:
    """Time each zero-argument callable once per round, in turn; return seconds per call."""
    for _ in range(warmup):
        for f in candidates.values():
            f()
    times: dict[str, list[float]] = {name: [] for name in candidates}
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(rounds):
            for name, f in candidates.items():
                t0 = _CLOCK()
                result = f()
                t1 = _CLOCK()
                del result  # freeing the output is not part of the call's time
                times[name].append(t1 - t0)
    finally:
        if gc_was_enabled:
            gc.enable()
    return times


def _stats_ms(samples: list[float]) -> tuple[float, float, float]:
    q = statistics.quantiles(samples, n=4) if len(samples) > 1 else [samples[0]] * 3
    return statistics.median(samples) * 1e3, q[0] * 1e3, q[2] * 1e3


def _fmt_ratio(ratio: float, target: float | None) -> str:
    if target is None:
        return f"{ratio:5.2f}×"
    mark = "ok" if ratio <= target else "MISS"
    return f"{ratio:5.2f}× (≤{target:g}: {mark})"


def _header(blas_note: str, torch_mod) -> None:
    import numpy as np

    from engine.core.blas_kernel import blas_kernel

    print("NormScope engine benchmark")
    print(f"  python {platform.python_version()}, numpy {np.__version__} from {os.path.dirname(np.__file__)}", end="")
    try:
        blas = np.__config__.CONFIG["Build Dependencies"]["blas"]
        print(f" ({blas.get('name')} {blas.get('version')})")
    except Exception:  # noqa: BLE001 - only a header
        print()
    print(f"  BLAS threads: {blas_note}")
    print(f"  OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}, kernels in use: {blas_kernel()}")
    try:
        from threadpoolctl import threadpool_info  # optional

        for pool in threadpool_info():
            print(f"  threadpool: {pool.get('internal_api')} {pool.get('version')} "
                  f"threads={pool.get('num_threads')} arch={pool.get('architecture')}")
    except ImportError:
        pass
    try:
        thp = Path("/sys/kernel/mm/transparent_hugepage/enabled").read_text().strip()
        print(f"  transparent hugepages: {thp}")
    except OSError:
        pass
    print(f"  cpus: {os.cpu_count()}, load average at start: {', '.join(f'{v:.2f}' for v in os.getloadavg())}")
    if torch_mod is None:
        print("  torch: not importable (or --no-torch): torch columns skipped")
    else:
        print(f"  torch {torch_mod.__version__}, torch.get_num_threads() = {torch_mod.get_num_threads()}, "
              f"THP_MEM_ALLOC_ENABLE={os.environ.get('THP_MEM_ALLOC_ENABLE', '(unset)')}")
    print()


def bench_norms(rounds: int, torch_mod) -> None:
    import numpy as np

    from engine.core.norms import batch_norm, layer_norm, rms_norm

    rng = np.random.default_rng(0)
    x = rng.standard_normal(SHAPE, dtype=np.float32)
    touched = np.ones_like(x)  # written once here, so its pages are mapped before the timing
    d = SHAPE[1]
    candidates = {
        "copy": lambda: x.copy(),
        "copy, touched": lambda: np.copyto(touched, x),
        "layer_norm": lambda: layer_norm(x),
        "rms_norm": lambda: rms_norm(x),
        "batch_norm": lambda: batch_norm(x, training=True),
    }
    engine_out = {name: f() for name, f in candidates.items() if name in TARGET_VS_TORCH}
    engine_out["batch_norm"] = engine_out["batch_norm"][0]
    if torch_mod is not None:
        F = torch_mod.nn.functional
        xt = torch_mod.from_numpy(x)
        rm, rv = torch_mod.zeros(d), torch_mod.ones(d)
        candidates |= {
            "torch clone": lambda: xt.clone(),
            "torch layer_norm": lambda: F.layer_norm(xt, (d,), eps=1e-5),
            "torch rms_norm": lambda: F.rms_norm(xt, (d,)),
            "torch batch_norm": lambda: F.batch_norm(xt, rm, rv, training=True, momentum=0.1, eps=1e-5),
        }
        with torch_mod.no_grad():
            times = _interleaved(candidates, rounds)
        diffs = {
            name: float(np.max(np.abs(engine_out[name] - candidates[f"torch {name}"]().numpy())))
            for name in TARGET_VS_TORCH
        }
    else:
        times = _interleaved(candidates, rounds)
        diffs = {}

    med = {name: _stats_ms(samples) for name, samples in times.items()}
    copy_ms = med["copy"][0]
    touched_ms = med["copy, touched"][0]
    clock = "CPU" if _CLOCK is time.process_time else "wall-clock"
    print(f"Norms on a {SHAPE[0]}×{SHAPE[1]} float32 array: median {clock} ms of {rounds} interleaved rounds "
          f"[inter-quartile range]; 'copy' is x.copy() (fresh pages), 'touched' np.copyto into an array "
          f"written before")
    head = f"  {'op':<13} {'engine ms':>22} {'vs copy':>20} {'vs touched':>20}"
    if torch_mod is not None:
        head += f" {'torch-1t ms':>22} {'vs torch':>20} {'max|engine−torch|':>18}"
    print(head)
    rows = [("copy", None), ("copy, touched", None)] + [(name, name) for name in TARGET_VS_TORCH]
    for label, name in rows:
        m, lo, hi = med[label]
        line = f"  {label:<13} {m:8.2f} [{lo:6.2f}–{hi:6.2f}]"
        line += f" {_fmt_ratio(m / copy_ms, None if name is None else TARGET_VS_COPY):>20}"
        line += f" {_fmt_ratio(m / touched_ms, TARGET_VS_TOUCHED_COPY.get(name)):>20}"
        if torch_mod is not None:
            if label == "copy, touched":
                print(line)
                continue
            tm, tlo, thi = med["torch clone" if name is None else f"torch {name}"]
            line += f" {tm:8.2f} [{tlo:6.2f}–{thi:6.2f}]"
            if name is None:
                line += f" {'(torch clone)':>20} {'':>18}"
            else:
                line += f" {_fmt_ratio(m / tm, TARGET_VS_TORCH[name]):>20} {diffs[name]:18.1e}"
        print(line)
    print()


def bench_depth(rounds: int) -> None:
    import numpy as np

    from engine.core.block import BlockSpec
    from engine.core.depth import run_stack

    rng = np.random.default_rng(0)
    x = rng.standard_normal(DEPTH_SHAPE, dtype=np.float32)
    spec = BlockSpec()

    def run():
        return run_stack(x, spec, layers=32, seed=0, ffn_mult=4, with_grad=True)

    t0 = time.perf_counter()
    run()  # builds and caches the 32 layers' weights
    cold_ms = (time.perf_counter() - t0) * 1e3
    times = _interleaved({"depth": run}, rounds)["depth"]
    m, lo, hi = _stats_ms(times)
    mark = "ok" if m <= TARGET_DEPTH_MS else "MISS"
    print(f"Depth stack: run_stack({DEPTH_SHAPE[0]}×{DEPTH_SHAPE[1]} float32, BlockSpec(), layers=32, ffn_mult=4, "
          f"with_grad=True)")
    print(f"  median {m:.2f} ms [{lo:.2f}–{hi:.2f}] over {rounds} calls (target ≤ {TARGET_DEPTH_MS:g} ms: {mark}); "
          f"first call with weight generation {cold_ms:.0f} ms")
    print()


def main(argv=None) -> int:
    args = _parse_args(argv)
    global _CLOCK
    _CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    blas_note = _configure_blas(args.blas_threads)
    import numpy  # noqa: F401  - after the BLAS environment is set

    torch_mod = None
    if not args.no_torch and not args.skip_norms:
        os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")  # read by torch's allocator when it loads
        try:
            import torch as torch_mod

            torch_mod.set_num_threads(1)
        except ImportError:
            torch_mod = None
    _header(blas_note, torch_mod)
    if not args.skip_norms:
        bench_norms(args.rounds, torch_mod)
    if not args.skip_depth:
        bench_depth(args.depth_rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
