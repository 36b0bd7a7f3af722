"""engine/ must run without Qt: it is imported here with Qt and pyqtgraph made unimportable."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

SCRIPT = r"""
import importlib, pkgutil, sys

class Forbid:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "PyQt5", "PyQt6", "shiboken6", "pyqtgraph", "qtpy"):
            raise ImportError("engine imported " + name)

sys.meta_path.insert(0, Forbid())
import engine
for module in pkgutil.walk_packages(engine.__path__, "engine."):  # engine.models too
    importlib.import_module(module.name)
from engine.results.compute import compute
from engine.setup.presets import load_preset
compute(load_preset("xian"))
print("pure")
"""


def test_engine_imports_and_computes_without_qt():
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pure"
