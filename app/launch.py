"""The ``normscope`` command and ``python main.py``: the process settings, then the command line."""

from __future__ import annotations

import os
import sys

from app.startup_collector import pause_collection


def main() -> int:
    pause_collection()  # until the window is shown, or the command line says it is a headless command
    # One BLAS thread: the stack simulation's skinny products run erratically on two here, and the
    # second core stays free for the UI thread while the worker computes. Set before NumPy loads.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if getattr(sys, "frozen", False):
        from engine.models.model_install import RUN_PIP, bundle_models_folder

        if sys.argv[1:2] == [RUN_PIP]:  # the one-folder build's `models install`: its bundled pip
            from pip._internal.cli.main import main as pip

            return pip(sys.argv[2:])
        sys.path.append(str(bundle_models_folder()))  # the models it installed
    from app.cli import main as command_line

    try:
        return command_line()
    except BrokenPipeError:  # `normscope lesson --list | head`: the reader left; not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit's flush
        return 0
