"""The headless commands print only their own lines: no Qt noise on stderr (real Qt messages still pass),
and an argument that would be ignored is refused with one line."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.model_fixtures import needs_model

ROOT = Path(__file__).resolve().parents[1]
NOISE = "propagateSizeHints"


def _main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def test_export_prints_no_qt_noise(tmp_path):
    done = _main("export", "--out", str(tmp_path), "--format", "png")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and (tmp_path / "window.png").is_file()


# export's real process runs by default; train's and the model export's (1.5-2 s of CPU each) under --slow.
@pytest.mark.slow
def test_train_with_figures_prints_no_qt_noise(tmp_path):
    done = _main("train", "--layers", "1", "--width", "16", "--heads", "2", "--batch", "2", "--seq", "8",
                 "--steps", "2", "--data", "reverse", "--format", "png", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert NOISE not in done.stderr and done.stderr == ""


@pytest.mark.slow
@needs_model("minilm")
def test_model_export_prints_no_qt_noise(tmp_path):
    done = _main("export", "--model", "minilm", "--text", "hello", "--format", "png", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_text_without_a_model_is_refused_with_one_line(tmp_path):
    done = _main("export", "--text", "hello", "--out", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--text" in done.stderr and "--model" in done.stderr
    assert not any(tmp_path.iterdir())  # nothing was exported as though --text meant something


@pytest.mark.parametrize("message, shown", [("This plugin does not support propagateSizeHints()", False),
                                            ("QPainter::begin: Paint device returned engine == 0", True)])
def test_only_the_known_noise_is_dropped(message, shown):
    code = ("from app.headless.headless_messages import quiet_known_qt_noise; quiet_known_qt_noise(); "
            f"from PySide6.QtCore import qWarning; qWarning({message!r})")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert (message in done.stderr) == shown
