"""Loading and saving user files: what is accepted, and every kind of bad file refused clearly."""

import io
import json
import zipfile

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.files import io as nsio
from engine.results.compute import compute
from engine.files.io import FileProblem, load_matrix, save_matrix, vector_candidates
from engine.setup.presets import load_preset
from engine.state.session import VERSION, parse_session, session_json
from engine.files.table_text import format_number
from engine.files.tables import LabelledRows, Table, result_tables, to_csv, to_latex, to_markdown
from tests.fuzz_budget import cases


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


@pytest.mark.parametrize("text, labels", [
    ("1,2,3\n4,5,6\n", None),
    ("token,d1,d2,d3\na,1,2,3\nb,4,5,6\n", ("a", "b")),
    ("a\t1\t2\t3\nb\t4\t5\t6", ("a", "b")),
    ("d1,d2,d3\n1,2,3\n4,5,6\n", None),
])
def test_csv_with_or_without_header_and_labels(tmp_path, text, labels):
    matrix, got = load_matrix(write(tmp_path, "m.csv", text))
    np.testing.assert_array_equal(matrix, [[1, 2, 3], [4, 5, 6]])
    assert got == labels


def test_csv_round_trips_exactly(tmp_path):
    s = load_preset("random")
    path = tmp_path / "m.csv"
    save_matrix(path, s.matrix, s.labels)
    matrix, labels = load_matrix(path)
    np.testing.assert_array_equal(matrix.astype(np.float32), s.matrix)
    assert labels == s.labels


@pytest.mark.parametrize("suffix", [".npy", ".npz"])
def test_numpy_files_round_trip(tmp_path, suffix):
    s = load_preset("xian")
    path = tmp_path / f"m{suffix}"
    save_matrix(path, s.matrix, s.labels)
    matrix, labels = load_matrix(path)
    np.testing.assert_array_equal(matrix, s.matrix)
    assert labels == (s.labels if suffix == ".npz" else None)


BAD_FILES = [
    ("m.csv", "1,2,3\n4,5\n", "line 2 has 2 values"),
    ("m.csv", "1,2\n3,x\n", "line 2, column 2: “x” is not a number"),
    ("m.csv", "1,nan\n", "not a finite"),
    ("m.csv", "1,inf\n", "not a finite"),
    ("m.csv", "1,1e400\n", "not a finite"),
    ("m.csv", "", "is empty"),
    ("m.csv", b"\x00\x01\xff\xfe garbage", "not"),
    ("m.csv", "token,d1\n", "header but no numbers"),
    ("m.npy", b"\x93NUMPY garbage", "not a valid .npy"),
    ("m.npz", b"PK\x03\x04 truncated", "not a valid .npz"),
    ("m.xlsx", "1,2", "unknown type"),
]


@pytest.mark.parametrize("name, data, message", BAD_FILES)
def test_bad_files_are_refused_with_the_reason(tmp_path, name, data, message):
    with pytest.raises(FileProblem, match=message) as caught:
        load_matrix(write(tmp_path, name, data))
    assert name in str(caught.value)


def test_npy_of_python_objects_is_refused_without_unpickling(tmp_path):
    path = tmp_path / "objects.npy"
    np.save(path, np.array([{"a": 1}, None], dtype=object), allow_pickle=True)
    with pytest.raises(FileProblem, match="Python objects"):
        load_matrix(path)


def test_wrong_shapes_and_types_are_refused(tmp_path):
    np.save(tmp_path / "v.npy", np.arange(3.0))
    with pytest.raises(FileProblem, match="must be 2-D"):
        load_matrix(tmp_path / "v.npy")
    np.save(tmp_path / "c.npy", np.ones((2, 2), complex))
    with pytest.raises(FileProblem, match="not real numbers"):
        load_matrix(tmp_path / "c.npy")
    np.savez(tmp_path / "two.npz", a=np.ones((2, 2)), b=np.ones((3, 3)))
    with pytest.raises(FileProblem, match="name the token matrix 'matrix'"):
        load_matrix(tmp_path / "two.npz")


