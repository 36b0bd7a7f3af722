"""Autosave: after edits (debounced) a snapshot of the session is written atomically, off the UI
thread. A crash, or closing with unsaved edits, leaves it behind and the next start offers to
restore it; a close with nothing unsaved removes it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from app.document import Document
from widgets.problem_text import describe

# engine.io and engine.session are imported when first used (not needed for the first paint).

DELAY_MS = 1500


class Autosave(QObject):
    failed = Signal(str)  # emitted from the writer thread, delivered on the UI thread

    def __init__(self, document: Document, path: Path, parent: QObject | None = None):
        super().__init__(parent)
        self._document = document
        self.path = Path(path)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        # One writer thread: snapshots land in the order they were taken, the last one wins.
        self._writer = QThreadPool(self)
        self._writer.setMaxThreadCount(1)
        document.scenarioChanged.connect(lambda _: self._timer.start())

    @staticmethod
    def beside(settings_file: str) -> Path:
        """The autosave file kept in the same folder as the settings."""
        return Path(settings_file).resolve().parent / "autosave.normscope.npz"

    def save_now(self) -> None:
        """Write the current scenario (its arrays are immutable, so the thread may read them)."""
        from engine.io import atomic_write
        from engine.session import session_npz

        self._timer.stop()
        scenario, path = self._document.scenario, self.path

        def write() -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write(path, session_npz(scenario))
            except OSError as error:  # a full or read-only disk: say so, never a dialog off-thread
                self.failed.emit(str(error))

        self._writer.start(write)

    def wait(self) -> None:
        self._writer.waitForDone()

    def has_recovery(self) -> bool:
        return self.path.is_file()

    def restore(self) -> str | None:
        """Load the left-behind session as one undo step; the reason if it can't be used."""
        from engine.session import parse_session_npz

        try:
            scenario, _ = parse_session_npz(self.path.read_bytes())
        except (OSError, ValueError) as error:
            return describe(error)
        self._document.load_scenario(scenario, self.tr("Restore autosaved work"))
        return None

    def discard(self) -> None:
        self._timer.stop()
        self._writer.waitForDone()
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass  # nothing readable is left there to restore anyway
