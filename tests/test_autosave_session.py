"""The autosave snapshot holds the whole session: the scenario, A, the training runs and the session's
file, so a crash loses none of them (the kill -9 test of a real process is in tests/test_startup.py)."""

import io
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings as hypothesis_settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from app.window.main_window import MainWindow
from engine.setup.presets import load_preset
from engine.problem import Problem
from engine.state.session import parse_snapshot, read_session_contents, session_npz, training_section_bytes
from engine.training.history import RunHistory
from engine.training.run_record import RunRecord
from engine.training.settings import TrainSettings
from engine.training.trainer import Trainer
from tests.fuzz_budget import cases


def _trained_record(steps_done: int, planned: int = 40, seed: int = 0) -> RunRecord:
    """A run of ``planned`` steps that has done ``steps_done`` of them (still training)."""
    settings = TrainSettings(layers=1, width=16, heads=2, steps=planned, batch=2, seq=8, seed=seed)
    trainer = Trainer(settings)
    history = RunHistory(settings.steps, settings.layers)
    for _ in range(steps_done):
        history.append(trainer.step())
    return RunRecord(settings, trainer.unigram_entropy, history)


# --- the snapshot format (no Qt) ------------------------------------------------------------------


def test_a_snapshot_holds_a_the_runs_and_the_session_file():
    b, a = load_preset("xian").replace(layers=5), load_preset("apple")
    runs = (_trained_record(7), _trained_record(3, seed=1))
    data = session_npz(b, a, training_section_bytes(runs), "/tmp/lesson.normscope.json", runs_unsaved=True)
    snapshot = parse_snapshot(data)
    assert snapshot.contents.scenario == b and snapshot.contents.pinned == a
    assert [r.history.count for r in snapshot.contents.runs] == [7, 3]
    np.testing.assert_allclose(snapshot.contents.runs[0].history.loss[:7], runs[0].history.loss[:7], rtol=1e-6)
    assert snapshot.session_path == "/tmp/lesson.normscope.json" and snapshot.runs_unsaved


def test_a_snapshot_without_a_or_runs_reads_as_before():
    snapshot = parse_snapshot(session_npz(load_preset("xian")))
    assert snapshot.contents.pinned is None and snapshot.contents.runs == () and snapshot.session_path is None


def _members(data: bytes) -> tuple[dict, dict]:
    with np.load(io.BytesIO(data), allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    return json.loads(str(arrays.pop("header"))), arrays


def _rebuilt(header: dict, arrays: dict) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, header=np.array(json.dumps(header)), **arrays)
    return buffer.getvalue()


@pytest.mark.parametrize("damage, named", [
    (lambda h, a: h["pinned_settings"].update(layers="many"), "pinned as A"),
    (lambda h, a: a.pop("pinned_matrix"), "pinned as A"),
    (lambda h, a: h.update(pinned_settings=[1, 2]), "pinned as A"),
    (lambda h, a: a.update(training=np.frombuffer(b"\xff\xfe", dtype=np.uint8)), "UTF-8"),
    (lambda h, a: a.update(training=np.zeros(3)), "UTF-8"),
    (lambda h, a: a.update(training=np.frombuffer(b'{"runs": [{"settings": 1}]}', dtype=np.uint8)), "training run 1"),
    (lambda h, a: h.update(session_path=["x"]), "session_path"),
    (lambda h, a: h.update(session_path="a\x00b"), "session_path"),
    (lambda h, a: h.update(session_path="x" * 5000), "session_path"),
    (lambda h, a: h.update(runs_unsaved="yes"), "runs_unsaved"),
])
def test_a_damaged_section_of_a_snapshot_is_refused_naming_it(damage, named):
    data = session_npz(load_preset("xian"), load_preset("apple"), training_section_bytes((_trained_record(2),)),
                       "/tmp/s.normscope.json")
    header, arrays = _members(data)
    damage(header, arrays)
    with pytest.raises(Problem) as caught:
        parse_snapshot(_rebuilt(header, arrays))
    assert named in str(caught.value)


_FULL_SNAPSHOT = None


def _full_snapshot() -> bytes:
    global _FULL_SNAPSHOT
    if _FULL_SNAPSHOT is None:
        _FULL_SNAPSHOT = session_npz(load_preset("xian"), load_preset("apple"),
                                     training_section_bytes((_trained_record(3),)), "/tmp/s.normscope.json", True)
    return _FULL_SNAPSHOT


@hypothesis_settings(max_examples=cases(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, 40_000), flips=st.lists(st.tuples(st.integers(0, 40_000), st.integers(0, 255)), max_size=4))
def test_damaged_snapshots_with_a_and_runs_give_a_snapshot_or_a_problem(cut, flips):
    data = bytearray(_full_snapshot())
    for at, byte in flips:
        data[at % len(data)] = byte
    try:
        snapshot = parse_snapshot(bytes(data[:max(1, len(data) - cut % len(data))]))
    except Problem:
        return
    assert snapshot.contents.scenario.matrix.ndim == 2  # what is read is whole, or nothing is


def test_the_runs_a_snapshot_keeps_are_bounded_as_a_session_s():
    from engine.setup.limits import MAX_SAVED_RUNS, MAX_SAVED_STEPS

    record = _trained_record(1)
    long = RunHistory(MAX_SAVED_STEPS * 3, 1)
    long.count = MAX_SAVED_STEPS * 3
    long.loss[:] = 1.0
    runs = (RunRecord(record.settings.__class__(**{**record.settings.as_dict(), "steps": MAX_SAVED_STEPS * 3}),
                      record.unigram_entropy, long),) * (MAX_SAVED_RUNS + 4)
    snapshot = parse_snapshot(session_npz(load_preset("xian"), training=training_section_bytes(runs)))
    assert len(snapshot.contents.runs) == MAX_SAVED_RUNS
    assert all(r.history.count <= MAX_SAVED_STEPS for r in snapshot.contents.runs)


