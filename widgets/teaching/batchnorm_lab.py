"""BatchNorm lab: why a Transformer normalizes rows (seed 000, table 5-3), in three small experiments.

(a) a token's BatchNorm output moves as the batch grows while its LayerNorm output stays put
    (``batchnorm_batch_size``);
(b) one token alone: training mode refuses it, eval mode answers with running statistics
    (``batchnorm_one_token``);
(c) how those running statistics creep towards the batch's over repeated training steps
    (``batchnorm_running_stats``).
This panel holds the controls they share and runs ``engine.results.batch_lessons`` for them.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QTabWidget, QVBoxLayout, QWidget

from engine.results.batch_lessons import (
    LAB_MAX_TOKENS,
    BatchDependence,
    RunningStatistics,
    SingleToken,
    batch_dependence,
    first_tokens,
    running_statistics,
    single_token,
)
from engine.results.compute import Result
from engine.setup.scenario import Scenario
from widgets.common.retranslation import Retranslating
from widgets.teaching.batchnorm_batch_size import MAX_DIMENSION_CURVES, BatchSizeLesson
from widgets.teaching.batchnorm_one_token import OneTokenLesson
from widgets.teaching.batchnorm_running_stats import RunningStatsLesson


class BatchNormLab(Retranslating, QWidget):
    """Three tabs of BatchNorm experiments on the current scenario (its first 64 tokens at most).

    ``show_result(result)`` redraws everything; the token chooser, the steps spin box and the
    dimension chooser only change what this panel shows (they never touch the Document).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("batchNormLab")
        self.setAccessibleName("batchNormLab")
        self._scenario: Scenario | None = None
        self._source: Scenario | None = None
        self._total_tokens = 0
        self._dependence: BatchDependence | None = None
        self._single: SingleToken | None = None
        self._running: RunningStatistics | None = None

        self.token_label = QLabel()
        self.token_combo = QComboBox()
        self.token_combo.setObjectName("labToken")
        self.token_combo.setMinimumContentsLength(8)
        self.token_combo.currentIndexChanged.connect(self._on_token)
        self._wanted_token = 0  # until the window passes on the grid's current row
        self.token_label.setBuddy(self.token_combo)
        self.steps_label = QLabel()
        self.steps_spin = QSpinBox()
        self.steps_spin.setObjectName("labSteps")
        self.steps_spin.setRange(0, 1000)
        self.steps_spin.setValue(30)
        self.steps_spin.setKeyboardTracking(False)
        self.steps_spin.valueChanged.connect(self._on_steps)
        self.steps_label.setBuddy(self.steps_spin)
        controls = QHBoxLayout()
        for w in (self.token_label, self.token_combo):
            controls.addWidget(w)
        controls.addSpacing(24)
        for w in (self.steps_label, self.steps_spin):
            controls.addWidget(w)
        controls.addStretch(1)

        self.batch_size = BatchSizeLesson()
        self.one_token = OneTokenLesson()
        self.running_stats = RunningStatsLesson()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("labTabs")
        for lesson in (self.batch_size, self.one_token, self.running_stats):
            self.tabs.addTab(lesson, "")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addWidget(self.tabs, 1)
        self.retranslate()

    @property
    def batch_plot(self):
        """Lesson (a)'s plot (a figure of its own)."""
        return self.batch_size.plot

    @property
    def running_plot(self):
        """Lesson (c)'s plots (a figure of its own)."""
        return self.running_stats.plot

    # --- language -------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Re-read every visible text (called at start and on a language change)."""
        self.token_label.setText(self.tr("&Token:"))
        self.token_combo.setToolTip(self.tr("The token followed in “Batch size” and “One token”"))
        self.steps_label.setText(self.tr("Training &steps:"))
        self.steps_spin.setToolTip(self.tr("BatchNorm training steps over all tokens that fill the running "
                                           "statistics used by “One token” and “Running statistics”"))
        self.tabs.setTabText(0, self.tr("Batch size changes BatchNorm, not LayerNorm"))
        self.tabs.setTabText(1, self.tr("One token"))
        self.tabs.setTabText(2, self.tr("Running statistics"))
        note = self._cap_note()
        for lesson in (self.batch_size, self.one_token, self.running_stats):
            lesson.retranslate(note)

    def _cap_note(self) -> str:
        if self._total_tokens > LAB_MAX_TOKENS:
            return self.tr("Only the first {n} of the {total} tokens are used.").format(
                n=LAB_MAX_TOKENS, total=self._total_tokens)
        return ""

    # --- data in --------------------------------------------------------------------------------

    def show_result(self, result: Result) -> None:
        """Run the experiments on ``result.scenario`` (its first 64 tokens) and redraw."""
        source = result.scenario
        if self._source is not None and (source is self._source or source == self._source):
            return
        self._source = source
        self._total_tokens = source.tokens
        s = first_tokens(source, LAB_MAX_TOKENS)
        self._scenario = s
        token = min(max(self._wanted_token, 0), s.tokens - 1)
        if tuple(self.token_combo.itemText(i) for i in range(self.token_combo.count())) != s.labels:
            self.token_combo.blockSignals(True)
            self.token_combo.clear()
            self.token_combo.addItems(list(s.labels))
            self.token_combo.setCurrentIndex(token)
            self.token_combo.blockSignals(False)
        elif self.token_combo.currentIndex() != token:
            self.token_combo.blockSignals(True)
            self.token_combo.setCurrentIndex(token)
            self.token_combo.blockSignals(False)
        self._running = running_statistics(s, self.steps_spin.value())
        self._update_token(token)
        self.running_stats.show_lesson(self._running, self._cap_note())

    def select_token(self, row: int) -> None:
        """Follow the grid's current row (the lab's tokens are the matrix's first 64: a row beyond
        them leaves the lab's token as it is)."""
        if row >= LAB_MAX_TOKENS:
            return
        self._wanted_token = row
        if 0 <= row < self.token_combo.count() and row != self.token_combo.currentIndex():
            self.token_combo.setCurrentIndex(row)  # _on_token redraws

    def _on_token(self, index: int) -> None:
        if index >= 0:
            self._wanted_token = index
        if self._scenario is not None and index >= 0:
            self._update_token(index)

    def _on_steps(self, steps: int) -> None:
        if self._scenario is None:
            return
        self._running = running_statistics(self._scenario, steps)
        self._single = single_token(self._scenario, self._single.token, steps)
        self.one_token.show_lesson(self._single, self._scenario.tokens, self._cap_note())
        self.running_stats.show_lesson(self._running, self._cap_note())

    def _update_token(self, token: int) -> None:
        s = self._scenario
        self._dependence = batch_dependence(s, token)
        self._single = single_token(s, token, self.steps_spin.value())
        self.batch_size.show_lesson(self._dependence, s.dims <= MAX_DIMENSION_CURVES, self._cap_note())
        self.one_token.show_lesson(self._single, s.tokens, self._cap_note())

    # --- for tests and scripts ------------------------------------------------------------------

    @property
    def lessons(self) -> tuple[BatchDependence | None, SingleToken | None, RunningStatistics | None]:
        """The engine results shown now: (batch dependence, single token, running statistics)."""
        return self._dependence, self._single, self._running


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(BatchNormLab, (900, 600))
