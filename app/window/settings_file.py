"""The settings file: QSettings reads it only once it is known to hold plain values.

PySide6's QSettings turns ``@Variant(...)`` (and ``@DateTime(...)``, read the same way) into Python
objects by unpickling them, whichever key is asked for: one such value runs code as soon as its
section is parsed. So the file is scanned first, by Qt's own INI rules (quotes, escapes, commas,
comments), and handed to QSettings only when every value would come back as text, a list of texts
or nothing, plus a byte array for the window layout. Otherwise, and when a remembered setting is
not one NormScope accepts, the file is set aside under a new name with a note to the user, and
NormScope starts on its defaults. What is written back is text that reads back exactly.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, QStandardPaths

from app.window.disk_checks import set_aside, write_problem
from engine.setup.scenario import Scenario

# Settings remembered between runs (the matrix itself is not: it comes from the preset).
REMEMBERED_FIELDS = ("norm", "placement", "eps", "layers", "bn_training", "bn_momentum", "activation",
                     "seed", "toy_a", "toy_b", "causal")
# The only keys whose value may be a byte array (saveGeometry / saveState).
BYTE_ARRAY_KEYS = ("window/geometry", "window/state")
# Far above what NormScope writes (a few KB): a bigger file is not ours.
MAX_BYTES = 1 << 20

_ESCAPED = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
            '"': '"', "?": "?", "'": "'", "\\": "\\"}
_HEX = "0123456789abcdefABCDEF"
_OCT = "01234567"
_kept_alive: list[tempfile.TemporaryDirectory] = []  # stand-in folders, removed at exit


class CheckedSettings(NamedTuple):
    """Settings that are safe to read; ``folder`` is where they belong (and autosave with them)."""

    settings: QSettings
    folder: Path
    notes: list[str]


def settings_path() -> Path:
    """Where NormScope keeps its settings: an INI file in the user's configuration folder."""
    base = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation))
    organization = QCoreApplication.organizationName() or "NormScope"
    return base / organization / f"{QCoreApplication.applicationName() or 'NormScope'}.conf"


# --- the scan -----------------------------------------------------------------------------------


def _after_line_break(text: str, i: int) -> int:
    """Past the line break at ``i``: CR LF and LF CR count as one, as Qt counts them."""
    if i + 1 < len(text) and text[i + 1] in "\r\n" and text[i + 1] != text[i]:
        return i + 2
    return i + 1


def _after_escape(text: str, i: int) -> int:
    """Past the backslash at ``i`` and the character it escapes (a whole line break included)."""
    if i + 1 < len(text) and text[i + 1] in "\r\n":
        return _after_line_break(text, i + 1)
    return i + 2


def _logical_lines(text: str):
    """The lines Qt's INI reader sees: a quoted value or a backslash runs on past a line break,
    ``;`` outside quotes starts a comment that runs to the end of the line."""
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n":
            i += 1
        if i < n and text[i] == ";":
            while i < n and text[i] not in "\r\n":
                i += 1
            continue
        start, quoted = i, False
        while i < n:
            ch = text[i]
            if ch == "\\":
                i = _after_escape(text, i)
                continue
            if ch == '"':
                quoted = not quoted
            elif not quoted and ch in "\r\n;":
                break
            i += 1
        if i > start:
            yield text[start:min(i, n)]


def _entries(text: str):
    """(section/key, raw value) for every ``key=value`` line; keys as written, unescaped only for
    the section separator."""
    section = ""
    for line in _logical_lines(text):
        if line.startswith("["):
            name = line[1:line.find("]")] if "]" in line else line[1:]
            section = "" if name.strip().lower() == "general" else name.strip() + "/"
            continue
        i, quoted = 0, False
        while i < len(line) and (quoted or line[i] != "="):
            if line[i] == "\\":
                i = _after_escape(line, i)
                continue
            quoted ^= line[i] == '"'
            i += 1
        if i < len(line):
            yield section + line[:i].strip(" \t").replace("\\", "/"), line[i + 1:]


