"""Which undo stack the Edit menu's Undo and Redo (Ctrl+Z, Ctrl+Shift+Z) act on: the Document's, or the stack
of a tab with an owner of its own (the Model tab's ModelSession) while that tab is shown and the keyboard focus
is not in a dock (the token grid beside the Model tab still undoes its own edits)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QApplication, QDockWidget, QTabWidget, QWidget


def _in_dock(widget: QWidget) -> bool:
    while widget is not None:
        if isinstance(widget, QDockWidget):
            return True
        widget = widget.parentWidget()
    return False


class UndoRouting(QObject):
    """``group``: a QUndoGroup whose active stack follows the shown tab and the focus; ``add(stack, tab)``."""

    def __init__(self, tabs: QTabWidget, document_stack: QUndoStack, parent: QObject | None = None):
        super().__init__(parent)
        self._tabs = tabs
        self._document_stack = document_stack
        self._tab_stacks: list[tuple[QWidget, QUndoStack]] = []
        self._in_dock = False  # where the focus was last (a menu opened takes it nowhere)
        self.group = QUndoGroup(self)
        self.group.addStack(document_stack)
        self.group.setActiveStack(document_stack)
        tabs.currentChanged.connect(self._route)
        QApplication.instance().focusChanged.connect(self._on_focus_changed)

    def add(self, stack: QUndoStack, tab: QWidget) -> None:
        """Undo and Redo act on ``stack`` while ``tab`` is the shown tab (and the focus is not in a dock)."""
        self.group.addStack(stack)
        self._tab_stacks.append((tab, stack))
        self._route()

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and new.window() is self._tabs.window():
            self._in_dock = _in_dock(new)
            self._route()

    def _route(self) -> None:
        current = self._tabs.currentWidget()
        stack = next((s for tab, s in self._tab_stacks if tab is current and not self._in_dock), self._document_stack)
        if self.group.activeStack() is not stack:
            self.group.setActiveStack(stack)