def test_gigantic_files_are_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(nsio, "MAX_FILE_BYTES", 10)
    with pytest.raises(FileProblem, match="files above"):
        load_matrix(write(tmp_path, "big.csv", "1,2,3,4,5,6,7,8\n"))


def test_vectors_from_csv_npy_and_safetensors(tmp_path):
    from safetensors.numpy import save_file

    np.testing.assert_array_equal(vector_candidates(write(tmp_path, "g.csv", "1\n2\n3\n"), 3)["g"], [1, 2, 3])
    np.save(tmp_path / "b.npy", np.array([[0.5, 0.25, 0.0]]))
    np.testing.assert_array_equal(vector_candidates(tmp_path / "b.npy", 3)["b"], [0.5, 0.25, 0.0])
    save_file({"ln.weight": np.ones(3, np.float32), "ln.bias": np.zeros(3, np.float32),
               "w": np.ones((3, 3), np.float32), "other": np.ones(5, np.float32)}, str(tmp_path / "m.safetensors"))
    assert sorted(vector_candidates(tmp_path / "m.safetensors", 3)) == ["ln.bias", "ln.weight"]
    with pytest.raises(FileProblem, match="no 1-D tensor of length 4"):
        vector_candidates(tmp_path / "m.safetensors", 4)
    with pytest.raises(FileProblem, match="holds 3 values; the matrix has 4"):
        vector_candidates(write(tmp_path, "g4.csv", "1,2,3"), 4)
    with pytest.raises(FileProblem, match="readable .safetensors"):
        vector_candidates(write(tmp_path, "bad.safetensors", b"\x08\x00\x00\x00\x00\x00\x00\x00{garbage"), 3)


@settings(max_examples=cases(150), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".csv", ".npy", ".npz"]))
def test_loaders_never_fail_with_anything_but_a_file_problem(tmp_path, data, suffix):
    path = write(tmp_path, "fuzz" + suffix, data)
    try:
        matrix, _ = load_matrix(path)
    except FileProblem:
        return
    assert matrix.ndim == 2 and np.all(np.isfinite(matrix))


@settings(max_examples=cases(100), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet="0123456789.,-e\tnaix\n ", max_size=200))
def test_csv_loader_on_number_like_text(tmp_path, text):
    path = write(tmp_path, "fuzz.csv", text)
    try:
        matrix, labels = load_matrix(path)
    except FileProblem:
        return
    assert np.all(np.isfinite(matrix))
    assert labels is None or len(labels) == matrix.shape[0]


@settings(max_examples=cases(100), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300))
def test_safetensors_loader_on_garbage(tmp_path, data):
    try:
        vector_candidates(write(tmp_path, "fuzz.safetensors", data), 3)
    except FileProblem:
        pass


def _npz_with(tmp_path, **arrays):
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return write(tmp_path, "x.npz", buffer.getvalue())


def test_truncated_npz_is_refused(tmp_path):
    data = _npz_with(tmp_path, matrix=np.ones((4, 4))).read_bytes()
    with pytest.raises(FileProblem, match="not a valid .npz"):
        load_matrix(write(tmp_path, "cut.npz", data[: len(data) // 2]))


# --- sessions --------------------------------------------------------------------------------


def test_session_round_trips_identically():
    s = load_preset("xian").replace(norm="rms", placement="post", eps=1e-3, layers=7)
    again, warnings = parse_session(session_json(s))
    assert again == s and warnings == []
    assert compute(again) == compute(s)


def test_session_is_human_readable():
    text = session_json(load_preset("xian"))
    assert '"西安"' in text and "[0.32, -1.07, 0.88, 0.05]" in text


def test_unknown_future_fields_are_ignored_with_a_warning():
    document = json.loads(session_json(load_preset("xian")))
    document["scenario"]["colour_theme"] = "dark"
    document["version"] = VERSION + 1
    s, warnings = parse_session(json.dumps(document))
    assert s == load_preset("xian")
    assert any("colour_theme" in str(w) for w in warnings) and any("newer" in str(w) for w in warnings)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["scenario"].pop("gamma"), "missing field.*gamma"),
    (lambda d: d["scenario"].update(layers="ten"), "field 'layers' must be int"),
    (lambda d: d["scenario"].update(matrix=[[1, "x"]]), "field 'matrix'"),
    (lambda d: d["scenario"].update(norm="group"), "norm must be one of"),
    (lambda d: d.update(format="other"), "not a NormScope session"),
])
def test_wrong_or_missing_session_fields_are_named(change, message):
    document = json.loads(session_json(load_preset("xian")))
    change(document)
    with pytest.raises(ValueError, match=message):
        parse_session(json.dumps(document))


