"""A finished or stopped training run as the session keeps it: its settings, the unigram entropy of its
data and its measured history, without the model's weights (a sample needs a re-run).

``run_json`` gives plain JSON values, bounded: at most ``MAX_SAVED_STEPS`` rows (a longer run keeps
every k-th step and its last one), each value to float32's precision (7 significant digits),
NaN/inf as ``null``. ``parse_runs`` reads them back strictly: a wrong type, shape or range is a
Problem naming the run and the field, and the session is refused with it, as for any other bad field.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from engine.setup.limits import MAX_SAVED_RUNS, MAX_SAVED_STEPS
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.training.history import LAYER_SERIES, STEP_SERIES, RunHistory
from engine.training.settings import TrainSettings

#: Characters of a text setting (a data file's path).
MAX_TEXT = 4096


@dataclass(frozen=True)
class RunRecord:
    """One run: what it was asked to do and what it measured."""

    settings: TrainSettings
    unigram_entropy: float
    history: RunHistory


def saved_rows(count: int) -> np.ndarray:
    """The rows of a ``count``-step history a session keeps: all of them, or every k-th and the last."""
    if count <= MAX_SAVED_STEPS:
        return np.arange(count)
    stride = -(-count // (MAX_SAVED_STEPS - 1))
    return np.unique(np.append(np.arange(0, count, stride), count - 1))


def _short(values: np.ndarray) -> list:
    """Values to float32's precision (7 significant digits: 0.3, not 0.30000001192092896); None if
    not finite. Formatted from Python floats: ``str`` of each NumPy float32 is ~10 times slower."""
    return [float(f"{v:.7g}") if math.isfinite(v) else None for v in np.asarray(values, dtype=np.float64).tolist()]


def run_json(record: RunRecord) -> dict:
    """``record`` as plain JSON values (bounded, see the module's note)."""
    h = record.history
    rows = saved_rows(h.count)
    return {
        "settings": record.settings.as_dict(),
        "unigram_entropy": float(record.unigram_entropy),
        "diverged_at": h.diverged_at,
        "steps": [int(s) for s in h.steps[rows]],
        **{name: _short(getattr(h, name)[rows]) for name in STEP_SERIES},
        "layers": {name: [_short(row) for row in h.layer_values(name, rows)] for name in LAYER_SERIES},
    }


def _wrong(template: str, run: int, field: str, **values) -> Problem:
    """A Problem about one field of run ``run``; ``template`` is one of the messages below."""
    return Problem(template, run=run, field=field, **values)


NOT_OBJECT = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be an object")
NOT_KIND = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be {kind}")
NOT_NUMBERS = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be a list of {count} numbers")
NOT_VALUES = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must hold numbers or null only")
NOT_ROWS = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be a list of {count} rows")
BAD_ENTROPY = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be a number from 0 to 1000")
BAD_STEPS = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be a list of at most {limit} "
                                         "integers rising from 1 to at most {steps}")
BAD_DIVERGED = QT_TRANSLATE_NOOP("Problem", "training run {run}: field '{field}' must be null or a step from 1 "
                                            "to {steps}")


def _settings(run: int, value) -> tuple[TrainSettings, list[str]]:
    """TrainSettings from a JSON object, strictly typed; missing fields take their defaults (a run
    saved before a setting existed), unknown ones are returned to be named in a warning."""
    if not isinstance(value, dict):
        raise _wrong(NOT_OBJECT, run, "settings")
    fields = {f.name: f for f in dataclasses.fields(TrainSettings)}
    defaults = TrainSettings()
    values = {}
    for name, given in value.items():
        if name not in fields:
            continue
        default = getattr(defaults, name)
        kind = float if default is None else type(default)  # embed_scale: a number or null
        if default is None and given is None:
            values[name] = None
            continue
        if kind is float:
            ok = isinstance(given, (int, float)) and not isinstance(given, bool) and math.isfinite(float(given))
            given = float(given) if ok else given
        elif kind is int:
            ok = isinstance(given, int) and not isinstance(given, bool)
        elif kind is str:
            ok = isinstance(given, str) and len(given) <= MAX_TEXT
        else:
            ok = isinstance(given, kind)
        if not ok:
            raise _wrong(NOT_KIND, run, f"settings.{name}", kind=kind.__name__)
        values[name] = given
    try:
        settings = TrainSettings(**values)
    except Problem as problem:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "training run {run}: {problem}"), run=run, problem=problem) from None
    return settings, [f"settings.{name}" for name in sorted(set(value) - set(fields))]


