"""What the editors (grids and the settings panel) ask of the document they edit.

The app's Document implements it; a test or a preview can pass any object with these members. Each
method is one user intent: it either becomes one undo step and returns True, or is refused with a
reason reported to the user and returns False.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
from PySide6.QtCore import SignalInstance

from engine.setup.scenario import Scenario


class Editor(Protocol):
    #: The Scenario being edited was replaced (an edit, an undo, a preset).
    scenarioChanged: SignalInstance
    #: Cells were written: target, first row, first column, rows, columns (before scenarioChanged).
    cellsWritten: SignalInstance

    @property
    def scenario(self) -> Scenario: ...

    def array(self, target: str) -> np.ndarray:
        """The matrix (``"matrix"``), or γ/β as a (2, d) block (``"affine"``)."""

    def report(self, text: str) -> None:
        """Tell the user why something was refused (or what happened)."""

    def set_cells(self, target: str, row: int, col: int, block, text: str | None = None,
                  grow: bool = False) -> bool: ...

    def set_setting(self, name: str, value, merge: bool = False, text: str | None = None) -> bool: ...

    def set_label(self, row: int, label: str) -> bool: ...

    def reset_affine(self) -> bool: ...

    def insert_tokens(self, at: int, count: int = 1) -> bool: ...

    def remove_tokens(self, rows: list[int]) -> bool: ...

    def insert_dims(self, at: int, count: int = 1) -> bool: ...

    def remove_dims(self, cols: list[int]) -> bool: ...
