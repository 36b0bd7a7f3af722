"""Sessions: a Scenario as human-readable, versioned JSON (``.normscope.json``), and as a compact
NPZ snapshot for autosave (arrays binary, settings as JSON; no pickle either way)."""

from __future__ import annotations

import dataclasses
import io
import json
import math
import re
from dataclasses import dataclass

import numpy as np

from engine.files.array_formats import parse_npz
from engine.files.bounded_read import Progress, read_regular_file, scaled
from engine.files.io import MAX_FILE_BYTES, MAX_VALUES, READ_SHARE
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem
from engine.files.safe_json import load_json
from engine.files.table_text import format_number, parse_lines
from engine.setup.scenario import Scenario

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


@dataclass(frozen=True)
class SessionContents:
    """What a session file holds: the scenario, the training lab's runs, the scenario pinned as A for
    an A/B comparison if there was one, and warnings about it."""

    scenario: Scenario
    warnings: list[Problem]
    runs: tuple = ()  # engine.training.run_record.RunRecord
    pinned: Scenario | None = None


def _scenario_json(s: Scenario) -> dict:
    return {name: _plain(getattr(s, name)) for name in _ARRAY_FIELDS} | _settings(s)


def session_json(s: Scenario, runs=(), pinned: Scenario | None = None) -> str:
    """The scenario, the training runs (RunRecords) and the scenario pinned as A, if any, as session
    JSON text. Runs and A are optional sections: a session without them reads as before, and older
    NormScope versions ignore them."""
    document = {"format": FORMAT, "version": VERSION, "scenario": _scenario_json(s)}
    if pinned is not None:
        document["pinned"] = _scenario_json(pinned)
    if runs:
        from engine.training.run_record import runs_json

        document["training"] = runs_json(runs)
    if s.matrix.size > READABLE_LIMIT:
        return json.dumps(document, ensure_ascii=False) + "\n"
    text = json.dumps(document, ensure_ascii=False, indent=1)
    # One line per matrix row: collapse every innermost list of numbers.
    return re.sub(r"\[\s+([^\[\]{}\"]*?)\s+\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(1).split(",")) + "]", text) + "\n"


#: The snapshot's members besides the scenario's arrays: A's arrays (prefixed) and the training runs.
_PINNED_PREFIX = "pinned_"
_TRAINING_MEMBER = "training"
#: A snapshot may hold two scenarios at the matrix cap (the current one and A) and the runs beside them.
MAX_SNAPSHOT_BYTES = 2 * MAX_FILE_BYTES + (64 << 20)
#: Characters of the session file's path a snapshot names (any real path is far shorter).
MAX_PATH_CHARS = 4096


@dataclass(frozen=True)
class Snapshot:
    """What an autosave snapshot holds: the session (scenario, A, training runs), the session file it was
    opened from or saved to (None: never saved), and whether the runs were unsaved in that file."""

    contents: SessionContents
    session_path: str | None = None
    runs_unsaved: bool = False


def training_section_bytes(runs) -> bytes:
    """The training runs (RunRecords) as the UTF-8 JSON of a session's ``"training"`` section, bounded as a
    session's is; the autosave keeps this while the runs are unchanged (it costs ~10 ms a run)."""
    from engine.training.run_record import runs_json

    return json.dumps(runs_json(runs), ensure_ascii=False).encode("utf-8") if runs else b""


def session_npz(s: Scenario, pinned: Scenario | None = None, training: bytes = b"",
                session_path: str | None = None, runs_unsaved: bool = False) -> bytes:
    """A compact snapshot: the arrays in binary, the settings as JSON (milliseconds at 2048 × 4096); and,
    when given, A's scenario the same way, the runs' ``training_section_bytes`` and the session file's path."""
    buffer = io.BytesIO()
    header = {"format": FORMAT, "version": VERSION, "settings": _settings(s)}
    arrays = {name: getattr(s, name) for name in _ARRAY_FIELDS}
    if pinned is not None:
        header["pinned_settings"] = _settings(pinned)
        arrays |= {_PINNED_PREFIX + name: getattr(pinned, name) for name in _ARRAY_FIELDS}
    if training:
        arrays[_TRAINING_MEMBER] = np.frombuffer(training, dtype=np.uint8)
    if session_path is not None:
        header |= {"session_path": session_path, "runs_unsaved": runs_unsaved}
    np.savez(buffer, header=np.array(json.dumps(header, ensure_ascii=False)), **arrays)
    return buffer.getvalue()


