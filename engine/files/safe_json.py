"""JSON from a file someone else wrote, read with bounds: nesting depth, digits, finite numbers.

Python's json module recurses once per nesting level (10⁵ levels of ``[`` raise RecursionError),
turns a 5,000-digit integer into a ValueError only past 4,300 digits (and a 300-digit one into an
int that float() can't take), and reads ``NaN`` as nan. Here the depth is measured before
parsing, and integers and constants go through hooks that refuse what no setting or matrix holds,
so every refusal is a Problem saying what is wrong.
"""

from __future__ import annotations

import json
import re

import numpy as np

from engine.problem import QT_TRANSLATE_NOOP, Problem

#: Deeper nesting than any NormScope or safetensors header needs, far below Python's recursion limit.
MAX_DEPTH = 64
#: Digits an integer may have: any setting's range fits, and float() of it stays finite.
MAX_INT_DIGITS = 300
#: Strings (with their escapes), removed before brackets are counted: a "[" inside a label nests nothing.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: The brackets' contributions to depth, by byte (others contribute 0).
_DEPTH_STEP = np.zeros(256, dtype=np.int8)
_DEPTH_STEP[[ord("["), ord("{")]] = 1
_DEPTH_STEP[[ord("]"), ord("}")]] = -1
#: Characters counted per step, which bounds the scan's scratch memory.
_SCAN_CHARS = 1 << 24


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (counted, not parsed)."""
    # Without backslashes every string runs from one quote to the next: a split drops them at C speed.
    outside = "".join(text.split('"')[::2]) if "\\" not in text else _STRING.sub('""', text)
    depth = deepest = 0
    for start in range(0, len(outside), _SCAN_CHARS):
        codes = np.frombuffer(outside[start:start + _SCAN_CHARS].encode("ascii", errors="replace"), dtype=np.uint8)
        steps = _DEPTH_STEP[codes]
        levels = depth + np.cumsum(steps[steps != 0], dtype=np.int64)
        if levels.size:
            deepest, depth = max(deepest, int(levels.max())), int(levels[-1])
    return deepest


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "an integer with {digits} digits is too large"),
                      digits=len(text.lstrip("-")))
    return int(text)


def _constant(name: str):
    raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} is not a finite number"), name=name)


def load_json(text: str, max_depth: int = MAX_DEPTH):
    """The value JSON ``text`` holds, with at most ``max_depth`` levels of nesting, integers of at
    most ``MAX_INT_DIGITS`` digits and no NaN or Infinity; a Problem says what is wrong.

    ``1e999`` still reads as inf (a Python hook per float would cost seconds on a 173 MB session):
    callers check that their numbers are finite.
    """
    depth = nesting_depth(text)
    if depth > max_depth:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "nested {depth} levels deep; at most {limit} are read"),
                      depth=depth, limit=max_depth)
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "not valid JSON (line {line}, column {column}: {reason})"),
                      line=error.lineno, column=error.colno, reason=error.msg) from None
