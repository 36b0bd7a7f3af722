"""A busy indicator for the status bar: a running bar and a label, shown only when the work lasts."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from widgets.common.retranslation import Retranslating

DELAY_MS = 500


class BusyIndicator(Retranslating, QWidget):
    """Hidden until ``set_busy(True)`` has lasted ``DELAY_MS`` (a short computation never flickers it).

    ``still_busy`` is asked when the delay is over: work that ended without saying so yet shows nothing.
    """

    def __init__(self, still_busy: Callable[[], bool], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("busyIndicator")
        self._still_busy = still_busy
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # no end known: the bar runs
        self.bar.setMaximumWidth(160)
        self.label = QLabel()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self._show_if_still_busy)
        self.hide()
        self.retranslate()

    def set_busy(self, busy: bool) -> None:
        if busy:
            self.bar.setRange(0, 0)  # until the work says how far it is
            self._timer.start()
        else:
            self._timer.stop()
            self.hide()

    def set_progress(self, fraction: float) -> None:
        """The fraction of the work done (0..1): the bar fills instead of running."""
        self.bar.setRange(0, 100)
        self.bar.setValue(round(100 * fraction))

    def _show_if_still_busy(self) -> None:
        if self._still_busy():
            self.show()

    def retranslate(self) -> None:
        self.bar.setToolTip(self.tr("Simulating the stacked blocks"))
        self.label.setText(self.tr("Computing the block simulation…"))
