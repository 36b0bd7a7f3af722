"""The one right-click menu of every exported figure: Export…, Copy image, and the view's own choices.

pyqtgraph's own "Export..." offers its SVG exporter, which fails on current PySide6: each figure's
scene gets ours instead, whichever tab it is on and whenever that tab was built.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGraphicsView, QWidget

from widgets.plotkit.figure_choices import FigureChoices


class FigureMenus(QObject):
    """Installs the figure menu on plots by their export name.

    ``export(name)`` and ``copy(name)`` do the work (the File menu's dialog and clipboard copy);
    ``bind_text(action, text)`` shows ``text()`` on an action now and after every language change.
    """

    def __init__(self, parent: QObject, export: Callable[[str], None], copy: Callable[[str], None],
                 bind_text: Callable[[QAction, Callable[[], str]], QAction]):
        super().__init__(parent)
        self._export, self._copy, self._bind_text = export, copy, bind_text

    def install(self, figures: dict[str, QWidget]) -> None:
        """Give each figure that draws in a pyqtgraph scene our menu (a diagram drawn by a plain widget
        has no such menu: its figure is exported from the File menu only)."""
        for name, view in figures.items():
            if not isinstance(view, QGraphicsView):
                continue
            export = self._bind_text(QAction(self.parent()), lambda: self.tr("Export…"))
            copy = self._bind_text(QAction(self.parent()), lambda: self.tr("Copy image"))
            export.triggered.connect(lambda _=False, n=name: self._export(n))
            copy.triggered.connect(lambda _=False, n=name: self._copy(n))
            # The view's own entries (the heatmaps' colour scale, the stacks drawn) retranslate with the view.
            own = view.menu_actions() if isinstance(view, FigureChoices) else []
            view.scene().contextMenu = [export, copy, *own]