def parse_session_npz(data) -> tuple[Scenario, list[Problem]]:
    """A Scenario from ``session_npz`` bytes, and warnings (see ``parse_snapshot``)."""
    contents = parse_snapshot(data).contents
    return contents.scenario, contents.warnings


def parse_snapshot(data) -> Snapshot:
    """Everything ``session_npz`` wrote; a Problem says what is wrong.

    The archive is read with the same caps as a user's NPZ file (declared and inflated sizes,
    values, no pickle), so a corrupt or hostile snapshot is refused, not followed; A and the runs are
    read as strictly as a session file's.
    """
    try:
        arrays = parse_npz(data, MAX_SNAPSHOT_BYTES, MAX_SNAPSHOT_BYTES)
        header = arrays.pop("header")
        if header.dtype.kind != "U" or header.ndim != 0:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "its header is not text"))
        document = load_json(str(header))
    except (Problem, KeyError) as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not a NormScope snapshot ({reason})"), reason=error) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT or not isinstance(
            document.get("settings"), dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not a NormScope snapshot"))
    version = document.get("version")
    training = arrays.pop(_TRAINING_MEMBER, None)
    pinned_arrays = {name.removeprefix(_PINNED_PREFIX): arrays.pop(name)
                     for name in list(arrays) if name.startswith(_PINNED_PREFIX)}
    scenario, warnings = _scenario_from_fields({**document["settings"], **arrays}, version)
    pinned = None
    if "pinned_settings" in document:
        settings = document["pinned_settings"]
        pinned, pinned_warnings = _pinned_from({**settings, **pinned_arrays} if isinstance(settings, dict)
                                               else settings, version)
        warnings += pinned_warnings
    runs: tuple = ()
    if training is not None:
        runs = _snapshot_runs(training, warnings)
    path, unsaved = document.get("session_path"), document.get("runs_unsaved", False)
    if path is not None and not (isinstance(path, str) and 0 < len(path) <= MAX_PATH_CHARS and "\x00" not in path):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'session_path' must be a file's path"))
    if not isinstance(unsaved, bool):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field '{name}' must be {expected}, got {got}"),
                      name="runs_unsaved", expected="bool", got=type(unsaved).__name__)
    return Snapshot(SessionContents(scenario, warnings, runs, pinned), path, unsaved)


def _snapshot_runs(training: np.ndarray, warnings: list[Problem]) -> tuple:
    """The runs of a snapshot's training member (``training_section_bytes``), read as a session's are."""
    from engine.training.run_record import parse_runs

    if training.dtype != np.uint8 or training.ndim != 1:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "its training runs are not UTF-8 text"))
    try:
        section = load_json(training.tobytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "its training runs are not UTF-8 text")) from None
    runs, unknown = parse_runs(section)
    if unknown:
        warnings.append(Problem(QT_TRANSLATE_NOOP("Problem", "ignored unknown field(s): {names}"),
                                names=", ".join(unknown)))
    return runs


def read_snapshot(path) -> tuple[Scenario, list[Problem]]:
    """The scenario of the snapshot in the file at ``path`` and its warnings (see ``read_snapshot_file``)."""
    contents = read_snapshot_file(path).contents
    return contents.scenario, contents.warnings


def read_snapshot_file(path) -> Snapshot:
    """The snapshot (``session_npz``) in the file at ``path``, read like a session file: regular files of
    at most ``MAX_SNAPSHOT_BYTES`` only; a FileProblem names the file and what is wrong."""
    data = read_regular_file(path, MAX_SNAPSHOT_BYTES)
    try:
        return parse_snapshot(data)
    except Problem as problem:
        raise FileProblem(path, "{problem}", problem=problem) from None


