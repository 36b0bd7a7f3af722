"""Autosave: after edits (debounced) a snapshot of the session is written atomically, off the UI
thread. A crash, or closing with unsaved edits, leaves it behind and the next start offers to
restore it; a close with nothing unsaved removes it.

Each running NormScope owns its own snapshot file, claimed with a lock file: two windows open at
once never overwrite, offer or delete each other's work.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QThreadPool, QTimer, Signal

from app.document import Document
from widgets.common.problem_text import describe

# engine.io and engine.session are imported when first used (not needed for the first paint).

DELAY_MS = 1500
SLOTS = 16  # snapshot files per settings folder, one per NormScope running at the same time


def _slot(folder: Path, n: int) -> tuple[QLockFile, Path]:
    name = "autosave" if n == 0 else f"autosave-{n}"  # slot 0 keeps the name of single-file versions
    lock = QLockFile(str(folder / f"{name}.lock"))
    lock.setStaleLockTime(0)  # a lock is stale only when its process is gone, however long it ran
    return lock, folder / f"{name}.normscope.npz"


def claim_snapshot(folder: Path) -> tuple[QLockFile, Path] | tuple[None, None]:
    """A snapshot file no running NormScope owns, and its lock: one that a crash or an unsaved close
    left behind first (so that it is offered), else the first free one. None, None without a usable
    folder or a free slot."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None, None
    slots = [_slot(folder, n) for n in range(SLOTS)]
    for left_behind in (True, False):
        for lock, path in slots:
            if path.is_file() == left_behind and lock.tryLock(0):
                return lock, path
    return None, None


class Autosave(QObject):
    failed = Signal(str)  # emitted from the writer thread, delivered on the UI thread

    def __init__(self, document: Document, folder: Path, parent: QObject | None = None):
        """Snapshots go to a file of ``folder`` that this instance claims (see ``claim_snapshot``);
        ``path`` is None when there is none to claim, and autosave is off."""
        super().__init__(parent)
        self._document = document
        self._lock, self.path = claim_snapshot(Path(folder))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        # One writer thread: snapshots land in the order they were taken, the last one wins.
        self._writer = QThreadPool(self)
        self._writer.setMaxThreadCount(1)
        self._released = False
        document.scenarioChanged.connect(lambda _: self._timer.start())

    def save_now(self) -> None:
        """Write the current scenario (its arrays are immutable, so the thread may read them)."""
        from engine.io import atomic_write
        from engine.session import session_npz

        self._timer.stop()
        if self._released or self.path is None:
            return  # off, or the window closed: the file may belong to another instance by now
        scenario, path = self._document.scenario, self.path

        def write() -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write(path, session_npz(scenario), mode=0o600)  # a recovery copy stays private
            except OSError as error:  # a full or read-only disk: say so, never a dialog off-thread
                self.failed.emit(str(error))

        self._writer.start(write)

    def wait(self) -> None:
        self._writer.waitForDone()

    def has_recovery(self) -> bool:
        return self.path is not None and self.path.is_file()

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
        if self.path is None:
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass  # nothing readable is left there to restore anyway

    def release(self) -> None:
        """Stop saving and give the file up (the window closed): the next start may claim it."""
        self._timer.stop()
        self._writer.waitForDone()
        self._released = True
        if self._lock is not None:
            self._lock.unlock()
