"""The Compare menu's wiring, without a MainWindow: a Document, a bare QMainWindow and fake views (the
view protocol, widgets/common/result_view.py). Pin, swap and clear reach every view that draws A; the
actions are enabled only while something is pinned; the results of B keep reaching the shown views."""

import pytest
from PySide6.QtWidgets import QMainWindow, QMenu

from app.window.compare_actions import KEYS, CompareActions
from app.window.document import Document
from app.window.result_hub import ResultHub
from engine.setup.presets import load_preset
from widgets.common.result_view import ComparedView
from widgets.common.retranslation import TextBinder


class FakeComparedView:
    def __init__(self):
        self.results: list = []
        self.pinned: list = []

    def show_result(self, result) -> None:
        self.results.append(result)

    def show_pinned(self, result) -> None:
        self.pinned.append(result)


@pytest.fixture
def page(qtbot):
    """A Document on xian wired as the window wires it: the hub (every fake view shown) and the Compare
    menu feeding the same fakes A."""
    window = QMainWindow()
    qtbot.addWidget(window)
    document = Document(load_preset("xian"), window)
    views = [FakeComparedView(), FakeComparedView()]
    hub = ResultHub(window, lambda: document.result, [], is_shown=lambda view: True)
    for view in views:
        hub.add(view)
    document.resultChanged.connect(hub.show_result)
    compare = CompareActions(window, document, QMenu(window), TextBinder(), views)
    return document, compare, views


def settled(document: Document) -> Document:
    assert document.wait_until_idle()
    return document


def test_the_fake_satisfies_the_compared_view_protocol():
    assert isinstance(FakeComparedView(), ComparedView)


def test_views_start_with_nothing_pinned_and_swap_and_clear_disabled(page):
    document, compare, views = page
    assert all(view.pinned == [None] for view in views)
    assert not compare.swap.isEnabled() and not compare.clear.isEnabled() and compare.pin.isEnabled()


def test_pin_hands_a_to_every_view_and_b_keeps_coming_through_the_hub(page):
    document, compare, views = page
    compare.pin.trigger()
    a = document.pinned
    assert a is not None and all(view.pinned[-1] is a for view in views)
    assert compare.swap.isEnabled() and compare.clear.isEnabled()
    assert document.set_setting("layers", 4)
    b = settled(document).result
    assert all(view.results[-1] is b for view in views)
    assert all(view.pinned[-1] is a for view in views)  # an edit of B leaves A alone
    assert b.scenario.layers == 4 and a.scenario.layers != 4


def test_clear_hands_none_to_every_view_and_disables_swap_and_clear(page):
    document, compare, views = page
    compare.pin.trigger()
    compare.clear.trigger()
    assert all(view.pinned[-1] is None for view in views)
    assert not compare.swap.isEnabled() and not compare.clear.isEnabled()


def test_swap_makes_a_current_and_pins_b_in_every_view(page):
    document, compare, views = page
    compare.pin.trigger()
    a_scenario = document.scenario
    assert document.set_setting("seed", 7)
    b_scenario = settled(document).scenario
    compare.swap.trigger()
    settled(document)
    assert document.scenario == a_scenario
    assert all(view.pinned[-1].scenario == b_scenario for view in views)
    assert all(view.results[-1].scenario == a_scenario for view in views)
    document.undo_stack.undo()  # one undo step swaps back
    settled(document)
    assert document.scenario == b_scenario and all(view.pinned[-1].scenario == a_scenario for view in views)


def test_the_actions_carry_their_keys(page):
    _document, compare, _views = page
    assert [action.shortcut().toString() for action in (compare.pin, compare.swap, compare.clear)] == [
        KEYS["pin"], KEYS["swap"], KEYS["clear"]]