def _numbers(name: str, value) -> np.ndarray:
    """A JSON list of lists (or list) of numbers as a float64 array; a Problem names the field."""
    wrong = Problem(QT_TRANSLATE_NOOP("Problem", "field '{name}' must be a {ndim}-D list of numbers"),
                    name=name, ndim=_ARRAY_FIELDS[name])
    if not isinstance(value, list):
        raise wrong
    try:
        array = np.array(value)  # C-fast; numbers only give a numeric dtype (ints beyond int64: object)
    except (ValueError, TypeError):
        raise wrong from None
    if array.ndim != _ARRAY_FIELDS[name]:
        raise wrong
    rows = value if array.ndim == 2 else [value]
    kinds = set().union(*(map(type, row) for row in rows))
    if not kinds <= {int, float}:  # no strings, none, nested objects, and no true/false read as 1/0
        raise wrong
    array = array.astype(np.float64)  # load_json kept integers below 10**300: no OverflowError
    if not np.all(np.isfinite(array)):  # 1e999 reads as inf
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field '{name}' holds a number too large to be finite"), name=name)
    return array


def _field(name: str, value):
    if name in _ARRAY_FIELDS:
        if isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.ndim == _ARRAY_FIELDS[name]:
            return value
        return _numbers(name, value)
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
    if expected is float:
        value = float(value)  # load_json kept integers below 10**300: no OverflowError
        if not math.isfinite(value):
            raise Problem(QT_TRANSLATE_NOOP("Problem", "field '{name}' holds a number too large to be finite"),
                          name=name)
    return value


def read_session(path, progress: Progress | None = None) -> tuple[Scenario, list[Problem]]:
    """The session in the file at ``path`` and its warnings (see ``read_session_contents``)."""
    contents = read_session_contents(path, progress)
    return contents.scenario, contents.warnings


def read_session_contents(path, progress: Progress | None = None) -> SessionContents:
    """The session in the file at ``path``: scenario, training runs and warnings; a FileProblem names
    the file and what is wrong. Regular files of at most ``MAX_FILE_BYTES`` only (a saved 2048 × 4096
    session is 173 MB); ``progress`` hears the reading and may raise ``Cancelled``."""
    data = read_regular_file(path, MAX_FILE_BYTES, scaled(progress, 0.0, READ_SHARE))
    try:
        text = data.decode("utf-8")
        del data
        contents = parse_session_contents(text, scaled(progress, READ_SHARE, 1.0))
    except UnicodeDecodeError:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not UTF-8 text (is it a binary file?)")) from None
    except Problem as problem:
        raise FileProblem(path, "{problem}", problem=problem) from None
    if progress is not None:
        progress(1.0)
    return contents


def parse_session(text: str, progress: Progress | None = None) -> tuple[Scenario, list[Problem]]:
    """A Scenario from session JSON, and warnings (see ``parse_session_contents``)."""
    contents = parse_session_contents(text, progress)
    return contents.scenario, contents.warnings


