"""Reading and writing the user's matrices and vectors: CSV, NPY, NPZ, safetensors.

Loading never runs code from a file (no pickle, no eval), reads regular files only and at most
``MAX_FILE_BYTES`` of them (engine.files.bounded_read), and checks every size a header declares before
allocating (engine.files.array_formats). Every refusal is a ``FileProblem`` whose message names the
file and what is wrong with it; nothing is half-loaded.
"""

from __future__ import annotations

import io
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import numpy as np

from engine.files.array_formats import parse_npy, parse_npz, safetensors_entries, safetensors_tensor
from engine.files.bounded_read import Progress, read_regular_file, scaled
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem
from engine.files.table_text import is_number, lines_of, parse_lines
from engine.files.tables import LabelledRows, Table, write_csv

#: Files above this are refused before reading: a 2048 × 4096 float64 CSV is about 150 MB.
MAX_FILE_BYTES = 256 << 20
#: Values an array read from a file may hold, before it is converted: as many as 256 MB of float64
#: (a 256 MB file of int8, or of "0,0,0,...", would otherwise become 1-2 GB of float64).
MAX_VALUES = MAX_FILE_BYTES // 8
#: Bytes of CSV decoded and split per step.
_PIECE_BYTES = 4 << 20
#: The share of a load's progress that reading the bytes takes; parsing takes the rest.
READ_SHARE = 0.2
MATRIX_SUFFIXES = (".csv", ".tsv", ".txt", ".npy", ".npz")
VECTOR_SUFFIXES = (".csv", ".tsv", ".txt", ".npy", ".safetensors")


def _unknown_type(path, suffixes, saving: bool = False) -> FileProblem:
    if saving:
        return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an unknown type; save as {types}"),
                           types=", ".join(suffixes))
    return FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an unknown type; open {types}"),
                       types=", ".join(suffixes))


def _in_file(path, problem: Problem) -> FileProblem:
    """A path-less Problem (from the format readers) said about the file at ``path``."""
    return FileProblem(path, problem.template, **problem.values)


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


def _first_cell(line: str, sep: str) -> str:
    end = line.find(sep)
    return line if end < 0 else line[:end]


def _csv_lines(path, data) -> tuple[list[str], str]:
    """The lines of CSV/TSV bytes (trailing blank lines dropped) and their separator.

    Decoded and split a piece of ``_PIECE_BYTES`` at a time, cut after a newline (which UTF-8
    never has inside a character): each step is a short call, so a load on a worker thread
    leaves the UI thread its turns (one call over 169 MB held it for 0.4 s).
    """
    lines, tab, start = [], False, 3 if data[:3] == b"\xef\xbb\xbf" else 0
    while start < len(data):
        end = data.find(b"\n", start + _PIECE_BYTES)
        end = len(data) if end < 0 else end + 1
        try:
            text = data[start:end].decode("utf-8")
        except UnicodeDecodeError:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not UTF-8 text (is it a binary file?)")) from None
        if "\x00" in text:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a text file (it contains NUL bytes)"))
        tab = tab or "\t" in text
        piece = lines_of(text)
        if end < len(data):
            piece.pop()  # the empty text after this piece's last newline; the next piece goes on from there
        lines += piece
        start = end
    while lines and not lines[-1].strip():
        lines.pop()
    return lines, "\t" if tab else ","


def _is_header(lines: list[str], sep: str) -> bool:
    """A header is a first line of no numbers (a first cell may be blank, over a label column) as
    wide as the line below it; "1,,3" over "4,5,6" is a row with an empty cell, not a header."""
    cells = lines[0].split(sep)
    if any(is_number(c) for c in cells) or not all(c.strip() for c in cells[1:]):
        return False
    if len(lines) == 1:
        return bool(cells[0].strip())
    return len(cells) == lines[1].count(sep) + 1


def _parse_csv(path, data, progress: Progress | None = None) -> tuple[np.ndarray, tuple[str, ...] | None]:
    lines, sep = _csv_lines(path, data)
    if not lines:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no rows"))
    first_row = 1
    if _is_header(lines, sep):
        lines, first_row = lines[1:], 2
    if not lines:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a header but no numbers"))
    # A label column is one whose every cell is a non-number ("0x10" over "3" is a bad cell, not a label).
    labels = None
    if not any(is_number(_first_cell(line, sep)) for line in lines):
        labels = tuple(_first_cell(line, sep).strip() for line in lines)
        if not any(sep in line for line in lines):
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has labels but no numbers"))
        # A line of a label alone keeps an empty rest: named below as a short line or an empty cell.
        lines = [line.partition(sep)[2] for line in lines]
    try:
        values = parse_lines(lines, sep, first_row=first_row, first_col=2 if labels else 1, unit="line",
                             progress=progress, max_values=MAX_VALUES)
    except ValueError as error:
        raise FileProblem(path, "{problem}", problem=error) from None  # the engine's BlockProblem, worded by the app
    return values, labels


