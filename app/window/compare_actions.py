"""The Compare menu (pin the current settings as A, swap A and B, clear A) and the wiring that hands
A's Result to every view that draws it: one object, so the window keeps a few lines for it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from app.window.document import Document
from widgets.common.result_view import ComparedView
from widgets.common.retranslation import TextBinder

#: The keys of the three actions; tests/test_main_window checks that no other action claims them.
KEYS = {"pin": "Ctrl+Shift+P", "swap": "Ctrl+Shift+X", "clear": "Ctrl+Shift+U"}


class CompareActions(QObject):
    """Builds the Compare menu's entries in ``menu`` and feeds ``views`` the pinned Result whenever it
    changes (None when cleared)."""

    def __init__(self, window: QMainWindow, document: Document, menu: QMenu, texts: TextBinder,
                 views: list[ComparedView]):
        super().__init__(window)
        self._window, self._document, self._views = window, document, views
        self._tips: list = []
        self.pin = self._action(menu, texts, "comparePin", KEYS["pin"], self._pin,
                                lambda: self.tr("&Pin as A"),
                                lambda: self.tr("Keep the current settings and their curves as A: change anything, "
                                                "and every plot draws A dashed beside the current curves (B)"))
        self.swap = self._action(menu, texts, "compareSwap", KEYS["swap"], document.swap_with_pin,
                                 lambda: self.tr("&Swap A and B"),
                                 lambda: self.tr("Make A's settings the current ones and pin the current ones as "
                                                 "A (one undo step)"))
        self.clear = self._action(menu, texts, "compareClear", KEYS["clear"], document.clear_pin,
                                  lambda: self.tr("&Clear A"), lambda: self.tr("Forget A: the plots show B alone"))
        document.pinChanged.connect(self._show_pinned)
        self._show_pinned(document.pinned)
        self.retranslate()
        window.installEventFilter(self)  # the tooltips follow the language, as the window's texts do

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def _action(self, menu: QMenu, texts: TextBinder, name: str, keys: str, slot, text, tip) -> QAction:
        action = texts.bind(QAction(self._window), text)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _=False: slot())
        self._tips.append((action, tip))
        menu.addAction(action)
        return action

    def retranslate(self) -> None:
        """Tooltips and status tips in the UI's language (the TextBinder sets the texts)."""
        for action, tip in self._tips:
            action.setToolTip(tip())
            action.setStatusTip(tip())

    def pin_keys(self) -> str:
        return self.pin.shortcut().toString(QKeySequence.SequenceFormat.NativeText)

    def _show_pinned(self, result) -> None:
        for view in self._views:
            view.show_pinned(result)
        self.swap.setEnabled(result is not None)
        self.clear.setEnabled(result is not None)

    def _pin(self) -> None:
        self._document.pin()
        self._window.statusBar().showMessage(self.tr(
            "A is pinned: change any setting and the plots draw A dashed beside it; the Differences tab "
            "beside Settings lists what differs."), 8000)
