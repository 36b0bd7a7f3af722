"""The ``normscope`` command and ``python main.py``: the process settings, then the command line."""

from __future__ import annotations

import os


def main() -> int:
    # One BLAS thread: the stack simulation's skinny products run erratically on two here, and the
    # second core stays free for the UI thread while the worker computes. Set before NumPy loads.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from app.cli import main as command_line

    return command_line()
