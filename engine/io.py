"""Reading and writing the user's matrices and vectors: CSV, NPY, NPZ, safetensors.

Loading never runs code from a file (no pickle, no eval). Every refusal is a ``FileProblem``
whose message names the file and what is wrong with it; nothing is half-loaded.
"""

from __future__ import annotations

import io
import os
import secrets
import zipfile
from pathlib import Path

import numpy as np

from engine.problem import QT_TRANSLATE_NOOP, FileProblem
from engine.table_text import parse_rows, split_rows
from engine.tables import Table, to_csv

#: Files above this are refused before reading: a 2048 × 4096 float64 CSV is about 150 MB.
MAX_FILE_BYTES = 256 << 20
MATRIX_SUFFIXES = (".csv", ".tsv", ".txt", ".npy", ".npz")
VECTOR_SUFFIXES = (".csv", ".tsv", ".txt", ".npy", ".safetensors")


def _unreadable(path, error: OSError) -> FileProblem:
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "can't be read ({reason})"),
                       reason=error.strerror or str(error))


def _invalid(path, kind: str, error) -> FileProblem:
    """Not a valid file of ``kind`` (".npy", ...), for the reason a library gave."""
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a valid {kind} file ({reason})"),
                       kind=kind, reason=str(error))


def _unknown_type(path, suffixes, saving: bool = False) -> FileProblem:
    if saving:
        return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an unknown type; save as {types}"),
                           types=", ".join(suffixes))
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an unknown type; open {types}"),
                       types=", ".join(suffixes))


def _read_bytes(path) -> bytes:
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as error:
        raise _unreadable(path, error) from None
    if size > MAX_FILE_BYTES:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is {size} MB; files above {limit} MB are refused"),
                          size=f"{size / 2**20:.0f}", limit=MAX_FILE_BYTES >> 20)
    if size == 0:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is empty"))
    try:
        return path.read_bytes()
    except OSError as error:
        raise _unreadable(path, error) from None


def _checked(path, array: np.ndarray, ndim: int) -> np.ndarray:
    """``array`` as float32/float64 if it is a finite ``ndim``-D array (2: a token matrix, 1: γ or β)."""
    if array.dtype.kind not in "iuf":
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "holds {dtype} values, not real numbers"),
                          dtype=str(array.dtype))
    if array.ndim != ndim:
        wrong = (QT_TRANSLATE_NOOP("Problem", "holds an array of shape {shape}; a token matrix must be 2-D")
                 if ndim == 2 else QT_TRANSLATE_NOOP("Problem", "holds an array of shape {shape}; γ or β must be 1-D"))
        raise FileProblem(path, wrong, shape=array.shape)
    if array.size == 0:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "holds an empty array of shape {shape}"),
                          shape=array.shape)
    if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
        bad = tuple(int(i) + 1 for i in np.argwhere(~np.isfinite(array))[0])
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "holds a value that is not a finite number (at position {position})"), position=bad)
    return array if array.dtype in (np.float32, np.float64) else array.astype(np.float64)


# --- CSV -----------------------------------------------------------------------------------------


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _parse_csv(path, data: bytes) -> tuple[np.ndarray, tuple[str, ...] | None]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not UTF-8 text (is it a binary file?)")) from None
    if "\x00" in text:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a text file (it contains NUL bytes)"))
    rows = split_rows(text)
    if not rows:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no rows"))
    first_row = 1
    # A header row has a non-number after its first cell ("token,d1,d2" or "d1,d2").
    if any(not _is_number(c) for c in rows[0][1:]) or (len(rows[0]) == 1 and not _is_number(rows[0][0])):
        rows, first_row = rows[1:], 2
    if not rows:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a header but no numbers"))
    labels = None
    if not _is_number(rows[0][0]):
        labels = tuple(row[0].strip() for row in rows)
        rows = [row[1:] for row in rows]
    try:
        values = parse_rows(rows, first_row=first_row, first_col=2 if labels else 1, unit="line")
    except ValueError as error:
        raise FileProblem(path, "{problem}", problem=error) from None  # the engine's BlockProblem, worded by the app
    if values.shape[1] == 0:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has labels but no numbers"))
    return values, labels


# --- binary formats ------------------------------------------------------------------------------


def _holds_objects(path) -> FileProblem:
    return FileProblem(path, QT_TRANSLATE_NOOP(
        "Problem", "holds Python objects; only plain numeric arrays are loaded (no pickle)"))


def _load_npy(path, data: bytes) -> np.ndarray:
    try:
        return np.load(io.BytesIO(data), allow_pickle=False)
    except ValueError as error:
        if "allow_pickle" in str(error):
            raise _holds_objects(path) from None
        raise _invalid(path, ".npy", error) from None
    except (OSError, EOFError) as error:
        raise _invalid(path, ".npy", error) from None


def _load_npz(path, data: bytes) -> dict[str, np.ndarray]:
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
    except ValueError as error:
        if "allow_pickle" in str(error):
            raise _holds_objects(path) from None
        raise _invalid(path, ".npz", error) from None
    except (OSError, EOFError, zipfile.BadZipFile, KeyError) as error:
        raise _invalid(path, ".npz", error) from None
    if not isinstance(arrays, dict) or not arrays:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a valid .npz file (no arrays in it)"))
    for name, value in arrays.items():
        if not isinstance(value, np.ndarray):  # a member without the .npy header comes back as bytes
            raise FileProblem(path, QT_TRANSLATE_NOOP(
                "Problem", "is not a valid .npz file (member {name} is not an array)"), name=repr(name))
    return arrays


