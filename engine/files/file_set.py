"""A set of files written into a folder as one: every file is first written into a fresh hidden folder
beside them, and only when all are complete do they replace the old ones, a rename each.

So a run that fails or is killed while it writes leaves the folder as it was: an earlier run's files
are never truncated, and never mixed with a half-written new set. The files of the set that the new
one doesn't write (an earlier run's ``sample.txt`` when this run samples nothing) are removed as the
new set goes in: what the folder holds then is one run's. Between the first and the last rename (well
under a millisecond) a kill would leave some of each: that is the one window left. The hidden folder
of a killed writer is named with its process id and removed by the next writer into the folder.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from engine.problem import QT_TRANSLATE_NOOP, FileProblem

#: The hidden folder's name starts so, then the writer's process id: ``ls`` hides it, and a leftover of a
#: killed writer is recognised as one.
TEMP_PREFIX = ".normscope-writing-"


class FileSet:
    """Files named ``names`` (in order; the last is replaced last) written into ``folder`` together.

    ``owned`` names every file such a set may hold: those the new set lacks are removed when it goes
    in. ``path(name)`` is where to write a file; ``commit()`` puts the set in place; ``discard()``
    drops it. Raises a FileProblem when ``folder`` can't be written or a name there is not a file.
    """

    def __init__(self, folder: Path, names: list[str], owned: list[str]):
        self.folder = Path(folder)
        self.names = list(names)
        self._stale = [n for n in owned if n not in self.names]
        create_folder(self.folder)
        self._check_targets()
        _remove_leftovers(self.folder)
        try:
            self.temp = Path(tempfile.mkdtemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=self.folder))
        except OSError as error:
            raise _unwritable(self.folder, error) from None

    def _check_targets(self) -> None:
        """Every name the set replaces or removes must be absent or a file (a folder there can't be replaced)."""
        for name in self.names + self._stale:
            target = self.folder / name
            try:
                mode = os.lstat(target).st_mode
            except FileNotFoundError:
                continue
            except OSError as error:
                raise _unwritable(target, error) from None
            if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
                raise FileProblem(target, QT_TRANSLATE_NOOP("Problem", "is not a file, so a new one can't replace it"))

    def leave_out(self, name: str) -> None:
        """The new set has no ``name`` after all: an old one is removed as the set goes in."""
        self.names.remove(name)
        self._stale.append(name)

    def path(self, name: str) -> Path:
        """Where to write ``name`` (inside the hidden folder until ``commit``)."""
        return self.temp / name

    def commit(self) -> None:
        """Put the new set in place of the old one; OSError (the old set untouched) when a file is missing."""
        for name in self.names:
            if not self.path(name).is_file():
                raise FileNotFoundError(f"{name} was not written")
        self._check_targets()
        for name in self._stale:  # first: until the renames, what is there is the old set, or less of it
            try:
                os.unlink(self.folder / name)
            except FileNotFoundError:
                pass
        for name in self.names:
            os.replace(self.path(name), self.folder / name)
        self.discard()

    def discard(self) -> None:
        """Remove the hidden folder and whatever was written into it."""
        shutil.rmtree(self.temp, ignore_errors=True)


def create_folder(folder: Path) -> None:
    """Make ``folder`` and its parents where missing; a FileProblem saying why it can't be one."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # the name is taken: a file, a FIFO, a link to nowhere
        raise FileProblem(folder, QT_TRANSLATE_NOOP("Problem", "exists and is not a folder")) from None
    except NotADirectoryError:
        raise FileProblem(folder, QT_TRANSLATE_NOOP("Problem", "can't be a folder: a file is in its path")) from None
    except OSError as error:
        raise _unwritable(folder, error) from None


def _remove_leftovers(folder: Path) -> None:
    """Remove the hidden folders of writers that were killed (their process is gone); a live one's stays."""
    for leftover in folder.glob(TEMP_PREFIX + "*"):
        pid = leftover.name[len(TEMP_PREFIX):].partition("-")[0]
        if pid.isdigit() and not _alive(int(pid)) and leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)


def _alive(pid: int) -> bool:
    if os.name != "posix":  # Windows' os.kill(pid, 0) would end that process, not ask about it
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's, or a number no process has: leave it be
    return True


def _unwritable(path: Path, error: OSError) -> FileProblem:
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "can't be written ({reason})"),
                       reason=error.strerror or str(error))
