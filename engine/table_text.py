"""Numbers typed or pasted as text: one cell, or a spreadsheet / CSV block; and back to text."""

from __future__ import annotations

import math

import numpy as np


def parse_number(text: str, dtype: str = "float64") -> float:
    """A finite number in ``dtype``'s range, or a ValueError saying why not."""
    stripped = text.strip()
    if not stripped:
        raise ValueError("empty cell: type a number")
    try:
        value = float(stripped)
    except ValueError:
        raise ValueError(f"{stripped!r} is not a number") from None
    limit = float(np.finfo(dtype).max)
    if not math.isfinite(value) or abs(value) > limit:
        raise ValueError(f"{stripped!r} is not a finite {dtype} number (|x| ≤ {limit:.3g})")
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
    """A rectangular block of numbers from rows of cells; a ValueError names the first ragged
    row or bad cell by its 1-based position (offset by ``first_row`` / ``first_col``), calling a
    row ``unit`` ("line" for files)."""
    if not rows:
        raise ValueError("no numbers found")
    width = len(rows[0])
    values = np.empty((len(rows), width))
    for r, cells in enumerate(rows):
        line = r + first_row
        if len(cells) != width:
            raise ValueError(f"{unit} {line} has {len(cells)} values but {unit} {first_row} has {width}: "
                             "the block must be rectangular")
        for c, cell in enumerate(cells):
            try:
                values[r, c] = parse_number(cell, dtype)
            except ValueError as error:
                raise ValueError(f"{unit} {line}, column {c + first_col}: {error}") from None
    return values


def parse_block(text: str, dtype: str = "float64") -> np.ndarray:
    """A rectangular block of numbers from tab-separated (spreadsheet) or comma-separated text.

    Raises a ValueError naming the first ragged row or bad cell (1-based row and column).
    """
    rows = split_rows(text)
    if not rows:
        raise ValueError("nothing to paste: the clipboard holds no numbers")
    return parse_rows(rows, dtype)


def format_number(value) -> str:
    """The shortest text that reads back to exactly ``value`` in its own dtype."""
    return np.format_float_positional(value, unique=True, trim="-") if abs(value) < 1e16 and (
        value == 0 or abs(value) >= 1e-4) else np.format_float_scientific(value, unique=True, trim="-")


def format_block(values: np.ndarray) -> str:
    """Tab-separated rows, as spreadsheets paste them."""
    return "\n".join("\t".join(format_number(v) for v in row) for row in np.atleast_2d(values))