def test_session_that_is_not_json_says_where():
    with pytest.raises(ValueError, match="line 1"):
        parse_session("{nope")


# --- tables -----------------------------------------------------------------------------------


def test_tables_hold_the_seed_numbers_and_round_trip():
    tables = result_tables(compute(load_preset("xian")))
    csv = to_csv(tables["normalized"]).splitlines()
    assert csv[0] == "token,d1,d2,d3,d4"
    row = csv[2].split(",")
    assert row[0] == "西安"
    np.testing.assert_allclose([float(v) for v in row[1:]], [-1.446, 0.463, 1.257, -0.485], atol=1e-3)
    assert np.float32(float(row[1])) == compute(load_preset("xian")).norm.normalized[1, 0]
    stats = to_csv(tables["row_stats"]).splitlines()
    assert stats[0] == "token,mean_in,std_in,mean_out,std_out"
    assert to_csv(tables["depth"]).splitlines()[0] == "layer,none,pre,post,toy"
    assert to_csv(tables["grad"]).splitlines()[0] == "layer,pre,post,pre_dx,post_dx"
    assert "| 西安 | -0.379 | 0.543 |" in to_markdown(tables["row_stats"])
    assert r"mean\_in" in to_latex(tables["row_stats"])


def test_csv_cells_with_commas_are_quoted(tmp_path):
    s = load_preset("xian").replace(labels=("a,b", "c", "d", "e", "f", "g"))
    path = tmp_path / "q.csv"
    save_matrix(path, s.matrix, s.labels)
    assert path.read_text().splitlines()[1].startswith('"a,b",')


