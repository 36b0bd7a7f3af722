"""Autosave: after edits (debounced) a snapshot of the session is written atomically, off the UI
thread. A crash, or closing with unsaved edits, leaves it behind and the next start offers to
restore it; a close with nothing unsaved removes it.

Each running NormScope owns its own snapshot file, claimed with a lock file: two windows open at
once never overwrite, offer or delete each other's work. Half-written copies that a kill during a
write left behind are removed by the next NormScope that holds their slot's lock.

Nothing here stops a start: a snapshot that can't be read is set aside (renamed) with a note; a
folder that can't be written (read-only, full) turns autosave off but still offers the snapshot
that is there; and when a write fails, the window asks before closing (see ``save_and_wait``).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QSysInfo, QThreadPool, QTimer, Signal

from app.document import Document
from app.disk_checks import set_aside, write_problem
from widgets.common.problem_text import describe

# engine.io and engine.state.session are imported when first used (not needed for the first paint).

DELAY_MS = 1500
SLOTS = 16  # snapshot files per settings folder, one per NormScope running at the same time


def _slot(folder: Path, n: int) -> tuple[QLockFile, Path]:
    name = "autosave" if n == 0 else f"autosave-{n}"  # slot 0 keeps the name of single-file versions
    lock = QLockFile(str(folder / f"{name}.lock"))
    lock.setStaleLockTime(0)  # a lock is stale only when its process is gone, however long it ran
    return lock, folder / f"{name}.normscope.npz"


def _temporaries(snapshot: Path, names: list[str]) -> list[Path]:
    """The copies ``engine.io.atomic_write`` writes before renaming them over ``snapshot``, among the
    ``names`` in its folder."""
    prefix = f".{snapshot.name}."
    return [snapshot.parent / name for name in names if name.startswith(prefix)]


def _remove_temporaries(slots: list[tuple[QLockFile, Path]], ours: QLockFile) -> None:
    """Delete the half-written copies of every slot no running NormScope holds (a live one may be
    writing its own right now)."""
    try:
        names = os.listdir(slots[0][1].parent)  # one listing for every slot (a glob each cost ~3 ms at start)
    except OSError:
        return
    for lock, path in slots:
        leftovers = _temporaries(path, names)
        if not leftovers:
            continue
        borrowed = lock is not ours and lock.tryLock(0)
        if lock is ours or borrowed:
            for leftover in leftovers:
                try:
                    leftover.unlink()
                except OSError:
                    pass  # read-only: it stays, and harms nothing
        if borrowed:
            lock.unlock()


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
                _remove_temporaries(slots, lock)
                return lock, path
    return None, None


def _holder_is_gone(lock: QLockFile) -> bool:
    """Whether the process named in a lock file that can't be removed (a read-only folder) is gone."""
    found, pid, host, _ = lock.getLockInfo()
    if not found or host != QSysInfo.machineHostName() or os.name != "posix":
        return False  # can't tell: count it as running
    try:
        os.kill(pid, 0)  # signal 0 only asks whether the process exists
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def unclaimable_snapshot(folder: Path) -> Path | None:
    """A snapshot left behind in a folder where no lock can be written (full, read-only): it can
    still be read and offered, though this NormScope can't autosave there."""
    for n in range(SLOTS):
        lock, path = _slot(folder, n)
        if not path.is_file():
            continue
        if lock.tryLock(0):  # room again after all: nobody owns it
            lock.unlock()
            return path
        if lock.error() != QLockFile.LockError.LockFailedError or _holder_is_gone(lock):
            return path  # no lock file could be written, so none was there: nobody owns it
    return None


class Autosave(QObject):
    failed = Signal(str)  # emitted from the writer thread, delivered on the UI thread

    def __init__(self, document: Document, folder: Path, parent: QObject | None = None):
        """Snapshots go to a file of ``folder`` that this instance claims (see ``claim_snapshot``);
        ``path`` is None when there is none to claim, and autosave is off. ``recovery`` is the
        left-behind snapshot to offer, if any (the claimed file, or one that can only be read)."""
        super().__init__(parent)
        self._document = document
        self._lock, self.path = claim_snapshot(Path(folder))
        self.recovery = self.path if self.path is not None else unclaimable_snapshot(Path(folder))
        self.off_reason: str | None = None  # why autosave is off, when it is
        if self.path is None:
            self.off_reason = write_problem(Path(folder)) or self.tr(
                "every autosave file in {folder} is in use by another NormScope").format(folder=folder)
        self.error: str | None = None  # why the last write failed; None after a good one
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        # One writer thread: snapshots land in the order they were taken, the last one wins.
        self._writer = QThreadPool(self)
        self._writer.setMaxThreadCount(1)
        self.released = False  # True once the window closed: no more snapshots, the file is given up
        document.scenarioChanged.connect(lambda _: self._timer.start())

    def save_now(self) -> None:
        """Write the current scenario (its arrays are immutable, so the thread may read them)."""
        from engine.io import atomic_write
        from engine.state.session import session_npz

        self._timer.stop()
        if self.released or self.path is None:
            return  # off, or the window closed: the file may belong to another instance by now
        scenario, path = self._document.scenario, self.path

        def write() -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write(path, session_npz(scenario), mode=0o600)  # a recovery copy stays private
            except Exception as error:  # noqa: BLE001 - a full or read-only disk above all; never raise off-thread
                self.error = str(error) or type(error).__name__
                self.failed.emit(self.error)
            else:
                self.error = None

        self._writer.start(write)

    def save_and_wait(self) -> str | None:
        """Write the current scenario now and wait: None once it is on disk, else why it is not."""
        if self.path is None:
            return self.off_reason
        self.save_now()
        self.wait()
        return self.error

    def wait(self) -> None:
        self._writer.waitForDone()

    def has_recovery(self) -> bool:
        return self.recovery is not None and self.recovery.is_file()

    def restore(self) -> str | None:
        """Load the left-behind session as one undo step; the reason if it can't be used, in which
        case the snapshot is set aside (renamed) so that it is not offered again."""
        from engine.state.session import read_snapshot

        try:
            scenario, _ = read_snapshot(self.recovery)  # a regular file under the session cap only
        except Exception as error:  # noqa: BLE001 - whatever a damaged file raises, the start goes on
            problem = describe(error) or type(error).__name__
        else:
            self._document.load_scenario(scenario, self.tr("Restore autosaved work"))
            return None
        try:
            aside = set_aside(self.recovery)
        except OSError as error:
            return self.tr("{problem}; it could not be set aside either ({error})").format(problem=problem, error=error)
        return self.tr("{problem}; it was set aside as {name}").format(problem=problem, name=aside.name)

    def discard(self) -> None:
        self._timer.stop()
        self._writer.waitForDone()
        target = self.path or self.recovery
        if target is None:
            return
        try:
            target.unlink(missing_ok=True)
        except OSError:
            pass  # nothing readable is left there to restore anyway

    def release(self) -> None:
        """Stop saving and give the file up (the window closed): the next start may claim it."""
        self._timer.stop()
        self._writer.waitForDone()
        self.released = True
        if self._lock is not None:
            self._lock.unlock()
