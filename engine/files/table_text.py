"""Numbers typed or pasted as text: one cell, or a spreadsheet / CSV block; and back to text."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

import numpy as np

from engine.problem import QT_TRANSLATE_NOOP, Problem


#: What a person types as a number: ASCII digits, one optional point, an optional exponent, and
#: a sign that may be U+2212 − (the minus sign the app itself displays). Python's float() also takes
#: other scripts' digits (١٢٣, １２), underscores, "nan" and "inf": none of those is a cell value.
_NUMBER = re.compile(r"[+\-\u2212]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+\-\u2212]?[0-9]+)?", re.ASCII)
#: Block text made only of these characters can go to NumPy's converter in one call: on them,
#: float()'s grammar is exactly ``_NUMBER``'s (so any other character sends a block the slow way).
_PLAIN = b"0123456789.eE+- ,\t"
#: Values a block may hold: 256 MB of float64 (a 2048 × 4096 matrix is a quarter of it).
MAX_VALUES = 1 << 25
#: Cells converted per step of a block: small enough for a progress report every few milliseconds.
_STEP_CELLS = 1 << 16
#: Shortest text that can underflow without an exponent in float32 ("0." and 45 zeros); below it
#: and without an "e", a zero value means the text was zero.
_UNDERFLOW_LENGTH = 47


class NumberProblem(Problem):
    """Why a cell's text is not a usable number. ``kind`` is "empty", "not_a_number", "not_finite" or
    "underflow" (a non-zero number that would be stored as 0 in ``dtype``)."""

    def __init__(self, kind: str, text: str, dtype: str):
        templates = {
            "empty": QT_TRANSLATE_NOOP("Problem", "empty cell: type a number"),
            "not_a_number": QT_TRANSLATE_NOOP("Problem", "“{text}” is not a number (type digits 0-9, “.”, “e” and a sign)"),
            "not_finite": QT_TRANSLATE_NOOP("Problem", "“{text}” is not a finite {dtype} number (|x| ≤ {limit})"),
            "underflow": QT_TRANSLATE_NOOP(
                "Problem", "“{text}” is too close to 0 for {dtype} (it would be stored as 0); type 0 if you mean it"),
        }
        self.kind = kind
        super().__init__(templates[kind], text=_shortened(text), dtype=dtype,
                         limit=f"{float(np.finfo(dtype).max):.3g}")


def _shortened(text: str, keep: int = 40) -> str:
    """A cell's text for a message: a 10,000-character cell must not make a 10,000-character line."""
    return text if len(text) <= keep else text[:keep] + "…"


class BlockProblem(Problem):
    """Where a block of numbers goes wrong. ``kind`` is "empty", "ragged" (row ``line`` has
    ``count`` values, row ``first`` has ``width``), "cell" (``column`` of row ``line``, because of
    ``cause``) or "too_big" (``count`` rows of ``width`` exceed ``limit`` values); ``unit`` says
    "row" (a pasted block) or "line" (a file)."""

    def __init__(self, kind: str, unit: str = "row", line: int = 0, first: int = 1, count: int = 0, width: int = 0,
                 column: int = 0, cause: NumberProblem | None = None, limit: int = 0):
        templates = {
            ("empty", "row"): QT_TRANSLATE_NOOP("Problem", "no numbers found"),
            ("ragged", "row"): QT_TRANSLATE_NOOP(
                "Problem", "row {line} has {count} values but row {first} has {width}: the block must be rectangular"),
            ("cell", "row"): QT_TRANSLATE_NOOP("Problem", "row {line}, column {column}: {cause}"),
            ("ragged", "line"): QT_TRANSLATE_NOOP(
                "Problem", "line {line} has {count} values but line {first} has {width}: the block must be rectangular"),
            ("cell", "line"): QT_TRANSLATE_NOOP("Problem", "line {line}, column {column}: {cause}"),
            ("too_big", "row"): QT_TRANSLATE_NOOP("Problem", "{count} rows × {width} columns is more than {limit} values"),
        }
        template = templates[(kind, "row" if kind in ("empty", "too_big") else unit)]
        super().__init__(template, line=line, first=first, count=count, width=width, column=column, cause=cause,
                         limit=f"{limit:,}")


