"""The package: every module of the clone is in it, its resources are found in each layout (clone,
installed, one-folder bundle), and the Training tab's default text exists where the stdlib sources don't."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import engine.resources as resources
from engine.training import data

ROOT = Path(__file__).resolve().parents[1]


def test_pyproject_lists_every_package_of_the_clone():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {str(init.parent.relative_to(ROOT)).replace("/", ".")
             for top in ("app", "engine", "widgets") for init in (ROOT / top).rglob("__init__.py")}
    assert found and found <= listed, f"add to pyproject.toml's packages: {sorted(found - listed)}"
    data_folders = {f"normscope_resources.{p.name}" for p in (ROOT / "resources").iterdir() if p.is_dir()}
    assert data_folders - {"normscope_resources.lessons"} <= listed  # lessons/ is package data (any depth)


def test_the_clone_finds_its_own_resources():
    assert resources.resources_root() == ROOT / "resources"
    assert (resources.resource_path("fonts") / "NormScopeSansSC-Regular.otf").is_file()


def test_an_installed_copy_and_a_bundle_find_theirs(tmp_path, monkeypatch):
    installed = tmp_path / "site" / resources.INSTALLED_NAME
    (installed / "translations").mkdir(parents=True)
    monkeypatch.setattr(resources, "CLONE_ROOT", tmp_path / "site" / "resources")  # what a wheel's engine sees
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    assert resources.resources_root() == installed
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert resources.resource_path("fonts") == tmp_path / "bundle" / "resources" / "fonts"


def test_the_default_training_text_is_shipped_for_a_build_without_stdlib_sources(monkeypatch, tmp_path):
    """./dev bundle writes the text with tools/make_training_corpus.py; a build without sources reads it."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from make_training_corpus import write_corpus
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from_sources = write_corpus(tmp_path / "stdlib.txt.gz")
    data.stdlib_text.cache_clear()
    monkeypatch.setattr(data, "BUNDLED_STDLIB", tmp_path / "stdlib.txt.gz")
    monkeypatch.setattr(data, "stdlib_files", lambda: [])
    try:
        shipped = data.stdlib_text()
    finally:
        data.stdlib_text.cache_clear()
    assert len(shipped) == data.STDLIB_CHARS and "def " in shipped and shipped == from_sources


def test_main_py_and_the_command_share_one_entry():
    run = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "NormScope 0.1.0"
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"normscope": "app.launch:main"} and "app.launch" in (ROOT / "main.py").read_text()
