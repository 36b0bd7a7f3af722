"""The loss plot's smoothing control: how many steps each point of a loss curve averages (1: none)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QWidget

from widgets.common.retranslation import Retranslating
from engine.training.run_curves import DEFAULT_SMOOTHING

#: Steps a point may average at most: a tenth of a long run, enough to read a noisy 10,000-step curve.
MAX_SMOOTHING = 1000


class LossSmoothing(Retranslating, QWidget):
    """A label and a spin box; ``stepsChanged(int)`` when the person changes it."""

    stepsChanged = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.label = QLabel()
        self.steps = QSpinBox()
        self.steps.setObjectName("trainingLossSmoothing")
        self.steps.setRange(1, MAX_SMOOTHING)
        self.steps.setValue(DEFAULT_SMOOTHING)
        self.steps.valueChanged.connect(self.stepsChanged)
        self.label.setBuddy(self.steps)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addStretch(1)
        row.addWidget(self.label)
        row.addWidget(self.steps)
        self.retranslate()

    def set_steps(self, steps: int) -> None:
        """Show ``steps`` (clamped to the range) without telling anyone: a remembered value coming back."""
        self.steps.blockSignals(True)
        self.steps.setValue(steps)
        self.steps.blockSignals(False)

    def retranslate(self) -> None:
        self.label.setText(self.tr("Loss s&moothing"))
        self.steps.setSuffix(self.tr(" steps"))
        self.steps.setSpecialValueText(self.tr("off"))
        self.steps.setToolTip(self.tr("Each point of a loss curve is the mean of the last k steps; the raw loss "
                                      "stays behind it, faint. 1: no smoothing."))
