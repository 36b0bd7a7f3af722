"""Which undo stack Edit → Undo / Redo and their keys act on: the document's (the token matrix, γ/β, the
settings), or that of a tab with an owner of its own (the Training tab's runs), whichever the person is
working in. It follows the tab brought to the front and the widget clicked or tabbed into: a click in
the token grid while the Training tab shows undoes the last edit of the matrix, a click on the Training
tab's buttons the last removal of a run. Focus leaving the window (a menu, a dialog) changes nothing."""

from __future__ import annotations

from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QApplication, QTabWidget, QWidget


class UndoRouting(QUndoGroup):
    """The group Edit → Undo / Redo are made from (``createUndoAction``); ``add(area, stack)`` gives the
    widgets under ``area`` their own stack, every other widget of ``window`` the document's."""

    def __init__(self, window: QWidget, tabs: QTabWidget, document_stack: QUndoStack):
        super().__init__(window)
        self._window, self._tabs, self._document_stack = window, tabs, document_stack
        self._areas: list[tuple[QWidget, QUndoStack]] = []
        self.addStack(document_stack)
        self.setActiveStack(document_stack)
        tabs.currentChanged.connect(lambda index: self.setActiveStack(self.stack_for(tabs.widget(index))))
        QApplication.instance().focusChanged.connect(self._on_focus_changed)

    def add(self, area: QWidget, stack: QUndoStack) -> None:
        self.addStack(stack)
        self._areas.append((area, stack))
        if self._tabs.currentWidget() is area:
            self.setActiveStack(stack)

    def stack_for(self, widget: QWidget | None) -> QUndoStack:
        """The stack of the area ``widget`` lies in (the document's outside every area)."""
        for area, stack in self._areas:
            if widget is not None and (widget is area or area.isAncestorOf(widget)):
                return stack
        return self._document_stack

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and self._window.isAncestorOf(new):
            self.setActiveStack(self.stack_for(new))
