"""The Result as tables (normalized matrix, row statistics, depth, gradients) in CSV, Markdown, LaTeX."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

from engine.results.compute import Result
from engine.core.depth import toy_explosion
from engine.files.float32_text import csv_cells
from engine.files.table_text import format_number, format_numbers
from engine.files.bounded_read import Progress


@dataclass(frozen=True)
class Table:
    name: str
    header: tuple[str, ...]
    rows: Sequence[tuple]  # str or number cells


class LabelledRows(Sequence):
    """The rows ``(label, *values[i])`` of a labelled matrix, built only when read: ``to_csv`` writes
    ``values`` in one NumPy call instead (a 2048 × 4096 matrix made 8 M scalar objects, then texts)."""

    def __init__(self, labels, values: np.ndarray):
        self.labels, self.values = tuple(labels), values

    def __len__(self) -> int:
        return len(self.labels)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        return (self.labels[index], *self.values[index])


def _columns(name: str, header: tuple[str, ...], first, *columns) -> Table:
    return Table(name, header, tuple(zip(first, *columns)))


def _with_status(table: Table) -> Table:
    """``table`` with a last column ``status`` naming, in each row, the columns whose value is inf or
    NaN ("overflow: none, pre"), when any row has one; otherwise unchanged."""
    status = []
    for row in table.rows:
        bad = [name for name, v in zip(table.header, row) if not isinstance(v, str) and not np.isfinite(v)]
        status.append("overflow: " + ", ".join(bad) if bad else "")
    if not any(status):
        return table
    return Table(table.name, table.header + ("status",), tuple(row + (s,) for row, s in zip(table.rows, status)))


def result_tables(result: Result) -> dict[str, Table]:
    """``normalized``, ``row_stats``, and when the depth simulation ran, ``depth`` and ``grad`` (when it
    was skipped, ``depth`` holds the toy only).

    ``depth`` holds the RMS after each layer of every stack the profile ran (``none``, then each
    placement: ``pre``, ``post``, …), then the toy; ``grad`` each layer's ‖∂L/∂W‖ per placement and
    ‖∂L/∂x‖ at its input (``pre_dx``, …). Both gain a ``status`` column when a value overflowed.
    """
    s, norm = result.scenario, result.norm
    dims = tuple(f"d{j + 1}" for j in range(s.dims))
    tables = {
        "normalized": Table("normalized", ("token",) + dims, LabelledRows(s.labels, norm.normalized)),
        # Statistics are accumulated in float64; a float32 scenario's are written as float32, whose
        # shortest text is what normalized.csv uses too (0.045, not 0.044999984093010426).
        "row_stats": _columns("row_stats", ("token", "mean_in", "std_in", "mean_out", "std_out"), s.labels,
                              *(np.asarray(column, s.dtype) for column in dataclasses.astuple(norm.row_stats))),
    }
    profile = result.depth
    if profile is not None:
        layers = range(s.layers + 1)
        runs = profile.runs
        tables["depth"] = _with_status(_columns(
            "depth", ("layer", "none", *runs, "toy"), layers,
            profile.none.rms, *(run.rms for run in runs.values()), profile.toy))
        tables["grad"] = _with_status(_columns(
            "grad", ("layer", *runs, *(f"{p}_dx" for p in runs)), range(1, s.layers + 1),
            *(run.weight_grad for run in runs.values()), *(run.input_grad for run in runs.values())))
    elif result.depth_message is not None:  # the stacks were skipped (memory); the toy needs none
        tables["depth"] = _with_status(_columns("depth", ("layer", "toy"), range(s.layers + 1),
                                                toy_explosion(s.toy_a, s.toy_b, s.toy_v0, s.layers)))
    return tables


def _cell(value, digits: int | None) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, np.integer)):
        return str(value)
    return format_number(value) if digits is None else f"{value:.{digits}f}"


def _csv_cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if any(ch in text for ch in ',"\n') else text


def to_csv(table: Table, bom: bool = False) -> str:
    """CSV with numbers that read back to exactly the computed values (see ``write_csv``)."""
    buffer = io.BytesIO()
    write_csv(table, buffer, bom)
    return buffer.getvalue().decode("utf-8")


def write_csv(table: Table, stream: BinaryIO, bom: bool = False, progress: Progress | None = None) -> None:
    """``table`` as CSV in UTF-8 into ``stream``, a labelled matrix a block of rows at a time (its text is
    never whole in memory), with numbers that read back to exactly the computed values.

    ``bom`` starts the text with U+FEFF, which tells Excel the file is UTF-8 (without it Excel reads
    今天 as cp1252 mojibake); NormScope reads such files either way. ``progress`` hears the share of the
    rows written after each block (an exception it raises stops the writing).
    """
    stream.write((("\ufeff" if bom else "") + ",".join(table.header) + "\n").encode("utf-8"))
    if isinstance(table.rows, LabelledRows) and table.rows.values.ndim == 2 and table.rows.values.shape[1]:
        labels, values = table.rows.labels, table.rows.values
        step = max(1, _BLOCK_CELLS // values.shape[1])
        for start in range(0, len(labels), step):
            stream.write(_labelled_rows(labels[start:start + step], values[start:start + step]))
            if progress is not None:
                progress(min(len(labels), start + step) / len(labels))
    else:
        lines = [",".join(row) for row in zip(*(_csv_column(column) for column in zip(*table.rows)))]
        stream.write("".join(line + "\n" for line in lines).encode("utf-8"))


#: Cells written per block of a labelled matrix: a few MB of work arrays.
_BLOCK_CELLS = 1 << 16


def _labelled_rows(labels: Sequence[str], values: np.ndarray) -> bytes:
    """CSV lines ``label,v1,…`` of a block of a labelled matrix; float32 without a Python object per value."""
    heads = [(_csv_cell(label) + ",").encode("utf-8") for label in labels]
    if values.dtype != np.float32:
        width, texts = values.shape[1], format_numbers(values)
        return b"".join(head + (",".join(texts[i * width:(i + 1) * width]) + "\n").encode("ascii")
                        for i, head in enumerate(heads))
    text, ends = csv_cells(values, values.shape[1])
    view = memoryview(text)
    starts = [0, *ends[:-1].tolist()]
    return b"".join(part for head, start, end in zip(heads, starts, ends.tolist()) for part in (head, view[start:end]))


#: Cell types whose column is written by ``format_numbers`` at once, as the dtype they are shortest in.
_FLOAT_COLUMNS = {frozenset({np.float32}): np.float32, frozenset({np.float64}): np.float64,
                  frozenset({float}): np.float64, frozenset({float, np.float64}): np.float64}


def _csv_column(column: tuple) -> list[str]:
    """A column's CSV cells; a column of floats of one dtype in one NumPy call (a 2048 × 4096
    normalized.csv took 30 s a cell at a time)."""
    dtype = _FLOAT_COLUMNS.get(frozenset(map(type, column)))
    if dtype is not None:
        return format_numbers(np.array(column, dtype))
    return [_csv_cell(_cell(v, None)) for v in column]


def to_markdown(table: Table, digits: int = 3) -> str:
    lines = ["| " + " | ".join(table.header) + " |", "|" + "---|" * len(table.header)]
    lines += ["| " + " | ".join(_cell(v, digits).replace("|", "\\|") for v in row) + " |" for row in table.rows]
    return "\n".join(lines) + "\n"


def to_latex(table: Table, digits: int = 3) -> str:
    def escape(text: str) -> str:
        for ch in "\\&%$#_{}":
            text = text.replace(ch, "\\" + ch)
        return text

    spec = "l" + "r" * (len(table.header) - 1)
    lines = [f"\\begin{{tabular}}{{{spec}}}", "\\hline", " & ".join(map(escape, table.header)) + r" \\", "\\hline"]
    lines += [" & ".join(escape(_cell(v, digits)) for v in row) + r" \\" for row in table.rows]
    lines += ["\\hline", "\\end{tabular}"]
    return "\n".join(lines) + "\n"
