"""Autosave: the session is written (debounced, atomically) after edits; a crash leaves it behind
and the next start offers to restore it. A clean close removes it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from app.document import Document
from engine.io import atomic_write
from engine.session import SUFFIX, parse_session, session_json

DELAY_MS = 1500


class Autosave(QObject):
    def __init__(self, document: Document, path: Path, parent: QObject | None = None):
        super().__init__(parent)
        self._document = document
        self.path = Path(path)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        document.scenarioChanged.connect(lambda _: self._timer.start())

    @staticmethod
    def beside(settings_file: str) -> Path:
        """The autosave file kept in the same folder as the settings."""
        return Path(settings_file).resolve().parent / f"autosave{SUFFIX}"

    def save_now(self) -> None:
        self._timer.stop()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(self.path, session_json(self._document.scenario).encode("utf-8"))

    def has_recovery(self) -> bool:
        return self.path.is_file()

    def restore(self) -> str | None:
        """Load the left-behind session as one undo step; the reason if it can't be used."""
        try:
            scenario, _ = parse_session(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            return str(error)
        self._document.load_scenario(scenario, "Restore autosaved work")
        return None

    def discard(self) -> None:
        self._timer.stop()
        self.path.unlink(missing_ok=True)
