"""``python main.py train``: the log, the summary, and one line on stderr for bad settings."""

import csv
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main

ROOT = Path(__file__).resolve().parents[1]
SMALL = ["--layers", "2", "--width", "16", "--heads", "2", "--batch", "4", "--seq", "8", "--format", "",
         "--data", "reverse"]  # no figures: test_the_run_is_drawn_as_the_training_tab_draws_it draws them


def test_train_writes_the_log_and_a_summary_whose_final_loss_is_the_last_thirty_steps(tmp_path):
    assert main(["train", *SMALL, "--steps", "35", "--val-every", "10", "--out", str(tmp_path)]) == 0
    with open(tmp_path / "train_log.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["step", "loss", "val_loss", "lr", "grad_norm", "grad_L1", "grad_L2"]
    assert [int(r["step"]) for r in rows] == list(range(1, 36))
    assert [r["step"] for r in rows if r["val_loss"]] == ["10", "20", "30", "35"]
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    last = [float(r["loss"]) for r in rows[-30:]]
    assert summary["final_loss"] == pytest.approx(sum(last) / 30, rel=1e-12)
    assert summary["diverged"] is False and summary["settings"]["layers"] == 2
    assert summary["unigram_entropy"] > 0 and summary["seconds_per_step"] > 0
    with open(tmp_path / "layer_log.csv", encoding="utf-8") as f:
        assert sum(1 for _ in f) == 1 + 35 * 2


def test_same_command_twice_writes_the_same_losses(tmp_path):
    for name in ("a", "b"):
        assert main(["train", *SMALL, "--steps", "5", "--out", str(tmp_path / name)]) == 0
    def losses(name):
        with open(tmp_path / name / "train_log.csv", encoding="utf-8") as f:
            return [r["loss"] for r in csv.DictReader(f)]
    assert losses("a") == losses("b")


def test_a_diverging_run_says_so_in_the_summary(tmp_path, capsys):
    args = ["--layers", "4", "--width", "16", "--heads", "2", "--data", "copy", "--norm", "none",
            "--placement", "pre", "--lr", "10", "--steps", "60"]
    assert main(["train", *args, "--out", str(tmp_path)]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["diverged"] is True and summary["final_loss"] is None
    assert f"diverged at step {summary['diverged_at']}" in capsys.readouterr().out


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of a run's folder (hidden ones included) by name, and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_rerun_into_a_folder_whose_layer_log_is_in_the_way_exits_2_and_keeps_the_old_run(tmp_path, capsys):
    assert main(["train", *SMALL, "--steps", "3", "--out", str(tmp_path)]) == 0
    (tmp_path / "layer_log.csv").unlink()
    (tmp_path / "layer_log.csv").mkdir()  # a folder where the log goes: it can't be replaced
    before = _files(tmp_path)
    assert main(["train", *SMALL, "--steps", "5", "--seed", "1", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("normscope train: layer_log.csv: is not a file") and err.count("\n") == 1, err
    assert _files(tmp_path) == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "layer_log.csv", "summary.json", "train_log.csv"]  # nothing new, nothing hidden left behind


def test_a_rerun_replaces_the_whole_set_and_removes_what_the_new_run_does_not_write(tmp_path):
    assert main(["train", *SMALL[:-4], "--format", "png", "--data", "reverse", "--steps", "3", "--sample", "5",
                 "--out", str(tmp_path)]) == 0
    assert (tmp_path / "sample.txt").exists() and (tmp_path / "training_loss.png").exists()
    assert main(["train", *SMALL, "--steps", "4", "--seed", "3", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layer_log.csv", "summary.json", "train_log.csv"]
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["settings"]["seed"] == 3 and summary["steps_done"] == 4


def test_out_must_name_a_writable_folder(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    for out in ["", " ", str(tmp_path / "file"), str(tmp_path / "file" / "sub")]:
        assert main(["train", *SMALL, "--steps", "1", "--out", out]) == 2
        err = capsys.readouterr().err
        assert err.startswith("normscope train: ") and err.count("\n") == 1, (out, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


_FULL_DISK = """
import resource, signal, sys
sys.path.insert(0, {root!r})
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # past the limit a write fails with EFBIG, as on a full disk
resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))
from app.cli import main
sys.exit(main(["train", *{args!r}]))
"""


def test_a_disk_that_fills_up_during_the_run_exits_2_with_one_line_and_keeps_the_old_run(tmp_path):
    assert main(["train", *SMALL, "--steps", "3", "--out", str(tmp_path)]) == 0
    before = _files(tmp_path)
    script = _FULL_DISK.format(root=str(ROOT), args=[*SMALL, "--steps", "400", "--out", str(tmp_path)])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("normscope train: ") and done.stderr.count("\n") == 1, done.stderr
    assert "File too large" in done.stderr
    assert _files(tmp_path) == before and len(list(tmp_path.iterdir())) == 3


def _consistent_run(folder: Path) -> int:
    """The seed of the one run whose complete set ``folder`` holds (its logs have the summary's steps)."""
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    with open(folder / "train_log.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with open(folder / "layer_log.csv", encoding="utf-8") as f:
        layer_rows = sum(1 for _ in f) - 1
    steps = summary["steps_done"]
    assert [int(r["step"]) for r in rows] == list(range(1, steps + 1))
    assert layer_rows == steps * summary["settings"]["layers"]
    assert summary["final_loss"] == pytest.approx(sum(float(r["loss"]) for r in rows[-30:]) / min(30, steps))
    return summary["settings"]["seed"]


def _kill_rerun(folder: Path, args: list[str], when) -> bool:
    """Start a re-run into ``folder`` and kill -9 it once ``when()`` holds; whether it finished first."""
    import os
    import signal
    import time

    rerun = subprocess.Popen([sys.executable, "main.py", "train", *args, "--out", str(folder)], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while rerun.poll() is None and not when() and time.monotonic() < deadline:
        time.sleep(0.01)
    finished = rerun.poll() is not None
    if not finished:
        os.kill(rerun.pid, signal.SIGKILL)
    rerun.wait(timeout=30)
    return finished


def _writing(folder: Path, lines: int) -> bool:
    """A writer's hidden folder holds a train_log.csv of at least ``lines`` lines."""
    from engine.files.file_set import TEMP_PREFIX

    for log in folder.glob(TEMP_PREFIX + "*/train_log.csv"):
        try:
            return log.read_bytes().count(b"\n") >= lines
        except OSError:
            return False
    return False


@pytest.mark.slow  # a real training process killed: 1.3 s of CPU (a kill at 1.2 s below runs by default)
def test_kill_9_of_a_rerun_while_it_trains_leaves_the_earlier_run_byte_for_byte(tmp_path):
    args = [*SMALL, "--sample", "3"]
    assert main(["train", *args, "--steps", "30", "--seed", "1", "--out", str(tmp_path)]) == 0
    old = _files(tmp_path)
    finished = _kill_rerun(tmp_path, [*args, "--steps", "5000", "--seed", "2"], lambda: _writing(tmp_path, 20))
    assert not finished
    assert {n: b for n, b in _files(tmp_path).items()} == old and _consistent_run(tmp_path) == 1
    # The killed writer's hidden folder goes with the next run into the folder.
    assert main(["train", *args, "--steps", "30", "--seed", "3", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(old) and _consistent_run(tmp_path) == 3


@pytest.mark.parametrize("delay", [1.2] + [pytest.param(0.4 + 0.2 * i, marks=pytest.mark.slow) for i in range(12)])
def test_kill_9_at_any_moment_leaves_one_runs_complete_set(tmp_path, delay):
    import time

    args = [*SMALL[:-4], "--format", "png", "--data", "reverse", "--sample", "3", "--steps", "40"]
    assert main(["train", *args, "--seed", "1", "--out", str(tmp_path)]) == 0
    old = _files(tmp_path)
    started = time.monotonic()
    _kill_rerun(tmp_path, [*args, "--seed", "2"], lambda: time.monotonic() - started > delay)
    visible = {n: b for n, b in _files(tmp_path).items() if not n.startswith(".")}
    if _consistent_run(tmp_path) == 1:
        assert visible == old
    else:
        assert set(visible) == set(old)


BAD_SETTINGS = [["--layers", "0"], ["--layers", "abc"], ["--width", "30"], ["--norm", "batch"],
                ["--data", "/no/such/file.txt"], ["--lr", "nan"], ["--placement", "sandwich"],
                ["--schedule", "cosine"], ["--format", "png,gif"]]


# A real process for the first case (1 s of CPU each); every case in-process below, and as a real process
# under --slow.
@pytest.mark.parametrize("bad", [BAD_SETTINGS[0], *(pytest.param(bad, marks=pytest.mark.slow)
                                                    for bad in BAD_SETTINGS[1:])])
def test_bad_settings_exit_2_with_one_line_on_stderr(tmp_path, bad):
    done = subprocess.run([sys.executable, "main.py", "train", *bad, "--steps", "1", "--out", str(tmp_path / "o")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normscope train: "), done.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("bad", BAD_SETTINGS)
def test_bad_settings_are_refused_with_one_line_in_process_too(tmp_path, capsys, bad):
    try:
        status = main(["train", *bad, "--steps", "1", "--out", str(tmp_path / "o")])
    except SystemExit as refused:  # argparse's own refusals
        status = refused.code
    assert status == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normscope train: "), lines
    assert not (tmp_path / "o").exists()


def test_a_utf8_file_trains_on_its_characters_and_samples_them(tmp_path):
    text = tmp_path / "zh.txt"
    text.write_text("今天西安的天气怎么样？我吃苹果。" * 30, encoding="utf-8")
    out = tmp_path / "o"
    assert main(["train", *SMALL[:-2], "--data", str(text), "--steps", "3", "--sample", "20", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["vocab_size"] == 15 and math.isfinite(summary["final_loss"])
    sample = (out / "sample.txt").read_text(encoding="utf-8")
    assert len(sample) == 21 and set(sample[1:]) <= set("今天西安的天气怎么样？我吃苹果。")


def test_deepnorm_dyt_and_the_recipe_flags_reach_the_run(tmp_path):
    args = ["--placement", "deepnorm", "--norm", "dyt", "--schedule", "inverse_sqrt", "--warmup", "2",
            "--qkv-xavier", "separate", "--steps", "4"]
    assert main(["train", *SMALL, *args, "--out", str(tmp_path)]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert {k: summary["settings"][k] for k in ("placement", "norm", "schedule", "qkv_xavier")} == {
        "placement": "deepnorm", "norm": "dyt", "schedule": "inverse_sqrt", "qkv_xavier": "separate"}
    with open(tmp_path / "train_log.csv", encoding="utf-8") as f:
        lrs = [float(r["lr"]) for r in csv.DictReader(f)]
    assert lrs == pytest.approx([5e-4, 1e-3, 1e-3 * math.sqrt(2 / 3), 1e-3 * math.sqrt(2 / 4)])


def test_the_run_is_drawn_as_the_training_tab_draws_it(tmp_path):
    from PySide6.QtGui import QColor, QImage

    from app.window.teaching_tabs import TRAINING_FIGURES

    assert main(["train", *SMALL, "--format", "png,svg", "--steps", "4", "--out", str(tmp_path)]) == 0
    for name in TRAINING_FIGURES:  # the Training tab's figures, by the names File → Export gives them
        assert (tmp_path / f"{name}.svg").stat().st_size > 0
        image = QImage(str(tmp_path / f"{name}.png"))
        assert not image.isNull() and QColor(image.pixel(2, 2)) == QColor("white")  # on white, as exported
    svg = (tmp_path / "training_loss.svg").read_text(encoding="utf-8")
    assert "learned nothing" in svg and "Post-LN, 2 layers, warmup 0, seed 0" in svg


def test_a_sample_on_a_machine_slower_than_estimated_stops_at_its_deadline_and_says_so(tmp_path, monkeypatch, capsys):
    from engine.training import budget

    monkeypatch.setattr(budget, "SAMPLE_DEADLINE", 0.0)
    assert main(["train", *SMALL, "--steps", "2", "--sample", "50", "--out", str(tmp_path)]) == 0
    assert "sampling stopped after 0 s at 0 of 50 characters" in capsys.readouterr().out
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["sample_chars"] == 0 and len((tmp_path / "sample.txt").read_text(encoding="utf-8")) == 1