def parse_session_contents(text: str, progress: Progress | None = None) -> SessionContents:
    """The scenario and training runs of session JSON, and warnings (unknown fields, a newer version).

    Raises a Problem naming the missing or wrong field. The JSON is read with bounds
    (engine.files.safe_json): no nesting, huge integer or non-finite number gets past as an exception
    other than a Problem. A large matrix (the scenario's, and A's) is read in steps that ``progress``
    hears (see ``_split_matrices``).
    """
    document = None
    if len(text) > FAST_MATRIX_CHARS and (split := _split_matrices(text, progress)) is not None:
        rest, matrices = split
        document = load_json(rest)
        if not _put_back(document, matrices):  # a "matrix" key was somewhere else: read it all the ordinary way
            document = None
    if document is None:
        document = load_json(text)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not a NormScope session (no \"format\": \"{format}\")"),
                      format=FORMAT)
    fields = document.get("scenario")
    if not isinstance(fields, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'scenario' is missing or not an object"))
    scenario, warnings = _scenario_from_fields(fields, document.get("version"))
    pinned = None
    if "pinned" in document:  # the scenario pinned as A when the session was saved
        pinned, pinned_warnings = _pinned_from(document["pinned"], document.get("version"))
        warnings += pinned_warnings
    runs: tuple = ()
    if "training" in document:  # sessions before the training lab have none
        from engine.training.run_record import parse_runs

        runs, unknown = parse_runs(document["training"])
        if unknown:
            warnings.append(Problem(QT_TRANSLATE_NOOP("Problem", "ignored unknown field(s): {names}"),
                                    names=", ".join(unknown)))
    return SessionContents(scenario, warnings, runs, pinned)


def _pinned_from(fields, version) -> tuple[Scenario, list[Problem]]:
    """A's scenario, read as strictly as the main one; a Problem in it says it is A's."""
    if not isinstance(fields, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'pinned' (the scenario pinned as A) is not an object"))
    try:
        return _scenario_from_fields(fields, version)
    except Problem as problem:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "the scenario pinned as A: {problem}"), problem=problem) from None


#: Above this many characters a session's matrix is read apart from the rest of the JSON.
FAST_MATRIX_CHARS = 1 << 20
_MATRIX_KEY = re.compile(r'"matrix"\s*:\s*\[')
_MATRIX_END = re.compile(r"\]\s*\]")
_ROW_BREAK = re.compile(r"\]\s*,\s*\[")
#: The sections whose "matrix" may be read apart, in the order a session writes them.
_MATRIX_SECTIONS = ("scenario", "pinned")


def _placeholder(index: int) -> str:
    """Stands in for matrix ``index`` in the JSON that json.loads reads (no session text holds a NUL)."""
    return f"\x00matrix{index}"


def _split_matrices(text: str, progress: Progress | None) -> tuple[str, list[np.ndarray]] | None:
    """The session text with its matrices taken out (placeholders instead), and the matrices, read by
    the block parser a step at a time; None when the text is not laid out so (then json reads it all).

    json.loads holds Python's lock for its whole call: 3-8 s for a 2048 × 4096 session, a frozen
    window even when the load runs on a worker. A name can't hide the key: inside a JSON string
    a quote is escaped, so ``"matrix":`` outside one is a key (the scenario's, and A's if pinned).
    """
    keys = list(_MATRIX_KEY.finditer(text))
    if not 1 <= len(keys) <= len(_MATRIX_SECTIONS):
        return None
    pieces, matrices, done = [], [], 0
    for index, key in enumerate(keys):
        start = key.end() - 1  # the matrix's "["
        if start < done:
            return None
        end = _MATRIX_END.search(text, start)
        first = text.find("[", start + 1)
        if end is None or first < 0 or text[start + 1:first].strip():
            return None
        inner = text[first + 1:end.start()]  # "a, b], [c, d": one copy of the 100 MB, not three
        try:
            matrices.append(parse_lines(_ROW_BREAK.split(inner), ",", progress=progress))
        except Problem:  # not a plain list of rows of numbers: json.loads says what it is
            return None
        pieces += [text[done:start], json.dumps(_placeholder(index))]
        done = end.end()
    return "".join(pieces) + text[done:], matrices


def _put_back(document, matrices: list[np.ndarray]) -> bool:
    """Put the matrices read apart where their placeholders stand, as the sections' matrices; False
    when a placeholder stands anywhere else."""
    if not isinstance(document, dict):
        return False
    sections = [document.get(name) for name in _MATRIX_SECTIONS[:len(matrices)]]
    if not all(isinstance(fields, dict) and fields.get("matrix") == _placeholder(i) for i, fields in enumerate(sections)):
        return False
    for fields, matrix in zip(sections, matrices):
        fields["matrix"] = matrix
    return True


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
