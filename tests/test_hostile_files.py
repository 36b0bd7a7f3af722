"""Hostile files through the engine's loaders: each refused at once with a Problem, none hangs,
none allocates what its header claims, none escapes as another exception."""

import dataclasses
import io
import json
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.files.array_formats import parse_npz
from engine.files.io import FileProblem, load_matrix, vector_candidates
from engine.setup.limits import SETTINGS, check_setting
from engine.setup.presets import load_preset
from engine.problem import Problem
from engine.setup.scenario import Scenario
from engine.state.session import (parse_session, parse_session_contents, parse_session_npz, read_session, read_snapshot,
                                  session_json, session_npz)
from tests import hostile_files
from tests.fuzz_budget import cases

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    return folder, hostile_files.build(folder)


def _finishes(call, seconds: float = 10.0):
    """What ``call()`` raised or returned, run on a thread: a hang fails the test instead of stalling it."""
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(_outcome(call)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still running after {seconds} s"
    return outcome[0]


def _outcome(call):
    try:
        return call()
    except BaseException as error:  # noqa: BLE001 (the test looks at what it was)
        return error


def test_every_hostile_file_is_refused_quickly_with_its_reason(corpus):
    folder, cases = corpus
    for name, kind, message in cases:
        started = time.perf_counter()
        outcome = _finishes(lambda: hostile_files.load(folder / name, kind))
        assert isinstance(outcome, FileProblem), (name, outcome)
        assert outcome.path.name == name and pytest.approx(0, abs=5) == time.perf_counter() - started
        assert __import__("re").search(message, str(outcome)), (name, str(outcome))
        assert "\n" not in str(outcome)


@pytest.mark.parametrize("suffix", [".csv", ".npy", ".npz", ".normscope.json"])
def test_a_fifo_nobody_writes_to_is_refused_not_waited_on(tmp_path, suffix):
    import os

    os.mkfifo(tmp_path / f"pipe{suffix}")
    outcome = _finishes(lambda: (read_session if suffix == ".normscope.json" else load_matrix)(tmp_path / f"pipe{suffix}"),
                        seconds=5)
    assert isinstance(outcome, FileProblem) and "pipe" in str(outcome)


def test_a_zip_bomb_is_refused_by_its_declared_size_without_inflating():
    started = time.perf_counter()
    with pytest.raises(Problem, match="inflates to more than 4096 MB"):
        parse_npz(_declared_bomb(4 << 30), 256 << 20, 1 << 25)
    assert time.perf_counter() - started < 5


def _declared_bomb(declared: int) -> bytes:
    """A small archive that declares ``declared`` inflated bytes (the 4 GiB case without building 4 GiB)."""
    return hostile_files.zip_bomb(1 << 20, declared=declared)


def test_an_archive_that_understates_its_size_is_stopped_at_the_declared_size():
    with pytest.raises(Problem, match="not a valid .npz"):
        parse_npz(hostile_files.zip_bomb(64 << 20, declared=4096), 256 << 20, 1 << 25)


def test_the_inflated_cap_holds_even_when_every_declared_size_fits():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for i in range(3):
            archive.writestr(f"a{i}.npy", hostile_files.npy_header((1 << 17,)) + bytes(1 << 20))
    with pytest.raises(Problem, match="inflates to more than"):
        parse_npz(buffer.getvalue(), 2 << 20, 1 << 25)


@pytest.mark.slow
def test_a_real_4_gib_zip_bomb_is_refused_quickly(tmp_path):
    path = tmp_path / "bomb.npz"
    path.write_bytes(hostile_files.zip_bomb(4 << 30))
    assert path.stat().st_size < 8 << 20
    started = time.perf_counter()
    with pytest.raises(FileProblem, match="inflates to more than"):
        load_matrix(path)
    assert time.perf_counter() - started < 5


def test_a_file_that_grows_past_the_cap_while_read_is_refused(tmp_path, monkeypatch):
    from engine.files import bounded_read

    path = tmp_path / "m.csv"
    path.write_text("1,2\n")
    real_fstat = bounded_read.os.fstat

    def understated(fd):  # the size said at open is smaller than what is there
        info = real_fstat(fd)
        return type("Info", (), {"st_mode": info.st_mode, "st_size": 2})()

    monkeypatch.setattr(bounded_read.os, "fstat", understated)
    with pytest.raises(FileProblem, match="changed while it was read"):
        load_matrix(path)


# --- sessions --------------------------------------------------------------------------------


@pytest.mark.parametrize("field, literal", [("matrix", "[[1" + "0" * 400 + ", 2, 3, 4]]"), ("eps", "1" + "0" * 309),
                                            ("toy_v0", "1" + "0" * 400), ("seed", "9" * 5000), ("layers", "1e999")])
def test_huge_numbers_in_a_session_give_a_problem_not_an_overflow(field, literal):
    with pytest.raises(Problem):
        parse_session(hostile_files._session_text_with(field, literal))


def test_a_session_with_a_big_but_finite_integer_matrix_value_is_read():
    rows = "[[1" + "0" * 20 + ", 2, 3, 4]" + ", [1, 2, 3, 4]" * 5 + "]"  # an int beyond int64, well within float
    s, _ = parse_session(hostile_files._session_text_with("matrix", rows))
    assert s.matrix[0, 0] == np.float32(1e20)


def test_brackets_inside_strings_do_not_count_as_nesting():
    s, _ = parse_session(hostile_files._session_with(name="[" * 1000 + '\\"{' * 500))
    assert s.name.startswith("[[[")


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                       max_size=4), max_leaves=20)


