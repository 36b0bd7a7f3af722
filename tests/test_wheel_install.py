"""The wheel, as pip and pipx install it: built from the checkout, installed (non-editable) into a
throwaway venv, its ``normscope`` command answers --version and exports headless from another folder
with the font and translation found in site-packages, not in the clone.

Quick and without the network for the dependencies: the venv gets NormScope alone (--no-deps) and a
.pth file pointing at this environment's site-packages for PySide6, NumPy and the rest. Building the
wheel needs setuptools, which pip fetches (the build is isolated), so this test is marked slow.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_wheel_installs_a_normscope_command_that_works_anywhere(tmp_path):
    wheels, venv, elsewhere = tmp_path / "wheels", tmp_path / "venv", tmp_path / "elsewhere"
    elsewhere.mkdir()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                    str(ROOT), "--wheel-dir", str(wheels)], check=True, timeout=300, cwd=tmp_path)
    wheel, = wheels.glob("normscope-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "normscope_resources/fonts/NormScopeSansSC-Regular.otf" in names
    assert "normscope_resources/translations/normscope_zh_CN.qm" in names and "widgets/models/model_page.py" in names
    assert not any(name.startswith(("tests/", "tools/")) or name.endswith(".ts") for name in names)

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # --ignore-installed: this environment may hold the dependencies-only install of the project itself.
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--ignore-installed",
                    "--disable-pip-version-check", str(wheel)], check=True, timeout=300, cwd=tmp_path)
    command = venv / ("Scripts/normscope.exe" if os.name == "nt" else "bin/normscope")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONPATH", None)

    version = subprocess.run([str(command), "--version"], cwd=elsewhere, capture_output=True, text=True, env=env,
                             timeout=60)
    assert version.returncode == 0 and version.stdout.strip() == "NormScope 0.1.0"
    where = subprocess.run([str(python), "-c", "import engine.resources as r; print(r.resources_root())"],
                           cwd=elsewhere, capture_output=True, text=True, env=env, timeout=60).stdout.strip()
    assert Path(where) == Path(site) / "normscope_resources"
    export = subprocess.run([str(command), "export", "--out", "figures", "--preset", "apple", "--format", "svg"],
                            cwd=elsewhere, capture_output=True, text=True, env=env, timeout=300)
    assert export.returncode == 0, export.stderr
    assert (elsewhere / "figures" / "window.png").is_file()
    assert "苹果" in (elsewhere / "figures" / "normalized.csv").read_text(encoding="utf-8-sig")
    smoke = subprocess.run([str(command), "--smoke-test"], cwd=elsewhere, capture_output=True, text=True, env=env,
                           timeout=300)
    assert smoke.returncode == 0, smoke.stderr  # the font and the Chinese translation were found
