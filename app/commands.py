"""Undoable user intents. Each command swaps Scenarios on the Document; none computes anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from app.document import Document

#: Commands that merge consecutive edits of the same key (a spin box being stepped) share this id.
_MERGE_ID = 1000


def _same(a, b) -> bool:
    return np.array_equal(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else a == b


class EditCellsCommand(QUndoCommand):
    """Overwrite a rectangular block of the matrix, γ or β; remembers only the old block."""

    def __init__(self, document: Document, target: str, row: int, col: int, block: np.ndarray, text: str):
        super().__init__(text)
        self._document, self._target, self._row, self._col = document, target, row, col
        self._new = np.array(block)
        current = document.array(target)
        rows, cols = self._new.shape
        self._old = np.array(current[row:row + rows, col:col + cols])

    def redo(self) -> None:
        self._document.write_block(self._target, self._row, self._col, self._new)

    def undo(self) -> None:
        self._document.write_block(self._target, self._row, self._col, self._old)


class ReplaceFieldsCommand(QUndoCommand):
    """Set some Scenario fields at once (a setting, a label, a resize, a preset) as one step.

    With a ``merge_key``, consecutive commands of the same key collapse into one undo step.
    """

    def __init__(self, document: Document, changes: dict, text: str, merge_key: str | None = None):
        super().__init__(text)
        self._document = document
        self._new = dict(changes)
        self._old = {name: getattr(document.scenario, name) for name in changes}
        self._merge_key = merge_key

    def id(self) -> int:
        return _MERGE_ID if self._merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ReplaceFieldsCommand) or other._merge_key != self._merge_key:
            return False
        self._new.update(other._new)
        self.setText(other.text())
        # Stepping a spin box up and back down leaves nothing to undo.
        self.setObsolete(all(_same(self._new[name], self._old[name]) for name in self._new))
        return True

    def redo(self) -> None:
        self._document.replace_fields(self._new)

    def undo(self) -> None:
        self._document.replace_fields(self._old)
