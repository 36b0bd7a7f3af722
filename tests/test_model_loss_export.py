"""``export --model``: model_attention.csv for every model, model_loss.csv for causal ones with a row per
--freeze-norms / --zero-dim; a bad spec exits 2 with one line and leaves the folder as it was."""

import csv
import os
import pathlib
import subprocess
import sys

import pytest

from engine.models.forward import run_model
from engine.models.interventions import intervention_costs, parse_freeze_norms, parse_zero_dim
from engine.models.loading import load_model
from tests.model_fixtures import REFERENCE, needs_model

ROOT = pathlib.Path(__file__).resolve().parents[1]
TINY = str(REFERENCE / "tiny_llama")
TEXT = "Hi 你好! Hi there"


def run_cli(*args):
    return subprocess.run([sys.executable, "main.py", "export", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=300)


def read_csv(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.reader(f))


@pytest.fixture(scope="module")
def tiny_export(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiny")
    done = run_cli("--model", TINY, "--text", TEXT, "--format", "", "--out", str(out),
                   "--freeze-norms", "final", "--zero-dim", "1:5", "--freeze-norms", "all")
    assert done.returncode == 0, done.stderr
    return out, done


def test_the_attention_table_has_a_row_per_layer_and_head(tiny_export):
    out, _ = tiny_export
    rows = read_csv(out / "model_attention.csv")
    assert rows[0] == ["layer", "head", "sink_mass", "max_logit", "entropy"]
    assert [(r[0], r[1]) for r in rows[1:]] == [(str(layer), str(head)) for layer in range(2) for head in range(4)]
    model = load_model(TINY)
    trace = run_model(model, model.tokenizer.encode(TEXT).ids)
    assert [float(v) for v in rows[-1][2:]] == pytest.approx(list(trace.attention[1, 3]), rel=1e-12)


def test_the_loss_table_has_the_base_then_each_intervention_as_the_engine_costs_it(tiny_export):
    out, done = tiny_export
    rows = read_csv(out / "model_loss.csv")
    assert rows[0] == ["intervention", "loss", "delta"]
    assert [r[0] for r in rows[1:]] == ["base", "freeze-norms final", "freeze-norms all", "zero-dim 1:5"]
    model = load_model(TINY)
    base = run_model(model, model.tokenizer.encode(TEXT).ids)
    costs = intervention_costs(model, base, (parse_freeze_norms("final", 2), parse_freeze_norms("all", 2),
                                             parse_zero_dim("1:5", 2, 32)))
    assert [float(r[1]) for r in rows[1:]] == pytest.approx([c.loss for c in costs], rel=1e-12)
    assert rows[1][2] == "0" and "model_loss.csv" in done.stdout
    assert read_csv(out / "model_norms.csv")[0][-1] == "gamma_foldable"


@pytest.mark.parametrize("option, spec, words", [
    ("--freeze-norms", "2", "0 ≤ A ≤ B ≤ 1"), ("--freeze-norms", "1-0", "not '1-0'"), ("--freeze-norms", "every", "every"),
    ("--zero-dim", "1:32", "DIM 0 … 31"), ("--zero-dim", "3:0", "LAYER 0 … 2"), ("--zero-dim", "x", "not 'x'")])
def test_a_bad_spec_exits_2_with_one_line_and_leaves_the_folder_as_it_was(tmp_path, capfd, option, spec, words):
    """In this process (a child costs 0.6 s each); the refusals below run the real command line."""
    from app.cli import main

    (tmp_path / "model_loss.csv").write_text("earlier\n")
    code = main(["export", "--model", TINY, "--text", TEXT, "--format", "", "--out", str(tmp_path),
                 "--freeze-norms", "final", option, spec])
    out, err = capfd.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and option in err and words in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model_loss.csv"]
    assert (tmp_path / "model_loss.csv").read_text() == "earlier\n"


def test_interventions_without_a_model_are_refused(tmp_path):
    done = run_cli("--freeze-norms", "final", "--out", str(tmp_path))
    assert done.returncode == 2 and "--model" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@needs_model("minilm")
def test_minilm_writes_attention_but_no_loss_and_refuses_interventions(tmp_path):
    (tmp_path / "model_loss.csv").write_text("from a causal model\n")
    done = run_cli("--model", "minilm", "--text", "The cat sat on the mat", "--format", "", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert len(read_csv(tmp_path / "model_attention.csv")) == 1 + 6 * 12
    assert not (tmp_path / "model_loss.csv").exists()  # the set in the folder is this run's
    assert {r[-1] for r in read_csv(tmp_path / "model_norms.csv")[1:]} == {"no"}  # Post-LN: nothing folds
    refused = run_cli("--model", "minilm", "--text", "x", "--format", "", "--out", str(tmp_path / "b"),
                      "--zero-dim", "1:2")
    assert refused.returncode == 2 and "next token" in refused.stderr and not (tmp_path / "b").exists()


@pytest.mark.slow
@needs_model("smollm2")
def test_smollm2_overflow_is_written_as_nan_and_the_issues_costs_show(tmp_path):
    done = run_cli("--model", "smollm2", "--text", "Normalization layers keep the activations of deep networks in a "
                   "range where training is stable.", "--format", "", "--out", str(tmp_path),
                   "--freeze-norms", "final", "--freeze-norms", "20-29", "--zero-dim", "4:507")
    assert done.returncode == 0, done.stderr
    rows = {r[0]: r for r in read_csv(tmp_path / "model_loss.csv")[1:]}
    assert rows["freeze-norms 20-29"][1] == "nan"
    assert 1.0 < float(rows["freeze-norms final"][2]) < 6.0 and 1.0 < float(rows["zero-dim 4:507"][2]) < 6.0
    sinks = read_csv(tmp_path / "model_attention.csv")[1:]
    share = lambda layer: sum(float(r[2]) > 0.3 for r in sinks if r[0] == str(layer)) / 9  # noqa: E731
    assert share(11) < 0.2 and share(12) > 0.6  # the sink appears at layer 12, with dimension 507's jump


def test_the_export_draws_the_sink_mass_map_as_a_figure(tmp_path):
    done = run_cli("--model", TINY, "--text", TEXT, "--format", "png", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "model_sinks.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert str(tmp_path / "model_sinks.png") in done.stdout.splitlines()
