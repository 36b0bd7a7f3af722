"""A plot as a title, a view, left and bottom axes with grids, and a key below: the part of
pyqtgraph's PlotItem that the line plots use."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGraphicsGridLayout

from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plotkit.plot_title import PlotTitle
from widgets.plotkit.grid_axis import GridAxis, grid_axes
from widgets.plotkit.plot_key import PlotKey
from widgets.plotkit.plot_note import PlotNote


def grid_layout(view: pg.GraphicsView) -> QGraphicsGridLayout:
    """An empty grid layout that fills ``view``. pyqtgraph's GraphicsLayout lays its items out
    again after each one it adds, and gives each a border rectangle: ~0.4 ms per item."""
    holder = pg.GraphicsWidget()
    layout = QGraphicsGridLayout(holder)
    view.setCentralItem(holder)
    return layout


KEY_SHARE = 0.18


class PlotPanel(pg.GraphicsView):
    """pyqtgraph's PlotItem also builds an option form, its menu, four axes and an auto-range
    button: 4 ms more per plot, 14 ms for the first, a tenth of the window's start-up for three.

    The methods the shared helpers of plot_style call (``vb``, ``getAxis``, ``titleLabel``,
    ``setTitle``, ``addItem``) have PlotItem's names: configure_plot and set_title_once serve both.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = grid_layout(self)
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
