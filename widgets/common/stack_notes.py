"""What the stack views (depth, gradients, stage heatmaps) say about their data, in the UI's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.compute import STACK_WEIGHT_LIMIT_BYTES, Result, stack_weight_bytes


def depth_skipped_note(result: Result) -> str:
    """Why the depth simulation was skipped ("" when it ran)."""
    if not result.depth_message:
        return ""
    s = result.scenario
    return QCoreApplication.translate("StackNotes", "Depth simulation skipped: {layers} layers at d = {d} need {need:.1f} GiB of weights "
               "(limit {limit:.0f} GiB). Fewer layers or dimensions bring it back.").format(
        layers=s.layers, d=s.dims, need=stack_weight_bytes(s) / 2**30, limit=STACK_WEIGHT_LIMIT_BYTES / 2**30)


def stale_note() -> str:
    """Said on a stack view while it still shows the result of earlier settings."""
    return QCoreApplication.translate("StackNotes", "Computing… this still shows the previous settings.")


def stack_note(result: Result) -> str:
    """The note the depth and gradient plots write on themselves ("" for none)."""
    return stale_note() if result.stack_stale else depth_skipped_note(result)
