"""The main window's menus: File (app.window.file_actions), Edit, Presets, View and Help (app.window.help_menu).

Every action keeps its object name and keys (tests, and the "every key claimed once" check, find
them by name). The undo actions are made anew on a language change: QUndoStack fixes their
"Undo"/"Redo" prefix when it creates them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from PySide6.QtCore import QByteArray, QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QMenuBar, QWidget

from app.window.help_menu import HelpMenu
from app.window.shortcut_keys import redo_keys
from engine.setup.presets import PRESETS
from widgets.editors.matrix_view import MatrixView

if TYPE_CHECKING:
    from app.window.document import Document
    from app.window.file_actions import FileActions
    from app.window.presentation import Presentation
    from app.window.undo_routing import UndoRouting


class MenuWindow(Protocol):
    """What the menus act on (a QMainWindow: also the actions' parent)."""

    document: Document
    files: FileActions
    presentation: Presentation
    undo_routing: UndoRouting
    token_grid: MatrixView
    affine_grid: MatrixView

    def menuBar(self) -> QMenuBar: ...  # noqa: N802 (Qt's name)
    def close(self) -> bool: ...
    def restoreState(self, state: QByteArray) -> bool: ...  # noqa: N802
    def preset_name(self, preset_id: str) -> str: ...
    def load_preset(self, preset_id: str) -> None: ...
    def set_theme(self, choice: str) -> None: ...
    def set_language(self, choice: str) -> None: ...
    def bind_text(self, target, text: Callable[[], str]): ...


class Menus(QObject):
    """Builds the menu bar of ``window``; ``docks`` get View toggles, ``default_state`` is the layout
    "Restore default layout" goes back to."""

    def __init__(self, window: MenuWindow, docks: list[QDockWidget], default_state: Callable[[], QByteArray]):
        super().__init__(window)
        self._window = window
        self._choice_actions: dict[tuple[str, str], QAction] = {}
        self._undo_actions: list[QAction] = []
        self._last_grid = window.token_grid
        QApplication.instance().focusChanged.connect(self._on_focus_changed)
        bar = window.menuBar()

        file_menu = self._menu(bar, lambda: self.tr("&File"))
        window.files.build_menu(file_menu)
        file_menu.addSeparator()
        # StandardKey.Quit is empty on some platforms (Windows, and Linux outside a desktop session).
        self._action(file_menu, lambda: self.tr("&Quit"), window.close, QKeySequence("Ctrl+Q"), "quit")

        self._edit_menu = edit_menu = self._menu(bar, lambda: self.tr("&Edit"))
        edit_menu.addSeparator()  # the undo actions go above (retranslate)
        # The keys stay the grids' own (Ctrl+C elsewhere copies from the focused field or text): the
        # menu shows them and acts on the grid used last.
        self._action(edit_menu, lambda: _with_key(self.tr("&Copy"), QKeySequence.StandardKey.Copy),
                     lambda: self.grid().copy_selection(), name="editCopy")
        self._action(edit_menu, lambda: _with_key(self.tr("&Paste"), QKeySequence.StandardKey.Paste),
                     lambda: self.grid().paste(), name="editPaste")
        self._action(edit_menu, lambda: self.tr("Insert &token below"), lambda: window.token_grid.insert_tokens(1),
                     name="editInsertToken")
        self._action(edit_menu, lambda: self.tr("Insert &dimension right"), lambda: self.grid().insert_dims(1),
                     name="editInsertDimension")
        edit_menu.addSeparator()
        self._action(edit_menu, lambda: self.tr("Reset γ to 1 and β to 0"), window.document.reset_affine)

        preset_menu = self._menu(bar, lambda: self.tr("&Presets"))
        for number, preset_id in enumerate(PRESETS, start=1):  # Ctrl+1, Ctrl+2, ...: quick in a lecture
            self._action(preset_menu, lambda p=preset_id: window.preset_name(p),
                         lambda _=False, p=preset_id: window.load_preset(p),
                         QKeySequence(f"Ctrl+{number}") if number <= 9 else None, name=f"preset_{preset_id}")

        self.view_menu = view_menu = self._menu(bar, lambda: self.tr("&View"))
        for dock in docks:
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.presentation_action = self._action(view_menu, lambda: self.tr("&Presentation mode"),
                                                window.presentation.set_enabled, QKeySequence("F11"),
                                                "presentationMode")
        self.presentation_action.setCheckable(True)
        self._choice_menu(view_menu, lambda: self.tr("&Theme"), "theme", {
            "system": lambda: self.tr("Follow the system"), "light": lambda: self.tr("Light"),
            "dark": lambda: self.tr("Dark")}, window.set_theme)
        self._choice_menu(view_menu, lambda: self.tr("&Language"), "language", {
            "system": lambda: self.tr("Follow the system"), "en": lambda: "English",
            "zh_CN": lambda: "简体中文"}, window.set_language)
        view_menu.addSeparator()
        self._action(view_menu, lambda: self.tr("Restore default layout"),
                     lambda: window.restoreState(default_state()))

        self.help_menu = self._menu(bar, lambda: self.tr("&Help"))  # the last menu: TabHost.add_menu puts others before
        self.help = HelpMenu(window, self.help_menu, window.bind_text)

    def grid(self) -> MatrixView:
        """The grid with the focus, else the one used last (a menu opened with the mouse)."""
        return self._last_grid

    def check_choice(self, key: str, value: str) -> None:
        """Check ``value`` in the choice menu ``key`` ("theme", "language")."""
        action = self._choice_actions.get((key, value))
        if action is not None:
            action.setChecked(True)

    def retranslate(self) -> None:
        """Undo and Redo anew in the current language (their texts are fixed when they are made)."""
        for action in self._undo_actions:
            self._edit_menu.removeAction(action)
            action.setShortcuts([])  # until deleteLater runs it would still claim its keys (and its name)
            action.setObjectName("")
            action.deleteLater()
        stack = self._window.undo_routing  # the document's stack, or a tab's own: Model, Training (app.window.undo_routing)
        undo = stack.createUndoAction(self._window, self.tr("&Undo"))
        undo.setShortcuts(QKeySequence.StandardKey.Undo)
        redo = stack.createRedoAction(self._window, self.tr("&Redo"))
        redo.setShortcuts(redo_keys())  # Ctrl+Y and Ctrl+Shift+Z on every platform, each once
        undo.setObjectName("undo")
        redo.setObjectName("redo")
        self._edit_menu.insertActions(self._edit_menu.actions()[0], [undo, redo])
        self._undo_actions = [undo, redo]

    def _menu(self, parent: QMenuBar | QMenu, title: Callable[[], str]) -> QMenu:
        return self._window.bind_text(parent.addMenu(""), title)

    def _action(self, menu: QMenu, text: Callable[[], str], slot, shortcut=None, name: str | None = None) -> QAction:
        action = self._window.bind_text(QAction(self._window), text)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if name:
            action.setObjectName(name)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _choice_menu(self, parent: QMenu, title: Callable[[], str], key: str, choices: dict, apply) -> None:
        menu = self._menu(parent, title)
        group = QActionGroup(self)
        for value, text in choices.items():
            action = self._action(menu, text, lambda _=False, v=value: apply(v), name=f"{key}_{value}")
            action.setCheckable(True)
            group.addAction(action)
            self._choice_actions[(key, value)] = action

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        for grid in (self._window.token_grid, self._window.affine_grid):
            if new is not None and (new is grid or grid.isAncestorOf(new)):
                self._last_grid = grid


def _with_key(text: str, key: QKeySequence.StandardKey) -> str:
    """A menu text showing ``key`` after a tab, as Qt shows an action's own shortcut."""
    return f"{text}\t{QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)}"
