"""A tab page whose content is built the first time it is shown, to keep the start quick."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyPage(QWidget):
    def __init__(self, build: Callable[[], QWidget], parent: QWidget | None = None):
        super().__init__(parent)
        self._build = build
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.content: QWidget | None = None

    def ensure_built(self) -> QWidget:
        if self.content is None:
            self.content = self._build()
            self._layout.addWidget(self.content)
            self.content.show()  # a child added to a page being shown is not shown with it
        return self.content

    def showEvent(self, event) -> None:
        self.ensure_built()
        super().showEvent(event)
