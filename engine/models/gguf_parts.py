"""A GGUF file cut into parts by bytes (``NAME.gguf.part00``, ``.part01``, …, as ``split -d`` cuts it and
as Gemma 3 270M's four packages ship it), read as the one file the parts make, never assembled on disk.

Each part is memory-mapped; the header is read from the first part (it must lie there), a tensor's
bytes are a view of the one part holding them or, for the few tensors that straddle two parts, a copy
joined from both.
"""

from __future__ import annotations

import bisect
import mmap
import os
import re
from pathlib import Path

import numpy as np

from engine.files.bounded_read import open_regular_file, unreadable

_FIRST_PART = re.compile(r"\.gguf\.part(0+)$", re.IGNORECASE)


def is_first_part(path: Path) -> bool:
    """Whether ``path`` names the first part of a cut GGUF file (``….gguf.part00``)."""
    return _FIRST_PART.search(Path(path).name) is not None


def sibling_parts(first: Path) -> tuple[Path, ...]:
    """The parts after ``first`` that lie beside it, numbered on without a gap (``.part01``, ``.part02``, …)."""
    found = _FIRST_PART.search(first.name)
    width, stem = len(found[1]), first.name[:found.start()] + ".gguf.part"
    parts, k = [], 1
    while (first.parent / f"{stem}{k:0{width}d}").exists():
        parts.append(first.parent / f"{stem}{k:0{width}d}")
        k += 1
    return tuple(parts)


def map_file(path: Path):
    """A read-only memory map of the regular file at ``path`` (a FIFO or device is refused at once);
    None for an empty file, which mmap can't map."""
    fd = open_regular_file(path)
    try:
        if os.fstat(fd).st_size == 0:
            return None
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except OSError as error:
        raise unreadable(path, error) from None
    finally:
        os.close(fd)


class SplitBytes:
    """The bytes of one or more memory maps read as one stream."""

    def __init__(self, maps: list):
        self.maps = [m for m in maps if m is not None and len(m)]
        self.starts = [0]
        for m in self.maps:
            self.starts.append(self.starts[-1] + len(m))

    def __len__(self) -> int:
        return self.starts[-1]

    def read(self, start: int, count: int) -> np.ndarray:
        """``count`` bytes from ``start`` as uint8: a read-only view when one part holds them all."""
        k = bisect.bisect_right(self.starts, start) - 1
        offset = start - self.starts[k]
        if offset + count <= len(self.maps[k]):
            return np.frombuffer(self.maps[k], dtype=np.uint8, count=count, offset=offset)
        pieces, left = [], count
        while left:
            take = min(left, len(self.maps[k]) - offset)
            pieces.append(np.frombuffer(self.maps[k], dtype=np.uint8, count=take, offset=offset))
            left, k, offset = left - take, k + 1, 0
        return np.concatenate(pieces)
