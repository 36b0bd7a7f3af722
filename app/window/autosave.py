"""Autosave: after edits (debounced) a snapshot of the session is written atomically, off the UI
thread. A crash, or closing with unsaved edits, leaves it behind and the next start offers to
restore it; a close with nothing unsaved removes it.

The snapshot holds the whole session: the scenario, the scenario pinned as A, the training runs (as a
saved session keeps them, bounded) and the session's file, so that a restored session saved over its
file keeps A and the runs. Pinning, swapping or clearing A snapshots as an edit does; training runs are
looked at every few seconds and snapshotted when they have grown (a run still training comes back as
the steps it had done). The runs are copied and their JSON made again only when they changed (on the
writer thread): an edit writes the arrays and a cached section.

Each running NormScope owns its own snapshot file, claimed with a lock file: two windows open at
once never overwrite, offer or delete each other's work. Half-written copies that a kill during a
write left behind are removed by the next NormScope that holds their slot's lock.

Nothing here stops a start: a snapshot that can't be read is set aside (renamed) with a note; a
folder that can't be written (read-only, full) turns autosave off but still offers the snapshot
that is there; and when a write fails, the window asks before closing (see ``save_and_wait``).
"""

from __future__ import annotations

import copy
import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLockFile, QObject, QSysInfo, QThreadPool, QTimer, Signal

from app.window.document import Document
from app.window.disk_checks import set_aside, write_problem
from widgets.common.problem_text import describe

if TYPE_CHECKING:
    from app.window.session_files import SessionFiles
    from app.window.training_session import TrainingSession

# engine.files.io and engine.state.session are imported when first used (not needed for the first paint).

DELAY_MS = 1500
#: How often the training runs are looked at while a snapshot may be missing their newest steps.
TRAINING_CHECK_MS = 5000
SLOTS = 16  # snapshot files per settings folder, one per NormScope running at the same time


def _slot(folder: Path, n: int) -> tuple[QLockFile, Path]:
    name = "autosave" if n == 0 else f"autosave-{n}"  # slot 0 keeps the name of single-file versions
    lock = QLockFile(str(folder / f"{name}.lock"))
    lock.setStaleLockTime(0)  # a lock is stale only when its process is gone, however long it ran
    return lock, folder / f"{name}.normscope.npz"


def _temporaries(snapshot: Path, names: list[str]) -> list[Path]:
    """The copies ``engine.files.io.atomic_write`` writes before renaming them over ``snapshot``, among the
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

    def __init__(self, document: Document, folder: Path, parent: QObject | None = None,
                 files: SessionFiles | None = None, training: TrainingSession | None = None):
        """Snapshots go to a file of ``folder`` that this instance claims (see ``claim_snapshot``);
        ``path`` is None when there is none to claim, and autosave is off. ``recovery`` is the
        left-behind snapshot to offer, if any (the claimed file, or one that can only be read).
        ``files`` gives the session's file and ``training`` the runs (without them: the scenario and A only)."""
        super().__init__(parent)
        self._document = document
        self._files = files
        self._training = training
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
        self._pinned_scenario = None  # A's scenario as last seen: its stack finishing is no change
        document.pinChanged.connect(self._on_pin_changed)
        # The runs as last copied for the writer, and (the writer's own) their section as last made from
        # them, each with the fingerprint of the runs it is for (see _runs_fingerprint).
        self._copied_runs, self._copied_fingerprint = (), ()
        self._section, self._section_fingerprint = b"", ()
        self._saved_fingerprint: tuple = ()
        if files is not None:
            files.sessionPathChanged.connect(self._timer.start)
        if training is not None:
            training.unsavedChanged.connect(lambda _: self._timer.start())
            self._training_check = QTimer(self)
            self._training_check.setInterval(TRAINING_CHECK_MS)
            self._training_check.timeout.connect(self._snapshot_if_runs_grew)
            self._training_check.start()

    def _on_pin_changed(self, result) -> None:
        scenario = result.scenario if result is not None else None
        if scenario is not self._pinned_scenario:
            self._pinned_scenario = scenario
            self._timer.start()

    def _runs(self) -> tuple:
        return self._training.run_records() if self._training is not None else ()

    @staticmethod
    def _runs_fingerprint(runs) -> tuple:
        """Which runs there are and how far each has come: it changes whenever a step is recorded."""
        return tuple((id(r.history), r.history.count, r.history.diverged_at) for r in runs)

    def _snapshot_if_runs_grew(self) -> None:
        if self._runs_fingerprint(self._runs()) != self._saved_fingerprint and not self._timer.isActive():
            self.save_now()

    def _runs_for_writer(self) -> tuple[tuple, tuple]:
        """The runs copied for the writer thread, and their fingerprint: copied again only when they changed
        (an edit reuses them). The TrainingSession appends to the histories on this thread while the
        writer would read them."""
        runs = self._runs()
        fingerprint = self._runs_fingerprint(runs)
        if fingerprint != self._copied_fingerprint:
            self._copied_runs = tuple(dataclasses.replace(r, history=copy.deepcopy(r.history)) for r in runs)
            self._copied_fingerprint = fingerprint
        return self._copied_runs, fingerprint

    def _training_section(self, runs: tuple, fingerprint: tuple) -> bytes:
        """On the writer thread: the runs' section, made again only for other runs (~25 ms a run)."""
        from engine.state.session import training_section_bytes

        if fingerprint != self._section_fingerprint:
            self._section, self._section_fingerprint = training_section_bytes(runs), fingerprint
        return self._section

    def save_now(self) -> None:
        """Write the current session (the scenarios' arrays are immutable, so the thread may read them)."""
        from engine.files.io import atomic_write
        from engine.state.session import session_npz

        self._timer.stop()
        if self.released or self.path is None:
            return  # off, or the window closed: the file may belong to another instance by now
        scenario, path = self._document.scenario, self.path
        pinned = self._document.pinned.scenario if self._document.pinned is not None else None
        runs, fingerprint = self._runs_for_writer()
        self._saved_fingerprint = fingerprint
        files = self._files
        session_path = str(files.session_path) if files is not None and files.session_path is not None else None
        runs_unsaved = self._training is not None and self._training.unsaved

        def write() -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                training = self._training_section(runs, fingerprint)
                data = session_npz(scenario, pinned, training, session_path, runs_unsaved)
                atomic_write(path, data, mode=0o600)  # a recovery copy stays private
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
        """Load the left-behind session (the scenario as one undo step, A pinned again, the runs and the
        session's file); the reason if it can't be used, in which case the snapshot is set aside
        (renamed) so that it is not offered again."""
        from engine.state.session import read_snapshot_file

        try:
            snapshot = read_snapshot_file(self.recovery)  # a regular file under the snapshot cap only
        except Exception as error:  # noqa: BLE001 - whatever a damaged file raises, the start goes on
            problem = describe(error) or type(error).__name__
        else:
            contents = snapshot.contents
            self._document.load_scenario(contents.scenario, self.tr("Restore autosaved work"))
            if contents.pinned is not None:
                self._document.pin_scenario(contents.pinned)
            if self._training is not None:  # a run with no file to hold it is unsaved whatever was noted
                self._training.load_runs(contents.runs, snapshot.runs_unsaved or (
                    bool(contents.runs) and snapshot.session_path is None))
            if self._files is not None and snapshot.session_path is not None:
                self._files.set_session_path(Path(snapshot.session_path))
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
