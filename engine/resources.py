"""Where NormScope's data files are (translations, the bundled font, lessons, the training corpus), however
it was started: from a clone, installed as a package (pip, pipx), or as a one-folder bundle (PyInstaller).

One place knows the three layouts, so no module walks ``Path(__file__).parents`` itself: that walk finds
``resources/`` only in a clone.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

#: The name ``resources/`` has once installed (pyproject.toml's package-dir): unique, so it cannot collide.
INSTALLED_NAME = "normscope_resources"
#: The clone's folder: beside app/, engine/, widgets/.
CLONE_ROOT = Path(__file__).resolve().parents[1] / "resources"


def resources_root() -> Path:
    """The folder holding fonts/, translations/, lessons/ and corpus/."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:  # a PyInstaller bundle: the spec copies resources/ next to the executable's modules
        return Path(bundle) / "resources"
    if (CLONE_ROOT / "translations").is_dir():
        return CLONE_ROOT  # a clone (or an editable install of one): its own files, never a stale installed copy
    spec = importlib.util.find_spec(INSTALLED_NAME)
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return CLONE_ROOT  # nothing found: callers then name the missing file under the clone's layout


def resource_path(*parts: str) -> Path:
    """A file or folder under the resources, e.g. ``resource_path("fonts")``."""
    return resources_root().joinpath(*parts)
