"""The left docks come back to a usable width after the window was narrow, and after a start.

Shrinking the window to a projector's 1024 × 768 squeezes the docks (a wide tab such as Model needs
its room); growing it back gave every new pixel to the tabs, so the docks stayed narrow ("Setti…")
and the saved layout kept them so at the next start. After the window grows, and when it is first
shown (the restored layout), docks narrower than ``USABLE_WIDTH`` get ``PREFERRED_WIDTH`` back, as far
as the window has room. A dock the user keeps above ``USABLE_WIDTH`` is left as it is.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

#: Narrower than this, the Settings dock's tabs and labels are cut ("Setti…", "Pre-Norm x + F(N(x…").
USABLE_WIDTH = 320
#: The docks' width in the default layout.
PREFERRED_WIDTH = 380


class DockWidths(QObject):
    """Watches ``window``'s size; ``docks`` are its left docks."""

    def __init__(self, window: QMainWindow, docks: list[QDockWidget]):
        super().__init__(window)
        self._window, self._docks = window, docks
        # After the layout has followed the new size: the docks' widths are the new ones then.
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self.widen)
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind == QEvent.Type.Show or (kind == QEvent.Type.Resize and event.size().width() > event.oldSize().width()):
            self._timer.start()
        return False

    def widen(self) -> None:
        """Give the docked left column ``PREFERRED_WIDTH`` when it is narrower than ``USABLE_WIDTH``."""
        left = [dock for dock in self._docks if dock.isVisible() and not dock.isFloating()
                and self._window.dockWidgetArea(dock) == Qt.DockWidgetArea.LeftDockWidgetArea]
        if left and max(dock.width() for dock in left) < USABLE_WIDTH:
            self._window.resizeDocks(left[:1], [PREFERRED_WIDTH], Qt.Orientation.Horizontal)