def is_number(text: str) -> bool:
    """Whether ``text`` (surrounding blanks aside) is written as a number a person would type."""
    return _NUMBER.fullmatch(text.strip()) is not None


def parse_number(text: str, dtype: str = "float64") -> float:
    """A finite number in ``dtype``'s range, or a NumberProblem saying why not.

    Only typed numbers are read (see ``_NUMBER``); a non-zero number that ``dtype`` would store as 0
    (1e-400, or 1e-50 in float32) is refused rather than silently zeroed.
    """
    stripped = text.strip()
    if not stripped:
        raise NumberProblem("empty", stripped, dtype)
    if _NUMBER.fullmatch(stripped) is None:
        spelled = stripped.lower().lstrip("+-\u2212") in ("nan", "inf", "infinity")
        raise NumberProblem("not_finite" if spelled else "not_a_number", stripped, dtype)
    value = float(stripped.replace("\u2212", "-"))
    if not math.isfinite(value) or abs(value) > float(np.finfo(dtype).max):
        raise NumberProblem("not_finite", stripped, dtype)
    if np.asarray(value, dtype=dtype) == 0 and _has_nonzero_digit(stripped):
        raise NumberProblem("underflow", stripped, dtype)
    return value


def _has_nonzero_digit(number: str) -> bool:
    """Whether the mantissa of a well-formed number has a digit other than 0."""
    mantissa = number.split("e")[0].split("E")[0]
    return any(c in "123456789" for c in mantissa)


def split_lines(text: str) -> tuple[list[str], str]:
    """Lines of tab-separated (spreadsheet) or comma-separated text, without trailing blank lines,
    and the separator (a tab if the text has one)."""
    lines = lines_of(text)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines, "\t" if "\t" in text else ","


