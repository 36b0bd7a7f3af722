"""Seed 001 as a table: LayerNorm can't tell [2, 4, 6, 8] from [20, 40, 60, 80], and γ/β can't either.

The three rows (苹果, 吃 = 10 × 苹果, 苹果 with d2 and d3 swapped) can be edited; every number comes
from ``engine.results.batch_lessons.scale_invariance_for``.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.results.batch_lessons import SCALE_ROWS, ScaleInvariance, scale_invariance_for
from engine.results.compute import Result
from engine.setup.scenario import Scenario
from widgets.common.retranslation import Retranslating

COLUMNS = ("input", "mean", "std", "normalized", "same", "affine")
INPUT, MEAN, STD, NORMALIZED, SAME, AFFINE = range(len(COLUMNS))
SAME_BACKGROUND = QColor("#D9F0E8")  # light Okabe–Ito green; the ✓/✗ symbol is the main cue
DIFFERENT_BACKGROUND = QColor("#F9E0D0")  # light vermillion


def _number(value: float, whole: bool | None = None) -> str:
    """Three decimals, none for whole numbers (``whole`` decides for a vector's members)."""
    whole = abs(value - round(value)) < 1e-9 if whole is None else whole
    text = f"{value:.0f}" if whole else f"{value:.3f}"
    text = text[1:] if text.startswith("-") and float(text) == 0 else text
    return text.replace("-", "−")


def _vector(values) -> str:
    values = [float(v) for v in values]
    whole = all(abs(v - round(v)) < 1e-9 for v in values)
    return "[" + ", ".join(_number(v, whole) for v in values) + "]"


def parse_vector(text: str) -> list[float]:
    """Numbers from text such as ``"[2, 4, 6, 8]"`` or ``"2 4 6 8"`` (ValueError when none or malformed)."""
    cleaned = text.replace("[", " ").replace("]", " ").replace(",", " ").replace("，", " ").replace("−", "-")
    values = [float(part) for part in cleaned.split()]
    if not values or not all(np.isfinite(values)):
        raise ValueError(f"not a list of finite numbers: {text!r}")
    return values


class ScaleDemo(Retranslating, QWidget):
    """Three vectors, their LayerNorm z = x̂, ✓/✗ "same z as the first row", and γ ⊙ z + β.

    The normalized row is written z, not x̂: a combining circumflex is not drawn reliably by Qt.

    ``show_result(result)`` takes γ/β from the scenario when its d matches the rows' (else γ = 1,
    β = 0). The input column is editable; ``rowsChanged`` reports the rows after a valid edit.
    """

    rowsChanged = Signal(object)  # tuple of tuples of float

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("scaleDemo")
        self.setAccessibleName("scaleDemo")
        self._rows: tuple[tuple[float, ...], ...] = tuple(tuple(float(v) for v in r) for r in SCALE_ROWS)
        self._scenario: Scenario | None = None
        self._lesson: ScaleInvariance | None = None
        self._error = ""

        self.title = QLabel()
        self.title.setObjectName("scaleDemoTitle")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.table = QTableWidget(len(self._rows), len(COLUMNS))
        self.table.setObjectName("scaleTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The two vector outputs share what width is left and wrap onto two lines in a narrow window.
        header.setSectionResizeMode(NORMALIZED, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(AFFINE, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.itemChanged.connect(self._on_item_changed)
        self.explanation = QLabel()
        self.explanation.setObjectName("scaleExplanation")
        self.explanation.setWordWrap(True)
        self.affine_note = QLabel()
        self.affine_note.setObjectName("scaleAffineNote")
        self.affine_note.setWordWrap(True)
        self.status = QLabel()
        self.status.setObjectName("scaleStatus")
        self.status.setWordWrap(True)
        self.reset_button = QPushButton()
        self.reset_button.setObjectName("scaleReset")
        self.reset_button.clicked.connect(self.reset_rows)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.reset_button)

        for label in (self.explanation, self.affine_note):  # body text a size up: it is read from afar
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 1.1)
            label.setFont(font)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.table)
        layout.addWidget(self.explanation)
        layout.addWidget(self.affine_note)
        layout.addStretch(1)
        layout.addLayout(bottom)
        self._recompute()
        self.retranslate()
        self.table.setCurrentCell(-1, -1)

    # --- language -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Re-read every visible text (called at start and on a language change)."""
        self.title.setText(self.tr("LayerNorm forgets a row's scale, and γ/β can't bring it back"))
        headers = (
            self.tr("input x"), self.tr("μ"), self.tr("σ"), self.tr("z = (x − μ) / σ"),
            self.tr("same z as row 1?"), self.tr("γ ⊙ z + β"),
        )
        self.table.setHorizontalHeaderLabels(list(headers))
        self.table.setToolTip(self.tr("Double-click an input vector to edit it"))
        self.reset_button.setText(self.tr("Reset to 我 吃 苹果"))
        self.reset_button.setToolTip(self.tr("Restore seed 001's three vectors"))
        self._fill()

    # --- data in --------------------------------------------------------------------------------

    def show_result(self, result: Result) -> None:
        """Use the scenario's γ/β (when its d matches the rows) and redraw."""
        self._scenario = result.scenario
        self._recompute()
        self._fill()

    def set_rows(self, rows) -> None:
        """Show these vectors (all of one length) instead of seed 001's."""
        rows = tuple(tuple(float(v) for v in r) for r in rows)
        if not rows or len({len(r) for r in rows}) != 1:
            raise ValueError("the rows must be non-empty and of one length")
        self._rows = rows
        self._error = ""
        self.table.blockSignals(True)
        self.table.setRowCount(len(rows))
        self.table.blockSignals(False)
        self._recompute()
        self._fill()
        self.rowsChanged.emit(rows)

    def reset_rows(self) -> None:
        """Back to seed 001's [2, 4, 6, 8], [20, 40, 60, 80], [2, 6, 4, 8]."""
        self.set_rows(SCALE_ROWS)

    @property
    def rows(self) -> tuple[tuple[float, ...], ...]:
        return self._rows

    @property
    def lesson(self) -> ScaleInvariance | None:
        """The engine result shown now."""
        return self._lesson

    def _recompute(self) -> None:
        s = self._scenario
        if s is None:
            s = Scenario(np.zeros((1, len(self._rows[0]))))  # γ = 1, β = 0 until a result arrives
        self._lesson = scale_invariance_for(s, self._rows)

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() != INPUT:
            return
        row = item.row()
        try:
            values = parse_vector(item.text())
            if len(values) != len(self._rows[0]):
                raise ValueError(len(values))
        except ValueError:
            self._error = self.tr("“{text}” is not {d} numbers; kept {old}.").format(
                text=item.text(), d=len(self._rows[0]), old=_vector(self._rows[row]))
            self._fill()
            return
        rows = list(self._rows)
        rows[row] = tuple(values)
        self.set_rows(rows)

    # --- drawing --------------------------------------------------------------------------------

    def _row_name(self, i: int) -> str:
        if self._rows == tuple(tuple(float(v) for v in r) for r in SCALE_ROWS):
            return (self.tr("苹果"), self.tr("吃 = 10 × 苹果"), self.tr("苹果, d2 ↔ d3"))[i]
        return self.tr("row {n}").format(n=i + 1)

    def _fill(self) -> None:
        lesson = self._lesson
        if lesson is None:
            return
        table = self.table
        table.blockSignals(True)
        table.setVerticalHeaderLabels([self._row_name(i) for i in range(len(self._rows))])
        bold = QFont(table.font())
        bold.setBold(True)
        for i in range(len(self._rows)):
            if i == 0:
                same_text, background = self.tr("reference"), None
            elif lesson.same_as_first[i]:
                same_text, background = self.tr("✓ same"), SAME_BACKGROUND
            else:
                same_text, background = self.tr("✗ differs"), DIFFERENT_BACKGROUND
            texts = (
                _vector(lesson.inputs[i]), _number(lesson.means[i]), _number(lesson.stds[i]),
                _vector(lesson.normalized[i]), same_text, _vector(lesson.affine[i]),
            )
            for j, text in enumerate(texts):
                cell = QTableWidgetItem(text)
                if j != INPUT:
                    cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if j in (MEAN, STD):
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if j == SAME:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    cell.setFont(bold)
                    if background is not None:
                        cell.setBackground(QBrush(background))
                        cell.setForeground(QBrush(QColor("#000000")))
                table.setItem(i, j, cell)
        table.blockSignals(False)
        self._fit_table_height()
        self.explanation.setText(self._explain(lesson))
        gamma, beta = _vector(lesson.gamma), _vector(lesson.beta)
        if lesson.uses_scenario_affine:
            note = self.tr("γ = {gamma}, β = {beta}: the scenario's.").format(gamma=gamma, beta=beta)
        elif self._scenario is not None:
            note = self.tr("γ = {gamma}, β = {beta}: the scenario has d = {d}, not {n}, so its own γ/β "
                           "don't fit these rows.").format(gamma=gamma, beta=beta, d=self._scenario.dims,
                                                            n=len(self._rows[0]))
        else:
            note = self.tr("γ = {gamma}, β = {beta} (no scenario yet).").format(gamma=gamma, beta=beta)
        self.affine_note.setText(note)
        self.status.setText(self._error)

    def _explain(self, lesson: ScaleInvariance) -> str:
        """The lesson in words, about the rows in the table now (they follow every edit)."""
        first = self._row_name(0)
        parts = [self.tr("LayerNorm subtracts each row's own mean and divides by its own standard deviation, "
                         "so rows that differ only by a shift and a positive scale get the same z: the scale is "
                         "gone. γ and β then apply one and the same map to every row, so identical z stay "
                         "identical.")]
        for i in range(1, len(self._rows)):
            name, row = self._row_name(i), _vector(self._rows[i])
            scale = lesson.stds[i] / lesson.stds[0] if lesson.stds[0] > 0 else 0.0
            if lesson.same_as_first[i] and scale > 0:
                parts.append(self.tr("{name} {row} is {first} × {k} + {b}: the same z, and γ/β can't tell them "
                                     "apart.").format(name=name, row=row, first=first, k=_number(scale),
                                                      b=_number(lesson.means[i] - scale * lesson.means[0])))
            elif lesson.same_as_first[i]:
                parts.append(self.tr("{name} {row} gives the same z as {first}.").format(
                    name=name, row=row, first=first))
            else:
                parts.append(self.tr("{name} {row} is not {first} shifted or scaled by a positive factor: its own "
                                     "pattern of highs and lows gives a different z, and γ/β keep the difference.").format(
                    name=name, row=row, first=first))
        return " ".join(parts)

    def _fit_table_height(self) -> None:
        """As tall as its rows: no empty grid under three vectors."""
        table = self.table
        table.resizeRowsToContents()
        # The header's size hint, not its height: after a language change it is not laid out yet.
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(i) for i in range(table.rowCount()))
        table.setFixedHeight(height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_table_height()  # the wrapped vectors take more or fewer lines at a new width

    # --- for tests and scripts ------------------------------------------------------------------

    def cell_text(self, row: int, column: int) -> str:
        """The text shown in a cell (columns: input, mean, std, z, same?, γ⊙z+β)."""
        item = self.table.item(row, column)
        return item.text() if item is not None else ""


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(ScaleDemo, (900, 420))
