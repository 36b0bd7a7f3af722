"""A GGUF file's header read with bounds: metadata and tensor descriptions over a memory map.

Every count and length the file declares is checked against the bytes that follow and against the
limits of engine.models.model_limits before it is used: a 1 kB file declaring a 2⁴⁰-entry array is
refused at once. Numeric arrays are NumPy views of the map; string arrays are kept as offsets and
decoded when asked (a 49 k-token vocabulary costs one pass over its lengths). The ``gguf`` package's
GGUFReader built a NumPy array per string and per field: 1.9 s of CPU for SmolLM2's header alone.

The layout (version 2 and 3, little-endian): ``GGUF``, version u32, tensor count u64, key count u64;
each key a string (u64 length + UTF-8) with a value type u32 and its value (an array: element type u32,
count u64, elements); each tensor a name, dimension count u32, dimensions u64 (innermost first), type
u32 and offset u64 from the data section, which starts at the next multiple of ``general.alignment``.
"""

from __future__ import annotations

import mmap
import os
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.files.bounded_read import open_regular_file, unreadable
from engine.models.model_limits import (MAX_GGUF_ARRAY_ENTRIES, MAX_GGUF_DIMS, MAX_GGUF_KEYS, MAX_GGUF_STRING_BYTES,
                                        MAX_GGUF_TENSORS, declared_count)
from engine.problem import QT_TRANSLATE_NOOP, FileProblem

MAGIC = b"GGUF"
VERSIONS = (2, 3)
STRING, ARRAY = 8, 9
#: Value types with a fixed size, by GGUF's number: as NumPy dtypes (7 is a bool byte).
SCALARS = {0: "<u1", 1: "<i1", 2: "<u2", 3: "<i2", 4: "<u4", 5: "<i4", 6: "<f4", 7: "<u1", 10: "<u8", 11: "<i8",
           12: "<f8"}
BOOL = 7
_STRUCT = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<B", 10: "<Q", 11: "<q", 12: "<d"}
DEFAULT_ALIGNMENT = 32


@dataclass(frozen=True)
class GGUFArray:
    """An array value: ``kind`` is its element type; numbers as a view, strings decoded on demand."""

    kind: int
    count: int
    numbers: np.ndarray | None  # numeric arrays
    starts: np.ndarray | None  # string arrays: where each string's bytes start, and their lengths
    lengths: np.ndarray | None
    buffer: object = None

    def strings(self, path, key: str) -> list[str]:
        """The strings of a string array, or a FileProblem naming ``key`` (not strings, not UTF-8)."""
        if self.kind != STRING:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} as an array of {kind}; strings were expected"),
                              key=shown(key), kind=type_name(self.kind))
        data = self.buffer
        try:
            return [str(data[s:s + n], "utf-8") for s, n in zip(self.starts.tolist(), self.lengths.tolist())]
        except UnicodeDecodeError as error:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an unreadable metadata entry {key} ({reason})"),
                              key=shown(key), reason=str(error)) from None


@dataclass(frozen=True)
class GGUFTensor:
    """One tensor's description: ``shape`` in NumPy order (outermost first), GGML type, byte range."""

    name: str
    shape: tuple[int, ...]
    kind: int
    start: int
    nbytes: int

    @property
    def elements(self) -> int:
        count = 1
        for n in self.shape:
            count *= n
        return count


@dataclass(frozen=True)
class GGUFHeader:
    """The metadata (``fields``: key → int, float, bool, str or GGUFArray) and tensors of a GGUF file,
    and its memory map (``data``), which the lazy tensors read from."""

    path: Path
    version: int
    fields: dict
    tensors: tuple[GGUFTensor, ...]
    data: object

    def tensor_bytes(self, tensor: GGUFTensor) -> np.ndarray:
        """The raw bytes of ``tensor``: a read-only uint8 view of the map."""
        return np.frombuffer(self.data, dtype=np.uint8, count=tensor.nbytes, offset=tensor.start)


def shown(text: str) -> str:
    """A key or tensor name from the file as a message shows it: on one line, printable, at most 80
    characters (a damaged file's names can hold anything)."""
    return text if text.isprintable() and len(text) <= 80 else ascii(text[:80])


