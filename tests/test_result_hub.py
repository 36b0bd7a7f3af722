"""The result hub: results reach the views a user can see; hidden ones catch up when they show. Driven
through the view protocol (widgets/common/result_view.py) with fake views, no window; one test checks
the Qt side (a dock tabbed behind another counts as hidden)."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow

from app.window.result_hub import ResultHub
from widgets.common.result_view import ResultView


class FakeView:
    """A view as the hub sees it: what it was shown, and whether a user could see it."""

    def __init__(self, visible: bool = True):
        self.visible = visible
        self.shown: list = []

    def show_result(self, result) -> None:
        self.shown.append(result)


class Latest:
    """The Document's latest result, as the hub asks for it."""

    def __init__(self, result=None):
        self.result = result

    def __call__(self):
        return self.result


def hub_of(latest: Latest) -> ResultHub:
    return ResultHub(None, latest, [], is_shown=lambda view: view.visible)


def publish(hub: ResultHub, latest: Latest, result) -> None:
    latest.result = result
    hub.show_result(result)


def test_the_fake_satisfies_the_view_protocol():
    assert isinstance(FakeView(), ResultView) and not isinstance(object(), ResultView)


def test_a_result_reaches_every_shown_view_once_and_no_hidden_one():
    latest = Latest()
    hub = hub_of(latest)
    shown, other, hidden = FakeView(), FakeView(), FakeView(visible=False)
    for view in (shown, other, hidden):
        hub.add(view)
    publish(hub, latest, "r1")
    publish(hub, latest, "r2")
    assert shown.shown == other.shown == ["r1", "r2"] and hidden.shown == []


def test_a_hidden_view_catches_up_with_the_latest_result_only_once_it_shows():
    latest = Latest()
    hub = hub_of(latest)
    hidden = FakeView(visible=False)
    hub.add(hidden)
    publish(hub, latest, "r1")
    publish(hub, latest, "r2")
    hub.catch_up()  # still hidden: nothing
    assert hidden.shown == []
    hidden.visible = True
    hub.catch_up()
    hub.catch_up()  # caught up already: not shown twice
    assert hidden.shown == ["r2"]


def test_a_view_shown_after_it_missed_results_is_not_skipped_by_the_next_result():
    latest = Latest()
    hub = hub_of(latest)
    view = FakeView(visible=False)
    hub.add(view)
    publish(hub, latest, "r1")
    view.visible = True
    publish(hub, latest, "r2")  # shown now: the new result reaches it directly
    hub.catch_up()
    assert view.shown == ["r2"]


def test_a_view_that_hides_again_waits_again():
    latest = Latest()
    hub = hub_of(latest)
    view = FakeView()
    hub.add(view)
    publish(hub, latest, "r1")
    view.visible = False
    publish(hub, latest, "r2")
    assert view.shown == ["r1"]
    view.visible = True
    hub.catch_up()
    assert view.shown == ["r1", "r2"]


def test_add_shows_the_latest_result_now_when_shown_or_asked_and_later_otherwise():
    latest = Latest("r1")
    hub = hub_of(latest)
    shown, hidden, built = FakeView(), FakeView(visible=False), FakeView(visible=False)
    hub.add(shown)
    hub.add(hidden)
    hub.add(built, show_now=True)  # a page being built draws before it shows
    assert shown.shown == ["r1"] and hidden.shown == [] and built.shown == ["r1"]
    hidden.visible = True
    hub.catch_up()
    assert hidden.shown == ["r1"]


def test_before_any_result_add_shows_nothing():
    hub = hub_of(Latest())
    view = FakeView()
    hub.add(view, show_now=True)
    hub.catch_up()
    hub.flush()
    assert view.shown == []


def test_then_runs_after_each_result_its_view_is_shown_in_order():
    latest = Latest()
    hub = hub_of(latest)
    order = []
    view = FakeView(visible=False)
    view.show_result = lambda result: order.append(("view", result))
    hub.add(view, then=lambda result: order.append(("then", result)))
    publish(hub, latest, "r1")
    assert order == []  # hidden: neither
    view.visible = True
    hub.catch_up()
    assert order == [("view", "r1"), ("then", "r1")]


def test_flush_gives_every_waiting_view_the_latest_result_shown_or_not():
    latest = Latest()
    hub = hub_of(latest)
    shown, hidden = FakeView(), FakeView(visible=False)
    hub.add(shown)
    hub.add(hidden)
    publish(hub, latest, "r1")
    publish(hub, latest, "r2")
    hub.flush()  # before exporting a hidden view's figure
    hub.flush()
    assert hidden.shown == ["r2"] and shown.shown == ["r1", "r2"]


class LabelView(QLabel):
    def __init__(self):
        super().__init__()
        self.shown = []

    def show_result(self, result):
        self.shown.append(result)


def test_a_view_in_a_dock_behind_another_waits_and_catches_up_when_it_comes_to_the_front(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    front, behind = LabelView(), LabelView()
    docks = []
    for name, view in (("front", front), ("behind", behind)):
        dock = QDockWidget(name, window)
        dock.setWidget(view)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        docks.append(dock)
    window.tabifyDockWidget(docks[0], docks[1])
    latest = Latest()
    hub = ResultHub(window, latest, docks)
    after = []
    hub.add(front, then=after.append)
    hub.add(behind)
    window.show()
    docks[0].raise_()
    qtbot.waitUntil(lambda: front.isVisible())
    publish(hub, latest, "r1")
    assert front.shown == ["r1"] and after == ["r1"] and behind.shown == []
    docks[1].raise_()  # the hidden one comes to the front: it gets the latest result, once
    qtbot.waitUntil(lambda: behind.shown == ["r1"])
    hub.flush()
    assert behind.shown == ["r1"] and front.shown == ["r1"]
