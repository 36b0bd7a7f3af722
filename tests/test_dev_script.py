"""./dev on a machine without apt-get or sha256sum (macOS, Fedora): it sets up and says what it does."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Stands in for python3.11: answers dev's checks, hashes with the real Python, and makes a venv
# whose python only records how it was called.
FAKE_PYTHON = """#!/bin/bash
case "$*" in
  *version_info*|*ensurepip*) exit 0 ;;
  *hashlib*) exec {real} "$@" ;;
  "-m venv "*) mkdir -p "$3/bin"; printf '#!/bin/bash\\necho "$*" >> {log}\\n' > "$3/bin/python"
               chmod +x "$3/bin/python" ;;
esac
"""


@pytest.mark.skipif(sys.platform == "win32" or shutil.which("bash") is None, reason="./dev is a bash script")
def test_dev_sets_up_without_apt_or_sha256sum_and_shows_each_step(tmp_path):
    project, bin_dir, log = tmp_path / "project", tmp_path / "bin", tmp_path / "calls.log"
    project.mkdir()
    bin_dir.mkdir()
    for name in ("dev", "pyproject.toml"):
        shutil.copy(ROOT / name, project / name)
    for tool in ("bash", "cat", "cut", "basename", "dirname", "id", "mkdir", "chmod", "grep"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    fake = bin_dir / "python3.11"
    fake.write_text(FAKE_PYTHON.format(real=sys.executable, log=log))
    fake.chmod(0o755)
    run = subprocess.run([str(bin_dir / "bash"), "dev", "test", "-q"], cwd=project, capture_output=True, text=True,
                         timeout=60, env={"PATH": str(bin_dir), "HOME": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert "==> Creating the virtual environment" in run.stderr and "==> Installing" in run.stderr
    calls = log.read_text().splitlines()
    assert "-m pip install --disable-pip-version-check --progress-bar on -e .[test]" in calls  # pip's own progress
    assert calls[-1] == "-m pytest -q"
    again = subprocess.run([str(bin_dir / "bash"), "dev", "test"], cwd=project, capture_output=True, text=True,
                           timeout=60, env={"PATH": str(bin_dir), "HOME": str(tmp_path)})
    assert again.returncode == 0 and "==>" not in again.stderr  # set up already: nothing to say
