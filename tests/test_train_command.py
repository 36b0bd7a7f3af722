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


def test_a_second_log_that_cant_be_opened_exits_2_and_closes_the_first(tmp_path, monkeypatch, capsys):
    import builtins

    (tmp_path / "layer_log.csv").mkdir()  # a folder where the second log goes: opening it fails
    opened, real_open = [], builtins.open

    def recording_open(*args, **kwargs):
        opened.append(real_open(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(builtins, "open", recording_open)
    assert main(["train", *SMALL, "--steps", "1", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("normscope train: ")
    assert [Path(f.name).name for f in opened] == ["train_log.csv"] and opened[0].closed


@pytest.mark.parametrize("bad", [["--layers", "0"], ["--layers", "abc"], ["--width", "30"], ["--norm", "batch"],
                                 ["--data", "/no/such/file.txt"], ["--lr", "nan"],
                                 ["--placement", "sandwich"], ["--schedule", "cosine"], ["--format", "png,gif"]])
def test_bad_settings_exit_2_with_one_line_on_stderr(tmp_path, bad):
    done = subprocess.run([sys.executable, "main.py", "train", *bad, "--steps", "1", "--out", str(tmp_path / "o")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normscope train: "), done.stderr
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

    from app.teaching_tabs import TRAINING_FIGURES

    assert main(["train", *SMALL, "--format", "png,svg", "--steps", "4", "--out", str(tmp_path)]) == 0
    for name in TRAINING_FIGURES:  # the Training tab's figures, by the names File → Export gives them
        assert (tmp_path / f"{name}.svg").stat().st_size > 0
        image = QImage(str(tmp_path / f"{name}.png"))
        assert not image.isNull() and QColor(image.pixel(2, 2)) == QColor("white")  # on white, as exported
    svg = (tmp_path / "training_loss.svg").read_text(encoding="utf-8")
    assert "learned nothing" in svg and "Post-LN, 2 layers, warmup 0, seed 0" in svg