#: Values near the valid ones: right kinds, edges of the ranges, and the wrong kinds a lenient reader
#: would take for them (true as 1, 2.0 as 2, "3" as 3).
PLAUSIBLE_VALUES = [
    True, False, 0, 1, 2, 3, 64, 2.0, 2.5, 0.1, 1e-5, -1, 2**31, "3", "true", "layer", "rms", "post", "gelu",
    "float64", "fan_in", [], ["a", "b", "c", "d", "e", "f"], [1, 2, 3, 4], [1.5, True, 0, 2], [[1, 2, 3, 4]] * 6,
    [[1, 2, 3, 4]] * 5 + [[1, 2, 3, True]], [[1, 2, 3, 4]] * 5 + [[1, 2, 3, "4"]]]


def _kept_as_written(field: str, value, scenario) -> bool:
    """Whether ``scenario`` holds the JSON ``value`` of ``field`` as the file wrote it: the declared
    kind (a JSON true is not a number, 2.0 not an integer) and the same value."""
    got = getattr(scenario, field)
    if field in ("matrix", "gamma", "beta"):
        rows = value if field == "matrix" else [value]
        numbers = isinstance(value, list) and all(isinstance(row, list) and all(type(v) in (int, float) for v in row)
                                                  for row in rows)
        return numbers and np.array_equal(got, np.array(value, dtype=np.float64).astype(scenario.dtype))
    if field == "labels":
        return type(value) is list and all(type(v) is str for v in value) and (value == [] or got == tuple(value))
    if field == "name":
        return type(value) is str and got == value
    return _of_declared_kind(field, value) and type(got) is SETTINGS[field].kind and got == value


def _of_declared_kind(field: str, value) -> bool:
    kind = SETTINGS[field].kind
    return type(value) in (int, float) if kind is float else type(value) is kind


def _valid_setting(field: str, value) -> bool:
    """Whether ``value`` is of setting ``field``'s kind and in its range."""
    try:
        return _of_declared_kind(field, value) and check_setting(field, value) == value
    except Problem:
        return False


def _read_back_as_written_or_refused(field: str, value) -> None:
    """A session whose ``field`` holds ``value`` is refused with a Problem, or read into a Scenario
    that holds ``value`` as written and keeps every setting's kind and range."""
    text = hostile_files._session_with(**{field: value}) if not isinstance(value, float) or np.isfinite(value) \
        else hostile_files._session_text_with(field, json.dumps(value))
    try:
        scenario, _ = parse_session(text)
    except Problem:
        # A value of the declared kind in its range is not refused (heads must also divide d: not checked here).
        assert field not in SETTINGS or field == "heads" or not _valid_setting(field, value), f"{field}: {value!r}"
        return
    assert _kept_as_written(field, value, scenario), f"{field}: {value!r} read as {getattr(scenario, field)!r}"
    for name, setting in SETTINGS.items():
        got = getattr(scenario, name)
        assert type(got) is setting.kind and _valid_setting(name, got), f"{name} read as {got!r}"


SCENARIO_FIELDS = sorted(f.name for f in dataclasses.fields(Scenario))


@settings(max_examples=cases(300), deadline=None)
@given(field=st.sampled_from(SCENARIO_FIELDS), value=json_values)
def test_any_json_value_in_any_field_gives_a_scenario_that_keeps_it_or_a_problem(field, value):
    _read_back_as_written_or_refused(field, value)


def test_near_valid_values_in_every_field_are_kept_as_written_or_refused():
    # Random values are rarely accepted: these are the right kinds, range edges, and the wrong kinds a
    # lenient reader would take for them, in every field.
    for field in SCENARIO_FIELDS:
        for value in PLAUSIBLE_VALUES:
            _read_back_as_written_or_refused(field, value)


@settings(max_examples=cases(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, 10_000), flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=4))
def test_damaged_snapshots_give_a_scenario_or_a_problem(cut, flips):
    data = bytearray(session_npz(load_preset("xian")))
    for at, byte in flips:
        data[at % len(data)] = byte
    try:
        parse_session_npz(bytes(data[:max(1, len(data) - cut % len(data))]))
    except Problem:
        pass


