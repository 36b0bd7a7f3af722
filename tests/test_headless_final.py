"""Headless exports are final: figures drawn from the finished result, and a depth simulation skipped
for memory still leaves the toy's table."""

import dataclasses
import xml.etree.ElementTree as ElementTree

import pytest

from engine.results.compute import compute
from engine.problem import Note
from engine.setup.presets import load_preset
from engine.files.tables import result_tables
from tests.test_export_command import read_csv, run_cli


def test_a_skipped_depth_simulation_still_gives_the_toys_table():
    scenario = load_preset("apple").replace(layers=3)
    result = compute(scenario, stack=False)
    assert "depth" not in result_tables(dataclasses.replace(result, depth=None, depth_message=None))
    skipped = dataclasses.replace(result, depth=None, depth_message=Note("skipped"))
    table = result_tables(skipped)["depth"]
    assert table.header == ("layer", "toy")
    assert [row[1] for row in table.rows] == pytest.approx([1.0, 2.0, 3.5, 5.75])
    assert "grad" not in result_tables(skipped)


def _texts(path) -> str:
    return " ".join(e.text or "" for e in ElementTree.parse(path).getroot().iter() if e.tag.endswith("}text"))


@pytest.mark.slow
def test_export_of_a_preset_whose_stack_runs_on_the_worker_draws_the_finished_stack(tmp_path):
    """(random's stack is too large to compute inline: the figures were drawn before it finished.)"""
    done = run_cli("export", "--preset", "random", "--format", "svg", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for name in ("depth", "grad", "stages"):
        assert "Computing" not in _texts(tmp_path / f"{name}.svg"), name
    assert "Pre-Norm" in _texts(tmp_path / "depth.svg")
    assert read_csv(tmp_path / "depth.csv")[0][:4] == ["layer", "none", "pre", "post"]
