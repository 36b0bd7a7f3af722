"""Undoable user intents, as leaves: each command holds an old and a new value and the callable that
applies one of them. They know nothing of the Document (which hands them its private write paths)
and compute nothing."""

from __future__ import annotations

from typing import Callable

import numpy as np
from PySide6.QtGui import QUndoCommand

#: Commands that merge consecutive edits of the same key (a spin box being stepped) share this id.
_MERGE_ID = 1000


def _same(a, b) -> bool:
    return np.array_equal(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else a == b


def _nbytes(value) -> int:
    return value.nbytes if isinstance(value, np.ndarray) else 0


class EditCellsCommand(QUndoCommand):
    """Overwrite a rectangular block of the matrix or of the γ/β grid; holds only the old and new block."""

    def __init__(self, old: np.ndarray, new: np.ndarray, apply: Callable[[np.ndarray], None], text: str):
        super().__init__(text)
        self._old, self._new, self._apply = old, new, apply

    @property
    def nbytes(self) -> int:
        return self._old.nbytes + self._new.nbytes

    def redo(self) -> None:
        self._apply(self._new)

    def undo(self) -> None:
        self._apply(self._old)


class ReplaceFieldsCommand(QUndoCommand):
    """Set some Scenario fields at once (a setting, a label, a resize, a preset) as one step.

    ``apply`` receives a dict of field values. With a ``merge_key``, consecutive commands of the same
    key collapse into one undo step.
    """

    def __init__(self, old: dict, new: dict, apply: Callable[[dict], None], text: str,
                 merge_key: str | None = None):
        super().__init__(text)
        self._old, self._new, self._apply = dict(old), dict(new), apply
        self._merge_key = merge_key

    @property
    def nbytes(self) -> int:
        return sum(_nbytes(v) for v in self._old.values()) + sum(_nbytes(v) for v in self._new.values())

    def id(self) -> int:
        return _MERGE_ID if self._merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ReplaceFieldsCommand) or other._merge_key != self._merge_key:
            return False
        for name, value in other._old.items():
            self._old.setdefault(name, value)
        self._new.update(other._new)
        self.setText(other.text())
        # Stepping a spin box up and back down leaves nothing to undo.
        self.setObsolete(all(_same(self._new[name], self._old[name]) for name in self._new))
        return True

    def redo(self) -> None:
        self._apply(self._new)

    def undo(self) -> None:
        self._apply(self._old)
