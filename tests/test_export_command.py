"""``python main.py export``: headless tables and figures, and one clear line on bad input."""

import csv
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

from app.cli import main
from engine.setup.presets import load_preset
from engine.state.session import session_json

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEED_X_LN_XIAN_ROW = [-1.446, 0.463, 1.257, -0.485]


def run_cli(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    done = run_cli("export", "--preset", "xian", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def read_csv(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.reader(f))


def test_export_writes_the_seed_numbers(exported):
    normalized = read_csv(exported / "normalized.csv")
    assert normalized[0] == ["token", "d1", "d2", "d3", "d4"]
    assert normalized[2][0] == "西安"
    np.testing.assert_allclose([float(v) for v in normalized[2][1:]], SEED_X_LN_XIAN_ROW, atol=1e-3)
    stats = read_csv(exported / "row_stats.csv")
    assert stats[0] == ["token", "mean_in", "std_in", "mean_out", "std_out"]
    np.testing.assert_allclose([float(r[1]) for r in stats[1:]], [0.045, -0.379, 0.410, -0.147, -0.404, 0.128],
                               atol=5e-4)
    np.testing.assert_allclose([float(r[2]) for r in stats[1:]], [0.710, 0.543, 0.346, 0.715, 0.505, 0.692],
                               atol=5e-4)
    depth = read_csv(exported / "depth.csv")
    assert depth[0] == ["layer", "none", "pre", "post", "peri", "deepnorm", "mixln", "toy"] and len(depth) == 12
    assert float(depth[11][7]) == pytest.approx(114.33, abs=0.005)
    assert read_csv(exported / "grad.csv")[0] == ["layer", "pre", "post", "peri", "deepnorm", "mixln",
                                                  "pre_dx", "post_dx", "peri_dx", "deepnorm_dx", "mixln_dx"]


def test_export_numbers_round_trip_float32_exactly(exported):
    from engine.results.compute import compute

    normalized = compute(load_preset("xian")).norm.normalized
    rows = read_csv(exported / "normalized.csv")[1:]
    assert np.array_equal(np.array([[np.float32(v) for v in r[1:]] for r in rows]), normalized)


def test_export_writes_every_figure_in_every_format(exported):
    for name in ("row_stats", "depth", "grad", "stages"):
        png = (exported / f"{name}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
        assert (exported / f"{name}.pdf").read_bytes()[:5] == b"%PDF-"
        root = ElementTree.parse(exported / f"{name}.svg").getroot()
        assert root.tag.endswith("svg")
    svg_text = (exported / "row_stats.svg").read_text(encoding="utf-8")
    assert "西安" in svg_text  # the token labels are real text in the vector figure
    assert (exported / "window.png").stat().st_size > 20000


def test_png_figures_are_rendered_at_twice_the_widget_size(exported):
    from PySide6.QtGui import QImage

    image = QImage(str(exported / "row_stats.png"))
    window = QImage(str(exported / "window.png"))
    assert image.width() > 500 and window.width() == 1400


def test_export_with_files_and_settings(tmp_path):
    matrix = tmp_path / "m.csv"
    matrix.write_text("token,a,b,c\nx,1,2,3\ny,4,5,9\n", encoding="utf-8")
    gamma = tmp_path / "g.npy"
    np.save(gamma, np.array([2.0, 1.0, 1.0]))
    out = tmp_path / "out"
    assert main(["export", "--matrix", str(matrix), "--gamma", str(gamma), "--norm", "rms", "--eps", "0",
                 "--layers", "3", "--format", "png", "--out", str(out)]) == 0
    rows = read_csv(out / "normalized.csv")
    x = np.array([1.0, 2.0, 3.0])
    np.testing.assert_allclose([float(v) for v in rows[1][1:]], x / np.sqrt(np.mean(x**2)) * [2, 1, 1], rtol=1e-6)
    assert len(read_csv(out / "depth.csv")) == 5
    assert not (out / "depth.svg").exists()


def test_export_from_a_session(tmp_path):
    session = tmp_path / "s.normscope.json"
    session.write_text(session_json(load_preset("apple").replace(norm="batch")), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["export", "--session", str(session), "--format", "png", "--out", str(out)]) == 0
    assert read_csv(out / "normalized.csv")[3][0] == "苹果"


@pytest.mark.parametrize("args, message", [
    (["--matrix", "missing.csv"], "missing.csv: can't be read"),
    (["--format", "gif"], "unknown format 'gif'"),
])
def test_bad_input_exits_non_zero_with_one_line(tmp_path, capsys, args, message):
    assert main(["export", "--out", str(tmp_path / "o"), *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and "Traceback" not in err[0]


@pytest.mark.parametrize("args, message", [
    (["--norm", "dyt", "--alpha", "0"], "dyt_alpha must lie in [0.001, 100], got 0"),
    (["--alpha", "-1"], "dyt_alpha must lie in [0.001, 100]"),
])
def test_bad_variant_settings_exit_2_with_one_line(tmp_path, capsys, args, message):
    assert main(["export", "--out", str(tmp_path / "o"), *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("normscope export: ") and message in err[0]


@pytest.mark.parametrize("args, message", [
    (["--placement", "middle"], "argument --placement: invalid choice: 'middle'"),
    (["--init", "he"], "argument --init: invalid choice: 'he'"),
    (["--norm", "dyt", "--alpha", "half"], "argument --alpha: invalid float value: 'half'"),
    (["--activation", "tanh"], "argument --activation: invalid choice: 'tanh'"),
    (["--qk-norm=yes"], "argument --qk-norm: ignored explicit argument 'yes'"),
    # The settings' ranges (engine.setup.limits) are checked while parsing, before any file is read.
    (["--eps", "nan"], "argument --eps: eps must be a finite number, got nan"),
    (["--eps", "1e400"], "argument --eps: eps must be a finite number"),
    (["--eps", "-1"], "argument --eps: eps must lie in [0, 1e+06], got -1"),
    (["--layers", "0"], "argument --layers: layers must lie in [1, 1024], got 0"),
    (["--layers", "1000000"], "argument --layers: layers must lie in [1, 1024], got 1000000"),
    (["--layers", str(10**30)], "argument --layers: layers must lie in [1, 1024], got ~1e30"),
    (["--layers", "abc"], "argument --layers: invalid int value: 'abc'"),
])
def test_unparsable_options_exit_2_with_one_line_not_the_usage(tmp_path, capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "--out", str(tmp_path / "o"), *args])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("normscope export: ") and message in err[0], captured.err
    assert not (tmp_path / "o").exists()


def test_variant_flags_reach_the_scenario():
    from app.cli import build_parser
    from app.headless.export_command import build_scenario

    args = build_parser().parse_args(["export", "--out", "o", "--norm", "dyt", "--alpha", "0.25", "--placement",
                                      "deepnorm", "--qk-norm", "--ln-scaling", "--init", "xiong",
                                      "--activation", "gelu_tanh"])
    s, _ = build_scenario(args)
    assert (s.norm, s.dyt_alpha, s.placement, s.qk_norm, s.ln_scaling, s.init, s.activation) == (
        "dyt", 0.25, "deepnorm", True, True, "xiong", "gelu_tanh")
    plain, _ = build_scenario(build_parser().parse_args(["export", "--out", "o", "--preset", "apple"]))
    default = load_preset("apple")
    assert (plain.dyt_alpha, plain.qk_norm, plain.ln_scaling, plain.init, plain.placement) == (
        default.dyt_alpha, default.qk_norm, default.ln_scaling, default.init, default.placement)


def test_a_variant_export_writes_every_placement_and_its_settings_numbers(tmp_path):
    from engine.results.compute import depth
    from engine.core.depth import STACK_PLACEMENTS

    out = tmp_path / "out"
    assert main(["export", "--norm", "dyt", "--alpha", "0.5", "--placement", "peri", "--init", "uniform_1_over_d",
                 "--layers", "4", "--format", "png", "--out", str(out)]) == 0
    depth_rows = read_csv(out / "depth.csv")
    assert depth_rows[0] == ["layer", "none", "pre", "post", "peri", "deepnorm", "mixln", "toy"]
    assert len(depth_rows) == 6
    expected, _ = depth(load_preset("xian").replace(norm="dyt", dyt_alpha=0.5, placement="peri",
                                                    init="uniform_1_over_d", layers=4), STACK_PLACEMENTS)
    for column, placement in enumerate(STACK_PLACEMENTS, start=2):
        np.testing.assert_array_equal([np.float32(r[column]) for r in depth_rows[1:]],
                                      expected.runs[placement].rms.astype(np.float32))
    grad = read_csv(out / "grad.csv")
    assert grad[0][:6] == ["layer", "pre", "post", "peri", "deepnorm", "mixln"] and len(grad) == 5


def test_ragged_matrix_file_names_file_and_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2,3\n4,5\n")
    done = run_cli("export", "--matrix", str(bad), "--out", str(tmp_path / "o"))
    assert done.returncode == 2
    assert done.stderr.strip() == "normscope export: bad.csv: line 2 has 2 values but line 1 has 3: the block must be rectangular"


def test_a_safetensors_file_with_several_fitting_tensors_asks_to_choose(tmp_path, capsys):
    from safetensors.numpy import save_file

    weights = tmp_path / "ln.safetensors"
    save_file({"a.weight": np.ones(4, np.float32), "b.weight": np.ones(4, np.float32)}, str(weights))
    assert main(["export", "--gamma", str(weights), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"normscope export: ln.safetensors: has several tensors that fit γ (a.weight, b.weight); "
                   f"choose one as {weights}:NAME"]
    assert main(["export", "--gamma", f"{weights}:b.weight", "--format", "png", "--out", str(tmp_path / "o")]) == 0


def test_a_given_matrix_starts_from_gamma_one_beta_zero_even_when_its_width_matches(tmp_path):
    """A 4-column matrix used to keep 西安's γ = 1.2… and β because the preset happens to be 4 wide."""
    from app.cli import build_parser
    from app.headless.export_command import build_scenario

    matrix = tmp_path / "m.csv"
    matrix.write_text("1,2,3,4\n4,3,2,5\n", encoding="utf-8")
    scenario, _ = build_scenario(build_parser().parse_args(["export", "--out", "o", "--matrix", str(matrix)]))
    np.testing.assert_array_equal(scenario.gamma, np.ones(4))
    np.testing.assert_array_equal(scenario.beta, np.zeros(4))
    gamma = tmp_path / "g.npy"
    np.save(gamma, np.array([2.0, 1.0, 1.0, 3.0]))
    scenario, _ = build_scenario(build_parser().parse_args(
        ["export", "--out", "o", "--matrix", str(matrix), "--gamma", str(gamma)]))
    np.testing.assert_array_equal(scenario.gamma, [2.0, 1.0, 1.0, 3.0])
    np.testing.assert_array_equal(scenario.beta, np.zeros(4))


def test_csvs_get_the_figures_permissions_and_an_optional_bom(tmp_path):
    """CSVs were written 0600 (tempfile.mkstemp) while figures are 0644 under the usual umask; --bom
    starts each CSV with a UTF-8 byte order mark for Excel, and NormScope reads such a file back."""
    import os

    from engine.files.io import load_matrix

    old = os.umask(0o022)
    try:
        out = tmp_path / "out"
        assert main(["export", "--preset", "xian", "--layers", "2", "--format", "png", "--bom", "--out", str(out)]) == 0
    finally:
        os.umask(old)
    for name, first in (("normalized", "token"), ("row_stats", "token"), ("depth", "layer"), ("grad", "layer")):
        assert (out / f"{name}.csv").stat().st_mode & 0o777 == 0o644, name
        assert (out / f"{name}.csv").read_bytes().startswith(b"\xef\xbb\xbf" + first.encode() + b","), name
    assert (out / "depth.png").stat().st_mode & 0o777 == 0o644
    matrix, labels = load_matrix(out / "normalized.csv")
    assert labels[1] == "西安" and matrix.shape == (6, 4)


@pytest.mark.parametrize("field, value, message", [
    ("seed", 1099511627776, "seed must lie in [0, 2147483647], got 1099511627776"),
    ("layers", 10**30, "layers must lie in [1, 1024], got ~1e30"),
    ("ffn_mult", 10**9, "ffn_mult must lie in [1, 16], got 1000000000"),
])
def test_a_session_with_a_setting_out_of_range_exits_2_with_one_line(tmp_path, capsys, field, value, message):
    session = tmp_path / "s.normscope.json"
    text = session_json(load_preset("xian")).replace(f'"{field}": {getattr(load_preset("xian"), field)},',
                                                     f'"{field}": {value},')
    assert str(value) in text
    session.write_text(text, encoding="utf-8")
    assert main(["export", "--session", str(session), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]
    assert not (tmp_path / "o").exists()


def test_export_sizes_figures_in_cm_at_a_dpi_in_publication_style(tmp_path):
    from PySide6.QtGui import QImage

    done = run_cli("export", "--preset", "apple", "--format", "png", "--size", "9x7cm", "--dpi", "150",
                   "--publication", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for name in ("row_stats", "depth", "grad", "stages"):
        image = QImage(str(tmp_path / f"{name}.png"))
        assert (image.width(), image.height()) == (round(9 / 2.54 * 150), round(7 / 2.54 * 150))


@pytest.mark.parametrize("option", [("--size", "8x"), ("--size", "big"), ("--dpi", "0"), ("--size", "8x6cm"),
                                    ("--draw", "pre,sideways")])
def test_a_bad_figure_size_exits_with_one_line(tmp_path, capfd, option):
    """In this process (a child costs 0.3-0.6 s each): the other refusals here run the real command line."""
    try:
        status = main(["export", *option, "--out", str(tmp_path)])
    except SystemExit as refused:  # argparse's own refusals
        status = refused.code
    assert status == 2 and capfd.readouterr().err.count("\n") == 1 and not any(tmp_path.iterdir())


def test_size_presets_draw_lists_and_the_smallest_size_are_parsed_in_one_place():
    from app.cli import build_parser
    from app.headless.figure_args import figure_options

    args = build_parser().parse_args(["export", "--out", "x", "--size", "column", "--draw", "mixln,none,pre"])
    assert args.size == (8.5, 6.4, "cm") and args.draw == ("none", "pre", "mixln")  # the stacks' own order
    assert figure_options(args).unit == "cm"
    train = build_parser().parse_args(["train", "--out", "x", "--size", "slide", "--dpi", "144", "--publication"])
    assert (train.size, train.dpi, train.publication) == ((1920.0, 1080.0, "px"), 144.0, True)
    small = build_parser().parse_args(["export", "--out", "x", "--size", "800x600"])
    with pytest.raises(ValueError, match=r"smallest that works is 1004x755.9px"):
        figure_options(small)  # 800 × 600 px at 300 dpi is 6.8 × 5.1 cm
    assert figure_options(build_parser().parse_args(["export", "--out", "x", "--size", "800x600", "--dpi", "96"]))
    # A page-wide figure may be shorter than a column's (the README's 17 × 6 cm), not a narrower one.
    assert figure_options(build_parser().parse_args(["export", "--out", "x", "--size", "17x6cm"]))
    with pytest.raises(ValueError, match=r"or 17x6cm for a page-wide one"):
        figure_options(build_parser().parse_args(["export", "--out", "x", "--size", "12x6cm"]))


def test_a_full_disk_keeps_the_csv_that_was_there_and_says_so_in_one_line(tmp_path, capsys, monkeypatch):
    """The CSVs are streamed into a temporary file: when writing fails midway, the earlier file stays whole,
    no temporary file is left, and the export exits 2 with one line."""
    import errno
    import os

    import app.headless.export_command as export_command

    out = tmp_path / "out"
    out.mkdir()
    (out / "normalized.csv").write_text("earlier\n")

    def full_disk(table, stream, bom=False):
        stream.write(b"token,d1\n")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(export_command, "write_csv", full_disk)
    assert main(["export", "--preset", "xian", "--format", "", "--out", str(out)]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"normscope export: {out / 'normalized.csv'}: can't be written ({os.strerror(errno.ENOSPC)})")
    assert (out / "normalized.csv").read_text() == "earlier\n"
    assert sorted(p.name for p in out.iterdir()) == ["normalized.csv"]


@pytest.mark.parametrize("command", [["export", "--preset", "xian", "--format", ""], ["lesson", "000-layernorm"]])
@pytest.mark.parametrize("where, message", [
    ("", "exists and is not a folder"),
    ("inside", "can't be a folder: a file is in its path"),
])
def test_an_out_that_is_a_file_exits_2_with_one_plain_line(tmp_path, capsys, command, where, message):
    """``--out`` naming a file (or a folder under one) is refused in words, not as ``[Errno 17] File exists``,
    and the file is left as it was."""
    taken = tmp_path / "taken"
    taken.write_text("mine\n")
    out = taken / where if where else taken
    assert main([*command, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].endswith(f"{out.name}: {message}") and "Errno" not in err[0]
    assert taken.read_text() == "mine\n"