# --- the window ------------------------------------------------------------------------------------


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "normscope.ini"), QSettings.Format.IniFormat)


def _crash(window: MainWindow) -> None:
    """As after kill -9: the last snapshot is on disk and its lock is free (the process is gone)."""
    window.autosave.wait()
    window.autosave.release()
    window.training.shutdown()  # no thread outlives the test


def _next_start(qtbot, settings, monkeypatch) -> MainWindow:
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window = MainWindow("xian", QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.autosave.has_recovery()
    window.unsaved.offer_recovery()
    window.document.wait_until_idle()
    return window


def test_pinning_a_alone_is_autosaved_and_restored(qtbot, settings, monkeypatch):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.document.set_setting("norm", "rms")
    first.document.undo_stack.setClean()  # as if saved: no edit is pending, only the pin follows
    first.autosave.save_now()
    first.autosave.wait()
    first.document.pin()
    assert first.autosave._timer.isActive()  # pinning asks for a snapshot as an edit does
    first.autosave.save_now()
    _crash(first)
    second = _next_start(qtbot, settings, monkeypatch)
    assert second.document.pinned is not None and second.document.pinned.scenario.norm == "rms"


def test_swapping_and_clearing_a_ask_for_a_snapshot(qtbot, settings):
    window = MainWindow("xian", settings)
    qtbot.addWidget(window)
    window.document.pin()
    window.autosave.save_now()
    window.document.set_setting("layers", 4)
    window.autosave.save_now()
    window.document.swap_with_pin()
    assert window.autosave._timer.isActive()
    window.autosave.save_now()
    window.document.clear_pin()
    assert window.autosave._timer.isActive()


def test_training_runs_alone_are_autosaved_and_restored_as_far_as_they_had_come(qtbot, settings, monkeypatch):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    page = first.teaching.training_page
    page.form.steps.setValue(100_000)
    page.form.layers.setValue(1)
    page.form.width.setValue(16)
    page.start_runs([{}, {"seed": 1}, {"seed": 2}])
    qtbot.waitUntil(lambda: min(r.history.count for r in first.training.run_records()) >= 3, timeout=30_000)
    first.training.stop()  # the steps done stay still, to be compared (the kill -9 test kills a run mid-training)
    qtbot.waitUntil(lambda: not page.stop_button.isEnabled(), timeout=30_000)
    first.autosave._timer.stop()  # no edit pending: only the training check can write now
    first.autosave._snapshot_if_runs_grew()  # what it does every few seconds
    done = [r.history.count for r in first.training.run_records()]
    assert max(done) < 100_000
    _crash(first)
    second = _next_start(qtbot, settings, monkeypatch)
    assert [r.history.count for r in second.training.run_records()] == done
    assert second.training.unsaved and second.isWindowModified()


def test_the_training_check_snapshots_only_when_the_runs_grew(qtbot, settings, monkeypatch):
    window = MainWindow("xian", settings)
    qtbot.addWidget(window)
    writes = []
    monkeypatch.setattr(window.autosave, "save_now", lambda: writes.append(1))
    window.autosave._snapshot_if_runs_grew()
    assert not writes  # no runs, none changed
    window.training.load_runs((_trained_record(2),))
    window.autosave._snapshot_if_runs_grew()
    assert writes


def test_an_edit_reuses_the_runs_section_made_before(qtbot, settings, monkeypatch):
    import engine.state.session

    window = MainWindow("xian", settings)
    qtbot.addWidget(window)
    window.training.load_runs((_trained_record(2),))
    made = []
    real = engine.state.session.training_section_bytes
    monkeypatch.setattr(engine.state.session, "training_section_bytes", lambda runs: made.append(1) or real(runs))
    window.autosave.save_now()
    for layers in (3, 4, 5):
        window.document.set_setting("layers", layers)
        window.autosave.save_now()
    window.autosave.wait()
    assert made == [1]


def test_a_saved_session_edited_and_crashed_comes_back_with_its_file(qtbot, settings, monkeypatch, tmp_path):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.document.set_setting("norm", "rms")
    first.document.pin()
    first.training.load_runs((_trained_record(5),))
    path = tmp_path / "lesson.normscope.json"
    assert first.files.sessions.save_session(path)
    first.document.set_setting("layers", 3)  # edited after saving, then the crash
    first.autosave.save_now()
    _crash(first)
    second = _next_start(qtbot, settings, monkeypatch)
    assert second.files.sessions.session_path == path and "lesson.normscope.json" in second.windowTitle()
    assert second.document.scenario.layers == 3 and second.isWindowModified()
    assert not second.training.unsaved  # the file holds these runs already
    assert second.files.sessions.save()  # over the file: A and the runs stay in it
    saved = read_session_contents(path)
    assert saved.scenario.layers == 3 and saved.pinned is not None and saved.pinned.norm == "rms"
    assert [r.history.count for r in saved.runs] == [5]


def test_closing_with_unsaved_runs_only_keeps_them_for_the_next_start(qtbot, settings, monkeypatch):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.training.load_runs((_trained_record(4),), unsaved=True)
    first.close()  # offscreen: nobody to ask, so the snapshot keeps them
    second = _next_start(qtbot, settings, monkeypatch)
    assert [r.history.count for r in second.training.run_records()] == [4]
