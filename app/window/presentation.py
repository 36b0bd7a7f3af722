"""Presentation mode (F11): bigger text and thicker lines, fewer decorations, for a projector."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from widgets.plotkit.plot_style import scale_plots
from widgets.plots.plots_page import PlotsPage

FACTOR = 1.6


class Presentation:
    def __init__(self, window: QMainWindow):
        self._window = window
        self._plot_originals: dict = {}
        self._font = None
        self._layout = None
        self.enabled = False

    def set_enabled(self, on: bool) -> None:
        if on == self.enabled:
            return
        app = QApplication.instance()
        if on:
            self._layout = self._window.saveState()
            for dock in self._window.findChildren(QDockWidget):
                if not dock.property("keepsInPresentation"):  # the lesson being taught stays (app/window/lesson_dock.py)
                    dock.hide()  # the plots get the whole screen; View menu brings a dock back
            self._font = app.font()
            font = app.font()
            font.setPointSizeF(self._font.pointSizeF() * FACTOR)
            app.setFont(font)
        else:
            app.setFont(self._font)
            _follow_the_application_font(self._window)
            self._window.restoreState(self._layout)
        scale_plots(self._window, FACTOR if on else 1.0, self._plot_originals)
        for page in self._window.findChildren(PlotsPage):
            page.present(on)  # the depth plot gets the most room, its caption the new text size
        self._window.statusBar().setVisible(not on)
        self.enabled = on

    def adopt(self, widget) -> None:
        """Bring plots built after presentation mode was switched on to its scale."""
        if self.enabled:
            scale_plots(widget, FACTOR, self._plot_originals)


def _follow_the_application_font(root: QWidget) -> None:
    """Make widgets that never chose a font take the application's again.

    Qt does not pass the application font on to some widgets that were hidden when it changed
    (a table's horizontal header and scroll bars inside a hidden dock kept the projector size).
    ``setFont(QFont())`` sets nothing of its own, so the widget resolves from its parent once more.
    """
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            widget.setFont(QFont())