def type_name(kind: int) -> str:
    names = {STRING: "strings", ARRAY: "arrays", BOOL: "bools"}
    return names.get(kind, f"numbers ({SCALARS[kind][1:]})" if kind in SCALARS else f"type {kind}")


def _quant_sizes() -> dict[int, tuple[int, int]]:
    """GGML type → (values per block, bytes per block), as the gguf package declares them."""
    from gguf.constants import GGML_QUANT_SIZES

    return {int(kind): sizes for kind, sizes in GGML_QUANT_SIZES.items()}


class _Cursor:
    """Reads little-endian values from ``data`` at ``pos``, refusing any read past the end."""

    def __init__(self, path: Path, data):
        self.path, self.data, self.pos, self.size = path, data, 0, len(data)

    def need(self, count: int, what: str) -> None:
        if count > self.size - self.pos:
            raise FileProblem(self.path, QT_TRANSLATE_NOOP(
                "Problem", "is not a complete GGUF file (truncated or of another kind: {reason})"),
                reason=f"{shown(what)} at byte {self.pos:,} needs {count:,} bytes, {self.size - self.pos:,} are left")

    def unpack(self, fmt: str, what: str):
        size = struct.calcsize(fmt)
        self.need(size, what)
        values = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return values[0] if len(values) == 1 else values

    def string(self, what: str) -> str:
        length = self.unpack("<Q", what)
        if length > MAX_GGUF_STRING_BYTES:
            raise FileProblem(self.path, QT_TRANSLATE_NOOP(
                "Problem", "declares a string of {length} bytes ({what}); at most {limit} are read"),
                length=f"{length:,}", what=shown(what), limit=f"{MAX_GGUF_STRING_BYTES:,}")
        self.need(length, what)
        raw = self.data[self.pos:self.pos + length]
        self.pos += length
        try:
            return str(raw, "utf-8")
        except UnicodeDecodeError as error:
            raise FileProblem(self.path, QT_TRANSLATE_NOOP("Problem", "has an unreadable metadata entry {key} ({reason})"),
                              key=shown(what), reason=str(error)) from None

    def value(self, kind: int, key: str):
        if kind in SCALARS:
            value = self.unpack(_STRUCT[kind], key)
            return bool(value) if kind == BOOL else value
        if kind == STRING:
            return self.string(key)
        if kind == ARRAY:
            return self.array(key)
        raise FileProblem(self.path, QT_TRANSLATE_NOOP("Problem", "has a metadata entry {key} of unknown type {kind}"),
                          key=shown(key), kind=kind)

    def array(self, key: str) -> GGUFArray:
        kind, count = self.unpack("<IQ", key)
        if kind in SCALARS:
            itemsize = np.dtype(SCALARS[kind]).itemsize
            declared_count(self.path, f"values in {shown(key)}", count, MAX_GGUF_ARRAY_ENTRIES, self.size - self.pos, itemsize)
            numbers = np.frombuffer(self.data, dtype=SCALARS[kind], count=count, offset=self.pos)
            self.pos += count * itemsize
            return GGUFArray(kind, count, numbers.astype(bool) if kind == BOOL else numbers, None, None)
        if kind != STRING:
            raise FileProblem(self.path, QT_TRANSLATE_NOOP(
                "Problem", "has {key} as an array of {kind}; NormScope reads arrays of numbers or strings"),
                key=shown(key), kind=type_name(kind))
        declared_count(self.path, f"strings in {shown(key)}", count, MAX_GGUF_ARRAY_ENTRIES, self.size - self.pos, 8)
        starts, lengths = np.empty(count, dtype=np.int64), np.empty(count, dtype=np.int64)
        data, pos, end, unpack = self.data, self.pos, self.size, struct.Struct("<Q").unpack_from
        for i in range(count):  # one pass over the lengths: each string's bytes must be there
            if pos + 8 > end:
                self.pos = pos
                self.need(8, key)
            (length,) = unpack(data, pos)
            if length > MAX_GGUF_STRING_BYTES or pos + 8 + length > end:
                self.pos = pos
                self.string(key)  # raises the FileProblem that says which bound it breaks
            starts[i], lengths[i] = pos + 8, length
            pos += 8 + length
        self.pos = pos
        return GGUFArray(STRING, count, None, starts, lengths, data)


