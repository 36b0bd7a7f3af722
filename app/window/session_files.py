"""Session files: open and save the whole session (the scenario, the scenario pinned as A and the Training
tab's runs, read from and given to the TrainingSession), and which file the session is (the window's
title names it; Save goes there again)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from widgets.common.problem_text import describe

# engine.files.io and engine.state.session are imported when first used, not at start-up.

if TYPE_CHECKING:
    from app.window.file_dialogs import FileDialogs
    from app.window.recent_files import RecentFiles
    from app.window.training_session import TrainingSession

SUFFIX = ".normscope.json"  # engine.state.session.SUFFIX (checked by a test), without importing it at start
SESSION_FILTER = f"NormScope sessions (*{SUFFIX})"


class SessionFiles(QObject):
    #: The session's file changed (opened, or saved under a new name): the window title names it.
    sessionPathChanged = Signal()

    def __init__(self, dialogs: FileDialogs, recent: RecentFiles, training: TrainingSession):
        super().__init__(dialogs)
        self._dialogs, self._recent, self._training = dialogs, recent, training
        self._document = dialogs.window.document
        self.session_path: Path | None = None

    def open_session(self, path) -> bool:
        from engine.state.session import read_session_contents

        path = Path(path)
        loaded = self._dialogs.load(path, lambda progress: read_session_contents(path, progress))
        if loaded is None:
            return False
        self._document.load_scenario(loaded.scenario, self.tr("Open {name}").format(name=path.name))
        if loaded.pinned is not None:  # a session without A keeps the A pinned before, to compare with
            self._document.pin_scenario(loaded.pinned)
        self._training.load_runs(loaded.runs)  # what the file holds: nothing to save yet
        self._document.undo_stack.setClean()
        self.set_session_path(path)
        self._remember(path)
        self._dialogs.status("; ".join([self.tr("Opened {name}").format(name=path.name)]
                                       + [describe(w) for w in loaded.warnings]))
        return True

    def save_session(self, path) -> bool:
        from engine.files.io import atomic_write
        from engine.state.session import session_json

        path = Path(path)
        if not path.name.endswith(SUFFIX):
            path = path.with_name(path.name.removesuffix(".json") + SUFFIX)
        try:
            pinned = self._document.pinned
            atomic_write(path, session_json(self._document.scenario, self._training.run_records(),
                                            pinned.scenario if pinned is not None else None).encode("utf-8"))
        except OSError as error:
            return self._dialogs.refuse(self.tr("{name} could not be saved: {error}").format(name=path.name,
                                                                                            error=error))
        self._document.undo_stack.setClean()
        self._training.mark_saved()
        self.set_session_path(path)
        self._remember(path)
        self._dialogs.status(self.tr("Saved {path}").format(path=path))
        return True

    def save(self) -> bool:
        """Save to the session's file, asking for one if it has none; whether it was saved."""
        if self.session_path is not None:
            return self.save_session(self.session_path)
        return self.save_session_as()

    def save_session_as(self) -> bool:
        """Ask where, and save the session there; whether it was saved."""
        name = (self._document.scenario.name or "session") + SUFFIX
        path = self._dialogs.ask_save(self.tr("Save session"), SESSION_FILTER, name)
        return bool(path) and self.save_session(path)

    def open_session_dialog(self) -> None:
        if path := self._dialogs.ask_open(self.tr("Open session"), SESSION_FILTER):
            self.open_session(path)

    def set_session_path(self, path: Path) -> None:
        """The session is the file ``path`` (opened, saved, or an autosave snapshot's): Save goes there."""
        if path != self.session_path:
            self.session_path = path
            self.sessionPathChanged.emit()

    def _remember(self, path: Path) -> None:
        self._recent.remember(path)
        self._dialogs.remember_folder(path.parent)
