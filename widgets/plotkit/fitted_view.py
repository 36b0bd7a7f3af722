"""A plot's view that the app fits to the data, until the user pans or zooms it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal

from widgets.plotkit.lazy_menu import LazyMenuViewBox

Range = tuple[float, float]


class FittedViewBox(LazyMenuViewBox):
    """Each new result asks for a fit; once the user has panned or zoomed, the fits are remembered
    but not shown, so that edits don't undo a zoom. View All (in the menu) or a double-click shows
    the latest fit again.

    An explicit range instead of pyqtgraph's auto-range: that one settles during the paint and
    asks for a second full repaint of the plot on every update.
    """

    #: The user started panning or zooming: the view stops following the fits.
    sigUserMoved = Signal()  # noqa: N815 (pyqtgraph's naming of signals)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fitted: tuple[Range, Range] | None = None  # what the app asked for last
        self.user_moved = False
        self.sigRangeChangedManually.connect(self._on_user_moved)

    def _on_user_moved(self, _axes) -> None:
        if not self.user_moved:
            self.user_moved = True
            self.sigUserMoved.emit()

    def fit(self, x_range: Range, y_range: Range) -> None:
        """Show ``x_range`` × ``y_range``, unless the user has moved the view. An unchanged fit
        changes nothing, which leaves the axes' cached drawings valid."""
        if (x_range, y_range) == self.fitted and not any(self.autoRangeEnabled()):
            return
        self.fitted = (x_range, y_range)
        if not self.user_moved:
            self._show_fit()

    def _show_fit(self) -> None:
        self.disableAutoRange()
        self.setRange(xRange=self.fitted[0], yRange=self.fitted[1], padding=0)
        self.updateMatrix()  # now, not during the paint (which would then schedule another)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        # The data's transform for the new size now, not during the paint (pyqtgraph's way), where
        # moving every item schedules a second paint of the whole plot: a layout that made room for
        # a wider colour bar axis painted the heatmaps twice. Before the window is shown there is no
        # paint to spare, and its layout resizes the view many times: then pyqtgraph's way is cheaper.
        view = self.getViewWidget()
        if view is not None and view.isVisible():
            self.updateMatrix()

    def refit(self) -> None:
        """Show the latest fit, whatever the user did to the view (its axes changed meaning, or
        the user asked for it)."""
        self.user_moved = False
        if self.fitted is not None:
            self._show_fit()

    def autoRange(self, padding=None, items=None, item=None):  # noqa: N802 (pyqtgraph's name: View All)
        if self.fitted is None or items is not None or item is not None:
            return super().autoRange(padding, items, item)
        self.refit()
        return None

    def mouseClickEvent(self, event) -> None:  # noqa: N802
        if event.double() and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            self.refit()
            return
        super().mouseClickEvent(event)
