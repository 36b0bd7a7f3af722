"""Which undo stack Edit → Undo / Redo and their keys act on: the document's (the token matrix, γ/β, the
settings), or that of a tab with an owner of its own (the Training tab's runs), whichever the person
worked in last: the stack that took the last gesture (a removal of a run, an edit of a cell), or the
area the focus went into since (a click in the token grid beside the Training tab undoes the grid's
last edit; a click on the Training tab's buttons its last removal). Focus leaving the window (a menu,
a dialog) changes nothing."""

from __future__ import annotations

import shiboken6
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QApplication, QWidget


class UndoRouting(QUndoGroup):
    """The group Edit → Undo / Redo are made from (``createUndoAction``); ``add(area, stack)`` gives the
    widgets under ``area`` their own stack, every other widget of ``window`` the document's."""

    def __init__(self, window: QWidget, document_stack: QUndoStack):
        super().__init__(window)
        self._window, self._document_stack = window, document_stack
        self._areas: list[tuple[QWidget, QUndoStack]] = []
        self._follow(document_stack)
        QApplication.instance().focusChanged.connect(self._on_focus_changed)

    def add(self, area: QWidget, stack: QUndoStack) -> None:
        self._areas.append((area, stack))
        self._follow(stack)
        self.setActiveStack(self.stack_for(QApplication.focusWidget()))

    def stack_for(self, widget: QWidget | None) -> QUndoStack:
        """The stack of the area ``widget`` lies in (the document's outside every area)."""
        for area, stack in self._areas:
            if widget is not None and (widget is area or area.isAncestorOf(widget)):
                return stack
        return self._document_stack

    def _follow(self, stack: QUndoStack) -> None:
        self.addStack(stack)
        stack.indexChanged.connect(self._on_index_changed)

    def _on_index_changed(self, _index: int) -> None:
        self._activate(self.sender())  # the stack that took the last gesture

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and shiboken6.isValid(self._window) and self._window.isAncestorOf(new):
            self._activate(self.stack_for(new))

    def _activate(self, stack) -> None:
        if stack is self.activeStack():
            return  # active already (every edit in the same area): the group's stacks not listed again
        # Only a stack still in the group: a dying one leaves the group first, then clears itself (and
        # signals); made active then, the group would keep a pointer to it.
        if isinstance(stack, QUndoStack) and shiboken6.isValid(stack) and stack in self.stacks():
            self.setActiveStack(stack)
