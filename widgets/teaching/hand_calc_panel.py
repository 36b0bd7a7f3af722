"""The step-by-step hand calculation of the selected row (or, under BatchNorm, column)."""

from __future__ import annotations


from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QTextBrowser, QVBoxLayout, QWidget

from engine.results.compute import Result
from engine.results.hand_calculation import HandCalculation, hand_calculation
from widgets.teaching.hand_calc_render import to_html, to_latex, to_text
from widgets.common.retranslation import Retranslating


class HandCalcPanel(Retranslating, QWidget):
    """Seed 000 §2.3's four steps with the numbers the class just typed in, updated live."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("handCalc")
        self.text = QTextBrowser()
        self.text.setObjectName("handCalcText")
        self.precision = QSpinBox()
        self.precision.setObjectName("handCalcPrecision")
        self.precision.setRange(0, 8)
        self.precision.setValue(3)
        self.precision.valueChanged.connect(self._render)
        self._precision_label = QLabel()
        self.copy_text = QPushButton()
        self.copy_text.setObjectName("handCalcCopyText")
        self.copy_text.clicked.connect(lambda: self._copy(to_text))
        self.copy_latex = QPushButton()
        self.copy_latex.setObjectName("handCalcCopyLatex")
        self.copy_latex.clicked.connect(lambda: self._copy(to_latex))
        controls = QHBoxLayout()
        controls.addWidget(self._precision_label)
        controls.addWidget(self.precision)
        controls.addStretch(1)
        controls.addWidget(self.copy_text)
        controls.addWidget(self.copy_latex)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addWidget(self.text)
        self._result: Result | None = None
        self._row = 1  # the seed walks through 西安, the second row
        self._column = 0
        self._calculation: HandCalculation | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self._precision_label.setText(self.tr("Decimals"))
        self.precision.setToolTip(self.tr("Digits after the decimal point (the seed uses 3)"))
        self.copy_text.setText(self.tr("Copy text"))
        self.copy_latex.setText(self.tr("Copy LaTeX"))
        self._render()

    def select(self, row: int, column: int) -> None:
        """Follow the grid's current cell: its row for LayerNorm/RMSNorm, its column for BatchNorm."""
        self._row, self._column = row, column
        self._update()

    def show_result(self, result: Result) -> None:
        self._result = result
        self._update()

    def calculation(self) -> HandCalculation | None:
        return self._calculation

    def _update(self) -> None:
        if self._result is None:
            return
        s = self._result.scenario
        index = self._column if s.norm == "batch" else self._row
        limit = s.dims if s.norm == "batch" else s.tokens
        self._calculation = hand_calculation(s, min(max(index, 0), limit - 1))
        self._render()

    def _render(self) -> None:
        if self._calculation is not None:
            # setHtml scrolls back to the top: a class reading step 4 keeps reading it while a cell changes.
            bars = (self.text.verticalScrollBar(), self.text.horizontalScrollBar())
            positions = [bar.value() for bar in bars]
            self.text.setHtml(to_html(self._calculation, self.precision.value()))
            self.text.document().size()  # lays the text out now: the bars get their range before being set
            for bar, position in zip(bars, positions):
                bar.setValue(position)
        elif self._result is not None and self._result.scenario.norm == "batch":
            self.text.setHtml("<p>" + self.tr("BatchNorm in eval mode uses the running statistics, "
                                              "not statistics of its own: there is nothing to calculate by hand.") + "</p>")
        else:
            self.text.setHtml("<p>" + self.tr("No normalization is selected.") + "</p>")

    def _copy(self, formatter) -> None:
        if self._calculation is not None:
            QGuiApplication.clipboard().setText(formatter(self._calculation, self.precision.value()))


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(HandCalcPanel, (520, 640))
