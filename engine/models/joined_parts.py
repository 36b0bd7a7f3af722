"""A model file that installs in parts (Gemma 3's GGUF comes as four chunk packages of 61–64 MB each),
joined once into one file in the user's cache folder, which the GGUF reader then maps like any other.

Joining costs a copy (253 MB: about 0.1 s of system time here, and that much disk space again) and a
SHA-256 check against the checksum the model's package lists (0.8 s), once; every later open only
compares sizes. Reading the parts as one stream instead would save the disk space but not fit the
reader's single memory map: tensors straddle the parts (the 262,144-row embedding spans three of them),
so each would have to be copied out on every open.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from pathlib import Path

from engine.files.bounded_read import read_regular_file
from engine.problem import QT_TRANSLATE_NOOP, Problem

#: The most a checksum list (``SHA256SUMS``: a line per file) may take.
MAX_CHECKSUMS_BYTES = 64 << 10
_BLOCK = 1 << 20


def cache_folder() -> Path:
    """The user's cache folder for NormScope (what can be made again from what is installed)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "NormScope" / "Cache"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches" / "NormScope"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "normscope"
    return base


def listed_checksum(sums: Path, name: str) -> str:
    """The SHA-256 that checksum list ``sums`` (``<hex>  <file name>`` lines) gives for file ``name``."""
    try:
        text = bytes(read_regular_file(sums, MAX_CHECKSUMS_BYTES)).decode("utf-8", "replace")
    except Problem as problem:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "The model's checksum list can't be read: {reason}"),
                      reason=str(problem)) from None
    for line in text.splitlines():
        digest, _, listed = line.strip().partition(" ")
        if listed.strip().lstrip("*") == name and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest.lower()):
            return digest.lower()
    raise Problem(QT_TRANSLATE_NOOP("Problem", "The model's checksum list {path} names no {name}"), path=str(sums), name=name)


def join_parts(parts: list[Path], target: Path, checksum: str, title: str) -> Path:
    """``target``, made from ``parts`` in order unless it is there already with their total size; a
    failure (a part missing, a full disk, a checksum that differs) is a Problem and leaves no file."""
    try:
        total = sum(part.stat().st_size for part in parts)
    except OSError as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "A part of {model} is missing ({reason}); reinstall it"),
                      model=title, reason=error.strerror or str(error)) from None
    try:
        if target.is_file() and target.stat().st_size == total:
            return target
    except OSError:
        pass
    partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
    digest = hashlib.sha256()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(partial, "wb") as joined:
            for part in parts:
                with open(part, "rb") as piece:
                    while block := piece.read(_BLOCK):
                        digest.update(block)
                        joined.write(block)
        if digest.hexdigest() != checksum:
            raise Problem(QT_TRANSLATE_NOOP(
                "Problem", "The parts of {model} join into a file whose SHA-256 is not the one its package lists; "
                           "reinstall it"), model=title)
        os.replace(partial, target)
    except OSError as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "Could not join the parts of {model} into {path} ({reason})"),
                      model=title, path=str(target), reason=error.strerror or str(error)) from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
    return target
