"""A plot as a title, a view, left and bottom axes with grids, and a key below: the part of
pyqtgraph's PlotItem that the line plots use."""

from __future__ import annotations

from contextlib import contextmanager

import pyqtgraph as pg
from PySide6.QtCore import QSizeF
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGraphicsGridLayout, QSizePolicy

QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum" for a widget's size

from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plotkit.plot_title import PlotTitle
from widgets.plotkit.grid_axis import GridAxis, grid_axes
from widgets.plotkit.plot_key import FIGURE_SMALLEST_POINTS, PlotKey
from widgets.plotkit.plot_note import PlotNote


def grid_layout(view: pg.GraphicsView) -> QGraphicsGridLayout:
    """An empty grid layout that fills ``view``. pyqtgraph's GraphicsLayout lays its items out
    again after each one it adds, and gives each a border rectangle: ~0.4 ms per item."""
    holder = pg.GraphicsWidget()
    layout = QGraphicsGridLayout(holder)
    view.setCentralItem(holder)
    return layout


KEY_SHARE = 0.18
#: A figure's key takes at most this share of the height below its view (its text shrinks within a
#: floor), or at most this share of the width beside it.
FIGURE_KEY_SHARE = 0.25
FIGURE_KEY_WIDTH_SHARE = 0.45


class PlotPanel(pg.GraphicsView):
    """pyqtgraph's PlotItem also builds an option form, its menu, four axes and an auto-range
    button: 4 ms more per plot, 14 ms for the first, a tenth of the window's start-up for three.

    The methods the shared helpers of plot_style call (``vb``, ``getAxis``, ``titleLabel``,
    ``setTitle``, ``addItem``) have PlotItem's names: configure_plot and set_title_once serve both.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = self._grid = grid_layout(self)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.setSpacing(0)
        self.titleLabel = PlotTitle()  # noqa: N815 (PlotItem's name)
        self.vb = FittedViewBox()
        self._axes = grid_axes()
        layout.addItem(self.titleLabel, 0, 0, 1, 2)  # over the value axis too: room for long titles
        layout.addItem(self._axes["left"], 1, 0)
        layout.addItem(self.vb, 1, 1)
        layout.addItem(self._axes["bottom"], 2, 1)
        self.key = PlotKey()
        layout.addItem(self.key, 3, 0, 1, 2)
        self.note = PlotNote(self.vb)  # why the plot shows less than asked, or that it is out of date
        self._menu_actions: list[QAction] = []
        for axis in self._axes.values():
            axis.linkToView(self.vb)
            # As in PlotItem: an axis given a negative z (configure_plot) draws before the whole
            # layout, so its grid lines stay behind the view's data.
            axis.setFlag(axis.GraphicsItemFlag.ItemNegativeZStacksBehindParent)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        # The key may take under a fifth of the panel: more, and on a projector it squeezes the data.
        # (pyqtgraph calls this once with no event while building the view, before the key exists.)
        if event is not None:
            self.key.set_height_budget(KEY_SHARE * event.size().height())
        super().resizeEvent(event)

    @contextmanager
    def figure_layout(self, size: QSizeF):
        """The plot arranged for a figure of ``size`` (layout pixels) while it is exported: the value
        axis as wide as its labels need (a two-line label too), and the key placed by
        ``_figure_key``. Decided at export time only: the window's layout is put back afterwards."""
        left = self._axes["left"]
        width = left.fixedWidth
        left.setWidth(None)
        try:
            with self._figure_key(size):
                yield
        finally:
            left.setWidth(width)

    @contextmanager
    def _figure_key(self, size: QSizeF):
        """The key below the view in as many columns as fit (within FIGURE_KEY_SHARE of the height),
        or beside it in one column when that leaves the data more area (a wide, short figure)."""
        key_height = self.key.height_at(size.width())
        beside = self.key.column_width()
        fixed = self.titleLabel.size().height() + self._axes["bottom"].size().height()
        data_width = size.width() - self._axes["left"].size().width()
        below_area = data_width * max(size.height() - fixed - key_height, 0.0)
        beside_area = max(data_width - beside, 0.0) * (size.height() - fixed)
        if below_area >= beside_area or beside > FIGURE_KEY_WIDTH_SHARE * size.width():
            self.key.set_height_budget(FIGURE_KEY_SHARE * size.height())
            self.key.set_smallest_points(FIGURE_SMALLEST_POINTS)
            try:
                yield
            finally:
                self.key.set_smallest_points(None)
                self.key.set_height_budget(KEY_SHARE * self.height())
            return
        layout = self._grid
        layout.removeItem(self.key)
        layout.addItem(self.key, 1, 2, 2, 1)
        self.key.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.key.setFixedWidth(beside)
        self.key.set_height_budget(size.height())
        try:
            yield
        finally:
            layout.removeItem(self.key)
            self.key.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            self.key.setMinimumWidth(0.0)
            self.key.setMaximumWidth(QWIDGETSIZE_MAX)
            layout.addItem(self.key, 3, 0, 1, 2)
            self.key.set_height_budget(KEY_SHARE * self.height())

    def menu_actions(self) -> list[QAction]:
        """The plot's own right-click entries (see widgets.plotkit.figure_choices); none unless set."""
        return list(self._menu_actions)

    def set_menu_actions(self, actions: list[QAction]) -> None:
        self._menu_actions = list(actions)

    def getAxis(self, name: str) -> GridAxis:  # noqa: N802 (PlotItem's name)
        """``"left"`` or ``"bottom"``."""
        return self._axes[name]

    def setTitle(self, title: str) -> None:  # noqa: N802
        self.titleLabel.set_text(title)

    def setLabel(self, axis: str, text: str) -> None:  # noqa: N802
        self._axes[axis].setLabel(text)

    def addItem(self, item) -> None:  # noqa: N802
        """Draw ``item`` in the view, in data coordinates."""
        self.vb.addItem(item)

    def set_log_y(self, on: bool) -> None:
        """Label the value axis in powers of ten; the plot draws log10 of its values itself."""
        self._axes["left"].setLogMode(on)
