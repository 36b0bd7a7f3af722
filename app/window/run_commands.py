"""The Training tab's undoable intent, as a leaf: some runs removed (one, or all of them by Clear). It holds
the runs and their places and the two callables that take them out and put them back; it knows nothing
of the TrainingSession that hands it those."""

from __future__ import annotations

from typing import Callable

from PySide6.QtGui import QUndoCommand


class RemoveRunsCommand(QUndoCommand):
    """``removed``: (place, run id, run) of each run in the order they were; ``take(ids)`` removes them,
    ``put_back(removed)`` inserts each at its place again."""

    def __init__(self, removed: list[tuple[int, int, object]], take: Callable[[list[int]], None],
                 put_back: Callable[[list[tuple[int, int, object]]], None], text: str):
        super().__init__(text)
        self._removed, self._take, self._put_back = list(removed), take, put_back

    def redo(self) -> None:
        self._take([run_id for _, run_id, _ in self._removed])

    def undo(self) -> None:
        self._put_back(self._removed)
