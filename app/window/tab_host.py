"""What a module adding a tab, a menu or figures may use of the main window (``app.window.main_window.MainWindow``).

The teaching tabs (app/window/teaching_tabs.py) and the Model tab (app/window/model_tab.py) are built on these
calls alone; a new panel is added the same way, without reaching into the window's own state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol, TypeVar

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMenu, QWidget

from widgets.common.lazy_page import LazyPage

if TYPE_CHECKING:
    from app.window.document import Document
    from app.window.result_hub import ResultHub

Bound = TypeVar("Bound")


class TabHost(Protocol):
    document: Document
    #: The views shown a Result (``results.add(view)``) and when they catch up.
    results: ResultHub
    #: Emitted once the window closes for good: stop background work.
    closing: SignalInstance

    def add_lazy_tab(self, name: str, title: Callable[[], str], build: Callable[[], QWidget],
                     follows_result: bool = False) -> LazyPage:
        """A tab (object name ``name``, ``title()`` in the UI language) whose page ``build()`` makes when
        first opened; the page is then themed, scaled for presentation and given its figures' menus,
        and (``follows_result``) shown every Result as a view of its own."""

    def show_tab(self, tab: LazyPage) -> QWidget:
        """Bring ``tab`` to the front; its page, built now if it wasn't."""

    def add_figures(self, titles: Callable[[], dict[str, str]], views: Callable[[], dict[str, QWidget]],
                    tab: LazyPage | None = None) -> None:
        """Offer figures for File → Export plot / Export all figures and the right-click menu:
        ``titles()`` by export name (known before anything is built), ``views()`` the plots by the same
        names, asked for once ``tab`` (if given) is built."""

    def bind_text(self, target: Bound, text: Callable[[], str]) -> Bound:
        """Show ``text()`` on an action, menu or dock now and after every language change."""

    def add_menu(self, title: Callable[[], str]) -> QMenu:
        """A menu at the end of the menu bar, before Help (which stays last)."""

    def add_undo_stack(self, tab: QWidget, stack: QUndoStack) -> None:
        """Edit → Undo / Redo act on ``stack`` while the person works in ``tab`` (app.window.undo_routing)."""