# --- binary formats ------------------------------------------------------------------------------


def _load_npy(path, data) -> np.ndarray:
    try:
        return parse_npy(data, MAX_VALUES)
    except Problem as problem:
        raise _in_file(path, problem) from None


def _load_npz(path, data, progress: Progress | None = None) -> dict[str, np.ndarray]:
    try:
        return parse_npz(data, MAX_FILE_BYTES, MAX_VALUES, progress)
    except Problem as problem:
        raise _in_file(path, problem) from None


def _safetensors_vectors(path, data, length: int) -> dict[str, np.ndarray]:
    try:
        entries = safetensors_entries(data)
    except Problem as problem:
        raise _in_file(path, problem) from None
    fitting = [e for e in entries if e.shape == (length,)]
    if not fitting:
        if not entries:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has no tensors"))
        shapes = ", ".join(f"{e.name} {e.shape}" for e in sorted(entries, key=lambda e: e.name)[:8])
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has no 1-D tensor of length {length} (it has {shapes})"), length=length, shapes=shapes)
    return {e.name: _checked(path, safetensors_tensor(data, e), 1) for e in sorted(fitting, key=lambda e: e.name)}


# --- public API ----------------------------------------------------------------------------------


def load_matrix(path, progress: Progress | None = None) -> tuple[np.ndarray, tuple[str, ...] | None]:
    """A token matrix and its labels (None when the file has none) from CSV, NPY or NPZ.

    CSV may have a header row and a first column of token labels. An NPZ must hold a 2-D array
    named ``matrix`` or exactly one 2-D array; a 1-D string array ``labels`` names the tokens.
    ``progress`` hears the fraction done (reading, then parsing) and may raise ``Cancelled``.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in MATRIX_SUFFIXES:
        raise _unknown_type(path, MATRIX_SUFFIXES)
    data = read_regular_file(path, MAX_FILE_BYTES, scaled(progress, 0.0, READ_SHARE))
    rest = scaled(progress, READ_SHARE, 1.0)
    if suffix == ".npy":
        return _checked(path, _load_npy(path, data), 2), None
    if suffix == ".npz":
        arrays = _load_npz(path, data, rest)
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
    return _parse_csv(path, data, rest)


def vector_candidates(path, length: int, progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Every 1-D vector of ``length`` values in the file, by name (γ/β import picks one).

    CSV gives one vector (one row or one column), NPY its array, safetensors each fitting tensor.
    ``progress`` hears the fraction done and may raise ``Cancelled``.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in VECTOR_SUFFIXES:
        raise _unknown_type(path, VECTOR_SUFFIXES)
    data = read_regular_file(path, MAX_FILE_BYTES, scaled(progress, 0.0, READ_SHARE))
    if suffix == ".safetensors":
        return _safetensors_vectors(path, data, length)
    if suffix == ".npy":
        vector = _load_npy(path, data)
    else:
        vector, _ = _parse_csv(path, data, scaled(progress, READ_SHARE, 1.0))
    vector = np.squeeze(vector) if vector.ndim == 2 and 1 in vector.shape else vector
    vector = _checked(path, np.atleast_1d(vector), 1)
    if vector.shape[0] != length:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "holds {count} values; the matrix has {length} dimensions"), count=vector.shape[0], length=length)
    return {Path(path).stem: vector}


def matrix_table(matrix: np.ndarray, labels) -> Table:
    """The table of a matrix file: header ``token,d1,...,dn`` and one labelled row per token."""
    header = ("token",) + tuple(f"d{j + 1}" for j in range(matrix.shape[1]))
    return Table("matrix", header, LabelledRows(labels, matrix))


def save_matrix(path, matrix: np.ndarray, labels) -> None:
    """Write the matrix (and labels) as CSV, NPY (matrix only) or NPZ, atomically."""
    suffix = Path(path).suffix.lower()
    if suffix in (".csv", ".tsv", ".txt"):
        atomic_write_with(path, lambda stream: write_csv(matrix_table(matrix, labels), stream))
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
    """Write ``data`` to a temporary file beside ``path``, then rename it over: never a half-written file
    (see ``atomic_write_with``)."""
    atomic_write_with(path, lambda stream: stream.write(data), mode)


def atomic_write_with(path, write: Callable[[BinaryIO], object], mode: int = 0o666) -> None:
    """Let ``write`` fill a temporary file beside ``path``, then rename it over: never a half-written file,
    and when ``write`` fails (a full disk), the file ``path`` had stays as it was.

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
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
