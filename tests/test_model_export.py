"""``python main.py export --model ...``: the real model's tables, matching the reference; bad input exits 2."""

import csv
import os
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest

from tests.model_fixtures import REFERENCE, needs_model, reference

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_cli(*args):
    return subprocess.run([sys.executable, "main.py", "export", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def read_csv(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.reader(f))


@pytest.fixture(scope="module")
def minilm_export(tmp_path_factory):
    out = tmp_path_factory.mktemp("minilm")
    done = run_cli("--model", "minilm", "--text", "The cat sat on the mat", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


@needs_model("minilm")
def test_tokens_csv_lists_index_label_and_id(minilm_export):
    rows = read_csv(minilm_export / "tokens.csv")
    assert rows[0] == ["index", "token", "id"]
    assert [int(r[2]) for r in rows[1:]] == list(reference()["minilm/0/ids"])
    assert rows[1][1] == "[CLS]" and rows[3][1] == "cat"


@needs_model("minilm")
def test_model_hidden_holds_every_residual_state_matching_bert_model(minilm_export):
    with np.load(minilm_export / "model_hidden.npz", allow_pickle=False) as archive:
        hidden = archive["hidden"]
    assert hidden.dtype == np.float32 and hidden.shape == (7, 8, 384)
    assert np.abs(hidden - reference()["minilm/0/hidden"]).max() < 1e-4


@needs_model("minilm")
def test_model_depth_and_norms_tables_have_the_issues_columns(minilm_export):
    depth = read_csv(minilm_export / "model_depth.csv")
    assert depth[0] == ["layer", "rms", "max_abs", "max_dim"] and len(depth) == 8
    assert [r[3] for r in depth[1:]] == ["99"] * 7
    expected = reference()["minilm/0/hidden"]
    assert float(depth[1][1]) == pytest.approx(np.sqrt((expected[0].astype(np.float64) ** 2).mean()), rel=1e-5)
    norms = read_csv(minilm_export / "model_norms.csv")
    assert norms[0] == ["layer", "name", "kind", "gamma_mean", "gamma_min", "gamma_max", "beta_mean", "gamma_foldable"]
    assert norms[1][:3] == ["", "embedding_norm", "layer"] and len(norms) == 1 + 1 + 2 * 6
    assert norms[-1][:3] == ["5", "ffn_norm", "layer"] and norms[-1][6] != ""


def test_an_rmsnorm_model_has_no_beta_and_a_final_norm(tmp_path):
    done = run_cli("--model", str(REFERENCE / "tiny_llama"), "--text", "Hi 你好", "--format", "", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    norms = read_csv(tmp_path / "model_norms.csv")
    assert norms[-1][:3] == ["", "final_norm", "rms"] and all(r[6] == "" for r in norms[1:])
    assert not list(tmp_path.glob("*.png"))  # --format "": tables only
    with np.load(tmp_path / "model_hidden.npz", allow_pickle=False) as archive:
        assert archive["hidden"].shape[0] == 3  # two blocks: L + 1 states


def _broken_folder(tmp_path):
    folder = tmp_path / "broken"
    shutil.copytree(REFERENCE / "tiny_gpt2", folder)
    (folder / "tokenizer.json").unlink()
    return folder


@pytest.mark.parametrize("case", ["unknown name", "missing file", "empty text", "no text", "pickle"])
def test_bad_input_exits_2_with_one_line_naming_the_problem(tmp_path, capfd, case):
    """In this process (a child costs 0.6 s each); test_an_unknown_figure_format_exits_2 runs the real command."""
    from app.cli import main

    pickle = tmp_path / "model.pt"
    pickle.write_bytes(b"\x80\x04")
    args, expected = {
        "unknown name": (["--model", "gpt9", "--text", "x"], "gpt9"),
        "missing file": (["--model", str(_broken_folder(tmp_path)), "--text", "x"], "tokenizer.json"),
        "empty text": (["--model", str(REFERENCE / "tiny_gpt2"), "--text", ""], "empty"),
        "no text": (["--model", str(REFERENCE / "tiny_gpt2")], "--text"),
        "pickle": (["--model", str(pickle), "--text", "x"], "never unpickles"),
    }[case]
    code = main(["export", *args, "--out", str(tmp_path / "out")])
    out, err = capfd.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and expected in err


@needs_model("minilm")
def test_export_draws_the_three_model_figures_in_each_format(minilm_export):
    import xml.etree.ElementTree as ElementTree

    for name in ("model_depth", "model_outliers", "model_norm_fit"):
        assert (minilm_export / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (minilm_export / f"{name}.pdf").read_bytes()[:5] == b"%PDF-"
        ElementTree.parse(minilm_export / f"{name}.svg")


def test_an_unknown_figure_format_exits_2(tmp_path):
    done = run_cli("--model", str(REFERENCE / "tiny_gpt2"), "--text", "x", "--format", "gif", "--out", str(tmp_path))
    assert done.returncode == 2 and "'gif'" in done.stderr