@settings(max_examples=cases(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 400), flips=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)), max_size=4),
       suffix=st.sampled_from([".npy", ".npz"]))
def test_damaged_numpy_files_give_a_finite_matrix_or_a_file_problem(tmp_path, cut, flips, suffix):
    buffer = io.BytesIO()
    matrix = np.arange(12.0).reshape(3, 4)
    np.save(buffer, matrix) if suffix == ".npy" else np.savez(buffer, matrix=matrix)
    data = bytearray(buffer.getvalue())
    for at, byte in flips:
        data[at % len(data)] = byte
    path = tmp_path / f"damaged{suffix}"
    path.write_bytes(bytes(data[:max(1, len(data) - cut)]))
    try:
        got, _ = load_matrix(path)
    except FileProblem:
        return
    assert got.ndim == 2 and np.all(np.isfinite(got))


@settings(max_examples=cases(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header=json_values, body=st.binary(max_size=64))
def test_any_safetensors_header_gives_vectors_or_a_file_problem(tmp_path, header, body):
    path = tmp_path / "fuzz.safetensors"
    path.write_bytes(hostile_files.safetensors_bytes(json.dumps(header).encode(), body))
    try:
        vectors = vector_candidates(path, 4)
    except FileProblem:
        return
    assert all(v.shape == (4,) and np.all(np.isfinite(v)) for v in vectors.values())


def test_a_saved_session_still_reads_back_exactly(tmp_path):
    s = load_preset("apple").replace(norm="rms", layers=5)
    path = tmp_path / "s.normscope.json"
    path.write_text(session_json(s), encoding="utf-8")
    assert read_session(path) == (s, [])


# --- memory ----------------------------------------------------------------------------------

_UNDER_A_MEMORY_CAP = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
sys.path.insert(0, {root!r})
from pathlib import Path
from engine.problem import Problem
from tests.hostile_files import load
for name, kind in {cases!r}:
    try:
        load(Path({folder!r}) / name, kind)
    except Problem as problem:
        print("refused", name)
    except MemoryError:
        print("MemoryError", name)
"""


def test_hostile_files_are_refused_under_a_3_gib_address_space_cap(corpus):
    folder, cases = corpus
    script = _UNDER_A_MEMORY_CAP.format(root=str(ROOT), folder=str(folder), cases=[c[:2] for c in cases])
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={"OPENBLAS_NUM_THREADS": "1", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[:-1] == [f"refused {name}" for name, _, _ in cases]


@pytest.mark.parametrize("make", ["fifo", "device", "bomb", "good"])
def test_a_snapshot_file_is_read_like_a_session_file(tmp_path, make):
    import os

    path = tmp_path / ".autosave.normscope.npz"
    if make == "fifo":
        os.mkfifo(path)
    elif make == "device":
        os.symlink("/dev/zero", path)
    elif make == "bomb":
        path.write_bytes(_declared_bomb(4 << 30))
    else:
        path.write_bytes(session_npz(load_preset("apple")))
        assert read_snapshot(path) == (load_preset("apple"), [])
        return
    outcome = _finishes(lambda: read_snapshot(path), seconds=5)
    assert isinstance(outcome, FileProblem) and outcome.path == path, outcome


def test_a_csv_of_more_values_than_the_cap_is_refused_before_the_array_is_made(tmp_path, monkeypatch):
    from engine.files import io as nsio

    monkeypatch.setattr(nsio, "MAX_VALUES", 10)
    path = tmp_path / "wide.csv"
    path.write_text("0,0,0,0\n" * 3)
    with pytest.raises(FileProblem, match="3 rows × 4 columns is more than 10 values"):
        load_matrix(path)


def _big_session(**changes) -> dict:
    """The random preset's session (2 MB, above FAST_MATRIX_CHARS) as a JSON document."""
    document = json.loads(session_json(load_preset("random")))
    document["scenario"].update(changes)
    return document


def test_a_big_session_reads_its_matrix_in_steps_that_report_progress(tmp_path):
    path = tmp_path / "big.normscope.json"
    path.write_text(session_json(load_preset("random")), encoding="utf-8")
    heard = []
    assert read_session(path, heard.append) == (load_preset("random"), [])
    assert len(heard) > 3 and heard[-1] == 1.0


def test_a_big_session_with_a_pinned_a_reads_both_matrices_in_steps(monkeypatch):
    import engine.state.session as session

    b, a = load_preset("random"), dataclasses.replace(load_preset("random"), seed=3)
    a = dataclasses.replace(a, matrix=a.matrix * 2)
    read = []
    monkeypatch.setattr(session, "load_json", lambda text: read.append(len(text)) or json.loads(text))
    contents = session.parse_session_contents(session_json(b, (), a))
    assert contents.scenario == b and contents.pinned == a
    assert read and max(read) < 100_000  # json read the rest (2 MB with the matrices), the block parser both


def test_a_big_session_whose_pinned_a_has_a_bad_matrix_names_a():
    document = json.loads(session_json(load_preset("random"), (), load_preset("random")))
    document["pinned"]["matrix"][5][3] = "x"
    with pytest.raises(Problem) as refused:
        parse_session_contents(json.dumps(document))
    assert "pinned as A" in refused.value.template and "matrix" in str(refused.value.values["problem"])


@pytest.mark.parametrize("change, message", [
    (lambda d: d["scenario"]["matrix"][5].__setitem__(3, "x"), "field 'matrix' must be a 2-D list of numbers"),
    (lambda d: d["scenario"]["matrix"][5].pop(), "field 'matrix' must be a 2-D list of numbers"),
    (lambda d: d["scenario"]["matrix"][7].__setitem__(0, [1.0]), "field 'matrix' must be a 2-D list of numbers"),
    (lambda d: d["scenario"].pop("matrix"), "missing field.*matrix"),
])
def test_a_big_session_with_a_bad_matrix_is_refused_for_what_it_is(change, message):
    document = _big_session()
    change(document)
    with pytest.raises(Problem, match=message):
        parse_session(json.dumps(document))


def test_a_big_session_matrix_key_elsewhere_or_in_a_label_does_not_mislead_the_reader():
    s = load_preset("random")
    labels = list(s.labels)
    labels[0] = 'x "matrix": [[1]] y'
    document = _big_session(labels=labels)
    got, _ = parse_session(json.dumps(document))
    assert got == s.replace(labels=tuple(labels))
    document["extra"] = {"matrix": [[1.0]]}
    got, warnings = parse_session(json.dumps(document))
    assert got == s.replace(labels=tuple(labels)) and warnings == []


def test_a_huge_integer_in_a_big_session_matrix_is_a_problem():
    text = json.dumps(_big_session()).replace("[[", "[[1" + "0" * 400 + ", ", 1)
    with pytest.raises(Problem, match="digits"):
        parse_session(text)


def test_bfloat16_and_float16_safetensors_vectors_are_widened_exactly(tmp_path):
    values = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
    bf16 = (values.view(np.uint32) >> 16).astype("<u2").tobytes()
    f16 = values.astype("<f2").tobytes()
    path = tmp_path / "half.safetensors"
    path.write_bytes(hostile_files.safetensors_bytes(
        {"__metadata__": {"format": "pt"}, "ln.weight": {"dtype": "BF16", "shape": [4], "data_offsets": [0, 8]},
         "ln.bias": {"dtype": "F16", "shape": [4], "data_offsets": [8, 16]}}, bf16 + f16))
    vectors = vector_candidates(path, 4)
    np.testing.assert_array_equal(vectors["ln.weight"], values)
    np.testing.assert_array_equal(vectors["ln.bias"], values)


def test_a_snapshot_holding_nan_is_refused_even_from_read_only_bytes():
    s = load_preset("xian")
    buffer = io.BytesIO()
    header = json.loads(json.dumps({"format": "normscope-session", "version": 1,
                                    "settings": {k: v for k, v in json.loads(session_json(s))["scenario"].items()
                                                 if k not in ("matrix", "gamma", "beta")}}))
    matrix = s.matrix.copy()
    matrix[2, 1] = np.nan
    np.savez(buffer, header=np.array(json.dumps(header)), matrix=matrix, gamma=s.gamma, beta=s.beta)
    with pytest.raises(Problem, match="not a finite number"):
        parse_session_npz(buffer.getvalue())  # bytes: NumPy views of them are read-only


def test_training_text_and_model_configs_are_read_as_regular_files_only(tmp_path):
    import os

    from engine.models.hf_folder import _read_config
    from engine.training.data import file_code_points

    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    with pytest.raises(ValueError):  # refused at once, never waited on
        file_code_points(fifo)
    with pytest.raises(ValueError):
        _read_config(tmp_path)


def test_a_zip_naming_an_impossible_version_is_refused_as_a_problem():
    import io
    import zipfile

    import numpy as np

    from engine.files.array_formats import parse_npz

    buffer = io.BytesIO()
    np.savez(buffer, x=np.zeros(3))
    data = bytearray(buffer.getvalue())
    start = data.rfind(b"PK\x01\x02")  # the central directory entry: "version needed to extract"
    data[start + 6:start + 8] = (64 * 10 + 4).to_bytes(2, "little")
    try:
        zipfile.ZipFile(io.BytesIO(bytes(data))).read("x.npy")
    except NotImplementedError:
        pass
    with pytest.raises(ValueError):
        parse_npz(bytes(data), 1 << 20, 1 << 20)
