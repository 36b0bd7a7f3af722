"""A ViewBox whose context menu is built on the first right-click instead of with the plot."""

from __future__ import annotations

import pyqtgraph as pg
from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

from widgets.plotkit.menu_text import retitle_view_menu


class LazyMenuViewBox(pg.ViewBox):
    """pyqtgraph builds each ViewBox's menu (two axis forms, ~2 ms) when the plot is created;
    the start-up window has seven plots. Here the same menu is built when it is first asked for, and
    worded in the UI's language each time it is (pyqtgraph's own words are English only).
    """

    def __init__(self, *args, **kwargs):
        kwargs["enableMenu"] = False  # no menu built now...
        super().__init__(*args, **kwargs)
        self.state["enableMenu"] = True  # ...but the menu is enabled, and built on first use

    def _applyMenuEnabled(self) -> None:  # noqa: N802 (pyqtgraph's name)
        if not self.state.get("enableMenu", True) and self.menu is not None:
            self.menu.setParent(None)
            self.menu = None

    def getMenu(self, ev):  # noqa: N802
        if self.menu is None and self.menuEnabled():
            self.menu = ViewBoxMenu(self)
            self.updateViewLists()
        if self.menu is not None:
            retitle_view_menu(self.menu)
        return self.menu

    def getContextMenus(self, event):  # noqa: N802
        menu = self.getMenu(event) if self.menuEnabled() else None
        return menu.actions() if menu is not None else []


def plot_options_off(plot: pg.PlotItem) -> None:
    """No "Plot Options" submenu (FFT, log axes, downsampling, … in pyqtgraph's English only): the
    plot's menu is its view box's, as every PlotPanel's is; the view box keeps its own."""
    plot.setMenuEnabled(False, enableViewBoxMenu=None)