def test_atomic_write_leaves_no_partial_file(tmp_path, monkeypatch):
    target = tmp_path / "out.csv"
    target.write_text("old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(nsio.os, "replace", broken_replace)
    with pytest.raises(OSError):
        nsio.atomic_write(target, b"new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_npz_member_that_is_not_an_array_is_refused(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("matrix.npy", b"not an array")
    with pytest.raises(FileProblem, match="'matrix' is not an array"):
        load_matrix(write(tmp_path, "z.npz", buffer.getvalue()))


def test_snapshot_round_trips_a_large_session_exactly():
    from engine.state.session import parse_session_npz, session_npz

    s = load_preset("large").replace(norm="rms", layers=3)
    again, warnings = parse_session_npz(session_npz(s))
    assert again == s and warnings == []


@pytest.mark.parametrize("data", [b"", b"PK\x03\x04garbage", b"not a zip at all"])
def test_bad_snapshots_are_refused(data):
    from engine.state.session import parse_session_npz

    with pytest.raises(ValueError, match="snapshot"):
        parse_session_npz(data)


def test_large_sessions_are_written_compactly_and_exactly():
    s = load_preset("random")
    text = session_json(s)
    assert "\n" not in text.rstrip("\n")
    again, _ = parse_session(text)
    assert again == s


def test_a_version_1_session_opens_with_the_weights_it_was_made_with():
    document = json.loads(session_json(load_preset("xian")))
    document["version"] = 1
    for name in ("dyt_alpha", "qk_norm", "ln_scaling", "init"):
        del document["scenario"][name]
    s, warnings = parse_session(json.dumps(document))
    assert s.init == "uniform_1_over_d" and not s.qk_norm and not warnings


def test_row_stats_of_float32_are_written_in_the_short_float32_form():
    """Statistics accumulate in float64; a float32 scenario's are written like normalized.csv's
    values (0.044999983, not the widened 0.044999984093010426)."""
    result = compute(load_preset("xian"))
    rows = [line.split(",") for line in to_csv(result_tables(result)["row_stats"]).splitlines()[1:]]
    assert rows[0][1] == "0.044999983"
    for row, mean in zip(rows, result.norm.row_stats.mean_in):
        assert row[1] == str(np.float32(mean)) and len(row[1]) <= 12
    float64 = compute(load_preset("xian").replace(dtype="float64"))  # keeps every digit
    assert to_csv(result_tables(float64)["row_stats"]).splitlines()[1].split(",")[1] == repr(
        float(float64.norm.row_stats.mean_in[0]))


def test_grad_table_holds_the_input_gradients_the_figure_shows():
    result = compute(load_preset("xian"))
    table = result_tables(result)["grad"]
    assert table.header == ("layer", "pre", "post", "pre_dx", "post_dx")
    np.testing.assert_array_equal([row[3] for row in table.rows], result.depth.pre.input_grad)
    np.testing.assert_array_equal([row[4] for row in table.rows], result.depth.post.input_grad)


def test_depth_overflow_is_reported_per_curve_and_in_a_status_column():
    """100 float32 layers without a norm (every matrix N(0, 1/d)) overflow at layer 77: the profile
    says where, and depth.csv names the overflowed curves in a status column from that row on."""
    result = compute(load_preset("xian").replace(layers=100, init="uniform_1_over_d"))
    assert result.depth.overflow_layers() == {"none": 77}
    assert np.isfinite(result.depth.none.rms[76]) and not np.isfinite(result.depth.none.rms[77])
    lines = to_csv(result_tables(result)["depth"]).splitlines()
    assert lines[0] == "layer,none,pre,post,toy,status"
    assert lines[1 + 76].endswith(",") and lines[1 + 77].endswith(",overflow: none")
    assert all(line.endswith("overflow: none") for line in lines[1 + 77:])
    assert "status" not in to_csv(result_tables(compute(load_preset("xian")))["depth"])


def test_atomic_write_gives_ordinary_permissions_unless_asked(tmp_path):
    import os

    old = os.umask(0o027)
    try:
        nsio.atomic_write(tmp_path / "a.csv", b"x")
        nsio.atomic_write(tmp_path / "b.npz", b"x", mode=0o600)
    finally:
        os.umask(old)
    assert (tmp_path / "a.csv").stat().st_mode & 0o777 == 0o640  # 0666 less the umask, as open() gives
    assert (tmp_path / "b.npz").stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv", "b.npz"]


def test_csv_bom_is_one_leading_byte_order_mark():
    table = result_tables(compute(load_preset("xian")))["normalized"]
    assert to_csv(table, bom=True) == "\ufeff" + to_csv(table)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_matrix_written_at_once_has_each_cells_shortest_text(dtype):
    rng = np.random.default_rng(5)
    values = np.concatenate([rng.standard_normal(3000), rng.standard_normal(500) * 1e5, 10 ** rng.uniform(-7, 18, 500),
                             np.round(rng.standard_normal(296), 2), [0.0, -0.0, 1.0, -3.0, 1e-4, 1e6, 0.1, 0.3]])
    matrix = (values * np.where(rng.random(values.size) < 0.5, -1, 1)).astype(dtype).reshape(-1, 8)
    table = Table("m", ("token",) + tuple(f"d{j}" for j in range(8)), LabelledRows([f"t{i}" for i in range(len(matrix))], matrix))
    lines = to_csv(table).splitlines()[1:]
    assert [line.split(",")[1:] for line in lines] == [[format_number(v) for v in row] for row in matrix]
