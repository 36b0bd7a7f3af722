"""What the stack views (depth, gradients, stage heatmaps) say about their data, in the UI's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.results.compute import Result
from widgets.common.problem_text import describe


def depth_skipped_note(result: Result) -> str:
    """Why the depth simulation was skipped ("" when it ran): the engine's note, in the UI's language."""
    return describe(result.depth_message) if result.depth_message else ""


def stale_note() -> str:
    """Said on a stack view while it still shows the result of earlier settings."""
    return QCoreApplication.translate("StackNotes", "Computing… this still shows the previous settings.")


def stack_tokens_note(result: Result) -> str:
    """That the simulations ran on the first tokens only ("" when on all: ``Result.stack_tokens_note``)."""
    note = result.stack_tokens_note
    return describe(note) if note else ""


def stack_note(result: Result) -> str:
    """The note the depth and gradient plots write on themselves ("" for none): that they are out of
    date, why the simulation was skipped, or what its BatchNorm really does (``Result.stack_note``),
    and that only the first tokens are simulated."""
    if result.stack_stale:
        return stale_note()
    reason = depth_skipped_note(result) or (describe(result.stack_note) if result.stack_note else "")
    return " ".join(text for text in (reason, stack_tokens_note(result)) if text)
