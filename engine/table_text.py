"""Numbers typed or pasted as text: one cell, or a spreadsheet / CSV block; and back to text."""

from __future__ import annotations

import math

import numpy as np

from engine.problem import QT_TRANSLATE_NOOP, Problem


class NumberProblem(Problem):
    """Why a cell's text is not a usable number. ``kind`` is "empty", "not_a_number" or "not_finite"."""

    def __init__(self, kind: str, text: str, dtype: str):
        templates = {
            "empty": QT_TRANSLATE_NOOP("Problem", "empty cell: type a number"),
            "not_a_number": QT_TRANSLATE_NOOP("Problem", "“{text}” is not a number"),
            "not_finite": QT_TRANSLATE_NOOP("Problem", "“{text}” is not a finite {dtype} number (|x| ≤ {limit})"),
        }
        super().__init__(templates[kind], text=text, dtype=dtype, limit=f"{float(np.finfo(dtype).max):.3g}")


class BlockProblem(Problem):
    """Where a block of numbers goes wrong. ``kind`` is "empty", "ragged" (row ``line`` has
    ``count`` values, row ``first`` has ``width``) or "cell" (``column`` of row ``line``,
    because of ``cause``); ``unit`` says "row" (a pasted block) or "line" (a file)."""

    def __init__(self, kind: str, unit: str = "row", line: int = 0, first: int = 1, count: int = 0, width: int = 0,
                 column: int = 0, cause: NumberProblem | None = None):
        templates = {
            ("empty", "row"): QT_TRANSLATE_NOOP("Problem", "no numbers found"),
            ("ragged", "row"): QT_TRANSLATE_NOOP(
                "Problem", "row {line} has {count} values but row {first} has {width}: the block must be rectangular"),
            ("cell", "row"): QT_TRANSLATE_NOOP("Problem", "row {line}, column {column}: {cause}"),
            ("ragged", "line"): QT_TRANSLATE_NOOP(
                "Problem", "line {line} has {count} values but line {first} has {width}: the block must be rectangular"),
            ("cell", "line"): QT_TRANSLATE_NOOP("Problem", "line {line}, column {column}: {cause}"),
        }
        template = templates[(kind, "row" if kind == "empty" else unit)]
        super().__init__(template, line=line, first=first, count=count, width=width, column=column, cause=cause)


def parse_number(text: str, dtype: str = "float64") -> float:
    """A finite number in ``dtype``'s range, or a NumberProblem saying why not."""
    stripped = text.strip()
    if not stripped:
        raise NumberProblem("empty", stripped, dtype)
    try:
        value = float(stripped)
    except ValueError:
        raise NumberProblem("not_a_number", stripped, dtype) from None
    if not math.isfinite(value) or abs(value) > float(np.finfo(dtype).max):
        raise NumberProblem("not_finite", stripped, dtype)
    return value


def split_rows(text: str) -> list[list[str]]:
    """Lines of tab-separated (spreadsheet) or comma-separated text as lists of cells."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    sep = "\t" if "\t" in text else ","
    return [line.split(sep) for line in lines]


def parse_rows(rows: list[list[str]], dtype: str = "float64", first_row: int = 1, first_col: int = 1,
               unit: str = "row") -> np.ndarray:
    """A rectangular block of numbers from rows of cells; a BlockProblem names the first ragged
    row or bad cell by its 1-based position (offset by ``first_row`` / ``first_col``), calling a
    row ``unit`` ("line" for files)."""
    if not rows:
        raise BlockProblem("empty", unit)
    width = len(rows[0])
    values = np.empty((len(rows), width))
    for r, cells in enumerate(rows):
        line = r + first_row
        if len(cells) != width:
            raise BlockProblem("ragged", unit, line, first_row, count=len(cells), width=width)
        for c, cell in enumerate(cells):
            try:
                values[r, c] = parse_number(cell, dtype)
            except NumberProblem as problem:
                raise BlockProblem("cell", unit, line, first_row, column=c + first_col, cause=problem) from None
    return values


def parse_block(text: str, dtype: str = "float64") -> np.ndarray:
    """A rectangular block of numbers from tab-separated (spreadsheet) or comma-separated text.

    Raises a BlockProblem naming the first ragged row or bad cell (1-based row and column).
    """
    return parse_rows(split_rows(text), dtype)


def format_number(value) -> str:
    """The shortest text that reads back to exactly ``value`` in its own dtype."""
    return np.format_float_positional(value, unique=True, trim="-") if abs(value) < 1e16 and (
        value == 0 or abs(value) >= 1e-4) else np.format_float_scientific(value, unique=True, trim="-")


def format_block(values: np.ndarray) -> str:
    """Tab-separated rows, as spreadsheets paste them."""
    return "\n".join("\t".join(format_number(v) for v in row) for row in np.atleast_2d(values))
