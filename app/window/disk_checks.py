"""Files and folders NormScope can't use: a file is set aside (renamed, never deleted), a folder
is tried before it is relied on."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def set_aside(path: Path) -> Path:
    """Rename ``path`` beside itself to ``NAME.set-aside-YYYYmmdd-HHMMSS`` (never over an older one)
    and return the new path; OSError when it can't be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        aside = path.with_name(f"{path.name}.set-aside-{stamp}" + (f"-{n}" if n else ""))
        if not os.path.lexists(aside):
            os.rename(path, aside)
            return aside
    raise FileExistsError(path)


def write_problem(folder: Path) -> str | None:
    """Why a small file can't be written in ``folder`` (created if needed); None when it can.

    A few bytes are written, not just a name created: on a full disk an empty file still fits."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, probe = tempfile.mkstemp(prefix=".normscope-probe-", dir=folder)
        try:
            os.write(descriptor, b"NormScope checks that this folder can be written.\n")
        finally:
            os.close(descriptor)
            os.unlink(probe)
    except OSError as error:
        return str(error)
    return None
