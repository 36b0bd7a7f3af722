"""Qt's messages in the headless commands (export, train, model export): only the offscreen platform's
"This plugin does not support propagateSizeHints()", which every window it draws prints and which says
nothing about the run, is dropped; every other message still reaches stderr as Qt would print it."""

from __future__ import annotations

import sys

#: Messages the offscreen platform prints for what it can't do but the headless commands never need.
KNOWN_NOISE = ("This plugin does not support propagateSizeHints()",)


def _print_unless_noise(mode, context, message: str) -> None:
    if message in KNOWN_NOISE:
        return
    category = getattr(context, "category", None)
    print(message if category in (None, "", "default") else f"{category}: {message}", file=sys.stderr, flush=True)


def quiet_known_qt_noise() -> None:
    """Route Qt's messages through ``_print_unless_noise`` for the rest of the process."""
    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(_print_unless_noise)
