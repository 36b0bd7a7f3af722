"""NPY, NPZ and safetensors bytes as arrays, with every size the file declares checked before use.

A header can lie: an NPY header may claim 100000 × 100000 values in a 100-byte file, an NPZ member
may declare (or really inflate to) 4 GiB from 4 MB, a safetensors header may point past the end of
its file. Here a claim is compared with the bytes that are there and with a cap on values before
any array is allocated, members are inflated a step at a time under a running cap, and arrays are
views of the bytes read (no copy, no pickle). Problems carry no file name: the caller adds it.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
import zipfile
import zlib

import numpy as np

from engine.files.bounded_read import STEP_BYTES, Progress
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.files.safe_json import load_json

_NPY_MAGIC = b"\x93NUMPY"
#: Members an NPZ may hold: a session snapshot has four, a user's archive a handful.
MAX_NPZ_MEMBERS = 64

#: safetensors dtype names and the NumPy dtypes they are read as (BF16 is widened by hand).
_SAFETENSORS_DTYPES = {
    "F64": "<f8", "F32": "<f4", "F16": "<f2", "BF16": "<u2", "I64": "<i8", "I32": "<i4", "I16": "<i2", "I8": "i1",
    "U64": "<u8", "U32": "<u4", "U16": "<u2", "U8": "u1", "BOOL": "?",
}


def _not_npy() -> Problem:
    return Problem(QT_TRANSLATE_NOOP("Problem", "is not an NPY file (it doesn't start with the NPY signature)"))


def _values_text(shape) -> str:
    return " × ".join(str(n) for n in shape) or "1"


def _too_many_values(shape, count: int, limit: int) -> Problem:
    return Problem(QT_TRANSLATE_NOOP("Problem", "declares a {shape} array ({count} values); at most {limit} values are read"),
                   shape=_values_text(shape), count=f"{count:,}", limit=f"{limit:,}")


def _npy_header(data) -> tuple[np.dtype, tuple[int, ...], bool, int]:
    """dtype, shape, Fortran order and data offset from the start of NPY ``data``."""
    if bytes(data[:6]) != _NPY_MAGIC:
        raise _not_npy()
    stream = io.BytesIO(data[:1 << 16])  # numpy reads at most 10,000 header bytes by default
    try:
        version = np.lib.format.read_magic(stream)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(stream)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(stream)
        else:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "is not a valid .npy file (version {version} is not read)"),
                          version=".".join(map(str, version)))
    except Problem:
        raise
    except Exception as error:  # numpy's header reader tokenizes and evaluates: ValueError, SyntaxError, TokenError...
        raise Problem(QT_TRANSLATE_NOOP("Problem", "is not a valid .npy file ({reason})"), reason=str(error)[:200]) from None
    return dtype, tuple(shape), bool(fortran), stream.tell()


def parse_npy(data, max_values: int) -> np.ndarray:
    """The array in NPY ``data`` (bytes or bytearray), as a view of it (a copy if it is read-only).

    Refused, as a Problem, before anything is allocated: data that isn't NPY, an array of Python
    objects, more than ``max_values`` values, or fewer bytes than the header declares.
    """
    dtype, shape, fortran, offset = _npy_header(data)
    if dtype.hasobject:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "holds Python objects; only plain numeric arrays are loaded (no pickle)"))
    if any(n < 0 for n in shape):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "is not a valid .npy file (negative shape {shape})"), shape=shape)
    count = math.prod(shape)
    if count > max_values:
        raise _too_many_values(shape, count, max_values)
    need, have = count * dtype.itemsize, len(data) - offset
    if have < need:
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "is cut short: its header declares a {shape} {dtype} array ({need} bytes) but {have} bytes follow"),
            shape=_values_text(shape), dtype=str(dtype), need=f"{need:,}", have=f"{have:,}")
    flat = _writeable(np.frombuffer(data, dtype=dtype, count=count, offset=offset))
    return flat.reshape(shape, order="F" if fortran else "C")


def _writeable(array: np.ndarray) -> np.ndarray:
    """``array``, copied if it views read-only bytes: a read-only array of the right dtype is what
    a Scenario takes as checked already (engine.setup.scenario), so nothing read may look like one."""
    return array if array.flags.writeable else array.copy()


def parse_npz(data, max_bytes: int, max_values: int, progress: Progress | None = None) -> dict[str, np.ndarray]:
    """The arrays of NPZ ``data`` by name (".npy" removed), none of them pickled.

    The archive's declared member sizes must add up to at most ``max_bytes`` and its arrays to at
    most ``max_values`` values; members are inflated in steps that stop at the cap whatever the
    declared sizes say, so a zip bomb is refused after reading ``max_bytes`` at most.
    """
    def invalid(error) -> Problem:
        return Problem(QT_TRANSLATE_NOOP("Problem", "is not a valid .npz file ({reason})"), reason=str(error)[:200])

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError, NotImplementedError,
            RuntimeError) as error:  # a damaged header can name a zip version or method that doesn't exist
        raise invalid(error) from None
    with archive:
        members = archive.infolist()
        if not members:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "is not a valid .npz file (no arrays in it)"))
        if len(members) > MAX_NPZ_MEMBERS:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "holds {count} members; at most {limit} are read"),
                          count=len(members), limit=MAX_NPZ_MEMBERS)
        declared = sum(m.file_size for m in members)
        if declared > max_bytes:
            raise _inflates_too_much(declared, max_bytes)
        arrays, inflated, values = {}, 0, 0
        for member in members:
            if not member.filename.endswith(".npy"):
                raise Problem(QT_TRANSLATE_NOOP("Problem", "is not a valid .npz file (member {name} is not an array)"),
                              name=repr(member.filename))
            try:
                content = bytearray()
                with archive.open(member) as stream:
                    while piece := stream.read(STEP_BYTES):
                        content += piece
                        inflated += len(piece)
                        if inflated > max_bytes:  # the declared sizes lied
                            raise _inflates_too_much(inflated, max_bytes)
                        if progress is not None:
                            progress(min(1.0, inflated / max(declared, 1)))
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError,
                    RuntimeError) as error:
                if isinstance(error, Problem):
                    raise
                raise invalid(error) from None
            name = member.filename.removesuffix(".npy")
            try:
                array = parse_npy(content, max_values - values)
            except Problem as problem:
                if bytes(content[:6]) != _NPY_MAGIC:
                    raise Problem(QT_TRANSLATE_NOOP(
                        "Problem", "is not a valid .npz file (member {name} is not an array)"), name=repr(name)) from None
                raise Problem(QT_TRANSLATE_NOOP("Problem", "member {name} {problem}"), name=repr(name),
                              problem=problem) from None
            values += array.size
            arrays[name] = array
    return arrays


def _inflates_too_much(size: int, limit: int) -> Problem:
    return Problem(QT_TRANSLATE_NOOP("Problem", "inflates to more than {size} MB; archives above {limit} MB inflated are refused"),
                   size=f"{size / 2**20:.0f}", limit=f"{limit / 2**20:g}")


@dataclass(frozen=True)
class SafetensorsEntry:
    """One tensor a safetensors header declares: its name, dtype name, shape and byte range in the file."""

    name: str
    dtype: str
    shape: tuple[int, ...]
    start: int
    stop: int


def _unreadable_safetensors(reason: str, **values) -> Problem:
    return Problem(QT_TRANSLATE_NOOP("Problem", "is not a readable .safetensors file ({reason})"),
                   reason=reason.format(**values))


def safetensors_entries(data) -> list[SafetensorsEntry]:
    """The tensors a safetensors file's header declares, each checked against the bytes there are."""
    if len(data) < 8:
        raise _unreadable_safetensors("shorter than its 8-byte header length")
    length = int.from_bytes(data[:8], "little")
    if length > len(data) - 8:
        raise _unreadable_safetensors("its header claims {length} bytes but the file has {size}",
                                      length=length, size=len(data))
    try:
        header = load_json(bytes(data[8:8 + length]).decode("utf-8"))
    except UnicodeDecodeError as error:
        raise _unreadable_safetensors("its header is not UTF-8: {error}", error=error) from None
    except Problem as problem:
        raise _unreadable_safetensors("{problem}", problem=problem) from None
    if not isinstance(header, dict):
        raise _unreadable_safetensors("its header is not a JSON object")
    body = len(data) - 8 - length
    entries = []
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if not isinstance(entry, dict):
            raise _unreadable_safetensors("tensor {name} is not described", name=name)
        dtype, shape, offsets = entry.get("dtype"), entry.get("shape"), entry.get("data_offsets")
        if dtype not in _SAFETENSORS_DTYPES:
            raise _unreadable_safetensors("tensor {name} has the unknown dtype {dtype}", name=name, dtype=dtype)
        if not (isinstance(shape, list) and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                                                for n in shape)):
            raise _unreadable_safetensors("tensor {name} has a bad shape", name=name)
        if not (isinstance(offsets, list) and len(offsets) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) for n in offsets) and 0 <= offsets[0] <= offsets[1] <= body):
            raise _unreadable_safetensors("tensor {name} lies outside the file", name=name)
        need = math.prod(shape) * np.dtype(_SAFETENSORS_DTYPES[dtype]).itemsize
        if offsets[1] - offsets[0] != need:
            raise _unreadable_safetensors("tensor {name} declares {shape} {dtype} ({need} bytes) in {have} bytes",
                                          name=name, shape=_values_text(shape), dtype=dtype, need=need,
                                          have=offsets[1] - offsets[0])
        entries.append(SafetensorsEntry(name, dtype, tuple(shape), 8 + length + offsets[0], 8 + length + offsets[1]))
    return entries


def safetensors_tensor(data, entry: SafetensorsEntry) -> np.ndarray:
    """The tensor ``entry`` of safetensors ``data``, as a view (BF16 widened to float32)."""
    flat = _writeable(np.frombuffer(data, dtype=_SAFETENSORS_DTYPES[entry.dtype], count=math.prod(entry.shape),
                                    offset=entry.start))
    if entry.dtype == "BF16":
        flat = (flat.astype(np.uint32) << 16).view(np.float32)
    return flat.reshape(entry.shape)
