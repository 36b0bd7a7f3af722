"""A/B compare in the Document, without a window: pin, swap (one undo step), clear, and A's own stack."""

import numpy as np
import pytest

from app.window.document import Document
from engine.results.comparison import key_numbers, setting_differences
from engine.results.compute import compute
from engine.setup.presets import load_preset
from tests.test_document import count_computes, settle


@pytest.fixture
def document(qapp):
    doc = Document(load_preset("xian"))
    yield doc
    settle(doc)


def pins_of(doc):
    seen = []
    doc.pinChanged.connect(seen.append)
    return seen


def test_pin_keeps_the_current_result_as_a_while_b_changes(document):
    seen = pins_of(document)
    document.pin()
    a = document.result
    assert document.pinned is a and seen == [a]
    document.set_setting("placement", "post")
    assert document.pinned is a and document.result.scenario.placement == "post"
    assert document.pinned.scenario.placement == "pre"


def test_pinning_is_not_an_undo_step(document):
    document.pin()
    assert document.undo_stack.count() == 0


def test_swap_exchanges_a_and_b_in_one_undo_step_without_a_compute(document, monkeypatch):
    document.pin()
    a = document.result
    document.set_setting("layers", 24)
    b = document.result
    calls = count_computes(monkeypatch)
    assert document.swap_with_pin()
    assert calls == []  # A's Result was complete: shown as it is
    assert document.result is a and document.pinned is b
    assert document.undo_stack.count() == 2 and document.undo_stack.undoText() == "Swap A and B"


def test_swap_round_trips_and_undoes(document):
    document.pin()
    a_scenario = document.scenario
    document.set_setting("norm", "rms")
    b_scenario = document.scenario
    document.swap_with_pin()
    document.swap_with_pin()
    assert document.scenario == b_scenario and document.pinned.scenario == a_scenario
    document.undo_stack.undo()  # the second swap
    assert document.scenario == a_scenario and document.pinned.scenario == b_scenario
    document.undo_stack.undo()  # the first swap
    assert document.scenario == b_scenario and document.pinned.scenario == a_scenario
    assert document.result.scenario == document.scenario
    document.undo_stack.redo()
    assert document.scenario == a_scenario and document.pinned.scenario == b_scenario


def test_swap_without_a_pin_is_refused_with_a_note(document):
    notes = []
    document.statusMessage.connect(notes.append)
    assert not document.swap_with_pin()
    assert notes and document.undo_stack.count() == 0


def test_clear_forgets_a(document):
    seen = pins_of(document)
    document.pin()
    document.clear_pin()
    assert document.pinned is None and seen[-1] is None


def test_pinning_while_the_worker_computes_attaches_as_own_stack_not_bs(qapp):
    doc = Document(load_preset("random").replace(layers=2))  # its stack runs on the worker
    settle(doc)
    doc.set_cells("matrix", 0, 0, [[0.5]])  # row 0 is simulated: the stack restarts on the worker
    assert doc.result.stack_stale
    doc.pin()
    a_scenario = doc.scenario
    doc.set_cells("matrix", 0, 0, [[3.0]])  # B changes before A's stack is done
    settle(doc)
    a, b = doc.pinned, doc.result
    assert not a.stack_stale and a.scenario == a_scenario
    expected = compute(a_scenario)
    np.testing.assert_array_equal(a.depth.pre.rms, expected.depth.pre.rms)
    assert not np.array_equal(a.depth.pre.rms, b.depth.pre.rms)
    assert b.scenario.matrix[0, 0] == np.float32(3.0) and not b.stack_stale


def test_a_queued_stack_dropped_for_b_is_computed_for_a_by_itself(qapp):
    doc = Document(load_preset("random").replace(layers=2))
    settle(doc)
    doc.set_cells("matrix", 0, 0, [[0.5]])
    doc.set_cells("matrix", 0, 0, [[0.7]])  # queued behind the first job
    doc.pin()
    a_scenario = doc.scenario
    doc.set_setting("seed", 3)  # replaces the queued job: A's stack must still come
    settle(doc)
    assert doc.pinned.scenario == a_scenario and not doc.pinned.stack_stale
    np.testing.assert_array_equal(doc.pinned.depth.post.rms, compute(a_scenario).depth.post.rms)


def test_setting_differences_list_exactly_the_changed_fields():
    a = load_preset("xian")
    b = a.replace(norm="rms", layers=24)
    assert setting_differences(a, b) == ("norm", "layers")
    assert setting_differences(a, a.replace(name="other")) == ()
    grown = a.replace(matrix=np.vstack([a.matrix, np.zeros((1, 4))]), labels=a.labels + ("t7",))
    assert setting_differences(a, grown) == ("matrix", "labels")


def test_key_numbers_measure_the_last_layer_and_the_gradient_skew():
    result = compute(load_preset("xian").replace(placement="peri"))
    numbers = key_numbers(result)
    assert numbers[("last_rms", "pre")] == pytest.approx(float(result.depth.pre.rms[-1]))
    grads = result.depth.runs["post"].weight_grad
    assert numbers[("grad_skew", "post")] == pytest.approx(float(grads[-1] / grads[0]))
    assert set(p for what, p in numbers if what == "last_rms") == {"none", "pre", "post", "peri"}
    assert numbers[("max_mean_out", "")] == pytest.approx(np.abs(result.norm.row_stats.mean_out).max())


def test_a_stack_of_as_scenario_with_other_placements_does_not_complete_a(document):
    document.pin()
    a = document.result
    document.set_extra_placements(("peri",))  # A now waits for a simulation with Peri-Norm
    assert not document._pin.accepts(a, ("peri",)) and document._pin.waiting
    settle(document)
    assert "peri" in document.pinned.depth.runs and document.pinned.scenario == a.scenario
