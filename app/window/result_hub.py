"""Which views are visible, which are behind, and catching them up: results reach only the views a user
can see; the others get the latest one when they show (the BatchNorm lab alone costs 80 ms per edit at
2048 × 4096, and a dock tabbed behind another still counts as visible to Qt)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDockWidget, QWidget

from engine.results.compute import Result
from widgets.common.result_view import ResultView


class ResultHub(QObject):
    """Hands each Result to the registered views that are shown; the rest wait until they are.

    Signals
    -------
    dockShown(QDockWidget)
        A dock came to the front (a lazily built page in it may build now).
    """

    dockShown = Signal(object)

    def __init__(self, window: QWidget | None, result: Callable[[], Result | None], docks: list[QDockWidget],
                 is_shown: Callable[[ResultView], bool] | None = None):
        """``is_shown(view)`` says whether a user can see ``view`` now (by default: visible in ``window`` and
        in no dock behind another); a test passes its own to drive fake views without a window."""
        super().__init__(window)
        self._window, self._result = window, result
        self._is_shown = is_shown or self._is_shown_in_window
        self._views: list[ResultView] = []
        self._then: dict[int, Callable[[Result], None]] = {}
        self._waiting: set[ResultView] = set()
        # Until the window shows them, the docks count as hidden: the ones that show (not those
        # tabbed behind another) say so through visibilityChanged and catch up before the first paint.
        self._hidden_docks: set[QDockWidget] = set(docks)
        for dock in docks:
            dock.visibilityChanged.connect(lambda visible, d=dock: self._on_dock_visibility(d, visible))

    def add(self, view: ResultView, then: Callable[[Result], None] | None = None, show_now: bool = False) -> None:
        """Register ``view`` (it has ``show_result``); ``then`` runs after each result it is shown.
        The latest result reaches it now if it is shown (or ``show_now``: a page being built), else
        when it shows."""
        self._views.append(view)
        if then is not None:
            self._then[id(view)] = then
        result = self._result()
        if result is None:
            return
        if show_now or self._is_shown(view):
            self._show_in(view, result)
        else:
            self._waiting.add(view)

    def show_result(self, result: Result) -> None:
        self._waiting = set()
        for view in self._views:
            if self._is_shown(view):
                self._show_in(view, result)
            else:
                self._waiting.add(view)

    def catch_up(self) -> None:
        """Bring views that were hidden during the last results up to date once they show."""
        for view in [v for v in self._waiting if self._is_shown(v)]:
            self._waiting.discard(view)
            self._show_in(view, self._result())

    def flush(self) -> None:
        """Every waiting view gets the latest result now, shown or not (before exporting its figure)."""
        for view in list(self._waiting):
            self._waiting.discard(view)
            self._show_in(view, self._result())

    def _show_in(self, view: ResultView, result: Result) -> None:
        view.show_result(result)
        then = self._then.get(id(view))
        if then is not None:
            then(result)

    def _is_shown_in_window(self, view: ResultView) -> bool:
        return view.isVisibleTo(self._window) and not any(dock.isAncestorOf(view) for dock in self._hidden_docks)

    def _on_dock_visibility(self, dock: QDockWidget, visible: bool) -> None:
        if visible:
            self._hidden_docks.discard(dock)
            self.dockShown.emit(dock)
            self.catch_up()
        else:
            self._hidden_docks.add(dock)
