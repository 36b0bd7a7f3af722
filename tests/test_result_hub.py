"""The result hub: results reach the views a user can see; hidden ones catch up when they show."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow

from app.window.result_hub import ResultHub


class View(QLabel):
    def __init__(self):
        super().__init__()
        self.shown = []

    def show_result(self, result):
        self.shown.append(result)


def test_a_view_in_a_dock_behind_another_waits_and_catches_up_when_it_comes_to_the_front(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    front, behind = View(), View()
    docks = []
    for name, view in (("front", front), ("behind", behind)):
        dock = QDockWidget(name, window)
        dock.setWidget(view)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        docks.append(dock)
    window.tabifyDockWidget(docks[0], docks[1])
    latest = {"result": None}
    hub = ResultHub(window, lambda: latest["result"], docks)
    after = []
    hub.add(front, then=after.append)
    hub.add(behind)
    window.show()
    docks[0].raise_()
    qtbot.waitUntil(lambda: front.isVisible())
    latest["result"] = "r1"
    hub.show_result("r1")
    assert front.shown == ["r1"] and after == ["r1"] and behind.shown == []
    docks[1].raise_()  # the hidden one comes to the front: it gets the latest result, once
    qtbot.waitUntil(lambda: behind.shown == ["r1"])
    hub.flush()
    assert behind.shown == ["r1"] and front.shown == ["r1"]