def _series(run: int, field: str, value, length: int) -> np.ndarray:
    """A list of ``length`` numbers or nulls (NaN) as a float64 array."""
    if not isinstance(value, list) or len(value) != length:
        raise _wrong(NOT_NUMBERS, run, field, count=length)
    if not all(v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)) for v in value):
        raise _wrong(NOT_VALUES, run, field)
    return np.array([math.nan if v is None else float(v) for v in value], dtype=np.float64)


def parse_run(run: int, value) -> tuple[RunRecord, list[str]]:
    """Run number ``run`` (1-based, for messages) from ``run_json``'s values, and unknown field names."""
    if not isinstance(value, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "training run {run} must be an object"), run=run)
    settings, unknown = _settings(run, value.get("settings"))
    entropy = value.get("unigram_entropy")
    if not isinstance(entropy, (int, float)) or isinstance(entropy, bool) or not 0 <= entropy < 1e3:
        raise _wrong(BAD_ENTROPY, run, "unigram_entropy")
    steps = value.get("steps")
    if not isinstance(steps, list) or len(steps) > MAX_SAVED_STEPS or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in steps) or (steps and not (
            steps[0] >= 1 and steps[-1] <= settings.steps and all(a < b for a, b in zip(steps, steps[1:])))):
        raise _wrong(BAD_STEPS, run, "steps", limit=MAX_SAVED_STEPS, steps=settings.steps)
    diverged = value.get("diverged_at")
    if diverged is not None and not (isinstance(diverged, int) and not isinstance(diverged, bool)
                                     and 1 <= diverged <= settings.steps):
        raise _wrong(BAD_DIVERGED, run, "diverged_at", steps=settings.steps)
    n = len(steps)
    history = RunHistory(n, settings.layers)
    history.steps[:] = steps
    history.count, history.diverged_at = n, diverged
    for name in STEP_SERIES:
        getattr(history, name)[:] = _series(run, name, value.get(name), n)
    layers = value.get("layers")
    if not isinstance(layers, dict):
        raise _wrong(NOT_OBJECT, run, "layers")
    for name in LAYER_SERIES:
        rows = layers.get(name)
        if not isinstance(rows, list) or len(rows) != n:
            raise _wrong(NOT_ROWS, run, f"layers.{name}", count=n)
        for i, row in enumerate(rows):
            history.layers[name][i] = _series(run, f"layers.{name}", row, settings.layers)
    known = {"settings", "unigram_entropy", "diverged_at", "steps", "layers", *STEP_SERIES}
    unknown += sorted(set(value) - known)
    return RunRecord(settings, float(entropy), history), unknown


def parse_runs(value) -> tuple[tuple[RunRecord, ...], list[str]]:
    """The runs of a session's ``"training"`` section (None: none), and unknown field names."""
    if value is None:
        return (), []
    if not isinstance(value, dict) or not isinstance(value.get("runs"), list):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'training' must be an object with a list 'runs'"))
    runs = value["runs"]
    if len(runs) > MAX_SAVED_RUNS:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "field 'training' holds {count} runs; at most {limit} are read"),
                      count=len(runs), limit=MAX_SAVED_RUNS)
    records, unknown = [], sorted(set(value) - {"runs"})
    for i, run in enumerate(runs):
        record, names = parse_run(i + 1, run)
        records.append(record)
        unknown += [f"training.runs[{i + 1}].{name}" for name in names]
    return tuple(records), unknown


def runs_json(records) -> dict:
    """A session's ``"training"`` section for ``records`` (at most MAX_SAVED_RUNS: the last ones)."""
    return {"runs": [run_json(r) for r in list(records)[-MAX_SAVED_RUNS:]]}