def _load_safetensors(path, data: bytes) -> dict[str, np.ndarray]:
    from safetensors import SafetensorError
    from safetensors.numpy import load

    try:
        return load(data)
    except (SafetensorError, ValueError, TypeError, KeyError) as error:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable .safetensors file ({reason})"),
                          reason=str(error)) from None


# --- public API ----------------------------------------------------------------------------------


def load_matrix(path) -> tuple[np.ndarray, tuple[str, ...] | None]:
    """A token matrix and its labels (None when the file has none) from CSV, NPY or NPZ.

    CSV may have a header row and a first column of token labels. An NPZ must hold a 2-D array
    named ``matrix`` or exactly one 2-D array; a 1-D string array ``labels`` names the tokens.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in MATRIX_SUFFIXES:
        raise _unknown_type(path, MATRIX_SUFFIXES)
    data = _read_bytes(path)
    if suffix == ".npy":
        return _checked(path, _load_npy(path, data), 2), None
    if suffix == ".npz":
        arrays = _load_npz(path, data)
        matrix = arrays.get("matrix")
        if matrix is None:
            candidates = [name for name, a in arrays.items() if a.ndim == 2]
            if len(candidates) != 1:
                raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "holds {names}; name the token matrix 'matrix'"),
                                  names=sorted(arrays))
            matrix = arrays[candidates[0]]
        matrix = _checked(path, matrix, 2)
        labels = arrays.get("labels")
        if labels is not None and (labels.dtype.kind != "U" or labels.shape != (matrix.shape[0],)):
            raise FileProblem(path, QT_TRANSLATE_NOOP(
                "Problem", "its labels must be {count} strings, got {dtype} {shape}"),
                count=matrix.shape[0], dtype=str(labels.dtype), shape=labels.shape)
        return matrix, None if labels is None else tuple(str(s) for s in labels)
    return _parse_csv(path, data)


def vector_candidates(path, length: int) -> dict[str, np.ndarray]:
    """Every 1-D vector of ``length`` values in the file, by name (γ/β import picks one).

    CSV gives one vector (one row or one column), NPY its array, safetensors each fitting tensor.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in VECTOR_SUFFIXES:
        raise _unknown_type(path, VECTOR_SUFFIXES)
    data = _read_bytes(path)
    if suffix == ".safetensors":
        tensors = _load_safetensors(path, data)
        fitting = {name: t for name, t in tensors.items() if t.ndim == 1 and t.shape[0] == length}
        if not fitting:
            if not tensors:
                raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no tensors"))
            shapes = ", ".join(f"{n} {tuple(t.shape)}" for n, t in sorted(tensors.items())[:8])
            raise FileProblem(path, QT_TRANSLATE_NOOP(
                "Problem", "has no 1-D tensor of length {length} (it has {shapes})"), length=length, shapes=shapes)
        return {name: _checked(path, t, 1) for name, t in sorted(fitting.items())}
    if suffix == ".npy":
        vector = _load_npy(path, data)
    else:
        vector, _ = _parse_csv(path, data)
    vector = np.squeeze(vector) if vector.ndim == 2 and 1 in vector.shape else vector
    vector = _checked(path, np.atleast_1d(vector), 1)
    if vector.shape[0] != length:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "holds {count} values; the matrix has {length} dimensions"), count=vector.shape[0], length=length)
    return {Path(path).stem: vector}


def matrix_csv(matrix: np.ndarray, labels) -> str:
    """CSV text with header ``token,d1,...,dn`` and one labelled row per token, digits that
    round-trip the values exactly."""
    header = ("token",) + tuple(f"d{j + 1}" for j in range(matrix.shape[1]))
    return to_csv(Table("matrix", header, tuple((label, *row) for label, row in zip(labels, matrix))))


def save_matrix(path, matrix: np.ndarray, labels) -> None:
    """Write the matrix (and labels) as CSV, NPY (matrix only) or NPZ, atomically."""
    suffix = Path(path).suffix.lower()
    if suffix in (".csv", ".tsv", ".txt"):
        atomic_write(path, matrix_csv(matrix, labels).encode("utf-8"))
    elif suffix in (".npy", ".npz"):
        buffer = io.BytesIO()
        if suffix == ".npy":
            np.save(buffer, matrix, allow_pickle=False)
        else:
            np.savez(buffer, matrix=matrix, labels=np.array(labels, dtype=str))
        atomic_write(path, buffer.getvalue())
    else:
        raise _unknown_type(path, MATRIX_SUFFIXES, saving=True)


def atomic_write(path, data: bytes, mode: int = 0o666) -> None:
    """Write to a temporary file beside ``path``, then rename it over: never a half-written file.

    The file gets ``mode`` less the umask, as ``open()`` would give it (0644 under the usual umask,
    like the figures Qt writes; ``tempfile.mkstemp`` would make every file 0600).
    """
    path = Path(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
        try:
            fd = os.open(tmp, flags, mode)
            break
        except FileExistsError:  # another writer's name: draw again
            continue
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
