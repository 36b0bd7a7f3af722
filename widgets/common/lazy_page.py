"""A page whose content is built the first time it is shown, to keep the start quick."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyPage(QWidget):
    """Builds its content with ``build()`` when first shown (or asked with ``ensure_built``).

    Signals
    -------
    built(QWidget)
        The content was just built and added (whoever hosts the page themes or wires it now).
    """

    built = Signal(QWidget)

    def __init__(self, build: Callable[[], QWidget], parent: QWidget | None = None, build_on_show: bool = True):
        """``build_on_show=False`` leaves building to ``ensure_built``: a dock tabbed behind another
        one is shown to Qt (it gets a show event) though nobody can see it."""
        super().__init__(parent)
        self._build = build
        self._build_on_show = build_on_show
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.content: QWidget | None = None

    def ensure_built(self) -> QWidget:
        if self.content is None:
            self.content = self._build()
            self._layout.addWidget(self.content)
            self.content.show()  # a child added to a page being shown is not shown with it
            self.built.emit(self.content)
        return self.content

    def showEvent(self, event) -> None:
        if self._build_on_show:
            self.ensure_built()
        super().showEvent(event)
