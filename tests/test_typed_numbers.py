"""Typed cells and pasted blocks: only the numbers a person types are read, and a refusal names the cell."""

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.files import table_text
from engine.files.table_text import BlockProblem, NumberProblem, parse_block, parse_number
from tests.fuzz_budget import cases

ACCEPTED = [("1", 1.0), ("-1.5", -1.5), ("−1.5", -1.5), ("+2", 2.0), (".5", 0.5), ("5.", 5.0), ("1e5", 1e5),
            ("1E-5", 1e-5), ("−1e−5", -1e-5), (" 3 ", 3.0), ("0", 0.0), ("-0.0", 0.0), ("0e-400", 0.0),
            ("1e-300", 1e-300), ("1.7976931348623157e308", 1.7976931348623157e308)]


@pytest.mark.parametrize("text, value", ACCEPTED)
def test_typed_numbers_are_read_including_the_minus_sign_the_app_displays(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text, kind", [
    ("١٢٣", "not_a_number"), ("１e５", "not_a_number"), ("1_000", "not_a_number"), ("0x10", "not_a_number"),
    ("1e", "not_a_number"), ("e5", "not_a_number"), ("1.2.3", "not_a_number"), ("--1", "not_a_number"),
    ("1 2", "not_a_number"), ("1,5", "not_a_number"), ("½", "not_a_number"), ("٣.٥", "not_a_number"),
    ("nan", "not_finite"), ("inf", "not_finite"), ("-Infinity", "not_finite"), ("1e400", "not_finite"),
    ("", "empty"), ("   ", "empty"),
])
def test_what_python_float_also_takes_is_refused(text, kind):
    with pytest.raises(NumberProblem) as caught:
        parse_number(text)
    assert caught.value.kind == kind


@pytest.mark.parametrize("text, dtype", [("1e-400", "float64"), ("1e-50", "float32"), ("-4e-46", "float32"),
                                         ("0." + "0" * 400 + "1", "float64")])
def test_a_number_stored_as_zero_is_refused_not_silently_zeroed(text, dtype):
    with pytest.raises(NumberProblem, match="too close to 0") as caught:
        parse_number(text, dtype)
    assert caught.value.kind == "underflow"


def test_float32_range_is_checked_in_float32():
    assert parse_number("1e-50", "float64") == 1e-50
    with pytest.raises(NumberProblem, match="not a finite float32"):
        parse_number("1e39", "float32")


def test_a_long_cell_is_shortened_in_the_message():
    with pytest.raises(NumberProblem) as caught:
        parse_number("x" * 10_000)
    assert len(str(caught.value)) < 200


#: What a typed number looks like, written independently of the module's own pattern.
_TYPED = re.compile(r"[+\-−]?(\d+\.?\d*|\.\d+)([eE][+\-−]?\d+)?", re.ASCII)


cell_text = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789.eE+-−_ xn١１", max_size=10),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.floats(allow_nan=False, allow_infinity=False).map(lambda v: f"{v:.3e}".replace("-", "−")),
)


@settings(max_examples=cases(100), deadline=None)
@given(texts=st.lists(cell_text, min_size=100, max_size=100))
def test_ten_thousand_cell_texts_are_a_finite_number_or_a_number_problem(texts):
    for text in texts:  # 100 examples of 100 texts: hypothesis's cost per example paid 100 times, not 10,000
        try:
            value = parse_number(text)
        except NumberProblem as problem:
            assert problem.kind in ("empty", "not_a_number", "not_finite", "underflow")
            assert not _TYPED.fullmatch(text.strip()) or problem.kind in ("not_finite", "underflow") or not text.strip()
            continue
        assert _TYPED.fullmatch(text.strip()), text  # nothing beyond typed numbers gets in
        assert np.isfinite(value) and value == float(text.strip().replace("−", "-"))


# --- blocks ------------------------------------------------------------------------------------


def _cell_by_cell(text: str, dtype: str):
    """What a block must be: each row's width, then its cells by the one-cell rules, in reading order."""
    lines, sep = table_text.split_lines(text)
    rows = [line.split(sep) for line in lines]
    if not rows:
        return ("empty",)
    values = []
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            return ("ragged", r + 1)
        for c, cell in enumerate(row):
            try:
                values.append(parse_number(cell, dtype))
            except NumberProblem:
                return ("cell", r + 1, c + 1)
    return np.array(values).reshape(len(rows), -1)


cell_texts = st.one_of(st.sampled_from(["1", "−2.5", "3e-2", " 4 ", "", "x", "nan", "1e-400", "1e39", "1_0", "٣"]),
                       st.floats(allow_nan=False, allow_infinity=False, width=32).map(repr))


@settings(max_examples=cases(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(grid=st.lists(st.lists(cell_texts, min_size=1, max_size=5), min_size=1, max_size=5),
       sep=st.sampled_from([",", "\t"]), dtype=st.sampled_from(["float32", "float64"]))
def test_vectorised_block_parse_agrees_with_the_one_cell_rules(grid, sep, dtype, monkeypatch):
    monkeypatch.setattr(table_text, "_STEP_CELLS", 3)  # several steps even in a small block
    text = "\n".join(sep.join(row) for row in grid)
    expected = _cell_by_cell(text, dtype)
    try:
        got = parse_block(text, dtype)
    except BlockProblem as problem:
        assert not isinstance(expected, np.ndarray), (text, str(problem))
        if expected[0] == "ragged":
            assert problem.values["line"] == expected[1]
        elif expected[0] == "cell":
            assert (problem.values["line"], problem.values["column"]) == expected[1:], (text, str(problem))
        return
    assert isinstance(expected, np.ndarray), (text, expected)
    np.testing.assert_array_equal(got, expected)


def test_an_empty_cell_in_a_block_names_its_row_and_column():
    with pytest.raises(BlockProblem, match="row 1, column 2: empty cell"):
        parse_block("1,,3\n4,5,6")


def test_a_pasted_block_with_the_displayed_minus_sign_is_read():
    np.testing.assert_array_equal(parse_block("−1.5\t2\n3\t−4e−1"), [[-1.5, 2], [3, -0.4]])


def test_block_parse_reports_progress_by_step(monkeypatch):
    monkeypatch.setattr(table_text, "_STEP_CELLS", 10)
    heard = []
    values = table_text.parse_lines(["1,2,3,4,5"] * 20, ",", progress=heard.append)
    assert values.shape == (20, 5) and heard[-1] == 1.0 and len(heard) == 10 and heard == sorted(heard)
