"""CSV text of matrices written without a Python object per value: every cell is exactly ``format_number``'s
shortest round-trip text, for float32 (array arithmetic, engine/files/float32_text.py) and float64."""

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.files.float32_text import csv_cells
from engine.files.table_text import format_number, format_numbers
from engine.files.tables import LabelledRows, Table, to_csv, write_csv
from tests.fuzz_budget import cases


def cells_of(matrix: np.ndarray) -> list[list[str]]:
    """The number cells ``to_csv`` writes for ``matrix``, row by row."""
    table = Table("m", ("token",) + tuple(f"d{j}" for j in range(matrix.shape[1])),
                  LabelledRows([f"t{i}" for i in range(matrix.shape[0])], matrix))
    return [line.split(",")[1:] for line in to_csv(table).split("\n")[1:-1]]


def expected(matrix: np.ndarray) -> list[list[str]]:
    return [[format_number(v) for v in row] for row in matrix]


def float32_edges() -> np.ndarray:
    """Values where a shortcut would go wrong: signed zeros, subnormals, inf and NaN, the positional /
    scientific edges (1e-4, 1e16) and the fast path's (1e-12, 1e20) with their float32 neighbours, powers
    of two (uneven neighbours), exact ties of the digit rounding, whole numbers, the largest and smallest."""
    edges = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.1754942e-38, 1.1754944e-38, 3.4028235e38,
             1e-4, 1e16, 1e-12, 1e20, 1e6, 2.5, 25.0, 0.125, 12345678.0, 16777216.0, 16777218.0, 8589934592.0,
             0.1, 0.3, 1.0, -3.0, 123.0, 1e7, 9.999999e15]
    values = np.array(edges, np.float32)
    with np.errstate(over="ignore"):  # the largest's upper neighbour is inf
        neighbours = [np.nextafter(values, np.float32(np.inf)), np.nextafter(values, np.float32(-np.inf))]
    powers = np.ldexp(np.float32(1.0), np.arange(-149, 128)).astype(np.float32)
    return np.concatenate([values, *neighbours, powers, -powers])


def test_float32_edges_have_format_numbers_text():
    values = float32_edges()
    assert cells_of(values.reshape(1, -1)) == expected(values.reshape(1, -1))


@settings(max_examples=cases(200), deadline=None)
@given(bits=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=64), width=st.integers(1, 8))
def test_any_float32_bit_pattern_has_format_numbers_text(bits, width):
    values = np.array(bits, np.uint32).view(np.float32)
    matrix = np.resize(values, (-(-values.size // width), width))
    assert cells_of(matrix) == expected(matrix)


@settings(max_examples=cases(200), deadline=None)
@given(bits=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=64))
def test_any_float64_bit_pattern_has_format_numbers_text(bits):
    matrix = np.array(bits, np.uint64).view(np.float64).reshape(1, -1)
    assert cells_of(matrix) == expected(matrix)


@pytest.mark.parametrize("count", [1 << 18, pytest.param(1 << 23, marks=pytest.mark.slow)])
def test_many_float32_values_have_format_numbers_text(count):
    """Random bit patterns and normal values at many scales, against the per-value NumPy text (``format_numbers``,
    itself checked against ``format_number`` in test_files.py)."""
    rng = np.random.default_rng(25)
    bits = rng.integers(0, 2**32, count // 2, dtype=np.uint64).astype(np.uint32).view(np.float32)
    scaled = (rng.standard_normal(count // 2) * 10.0 ** rng.integers(-14, 22, count // 2)).astype(np.float32)
    for values in (bits, scaled):
        text, ends = csv_cells(values.reshape(-1, 64), 64)
        assert text.decode("ascii").replace("\n", ",").split(",")[:-1] == format_numbers(values)
        assert ends[-1] == len(text) and (np.frombuffer(text, np.uint8)[ends - 1] == ord("\n")).all()


def test_a_matrix_is_streamed_in_blocks_of_rows_with_quoted_labels():
    matrix = np.random.default_rng(3).standard_normal((300, 700)).astype(np.float32)
    labels = [f"t{i}" for i in range(299)] + ['say "hi", then\nleave']
    stream = io.BytesIO()
    write_csv(Table("m", ("token",) + tuple(f"d{j}" for j in range(700)), LabelledRows(labels, matrix)), stream,
              bom=True)
    text = stream.getvalue().decode("utf-8")
    assert text.startswith("\ufefftoken,d0,")
    lines = text[1:].split("\n")
    assert lines[-1] == "" and lines[1].startswith("t0,") and lines[300] == '"say ""hi"", then'
    assert lines[301].split(",")[1:] == [format_number(v) for v in matrix[-1]]
