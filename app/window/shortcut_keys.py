"""Keys as the app binds and lists them: Redo on Ctrl+Y and Ctrl+Shift+Z everywhere, and key lists a
person can read (no keys of keyboards few have, each key once)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

#: The keys of dedicated keys (Sun's F14 "Undo" key, a keyboard's "Copy" key): Qt binds them on X11
#: beside the keys everybody has; listed, they read "Ctrl+Z, F14, Undo".
_DEDICATED_KEYS = {Qt.Key.Key_Undo, Qt.Key.Key_Redo, Qt.Key.Key_Copy, Qt.Key.Key_Cut, Qt.Key.Key_Paste,
                   Qt.Key.Key_Open, Qt.Key.Key_Find, Qt.Key.Key_Save, Qt.Key.Key_Close}


def redo_keys() -> list[QKeySequence]:
    """The platform's Redo keys with Ctrl+Y and Ctrl+Shift+Z added where it lacks them (on X11 Qt gives
    Ctrl+Shift+Z only; Windows Ctrl+Y). Each once: a key bound twice is refused as an ambiguous overload."""
    keys = list(QKeySequence.keyBindings(QKeySequence.StandardKey.Redo))
    for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):
        if QKeySequence(extra) not in keys:
            keys.append(QKeySequence(extra))
    return keys


def _on_every_keyboard(key: QKeySequence) -> bool:
    if key.isEmpty():
        return False
    pressed = key[0].key()
    return pressed not in _DEDICATED_KEYS and not Qt.Key.Key_F13 <= pressed <= Qt.Key.Key_F35


def readable_keys(keys: list[QKeySequence]) -> str:
    """``keys`` in the platform's own words, each once, without the keys of dedicated keys: "Ctrl+Z"."""
    texts = []
    for key in filter(_on_every_keyboard, keys):
        text = key.toString(QKeySequence.SequenceFormat.NativeText)
        if text not in texts:
            texts.append(text)
    return ", ".join(texts)