def _elements(raw: str) -> list[str]:
    """The text(s) Qt makes of a raw value: escapes decoded, quotes removed, split at commas outside
    quotes, spaces skipped where an element starts (trailing ones are kept: only starts matter)."""
    elements, current, quoted, n = [], [], False, len(raw)

    def skip_spaces(at: int) -> int:
        while at < n and raw[at] in " \t":
            at += 1
        return at

    i = skip_spaces(0)
    while i < n:
        ch = raw[i]
        if ch == "\\":
            if i + 1 >= n:
                break
            code = raw[i + 1]
            if code in "\r\n":  # an escaped line break stands for nothing
                i = _after_line_break(raw, i + 1)
                continue
            i += 2
            if code in _ESCAPED:
                current.append(_ESCAPED[code])
            elif code == "x" and i < n and raw[i] in _HEX:
                digits = i
                while i < n and raw[i] in _HEX:
                    i += 1
                current.append(chr(int(raw[digits:i], 16) & 0xFFFF))  # a QChar keeps the low 16 bits
            elif code in _OCT:
                digits = i - 1
                while i < n and raw[i] in _OCT:
                    i += 1
                current.append(chr(int(raw[digits:i], 8) & 0xFFFF))
            # any other escaped character stands for nothing
        elif ch == '"':
            quoted, i = not quoted, i + 1
            if not quoted:
                i = skip_spaces(i)
        elif ch == "," and not quoted:
            elements.append("".join(current))
            current = []
            i = skip_spaces(i + 1)
        else:
            current.append(ch)
            i += 1
    elements.append("".join(current))
    return elements


def unsafe_key(data: bytes) -> str | None:
    """The first key whose value QSettings would not hand back as plain text (None: all are)."""
    text = data.decode("latin-1")  # byte-wise: UTF-8 sequences never hold the ASCII that matters here
    for key, raw in _entries(text.removeprefix("\xef\xbb\xbf")):
        elements = _elements(raw)
        for element in elements:
            if not element.startswith("@") or element.startswith("@@") or element.rstrip(" \t") == "@Invalid()":
                continue
            if key in BYTE_ARRAY_KEYS and len(elements) == 1 and element.startswith("@ByteArray("):
                continue
            return key
    return None


# --- opening, setting aside ---------------------------------------------------------------------


def _stand_in() -> QSettings:
    """Settings for this run only (the real file can be neither used nor moved)."""
    folder = tempfile.TemporaryDirectory(prefix="normscope-settings-")
    _kept_alive.append(folder)
    return QSettings(str(Path(folder.name) / "NormScope.conf"), QSettings.Format.IniFormat)


