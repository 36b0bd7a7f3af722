"""What each intervention costs: the next-token loss of the base run and of each intervention applied
alone, with its change from the base (Δ), in nats."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from widgets.common.retranslation import Retranslating

#: A row: the intervention's label (``base`` first), its loss and its Δ from the base (nats).
CostRow = tuple[str, float, float]


class LossTable(Retranslating, QTableWidget):
    """Read-only, one row per intervention: ``show_costs(rows)`` draws ``rows`` of CostRow (the engine's
    InterventionCost fits), ``show_costs(())`` the empty state. A loss that overflowed reads as such."""

    def __init__(self, parent=None):
        super().__init__(0, 3, parent)
        self.setObjectName("modelLossTable")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self._rows: tuple[CostRow, ...] = ()
        self.retranslate()

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels([self.tr("intervention"), self.tr("loss (nats)"), self.tr("Δ (nats)")])
        self.setToolTip(self.tr("The mean over the text of −ln p(next token): the base run, then each "
                                "intervention applied alone, and how much it adds"))
        self.show_costs(self._rows)

    def _number(self, value: float, signed: bool = False) -> str:
        if math.isnan(value):
            return self.tr("NaN (overflow)")
        if math.isinf(value):
            return ("+∞" if value > 0 else "−∞") if signed or value < 0 else "∞"
        text = f"{value:+.3f}" if signed else f"{value:.3f}"
        return text.replace("-", "−")

    def show_costs(self, rows: Sequence) -> None:
        """Show ``rows`` of (label, loss, delta), in order."""
        self._rows = tuple((str(r[0]), float(r[1]), float(r[2])) for r in rows)
        self.setRowCount(len(self._rows))
        for index, (label, loss, delta) in enumerate(self._rows):
            cells = (QTableWidgetItem(label), QTableWidgetItem(self._number(loss)),
                     QTableWidgetItem(self._number(delta, signed=index > 0)))
            for column, cell in enumerate(cells):
                if column:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if not (math.isfinite(loss) or column == 0):
                    cell.setToolTip(self.tr("The run overflowed float32 (inf or NaN): the model falls apart"))
                self.setItem(index, column, cell)

    def cells(self) -> list[tuple[str, str, str]]:
        """The texts shown, row by row (for tests)."""
        return [tuple(self.item(r, c).text() for c in range(3)) for r in range(self.rowCount())]


if __name__ == "__main__":
    import sys

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    table = LossTable()
    table.show_costs((("base", 6.224, 0.0), ("freeze-norms final", 22.603, 16.379),
                      ("freeze-norms 20-29", float("nan"), float("nan")), ("zero-dim 4:507", 11.910, 5.686)))
    table.resize(420, 200)
    table.show()
    app.exec()
