"""The Chinese translation is complete, matches the code's strings, and the shipped .qm is current."""

import pathlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "translations" / "normscope_zh_CN.ts"
QM = TS.with_suffix(".qm")
BIN = pathlib.Path(sys.executable).parent


def tool(name):
    path = BIN / f"pyside6-{name}"
    if not path.exists():
        pytest.skip(f"pyside6-{name} is not installed beside this Python")
    return str(path)


def messages(ts_path):
    root = ElementTree.parse(ts_path).getroot()
    return {(ctx.findtext("name"), m.findtext("source")): m.find("translation")
            for ctx in root.iter("context") for m in ctx.iter("message")}


def test_every_string_has_a_finished_translation():
    unfinished = [src for (_, src), tr in messages(TS).items() if tr.get("type") or not (tr.text or "").strip()]
    assert unfinished == []


def test_translations_keep_every_placeholder():
    for (_, source), translation in messages(TS).items():
        assert sorted(re.findall(r"\{[^}]*\}", source)) == sorted(re.findall(r"\{[^}]*\}", translation.text)), source


def test_the_ts_file_holds_exactly_the_strings_in_the_code(tmp_path):
    fresh = tmp_path / "fresh.ts"
    sources = [str(p) for folder in ("app", "widgets", "engine") for p in sorted((ROOT / folder).rglob("*.py"))]
    subprocess.run([tool("lupdate"), "-no-obsolete", *sources, "-ts", str(fresh)], check=True, capture_output=True)
    assert set(messages(fresh)) == set(messages(TS))


def test_the_shipped_qm_is_compiled_from_the_ts(tmp_path):
    shutil.copy(TS, tmp_path / TS.name)
    subprocess.run([tool("lrelease"), str(tmp_path / TS.name)], check=True, capture_output=True)
    assert (tmp_path / QM.name).read_bytes() == QM.read_bytes()
