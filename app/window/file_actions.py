"""The File menu: sessions (app.window.session_files), imports (file_imports), table and figure exports
(table_exports, figure_exports), recent files (recent_files), and a dropped file opened by its type.

Each operation has a dialog-free method on its part (used by tests and scripts) and a menu action that
asks for the file. A file that can't be used leaves the session exactly as it was and says why
(app.window.file_dialogs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from app.window.figure_exports import FigureExports
from app.window.file_dialogs import FileDialogs, FileWindow
from app.window.file_imports import FileImports
from app.window.recent_files import RecentFiles
from app.window.session_files import SUFFIX, SessionFiles
from app.window.table_exports import TABLES, TableExports
from widgets.common.retranslation import TextBinder

if TYPE_CHECKING:
    from app.window.training_session import TrainingSession


class FileActions(QObject):
    """The parts as ``sessions``, ``imports``, ``tables``, ``figures`` and ``recent`` (and the ``dialogs`` they
    share); ``build_menu`` fills the File menu with their actions."""

    def __init__(self, window: FileWindow, settings: QSettings, texts: TextBinder, training: TrainingSession):
        super().__init__(window)
        self._texts = texts
        self.dialogs = dialogs = FileDialogs(window, settings)
        self.recent = RecentFiles(settings, self)
        self.sessions = SessionFiles(dialogs, self.recent, training)
        self.imports = FileImports(dialogs, self.recent)
        self.tables = TableExports(dialogs)
        self.figures = FigureExports(dialogs, settings)
        self._window = window

    def open_path(self, path) -> bool:
        """Open a session, or import a matrix or γ/β file, by its type (a dropped or recent file)."""
        name = str(path).lower()
        if name.endswith(SUFFIX) or name.endswith(".json"):
            return self.sessions.open_session(path)
        if name.endswith(".safetensors"):
            return self.imports.ask_and_import_vector(path)
        return self.imports.import_matrix(path)

    def build_menu(self, menu: QMenu) -> None:
        sessions, imports, tables, figures = self.sessions, self.imports, self.tables, self.figures
        self._action(menu, lambda: self.tr("&Open session…"), sessions.open_session_dialog,
                     QKeySequence.StandardKey.Open)
        self._action(menu, lambda: self.tr("&Save session"), sessions.save, QKeySequence.StandardKey.Save)
        self._action(menu, lambda: self.tr("Save session &as…"), sessions.save_session_as, QKeySequence("Ctrl+Shift+S"))
        recent_menu = self._texts.bind(menu.addMenu(""), lambda: self.tr("Open &recent"))
        recent_menu.aboutToShow.connect(lambda: self.recent.fill_menu(recent_menu, self.open_path))
        menu.addSeparator()
        self._action(menu, lambda: self.tr("&Import matrix…"), imports.import_matrix_dialog, QKeySequence("Ctrl+I"))
        self._action(menu, lambda: self.tr("Import &γ…"), lambda: imports.import_vector_dialog("gamma"))
        self._action(menu, lambda: self.tr("Import &β…"), lambda: imports.import_vector_dialog("beta"))
        self._action(menu, lambda: self.tr("Export &matrix…"), tables.export_matrix_dialog)
        menu.addSeparator()
        table_menu = self._texts.bind(menu.addMenu(""), lambda: self.tr("Export &table"))
        copies = self._texts.bind(menu.addMenu(""), lambda: self.tr("&Copy table"))
        for name in TABLES:
            self._action(table_menu, lambda n=name: tables.table_titles()[n] + "…",
                         lambda _=False, n=name: tables.export_table_dialog(n))
            self._action(copies, lambda n=name: self.tr("{table} as Markdown").format(table=tables.table_titles()[n]),
                         lambda _=False, n=name: tables.copy_table(n, ".md"))
            self._action(copies, lambda n=name: self.tr("{table} as LaTeX").format(table=tables.table_titles()[n]),
                         lambda _=False, n=name: tables.copy_table(n, ".tex"))
        # Filled when opened: tabs and modules add figures after the menu is made.
        figure_menu = self._texts.bind(menu.addMenu(""), lambda: self.tr("Export &plot"))
        figure_menu.aboutToShow.connect(lambda: self._fill_figure_menu(figure_menu))
        self._action(menu, lambda: self.tr("Export &all figures…"), figures.export_all_dialog)
        self._action(menu, lambda: self.tr("Export &window as PNG…"), lambda: figures.export_figure_dialog("window"),
                     QKeySequence("Ctrl+E"))

    def _action(self, menu: QMenu, text, slot, shortcut=None) -> QAction:
        action = self._texts.bind(QAction(self._window), text)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _fill_figure_menu(self, menu: QMenu) -> None:
        menu.clear()
        for name, title in self._window.figure_titles().items():
            menu.addAction(title + "…").triggered.connect(
                lambda _=False, n=name: self.figures.export_figure_dialog(n))