def _open_map(path: Path):
    """A read-only memory map of the regular file at ``path`` (a FIFO or device is refused at once)."""
    fd = open_regular_file(path)
    try:
        if os.fstat(fd).st_size < 24:
            raise FileProblem(path, QT_TRANSLATE_NOOP(
                "Problem", "is not a complete GGUF file (truncated or of another kind: {reason})"),
                reason=f"{os.fstat(fd).st_size} bytes")
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except OSError as error:
        raise unreadable(path, error) from None
    finally:
        os.close(fd)


def read_gguf_header(path: Path) -> GGUFHeader:
    """The header of the GGUF file at ``path``, every declared size checked; bad input is a FileProblem."""
    path = Path(path)
    data = _open_map(path)
    cursor = _Cursor(path, data)
    if data[:4] != MAGIC:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a GGUF file (it doesn't start with GGUF)"))
    cursor.pos = 4
    version = cursor.unpack("<I", "the version")
    if version not in VERSIONS:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is GGUF version {version}; NormScope reads versions {versions}"),
                          version=version, versions=", ".join(map(str, VERSIONS)))
    tensor_count, key_count = cursor.unpack("<QQ", "the counts")
    # A key takes at least 12 bytes (length and type), a tensor description at least 24.
    declared_count(path, "metadata entries", key_count, MAX_GGUF_KEYS, cursor.size - cursor.pos, 12)
    declared_count(path, "tensors", tensor_count, MAX_GGUF_TENSORS, cursor.size - cursor.pos, 24)
    fields = {}
    for _ in range(key_count):
        key = cursor.string("a metadata key")
        kind = cursor.unpack("<I", key)
        fields[key] = cursor.value(kind, key)
    infos = []
    for _ in range(tensor_count):
        name = cursor.string("a tensor name")
        dims = cursor.unpack("<I", name)
        if not 1 <= dims <= MAX_GGUF_DIMS:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a tensor {name} of {dims} dimensions; GGUF allows 1 … {limit}"),
                              name=shown(name), dims=dims, limit=MAX_GGUF_DIMS)
        shape = struct.unpack("<" + "Q" * dims, _slice(cursor, 8 * dims, name))
        kind, offset = cursor.unpack("<IQ", name)
        infos.append((name, tuple(reversed(shape)), kind, offset))
    alignment = fields.get("general.alignment", DEFAULT_ALIGNMENT)
    if isinstance(alignment, bool) or not isinstance(alignment, int) or not 1 <= alignment <= 1 << 16 \
            or alignment & (alignment - 1):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has general.alignment {value}; a power of 2 up to 65536 was expected"),
                          value=repr(alignment) if not isinstance(alignment, GGUFArray) else "an array")
    start = -(-cursor.pos // alignment) * alignment
    return GGUFHeader(path, version, fields, tuple(_tensor(path, info, start, len(data)) for info in infos), data)


def _slice(cursor: _Cursor, count: int, what: str):
    cursor.need(count, what)
    cursor.pos += count
    return cursor.data[cursor.pos - count:cursor.pos]


def _tensor(path: Path, info: tuple, data_start: int, size: int) -> GGUFTensor:
    """A tensor description checked: known type, whole blocks, its bytes inside the file."""
    name, shape, kind, offset = info
    sizes = _quant_sizes()
    if kind not in sizes:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a tensor {name} of unknown type {kind}"),
                          name=shown(name), kind=kind)
    block, block_bytes = sizes[kind]
    if any(n > 1 << 40 for n in shape) or shape[-1] % block:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a tensor {name} of shape {shape}, which its type can't hold"),
                          name=shown(name), shape=shape)
    elements = 1
    for n in shape:
        elements *= n
    nbytes = elements // block * block_bytes
    if data_start + offset + nbytes > size:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "is not a complete GGUF file (truncated or of another kind: {reason})"),
            reason=f"tensor {shown(name)} lies outside the file")
    return GGUFTensor(name, shape, kind, data_start + offset, nbytes)
