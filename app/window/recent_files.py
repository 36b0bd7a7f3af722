"""File → Open recent: the files opened or saved last (plain strings in the settings), newest first."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QMenu

from app.window import settings_file

MAX_RECENT = 8


class RecentFiles(QObject):
    def __init__(self, settings: QSettings, parent: QObject | None = None):
        super().__init__(parent)
        self._settings = settings

    def recent_files(self) -> list[str]:
        return settings_file.text_list(self._settings, "files/recent")

    def remember(self, path: Path) -> None:
        """``path`` first in the list (once)."""
        resolved = str(Path(path).resolve())
        recent = [resolved] + [p for p in self.recent_files() if p != resolved]
        self._settings.setValue("files/recent", recent[:MAX_RECENT])

    def fill_menu(self, menu: QMenu, open_path: Callable[[str], object]) -> None:
        """``menu`` lists the recent files anew; choosing one calls ``open_path`` with it."""
        menu.clear()
        recent = self.recent_files()
        for path in recent:
            menu.addAction(path).triggered.connect(lambda _=False, p=path: open_path(p))
        if not recent:
            menu.addAction(self.tr("(none)")).setEnabled(False)
