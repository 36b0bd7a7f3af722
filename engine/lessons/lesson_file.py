"""Lesson files: one JSON file per lesson and language under resources/lessons/, read as data.

A file ``NAME.LANG.json`` (LANG ``en`` or ``zh``) holds ``{"title": ..., "steps": [...]}``; a step has
a ``title``, a ``text``, a complete ``state`` (engine.lessons.step_state) and optionally a
``question`` (``prompt``, ``quantity`` from engine.lessons.quantities, ``kind`` ``number`` with a
``tolerance`` > 0, or ``choice`` with at least two ``options``: all numbers or ``{"value": v}``, the
nearest right, or all ``{"min": a, "max": b}`` intervals, the one holding the value right; an
option may carry a ``label``). Nothing in a file is run: it is read with engine.files.safe_json's bounds,
and every refusal is a FileProblem naming the file, the step and the key or quantity.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from engine.files.bounded_read import read_regular_file
from engine.lessons.lesson_langs import LANGS
from engine.lessons.quantities import Quantity, check_in_range, parse_quantity
from engine.lessons.step_state import StepState, read_state
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem
from engine.resources import resource_path
from engine.files.safe_json import load_json

LESSONS_DIR = resource_path("lessons")
#: A lesson file is a few kilobytes; a matrix of its own is small enough to type.
MAX_LESSON_BYTES = 1 << 20
_FILE_NAME = re.compile(r"([a-z0-9][a-z0-9_-]*)\.(en|zh)\.json")


@dataclass(frozen=True)
class Option:
    """A choice: a value (the nearest to the answer is right) or an interval (the one holding it)."""

    value: float | None = None
    low: float | None = None
    high: float | None = None
    label: str = ""


@dataclass(frozen=True)
class Question:
    prompt: str
    quantity: Quantity
    kind: str  # "number" or "choice"
    tolerance: float = 0.0
    options: tuple[Option, ...] = ()


@dataclass(frozen=True, eq=False)
class Step:
    title: str
    text: str
    state: StepState
    #: The preset the file's state names (None: a matrix of its own).
    preset: str | None
    question: Question | None = None


@dataclass(frozen=True, eq=False)
class Lesson:
    name: str
    lang: str
    title: str
    steps: tuple[Step, ...]
    path: Path


def lesson_path(name: str, lang: str, folder: Path = LESSONS_DIR) -> Path:
    return folder / f"{name}.{lang}.json"


def lesson_files(folder: Path = LESSONS_DIR) -> list[tuple[str, str, Path]]:
    """(name, lang, path) of every lesson file in ``folder``, by name, then language."""
    found = []
    for path in folder.glob("*.json") if folder.is_dir() else ():
        match = _FILE_NAME.fullmatch(path.name)
        if match:
            found.append((match.group(1), match.group(2), path))
    return sorted(found, key=lambda item: (item[0], LANGS.index(item[1])))


def read_lesson(path) -> Lesson:
    """The lesson in the file ``path``; a FileProblem names the file and what is wrong."""
    path = Path(path)
    match = _FILE_NAME.fullmatch(path.name)
    if match is None:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "a lesson file is named NAME.en.json or NAME.zh.json"))
    data = read_regular_file(path, MAX_LESSON_BYTES)
    try:
        return parse_lesson(load_json(data.decode("utf-8")), match.group(1), match.group(2), path)
    except UnicodeDecodeError:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not UTF-8 text (is it a binary file?)")) from None
    except Problem as problem:
        raise FileProblem(path, "{problem}", problem=problem) from None


def parse_lesson(data, name: str, lang: str, path: Path) -> Lesson:
    """A Lesson from a file's JSON value; a Problem names the step and what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list) or not data["steps"]:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "a lesson is an object with a title and a non-empty list of steps"))
    steps = []
    for number, raw in enumerate(data["steps"], 1):
        try:
            steps.append(_step(raw))
        except Problem as problem:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "step {number}: {problem}"), number=number,
                          problem=problem) from None
    return Lesson(name, lang, _text(data, "title"), tuple(steps), path)


def _text(data: dict, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{key} must be a non-empty text"), key=key)
    return value


def _step(raw) -> Step:
    if not isinstance(raw, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{what} must be an object"), what="step")
    unknown = set(raw) - {"title", "text", "state", "question"}
    if unknown:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "unknown key {key}"), key=repr(sorted(unknown)[0]))
    state = read_state(raw.get("state"))
    question = _question(raw["question"], state) if raw.get("question") is not None else None
    return Step(_text(raw, "title"), _text(raw, "text"), state, raw["state"].get("preset"), question)


def _question(raw, state: StepState) -> Question:
    if not isinstance(raw, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{what} must be an object"), what="question")
    quantity = parse_quantity(raw.get("quantity"))
    check_in_range(quantity, state.scenario)
    kind = raw.get("kind")
    if kind == "number":
        tolerance = raw.get("tolerance")
        if not _is_number(tolerance) or not tolerance > 0:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "question {quantity}: tolerance must be a number above 0, "
                                                       "got {value}"), quantity=str(quantity), value=repr(tolerance))
        return Question(_text(raw, "prompt"), quantity, kind, float(tolerance))
    if kind == "choice":
        return Question(_text(raw, "prompt"), quantity, kind, options=_options(raw.get("options"), quantity))
    raise Problem(QT_TRANSLATE_NOOP("Problem", "question {quantity}: kind must be number or choice, got {value}"),
                  quantity=str(quantity), value=repr(kind))


def _options(raw, quantity: Quantity) -> tuple[Option, ...]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "question {quantity}: a choice needs at least 2 options"),
                      quantity=str(quantity))
    options = tuple(_option(item, quantity) for item in raw)
    if len({option.value is None for option in options}) > 1:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "question {quantity}: options are all values or all "
                                                   "intervals, not both"), quantity=str(quantity))
    return options


def _option(item, quantity: Quantity) -> Option:
    if _is_number(item):
        return Option(value=float(item))
    label = item.get("label", "") if isinstance(item, dict) else ""
    if isinstance(item, dict) and isinstance(label, str):
        keys = set(item) - {"label"}
        if keys == {"value"} and _is_number(item["value"]):
            return Option(value=float(item["value"]), label=label)
        if keys == {"min", "max"} and _is_number(item["min"]) and _is_number(item["max"]) \
                and item["min"] <= item["max"]:
            return Option(low=float(item["min"]), high=float(item["max"]), label=label)
    raise Problem(QT_TRANSLATE_NOOP("Problem", "question {quantity}: option {value} is neither a number, "
                                               "{{\"value\"}} nor {{\"min\", \"max\"}} with min ≤ max"),
                  quantity=str(quantity), value=_shown(item))


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
