"""The Document without a window: one guarded compute per gesture, undo round trips, the worker race."""

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

import app.window.document as document_module
from app.window.document import Document
from engine.results.compute import compute
from engine.setup.presets import load_preset


@pytest.fixture
def document(qapp):
    doc = Document(load_preset("xian"))
    yield doc
    doc.wait_until_idle()
    QApplication.processEvents()


def results_of(doc):
    seen = []
    doc.resultChanged.connect(seen.append)
    return seen


def settle(doc):
    while True:  # a finished job may launch the queued one
        doc.wait_until_idle()
        QApplication.processEvents()
        if not doc.busy:
            return


def count_computes(monkeypatch):
    calls = []

    def counting(*args, **kwargs):
        calls.append(args[0])
        return compute(*args, **kwargs)

    monkeypatch.setattr(document_module, "compute", counting)
    return calls


def test_an_edit_is_one_undo_step_and_one_compute(document, monkeypatch):
    calls = count_computes(monkeypatch)
    seen = results_of(document)
    assert document.set_cells("matrix", 1, 0, [[2.5]])
    assert len(calls) == 1 and len(seen) == 1
    assert seen[0].scenario is document.scenario
    assert document.undo_stack.count() == 1


def test_paste_that_grows_the_grid_is_one_step_and_one_compute(document, monkeypatch):
    calls = count_computes(monkeypatch)
    seen = results_of(document)
    before = document.scenario
    assert document.set_cells("matrix", 5, 3, [[1.0, 2.0], [3.0, 4.0]], grow=True)
    assert len(calls) == 1 and len(seen) == 1
    s = document.scenario
    assert (s.tokens, s.dims) == (7, 5)
    np.testing.assert_array_equal(s.matrix[5:7, 3:5], [[1, 2], [3, 4]])
    assert s.gamma[4] == 1.0 and s.beta[4] == 0.0 and s.matrix[6, 0] == 0.0
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario == before


def test_a_block_past_the_grid_is_refused_without_grow(document):
    messages = []
    document.statusMessage.connect(messages.append)
    assert not document.set_cells("matrix", 5, 3, [[1.0, 2.0]])
    assert document.undo_stack.count() == 0 and messages


def test_an_engine_error_refuses_the_gesture_and_keeps_the_last_good_state(document, monkeypatch):
    before, result = document.scenario, document.result
    messages = []
    document.statusMessage.connect(messages.append)

    def failing(*args, **kwargs):
        raise ValueError("math domain error")

    monkeypatch.setattr(document_module, "compute", failing)
    assert not document.set_cells("matrix", 0, 0, [[0.5]])
    assert not document.set_setting("norm", "batch")
    assert document.scenario is before and document.result is result
    assert document.undo_stack.count() == 0
    assert len(messages) == 2 and all("math domain error" in m for m in messages)
    monkeypatch.undo()
    assert document.set_cells("matrix", 0, 0, [[0.5]])  # and it carries on once the engine is fine
    assert document.undo_stack.count() == 1


def test_undo_and_redo_of_many_gestures_come_back_exactly(document):
    start = document.scenario
    rng = np.random.default_rng(0)
    states = [start]
    for step in range(30):
        kind = step % 4
        if kind == 0:
            document.set_cells("matrix", int(rng.integers(6)), int(rng.integers(4)), [[float(rng.normal())]])
        elif kind == 1:
            document.set_setting("layers", int(rng.integers(1, 30)))
        elif kind == 2:
            document.set_cells("affine", 0, int(rng.integers(4)), [[float(rng.normal())]])
        else:
            document.insert_tokens(int(rng.integers(6)))
        states.append(document.scenario)
    for expected in reversed(states[:-1]):
        document.undo_stack.undo()
        assert document.scenario == expected
    for expected in states[1:]:
        document.undo_stack.redo()
        assert document.scenario == expected
    settle(document)
    assert document.result.scenario == document.scenario


def test_every_shown_result_belongs_to_the_scenario_of_its_time_while_the_worker_races(qapp):
    doc = Document(load_preset("random").replace(layers=2))  # its stack runs on the worker
    shown = []
    doc.resultChanged.connect(lambda result: shown.append((result, doc.scenario)))
    for value in (0.25, 0.5, 0.75):
        doc.set_cells("matrix", 0, 0, [[value]])  # row 0 is simulated: each edit restarts the stack
    settle(doc)
    assert shown and all(result.scenario == current for result, current in shown)
    final, _ = shown[-1]
    assert final.scenario == doc.scenario and not final.stack_stale
    assert final.scenario.matrix[0, 0] == np.float32(0.75)


def test_a_stale_worker_result_is_never_shown(qapp):
    doc = Document(load_preset("random").replace(layers=2))
    settle(doc)
    doc.set_cells("matrix", 0, 0, [[0.5]])
    generation = doc._generation
    old_partial = doc.result
    doc.set_cells("matrix", 0, 0, [[0.9]])
    shown = results_of(doc)
    doc._on_stack_done(generation, compute(old_partial.scenario, old_partial))  # the older job's answer
    assert all(result.scenario == doc.scenario for result in shown)
    settle(doc)


def test_a_huge_undo_history_is_cleared_with_a_note(document, monkeypatch):
    monkeypatch.setattr(document_module, "UNDO_BYTE_BUDGET", 2_000)
    messages = []
    document.statusMessage.connect(messages.append)
    for _ in range(20):
        document.insert_tokens(0)
    assert document.undo_stack.count() < 20
    assert any("undo history was cleared" in m for m in messages)


def test_a_paste_that_would_grow_past_the_cell_limit_is_refused_before_allocating(document):
    from engine.setup.limits import MAX_CELLS

    messages = []
    document.statusMessage.connect(messages.append)
    wide = np.zeros((1, MAX_CELLS // 6 + 10))  # 6 tokens × that many dimensions passes the limit
    assert not document.set_cells("matrix", 0, 0, wide, grow=True)
    assert document.undo_stack.count() == 0 and "limit" in messages[-1]


def test_the_worker_reports_progress_and_an_edit_cancels_its_stale_stack(qapp, monkeypatch):
    doc = Document(load_preset("random").replace(layers=2))
    settle(doc)
    fractions, reports, stopped = [], [], []
    doc.stackProgress.connect(fractions.append)
    doc.statusMessage.connect(reports.append)
    real = document_module.compute

    def watched(*args, progress=None, **kwargs):
        def report(fraction):
            try:
                progress(fraction)
            except document_module.StaleRequest:
                stopped.append(fraction)
                raise
        return real(*args, progress=report if progress else None, **kwargs)

    monkeypatch.setattr(document_module, "compute", watched)
    doc.set_cells("matrix", 0, 0, [[0.5]])  # the worker starts on it
    doc.set_cells("matrix", 0, 0, [[0.9]])  # ... and stops at its next block: this one is newer
    settle(doc)
    assert stopped and stopped[0] < 1.0
    assert fractions and fractions[-1] == 1.0
    assert not reports  # a cancelled request is not a failure
    assert doc.result.scenario == doc.scenario and not doc.result.stack_stale
