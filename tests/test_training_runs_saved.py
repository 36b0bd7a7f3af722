"""Training runs in the session file: written bounded, read back strictly, refused with a clear message."""

import copy
import json

import numpy as np
import pytest

from engine.setup.limits import MAX_SAVED_RUNS, MAX_SAVED_STEPS
from engine.setup.presets import load_preset
from engine.problem import Problem
from engine.state.session import parse_session, parse_session_contents, session_json
from engine.training.history import LAYER_SERIES, RunHistory
from engine.training.run_record import RunRecord, parse_runs, runs_json, saved_rows
from engine.training.settings import TrainSettings
from engine.training.trainer import Trainer

TINY = dict(layers=2, width=16, heads=2, batch=2, seq=8, data="reverse", val_every=5)


def trained(steps: int = 12, **changes) -> RunRecord:
    trainer = Trainer(TrainSettings(steps=steps, **{**TINY, **changes}))
    history = RunHistory(steps, trainer.settings.layers)
    while not trainer.finished:
        history.append(trainer.step())
    return RunRecord(trainer.settings, trainer.unigram_entropy, history)


@pytest.fixture(scope="module")
def two_runs():
    return [trained(seed=0), trained(seed=1, placement="pre")]


def test_two_runs_come_back_from_the_session_with_their_curves(two_runs):
    text = session_json(load_preset("xian"), two_runs)
    contents = parse_session_contents(text)
    assert contents.scenario == load_preset("xian") and not contents.warnings
    assert [r.settings for r in contents.runs] == [r.settings for r in two_runs]
    for back, run in zip(contents.runs, two_runs):
        assert back.history.count == run.history.count == 12
        # 7 significant digits in the file (float32's precision); NaN (no validation) stays NaN
        np.testing.assert_allclose(back.history.loss, run.history.loss, rtol=5e-7)
        np.testing.assert_array_equal(np.isnan(back.history.val_loss), np.isnan(run.history.val_loss))
        for name in LAYER_SERIES:
            np.testing.assert_allclose(back.history.layers[name], run.history.layers[name], rtol=5e-7)
        assert back.unigram_entropy == pytest.approx(run.unigram_entropy)


def test_a_session_without_runs_reads_as_before_and_writes_no_training_section():
    text = session_json(load_preset("xian"))
    assert "training" not in json.loads(text)
    assert parse_session_contents(text).runs == ()


def test_a_long_run_keeps_every_kth_step_and_its_last():
    rows = saved_rows(10 * MAX_SAVED_STEPS + 7)
    assert len(rows) <= MAX_SAVED_STEPS and rows[0] == 0 and rows[-1] == 10 * MAX_SAVED_STEPS + 6
    assert np.all(np.diff(rows) > 0)
    assert list(saved_rows(5)) == [0, 1, 2, 3, 4]


def test_a_diverged_run_keeps_its_step_and_null_losses():
    # lr = 10 without norms diverges in 2 steps whichever BLAS kernel runs; lr = 1 took 21 steps on one and
    # never diverged on another (OPENBLAS_CORETYPE=Haswell).
    record = trained(steps=30, layers=4, width=16, norm="none", placement="pre", lr=10.0, batch=16, seq=32,
                     data="copy", init="torch")
    assert record.history.diverged_at is not None
    values = runs_json([record])
    text = json.dumps(values)
    assert "NaN" not in text  # strict JSON: non-finite values are null
    (back,), _ = parse_runs(json.loads(text))
    assert back.history.diverged_at == record.history.diverged_at


def _document(two_runs) -> dict:
    return json.loads(session_json(load_preset("xian"), two_runs))


@pytest.mark.parametrize("change, said", [
    (lambda d: d.update(training=[1, 2]), "field 'training' must be an object"),
    (lambda d: d["training"].update(runs=[{}] * (MAX_SAVED_RUNS + 1)), "at most 16 are read"),
    (lambda d: d["training"]["runs"][0]["settings"].update(layers="12"), "settings.layers' must be int"),
    (lambda d: d["training"]["runs"][0]["settings"].update(layers=10**6), "layers must be between"),
    (lambda d: d["training"]["runs"][1]["settings"].update(norm="magic"), "training run 2: norm must be one of"),
    (lambda d: d["training"]["runs"][0].update(loss=[0.5] * 3), "field 'loss' must be a list of 12 numbers"),
    (lambda d: d["training"]["runs"][0].update(lr=["x"] * 12), "must hold numbers or null only"),
    (lambda d: d["training"]["runs"][0].update(steps=list(range(1, MAX_SAVED_STEPS + 2))), "at most 1000 integers rising from 1"),
    (lambda d: d["training"]["runs"][0].update(steps=[3, 2] + list(range(4, 14))), "rising from 1 to at most 12"),
    (lambda d: d["training"]["runs"][0]["layers"]["max_logit"][0].append(1.0), "list of 2 numbers"),
    (lambda d: d["training"]["runs"][0].update(diverged_at=True), "diverged_at"),
    (lambda d: d["training"]["runs"][0].update(unigram_entropy=-1), "unigram_entropy"),
])
def test_a_bad_training_section_refuses_the_session_and_says_what(two_runs, change, said):
    document = copy.deepcopy(_document(two_runs))
    change(document)
    with pytest.raises(Problem) as refused:
        parse_session(json.dumps(document))
    assert said in str(refused.value)


def test_unknown_training_fields_are_ignored_with_a_warning(two_runs):
    document = _document(two_runs)
    document["training"]["runs"][0]["settings"]["schedule_from_the_future"] = "cosine"
    document["training"]["runs"][1]["comment"] = "hi"
    contents = parse_session_contents(json.dumps(document))
    assert len(contents.runs) == 2
    (warning,) = contents.warnings
    assert "settings.schedule_from_the_future" in str(warning) and "comment" in str(warning)


def test_a_setting_missing_from_an_older_run_takes_its_default(two_runs):
    document = _document(two_runs)
    del document["training"]["runs"][0]["settings"]["val_batches"]
    contents = parse_session_contents(json.dumps(document))
    assert contents.runs[0].settings.val_batches == TrainSettings().val_batches


def test_a_run_longer_than_the_layer_rows_saves_its_kept_layer_rows_and_null_between():
    from engine.training.history import MAX_LAYER_ROWS

    history = RunHistory(3 * MAX_LAYER_ROWS, 2)  # every 3rd step keeps its per-layer row
    history.count = 9
    history.layers["layer_grad_norm"][:3] = [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]
    assert history.layer_steps().tolist() == [1, 4, 7]
    values = history.layer_values("layer_grad_norm", np.arange(9))
    assert values[3].tolist() == [2.0, 2.0] and values[6].tolist() == [3.0, 3.0]
    assert np.isnan(values[[1, 2, 4, 5, 7, 8]]).all()  # steps whose rows were not kept: not another step's


def test_the_scenario_pinned_as_a_comes_back_from_the_session_and_a_bad_one_is_named():
    from engine.state.session import parse_session_contents

    a, b = load_preset("xian"), load_preset("apple")
    text = session_json(b, (), a)
    contents = parse_session_contents(text)
    assert contents.scenario == b and contents.pinned == a
    assert parse_session_contents(session_json(b)).pinned is None
    document = json.loads(text)
    del document["pinned"]["eps"]
    with pytest.raises(Problem) as refused:
        parse_session_contents(json.dumps(document))
    assert "pinned as A" in str(refused.value.template) and "eps" in str(refused.value.values["problem"])
