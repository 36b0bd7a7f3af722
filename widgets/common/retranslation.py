"""Texts bound to the objects that show them, re-applied when the language changes."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QDockWidget, QMenu


class TextBinder:
    """Remember which text each action, menu or dock shows, as a function evaluated in the
    current language; ``apply()`` sets them all (at start and on every language change)."""

    def __init__(self):
        self._bound: list[tuple[object, Callable[[], str]]] = []

    def bind(self, target, text: Callable[[], str], now: bool = False):
        """Remember ``text`` for ``target`` (and, ``now``, show it already: a target made after ``apply``)."""
        self._bound.append((target, text))
        if now:
            self._show(target, text)
        return target

    def apply(self) -> None:
        for target, text in self._bound:
            self._show(target, text)

    @staticmethod
    def _show(target, text: Callable[[], str]) -> None:
        if isinstance(target, QMenu):
            target.setTitle(text())
        elif isinstance(target, QDockWidget):
            target.setWindowTitle(text())
        else:
            target.setText(text())


class Retranslating:
    """Mixin for a widget with a ``retranslate()`` method: calls it on every language change.

    Put it first among the bases (``class View(Retranslating, QWidget)``), so its ``changeEvent``
    runs before the Qt class's.
    """

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