def _read_problem(path: Path) -> str | None:
    """Why the file at ``path`` can't be handed to QSettings (None: it can, or there is none)."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None  # no file: the defaults, and nothing to set aside
    except OSError as error:
        return str(error)
    if not stat.S_ISREG(info.st_mode):  # a FIFO would hang the start, /dev/zero never end
        return QCoreApplication.translate("SettingsFile", "not a regular file")
    if info.st_size > MAX_BYTES:
        return QCoreApplication.translate("SettingsFile", "{size} bytes, far more than NormScope writes").format(
            size=info.st_size)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        return str(error)
    key = unsafe_key(data)
    if key is not None:
        return QCoreApplication.translate("SettingsFile", "{key} holds a stored object, not plain text").format(
            key=key)
    return None


def _move_aside(path: Path, reason: str) -> tuple[bool, str]:
    """Set the settings file aside; whether it moved, and the note that says what happened."""
    try:
        aside = set_aside(path)
    except OSError as error:
        return False, QCoreApplication.translate(
            "SettingsFile", "The settings file {path} can't be used ({reason}) nor set aside ({error}): this run "
                            "uses the defaults and remembers nothing.").format(path=path, reason=reason, error=error)
    return True, QCoreApplication.translate(
        "SettingsFile", "The settings file could not be used ({reason}): it was set aside as {name} and the defaults "
                        "are used.").format(reason=reason, name=aside.name)


def set_aside_settings(settings: QSettings, reason: str) -> tuple[QSettings, str]:
    """Move the file of ``settings`` out of the way; settings to use instead and a one-line note."""
    moved, note = _move_aside(Path(settings.fileName()), reason)
    if not moved:
        return _stand_in(), note
    settings.sync()  # nothing waits to be written, so this reads the (now missing) file again
    return settings, note


def open_settings(settings: QSettings | None = None) -> CheckedSettings:
    """``settings`` (or the user's own file), checked before QSettings reads a value of it."""
    path = Path(settings.fileName()) if settings is not None else settings_path()
    notes = []
    problem = _read_problem(path)  # before QSettings opens it: it would wait on a FIFO forever
    if problem is not None:
        moved, note = _move_aside(path, problem)
        notes.append(note)
        if not moved:
            return CheckedSettings(_stand_in(), path.parent, notes)
        if settings is not None:
            settings.sync()  # nothing waits to be written, so this reads the (now missing) file again
    if settings is None:
        # One explicit file: QSettings() would also read organization-wide and system files.
        settings = QSettings(str(path), QSettings.Format.IniFormat)
    writable = write_problem(path.parent)
    if writable is not None:
        notes.append(QCoreApplication.translate("SettingsFile", "Settings won't be remembered: {folder} can't be "
                                                "written ({error}).").format(folder=path.parent, error=writable))
    return CheckedSettings(settings, path.parent, notes)


# --- typed values -------------------------------------------------------------------------------


def text(settings: QSettings, key: str, default: str, choices: tuple[str, ...] | None = None) -> str:
    """The value of ``key`` if it is a text (one of ``choices``, if given), else ``default``."""
    value = settings.value(key)
    return value if isinstance(value, str) and value and (choices is None or value in choices) else default


def text_list(settings: QSettings, key: str) -> list[str]:
    """A list of texts (QSettings hands a one-item list back as a bare text)."""
    value = settings.value(key)
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def byte_array(settings: QSettings, key: str) -> QByteArray | None:
    value = settings.value(key)
    return value if isinstance(value, QByteArray) else None


def _parse(raw: str, default):
    """``raw`` read as the type of ``default``, or None: only text as NormScope writes it."""
    if not raw.isascii() or raw != raw.strip() or "_" in raw:  # int() and float() take " 1_0 " too
        return None
    if isinstance(default, bool):
        return {"true": True, "false": False}.get(raw)
    if isinstance(default, str):
        return raw
    try:
        return int(raw) if isinstance(default, int) else float(raw)
    except ValueError:
        return None


def remembered_scenario(settings: QSettings, base: Scenario) -> Scenario:
    """``base`` with the remembered settings; ValueError (saying which) when one can't be used."""
    changes = {}
    for field in REMEMBERED_FIELDS:
        key = f"scenario/{field}"
        raw = settings.value(key)
        if raw is None:
            continue
        value = _parse(raw, getattr(base, field)) if isinstance(raw, str) else None
        if value is None:
            raise ValueError(QCoreApplication.translate("SettingsFile", "{key} = {value} is not a setting NormScope "
                                                        "writes").format(key=key, value=repr(raw)[:40]))
        changes[field] = value
    try:
        return base.replace(**changes)
    except (ValueError, TypeError, OverflowError) as problem:  # the Scenario's declared ranges decide
        from widgets.common.problem_text import describe

        raise ValueError(describe(problem)) from None


def _as_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)  # repr: the shortest exact text


def remember_scenario(settings: QSettings, scenario: Scenario) -> None:
    """Write the remembered fields of ``scenario`` as texts that ``remembered_scenario`` reads back."""
    for field in REMEMBERED_FIELDS:
        settings.setValue(f"scenario/{field}", _as_text(getattr(scenario, field)))
