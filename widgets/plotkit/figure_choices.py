"""What a figure adds to its right-click menu besides Export… and Copy image (say, its colour scale,
or which stacks it draws): the figure menu asks any figure that offers ``menu_actions``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtGui import QAction


@runtime_checkable
class FigureChoices(Protocol):
    def menu_actions(self) -> list[QAction]:
        """The figure's own entries, in the order the menu shows them (they retranslate with it)."""