def lines_of(text: str) -> list[str]:
    """``text`` split at every line ending (\\n, \\r\\n or \\r), blank lines kept."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")



Progress = Callable[[float], None]


def parse_lines(lines: Sequence[str], sep: str, dtype: str = "float64", first_row: int = 1, first_col: int = 1,
                unit: str = "row", progress: Progress | None = None, max_values: int = MAX_VALUES) -> np.ndarray:
    """A rectangular block of numbers from lines of ``sep``-separated cells.

    A BlockProblem names the first ragged row or bad cell by its 1-based position (offset by
    ``first_row`` / ``first_col``), calling a row ``unit`` ("line" for files), or says the block
    would hold more than ``max_values`` values (refused before the array is allocated). Rows are
    converted a step of ``_STEP_CELLS`` cells at a time by NumPy; ``progress`` hears the fraction
    done after each step (and may raise to stop).
    """
    if not lines:
        raise BlockProblem("empty", unit)
    width = lines[0].count(sep) + 1
    if len(lines) * width > max_values:
        raise BlockProblem("too_big", unit, count=len(lines), width=width, limit=max_values)
    values = np.empty((len(lines), width))
    step = max(1, _STEP_CELLS // width)
    for start in range(0, len(lines), step):
        chunk = lines[start:start + step]
        values[start:start + len(chunk)] = _parse_chunk(chunk, sep, width, dtype, start + first_row, first_row,
                                                       first_col, unit)
        if progress is not None:
            progress((start + len(chunk)) / len(lines))
    return values


def _parse_chunk(lines: Sequence[str], sep: str, width: int, dtype: str, line: int, first_row: int,
                 first_col: int, unit: str) -> np.ndarray:
    """Rows ``line``.. of a block: NumPy converts them at once; only a refused step is read cell by
    cell, to name the cell."""
    for r, text in enumerate(lines):
        if text.count(sep) != width - 1:  # in reading order: a bad cell above this row is named first
            _parse_chunk(lines[:r], sep, width, dtype, line, first_row, first_col, unit)
            raise BlockProblem("ragged", unit, line + r, first_row, count=text.count(sep) + 1, width=width)
    if not lines:
        return np.empty((0, width))
    joined = sep.join(lines).replace("\u2212", "-")
    cells = joined.split(sep)
    try:
        if joined.encode("ascii").translate(None, _PLAIN):  # what is left is foreign (C speed, unlike a regex)
            raise ValueError("characters outside plain numbers")
        values = np.array(cells, dtype=np.float64)
    except ValueError:
        values = None
    else:
        with np.errstate(over="ignore"):  # 1e39 becomes inf in float32: refused just below
            stored = values.astype(dtype)
        suspect = ~np.isfinite(values) | (np.abs(values) > float(np.finfo(dtype).max))
        if ("e" in joined or "E" in joined or max(map(len, cells)) >= _UNDERFLOW_LENGTH) and (stored == 0).any():
            suspect |= stored == 0
        if not suspect.any():
            return values.reshape(len(lines), width)
    # Some cell needs the one-cell rules (blanks NumPy doesn't strip, U+2212, a refusal to name).
    if values is None:
        values = np.empty(len(cells))
        candidates = range(len(cells))
    else:
        candidates = np.flatnonzero(suspect)
    for index in candidates:
        try:
            values[index] = parse_number(cells[index], dtype)
        except NumberProblem as problem:
            raise BlockProblem("cell", unit, line + index // width, first_row, column=index % width + first_col,
                               cause=problem) from None
    return values.reshape(len(lines), width)


def parse_block(text: str, dtype: str = "float64", progress: Progress | None = None) -> np.ndarray:
    """A rectangular block of numbers from tab-separated (spreadsheet) or comma-separated text.

    Raises a BlockProblem naming the first ragged row or bad cell (1-based row and column);
    ``progress`` hears the fraction done (see ``parse_lines``).
    """
    lines, sep = split_lines(text)
    return parse_lines(lines, sep, dtype, progress=progress)


def format_number(value) -> str:
    """The shortest text that reads back to exactly ``value`` in its own dtype."""
    return np.format_float_positional(value, unique=True, trim="-") if abs(value) < 1e16 and (
        value == 0 or abs(value) >= 1e-4) else np.format_float_scientific(value, unique=True, trim="-")


def format_block(values: np.ndarray) -> str:
    """Tab-separated rows, as spreadsheets paste them."""
    return "\n".join("\t".join(format_number(v) for v in row) for row in np.atleast_2d(values))


#: |values| in [1e-4, 1e6): there NumPy's own shortest text of an array positional, as ``format_number``'s.
_PLAIN_RANGE = (1e-4, 1e6)


def format_numbers(values: np.ndarray) -> list[str]:
    """``format_number`` of every value (flattened), in one NumPy cast to text (float32 matrices have a
    faster writer of CSV bytes: engine/files/float32_text.py).

    In the plain range an array's cast to text (NumPy's shortest round-trip digits, in C) is
    ``format_number``'s text but for a trailing ".0"; zeros, non-finite values and values outside
    the range go through ``format_number`` itself.
    """
    flat = np.ravel(values)
    with np.errstate(invalid="ignore"):
        magnitude = np.abs(flat.astype(np.float64))
        plain = (magnitude >= _PLAIN_RANGE[0]) & (magnitude < _PLAIN_RANGE[1])
        whole = plain & (flat == np.trunc(flat))  # "3.0": its ".0" goes
    texts = flat.astype(np.str_).tolist()
    for index in np.flatnonzero(whole).tolist():
        texts[index] = texts[index][:-2]
    for index in np.flatnonzero(~plain).tolist():
        texts[index] = format_number(flat[index])
    return texts
