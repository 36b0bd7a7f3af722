"""Reading a user's file whole, safely: regular files only, never more than a declared number of bytes.

A path may name a FIFO (opening it for reading waits for a writer), a device (/dev/zero and
/dev/urandom never end), a folder or a socket. The file is opened non-blocking, so even a FIFO
opens at once, and ``fstat`` on the open descriptor (not the path, which could change in between)
must say "regular file" before a byte is read. The read stops one byte past the cap: a file that
grows while it is read is refused like one that was too big from the start.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

from engine.problem import QT_TRANSLATE_NOOP, FileProblem

#: Bytes read per step: each step reports progress and gives a cancel request its chance.
STEP_BYTES = 1 << 20

#: Hears the fraction of the work done, from 0 to 1; raising ``Cancelled`` stops the load.
Progress = Callable[[float], None]


class Cancelled(Exception):
    """The person stopped a load; whatever was read is dropped."""


def unreadable(path, error: OSError) -> FileProblem:
    """The file at ``path`` can't be read, for the operating system's ``error``."""
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "can't be read ({reason})"),
                       reason=error.strerror or str(error))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return QT_TRANSLATE_NOOP("Problem", "is a folder, not a file")
    if stat.S_ISFIFO(mode):
        return QT_TRANSLATE_NOOP("Problem", "is a pipe (FIFO), not a file; only regular files are read")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return QT_TRANSLATE_NOOP("Problem", "is a device, not a file; only regular files are read")
    return QT_TRANSLATE_NOOP("Problem", "is not a regular file; only regular files are read")


def _too_big(path, size: int, limit: int) -> FileProblem:
    """``path`` holds ``size`` bytes, more than ``limit``."""
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is {size} MB; files above {limit} MB are refused"),
                       size=f"{size / 2**20:.1f}", limit=f"{limit / 2**20:g}")


def open_regular_file(path) -> int:
    """A read-only descriptor of ``path`` once ``fstat`` says it is a regular file (the caller closes
    it); a FIFO, device, folder, socket, symlink loop or missing file is a FileProblem at once."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:  # a socket refuses to open (ENXIO); a missing file, no permission, ...
        raise unreadable(path, error) from None
    try:
        mode = os.fstat(fd).st_mode
    except OSError as error:
        os.close(fd)
        raise unreadable(path, error) from None
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise FileProblem(path, _kind(mode))
    return fd


def read_regular_file(path, limit: int, progress: Progress | None = None) -> bytearray:
    """All bytes of the regular file at ``path``, if there are at most ``limit`` of them.

    Raises a FileProblem for anything else (a FIFO, device, folder or socket, a missing or
    unreadable file, an empty one, one above ``limit``) and ``Cancelled`` when ``progress`` does.
    """
    fd = open_regular_file(path)
    try:
        info = os.fstat(fd)
        if info.st_size > limit:
            raise _too_big(path, info.st_size, limit)
        if info.st_size == 0:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is empty"))
        # Read straight into one buffer of the declared size: no second copy of a 256 MB file.
        data = bytearray(info.st_size)
        view, total = memoryview(data), 0
        while total < len(data):
            count = os.readv(fd, [view[total:total + STEP_BYTES]])
            if count == 0:  # the file shrank while it was read
                break
            total += count
            if progress is not None:
                progress(total / len(data))
        view.release()
        del data[total:]
        if total == len(data) and os.read(fd, 1):  # it grew: the size said is not the size there is
            raise _too_big(path, total + 1, limit) if total + 1 > limit else FileProblem(
                path, QT_TRANSLATE_NOOP("Problem", "changed while it was read; try again"))
    except OSError as error:
        raise unreadable(path, error) from None
    finally:
        os.close(fd)
    if not data:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is empty"))
    return data


def scaled(progress: Progress | None, start: float, stop: float) -> Progress | None:
    """``progress`` for one part of a load, which maps its 0..1 onto ``start``..``stop``."""
    if progress is None:
        return None
    return lambda fraction: progress(start + (stop - start) * fraction)
