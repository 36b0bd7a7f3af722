"""Sessions: a Scenario as human-readable, versioned JSON (``.normscope.json``), and as a compact
NPZ snapshot for autosave (arrays binary, settings as JSON; no pickle either way)."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import zipfile

import numpy as np

from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.scenario import Scenario
from engine.table_text import format_number

FORMAT = "normscope-session"
VERSION = 2
#: Fields a version-1 session (before the norm variants) lacks, and the values that reproduce it:
#: its stacks were drawn with every matrix N(0, 1/d).
_VERSION_1_DEFAULTS = {"dyt_alpha": 0.5, "qk_norm": False, "ln_scaling": False, "init": "uniform_1_over_d"}
SUFFIX = ".normscope.json"

_ARRAY_FIELDS = {"matrix": 2, "gamma": 1, "beta": 1}
_TYPES = {"labels": list, "norm": str, "placement": str, "activation": str, "dtype": str, "name": str,
          "eps": float, "bn_momentum": float, "toy_a": float, "toy_b": float, "toy_v0": float,
          "layers": int, "seed": int, "heads": int, "ffn_mult": int, "stack_tokens": int,
          "causal": bool, "bn_training": bool, "dyt_alpha": float, "qk_norm": bool, "ln_scaling": bool,
          "init": str}


#: Above this many numbers a session is written compactly: exact float64 text instead of the
#: shortest per-value text (which costs ~3 µs a number), and no line per row.
READABLE_LIMIT = 20_000


def _plain(values: np.ndarray):
    if values.size > READABLE_LIMIT:
        return values.astype(np.float64).tolist()  # exact, and C-fast
    # The shortest text that reads back to the same value in the scenario's dtype keeps the file
    # readable (0.32, not 0.3199999928474426) and exact.
    return [_plain(v) for v in values] if values.ndim > 1 else [float(format_number(v)) for v in values]


def _settings(s: Scenario) -> dict:
    return {f.name: list(v) if isinstance(v := getattr(s, f.name), tuple) else v
            for f in dataclasses.fields(s) if f.name not in _ARRAY_FIELDS}


def session_json(s: Scenario) -> str:
    """The scenario as session JSON text."""
    fields = {name: _plain(getattr(s, name)) for name in _ARRAY_FIELDS} | _settings(s)
    document = {"format": FORMAT, "version": VERSION, "scenario": fields}
    if s.matrix.size > READABLE_LIMIT:
        return json.dumps(document, ensure_ascii=False) + "\n"
    text = json.dumps(document, ensure_ascii=False, indent=1)
    # One line per matrix row: collapse every innermost list of numbers.
    return re.sub(r"\[\s+([^\[\]{}\"]*?)\s+\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(1).split(",")) + "]", text) + "\n"


def session_npz(s: Scenario) -> bytes:
    """A compact snapshot: the arrays in binary, the settings as JSON (milliseconds at 2048 × 4096)."""
    buffer = io.BytesIO()
    header = json.dumps({"format": FORMAT, "version": VERSION, "settings": _settings(s)}, ensure_ascii=False)
    np.savez(buffer, header=np.array(header), **{name: getattr(s, name) for name in _ARRAY_FIELDS})
    return buffer.getvalue()


def parse_session_npz(data: bytes) -> tuple[Scenario, list[Problem]]:
    """A Scenario from ``session_npz`` bytes, and warnings; a Problem says what is wrong."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
        document = json.loads(str(arrays.pop("header")))
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile, json.JSONDecodeError) as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not a NormScope snapshot ({reason})"), reason=str(error)) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT or not isinstance(
            document.get("settings"), dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not a NormScope snapshot"))
    return _scenario_from_fields({**document["settings"], **arrays}, document.get("version"))


def _field(name: str, value):
    if name in _ARRAY_FIELDS:
        if isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.ndim == _ARRAY_FIELDS[name]:
            return value
        array = np.asarray(value, dtype=object)
        if array.ndim != _ARRAY_FIELDS[name] or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in array.ravel()):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "field '{name}' must be a {ndim}-D list of numbers"),
                          name=name, ndim=_ARRAY_FIELDS[name])
        return np.array(array, dtype=float)
    expected = _TYPES[name]
    ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    if expected is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not ok:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field '{name}' must be {expected}, got {got}"),
                      name=name, expected=expected.__name__, got=type(value).__name__)
    if name == "labels":
        if not all(isinstance(v, str) for v in value):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'labels' must be a list of strings"))
        return tuple(value)
    return float(value) if expected is float else value


def parse_session(text: str) -> tuple[Scenario, list[Problem]]:
    """A Scenario from session JSON, and warnings (unknown fields, a newer version).

    Raises a Problem naming the missing or wrong field.
    """
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not valid JSON (line {line}, column {column}: {reason})"),
                      line=error.lineno, column=error.colno, reason=error.msg) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not a NormScope session (no \"format\": \"{format}\")"),
                      format=FORMAT)
    fields = document.get("scenario")
    if not isinstance(fields, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'scenario' is missing or not an object"))
    return _scenario_from_fields(fields, document.get("version"))


def _scenario_from_fields(fields: dict, version) -> tuple[Scenario, list[Problem]]:
    warnings = []
    if not isinstance(version, int) or isinstance(version, bool):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'version' must be an integer"))
    if version > VERSION:
        warnings.append(Problem(QT_TRANSLATE_NOOP(
            "Problem", "written by a newer NormScope (session version {version}); fields it added are ignored"),
            version=version))
    known = {f.name for f in dataclasses.fields(Scenario)}
    unknown = sorted(set(fields) - known)
    if unknown:
        warnings.append(Problem(QT_TRANSLATE_NOOP("Problem", "ignored unknown field(s): {names}"),
                                names=", ".join(unknown)))
    if version < 2:
        fields = _VERSION_1_DEFAULTS | fields
    missing = sorted(known - set(fields))
    if missing:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "missing field(s): {names}"), names=", ".join(missing))
    values = {name: _field(name, fields[name]) for name in sorted(known)}
    try:
        return Scenario(**values), warnings
    except ValueError as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "invalid session: {problem}"), problem=error) from None
