"""The hand calculation's dock page: the panel is built when its dock is first in front (at start the
dock is tabbed behind Settings, where Qt shows it though nobody can see it), at the token grid's
current cell, and then follows the Result like any view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtWidgets import QDockWidget, QWidget

from widgets.common.lazy_page import LazyPage
from widgets.editors.matrix_view import MatrixView

if TYPE_CHECKING:
    from widgets.teaching.hand_calc_panel import HandCalcPanel


class HandCalcDock:
    """``page`` goes into the dock; ``follow(panel)`` has the built panel shown every Result."""

    def __init__(self, token_grid: MatrixView, follow: Callable[[QWidget], None]):
        self._token_grid = token_grid
        self._follow = follow
        self.page = LazyPage(self._build, build_on_show=False)

    @property
    def panel(self) -> HandCalcPanel:
        """The panel, built now if it wasn't."""
        return self.page.ensure_built()

    def select(self, row: int, column: int) -> None:
        """The grid's current cell moved: an unbuilt panel picks it up when built."""
        if self.page.content is not None:
            self.panel.select(row, column)

    def on_dock_shown(self, dock: QDockWidget) -> None:
        if dock.widget() is self.page:
            self.page.ensure_built()

    def _build(self) -> HandCalcPanel:
        from widgets.teaching.hand_calc_panel import HandCalcPanel  # imported when first built: not at start

        panel = HandCalcPanel()
        current = self._token_grid.currentIndex()
        if current.isValid():
            panel.select(current.row(), current.column())
        self._follow(panel)
        return panel
