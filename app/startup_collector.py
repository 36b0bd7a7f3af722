"""The cyclic garbage collector paused while the window starts.

A start allocates some 75,000 objects that live as long as the process (modules, classes, Qt
wrappers, the first result) and hardly any cyclic garbage (about 1,000 objects at the first paint):
the collector's 160 passes over them found nothing worth their CPU time. So ``python main.py`` pauses
it from its first line; once the window is shown, everything alive moves to the permanent generation
(``gc.freeze``: never scanned again, which keeps later full collections short too) and the
collector runs again. A headless command gets it back as soon as its command line is parsed.
"""

from __future__ import annotations

import gc

_paused = False


def pause_collection() -> None:
    """Stop the cyclic collector until ``resume_collection`` (reference counting frees as ever)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collection() -> None:
    """After a ``pause_collection``: freeze what is alive now and collect again (otherwise nothing)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
