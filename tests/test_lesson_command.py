"""``python main.py lesson``: the list, a handout (steps.json and a PNG per step), and one line with exit 2
for a malformed lesson, nothing written."""

import json
import os
import pathlib
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from engine.lessons.lesson_file import lesson_files

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_cli(*args):
    return subprocess.run([sys.executable, "main.py", "lesson", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def test_the_list_has_one_line_per_lesson_and_language():
    done = run_cli("--list")
    assert done.returncode == 0, done.stderr
    lines = [line.split(" ", 3) for line in done.stdout.splitlines()]
    assert [(name, lang) for name, lang, _, _ in lines] == [(name, lang) for name, lang, _ in lesson_files()]
    assert len(lines) >= 8
    assert all(steps.isdigit() and int(steps) >= 5 for _, _, steps, _ in lines)


def test_a_reader_that_leaves_early_is_no_error():
    """`lesson --list | head -1`: the closed pipe ends the command quietly with status 0."""
    child = subprocess.Popen([sys.executable, "main.py", "lesson", "--list"], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    child.stdout.close()  # as head does after its line: every write then meets a broken pipe
    assert child.wait(timeout=60) == 0
    assert child.stderr.read() == b""


@pytest.fixture(scope="module")
def handout(tmp_path_factory):
    out = tmp_path_factory.mktemp("handout")
    done = run_cli("000-layernorm", "--lang", "zh", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def test_the_handout_holds_each_step_with_its_computed_answer(handout):
    steps = json.loads((handout / "steps.json").read_text(encoding="utf-8"))
    assert len(steps) == 9
    assert steps[0]["title"] == "六个 token，四个维度"
    for step in steps:
        assert set(step) == {"title", "text", "state", "question", "image"}
        assert step["state"]["view"] and len(step["state"]["matrix"]) == len(step["state"]["labels"])
        assert {"norm", "placement", "eps", "layers", "gamma", "beta"} <= set(step["state"])
    toy = next(s["question"] for s in steps if s["question"] and s["question"]["quantity"] == "toy[10]")
    assert toy["answer"] == pytest.approx(114.33, abs=0.005) and toy["kind"] == "number"
    sigma = next(s["question"] for s in steps if s["question"] and s["question"]["quantity"] == "sigma[0]")
    assert sigma["correct"] == 2 and sigma["options"][2] == {"value": 0.71}
    assert steps[0]["state"]["matrix"][1] == [-1.079, 0.004, 0.277, -0.717]  # the shortest digits, not float32's


def test_the_handout_has_one_png_per_step_of_its_view(handout):
    steps = json.loads((handout / "steps.json").read_text(encoding="utf-8"))
    images = [handout / step["image"] for step in steps]
    assert len(set(images)) == len(steps)
    for step, path in zip(steps, images):
        assert step["state"]["view"] in path.name
        image = QImage(str(path))
        assert not image.isNull() and image.width() > 300
    assert sorted(p.name for p in handout.iterdir()) == sorted([*(p.name for p in images), "steps.json"])


def test_a_malformed_lesson_exits_2_with_one_line_and_writes_nothing(tmp_path):
    bad = tmp_path / "mine.en.json"
    bad.write_text(json.dumps({"title": "T", "steps": [{"title": "t", "text": "x", "state": {
        "preset": "apple", "view": "row_stats"}, "question": {"prompt": "p", "quantity": "sigma[7]",
                                                             "kind": "number", "tolerance": 0.1}}]}))
    out = tmp_path / "out"
    done = run_cli(str(bad), "--out", str(out))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "normscope lesson: mine.en.json: step 1: quantity sigma[7]: row 7 is out of range (0 to 4)"]
    assert not out.exists()


def test_an_unknown_lesson_is_named_with_the_known_ones(tmp_path):
    done = run_cli("nosuch", "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "no lesson 'nosuch' in en; known: 000-layernorm" in done.stderr
    assert not (tmp_path / "out").exists()
