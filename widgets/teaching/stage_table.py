"""One stage of the block (a matrix of ``Result.stages``) as a read-only table of numbers."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from engine.results.compute import Result
from engine.files.table_text import format_number
from widgets.common.retranslation import Retranslating

#: Qt.UserRole returns the cell's number itself (as a Python float), for tests and scripts.
VALUE_ROLE = Qt.ItemDataRole.UserRole


class StageMatrixModel(QAbstractTableModel):
    """A (tokens × d) matrix; rows named by token labels, columns d1..dn. Cells are formatted on
    request only, so a 32 × 4096 stage costs nothing until its cells are scrolled into view."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._matrix = np.zeros((0, 0))
        self._labels: tuple[str, ...] = ()

    def set_matrix(self, matrix: np.ndarray | None, labels=()) -> None:
        self.beginResetModel()
        self._matrix = np.zeros((0, 0)) if matrix is None else np.asarray(matrix)
        self._labels = tuple(labels)
        self.endResetModel()

    def matrix(self) -> np.ndarray:
        return self._matrix

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self._matrix.shape[0]

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self._matrix.shape[1]

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{self._matrix[index.row(), index.column()]:.4g}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return format_number(self._matrix[index.row(), index.column()])
        if role == VALUE_ROLE:
            return float(self._matrix[index.row(), index.column()])
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: QModelIndex):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if orientation == Qt.Orientation.Horizontal:
            return f"d{section + 1}"
        if 0 <= section < len(self._labels):
            return self._labels[section]
        return str(section + 1)


class StageTable(Retranslating, QTableView):
    """Shows ``result.stages[key]``: one row per token of the block simulation, one column per dimension."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("stageTable")
        self.setAccessibleName("stageTable")
        self._model = StageMatrixModel(self)
        self.setModel(self._model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.setAlternatingRowColors(True)
        # Fixed section sizes: measuring 4096 columns' contents would take a noticeable pause.
        self.horizontalHeader().setDefaultSectionSize(72)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(24)
        self._key: str | None = None
        self.retranslate()

    def show_stage(self, result: Result | None, key: str | None) -> None:
        """Show the stage ``key`` of ``result``; clear the table when there is nothing to show."""
        stages = None if result is None else result.stages
        if stages is None or key is None or key not in stages:
            self._key = None
            self._model.set_matrix(None)
            return
        matrix = stages[key]
        self._key = key
        self._model.set_matrix(matrix, result.stack_labels)

    def stage_key(self) -> str | None:
        """The stage shown, or None when the table is empty."""
        return self._key

    def retranslate(self) -> None:
        self.setAccessibleDescription(self.tr("The selected stage's matrix: rows are tokens, columns are dimensions"))


if __name__ == "__main__":
    from PySide6.QtWidgets import QApplication

    from widgets.common.fonts import register_bundled_fonts
    from engine.results.compute import compute
    from engine.setup.presets import load_preset

    app = QApplication([])
    register_bundled_fonts()
    table = StageTable()
    table.show_stage(compute(load_preset("xian")), "attn")
    table.resize(480, 240)
    table.show()
    app.exec()
