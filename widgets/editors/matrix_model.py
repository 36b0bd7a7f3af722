"""Table models over the edited matrix and γ/β: they read the Scenario, edits go to the Editor."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from widgets.editors.editor import Editor
from engine.setup.scenario import Scenario
from engine.files.table_text import format_number, parse_number
from widgets.common.problem_text import describe


class ArrayTableModel(QAbstractTableModel):
    """One of the edited arrays as a table: ``"matrix"`` (tokens × dims) or ``"affine"`` (γ, β × dims).

    Cells that aren't finite numbers are refused in ``setData``: the old value stays and the
    Editor's report says why.
    """

    def __init__(self, document: Editor, target: str, parent=None):
        super().__init__(parent)
        self._document = document
        self._target = target
        self._array = document.array(target)
        self._sources = self._arrays_of(document.scenario)
        self._labels = self._row_labels(document.scenario)
        document.cellsWritten.connect(self._on_cells_written)
        document.scenarioChanged.connect(self._on_scenario_changed)

    @property
    def target(self) -> str:
        return self._target

    def _row_labels(self, s: Scenario) -> tuple[str, ...]:
        return s.labels if self._target == "matrix" else ("γ", "β")

    def _arrays_of(self, s: Scenario) -> tuple[np.ndarray, ...]:
        """The Scenario's arrays this table shows (a Scenario shares those an edit left alone)."""
        return (s.matrix,) if self._target == "matrix" else (s.gamma, s.beta)

    def _on_cells_written(self, target: str, row: int, col: int, rows: int, cols: int) -> None:
        """Repaint just the written cells (the scenarioChanged that follows then finds nothing new)."""
        if target != self._target:
            return
        self._array = self._document.array(self._target)
        self._sources = self._arrays_of(self._document.scenario)
        self.dataChanged.emit(self.index(row, col), self.index(row + rows - 1, col + cols - 1))

    def _on_scenario_changed(self, s: Scenario) -> None:
        labels = self._row_labels(s)
        sources, self._sources = self._sources, self._arrays_of(s)
        if labels == self._labels and all(a is b for a, b in zip(sources, self._sources)):
            return  # the same arrays (an edit of the other table's): not even γ and β stacked again
        new = self._document.array(self._target)
        if labels == self._labels and self._target != "matrix" and np.array_equal(new, self._array):
            return  # γ and β set again to the values they had: no repaint
        if new.shape != self._array.shape:
            self.beginResetModel()
            self._array, self._labels = new, labels
            self.endResetModel()
            return
        changed_labels = labels != self._labels
        self._array, self._labels = new, labels
        if new.size:
            self.dataChanged.emit(self.index(0, 0), self.index(new.shape[0] - 1, new.shape[1] - 1))
        if changed_labels:
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, new.shape[0] - 1)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self._array.shape[0]

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self._array.shape[1]

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        value = self._array[index.row(), index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{value:.4g}"
        if role in (Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole):
            return format_number(value)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: QModelIndex, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        try:
            number = parse_number(str(value), self._document.scenario.dtype)
        except ValueError as error:
            self._document.report(self.tr("Cell {token}, d{dim} refused: {reason}").format(
                token=self.headerData(index.row(), Qt.Orientation.Vertical), dim=index.column() + 1,
                reason=describe(error)))
            return False
        if number == self._array[index.row(), index.column()]:
            return False
        return self._document.set_cells(self._target, index.row(), index.column(), np.array([[number]]))

    def flags(self, index: QModelIndex):
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.isValid() else base

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if orientation == Qt.Orientation.Horizontal:
            return f"d{section + 1}"
        if 0 <= section < len(self._labels):
            return self._labels[section]
        return None

    def block(self, top: int, left: int, bottom: int, right: int) -> np.ndarray:
        """The values of an inclusive rectangle, for copying."""
        return self._array[top:bottom + 1, left:right + 1]
