"""What the Model tab's page needs of the owner of the model's state (app.window.model_session.ModelSession
satisfies it; a test may hand the page a fake): the page draws what it is told and forwards gestures.

Every gesture that changes the run (a new text, a what-if, Clear) is one step on ``undo_stack``; the owner
runs the model off the UI thread, drops results a newer gesture made stale, and reports each run's
analysis (engine.models.analysis.ModelAnalysis) through ``analysed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import SignalInstance

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from engine.models.analysis import ModelAnalysis, Place
    from engine.models.loading import Model
    from engine.models.what_if import Edit


class LoadCancelled(Exception):
    """A load stopped by the user (raised from the progress callback; reported through ``failed``)."""


class ModelSource(Protocol):
    #: The load's progress, 0 … 1.
    loadProgress: SignalInstance
    #: A model was loaded (the Model); its first run follows.
    modelLoaded: SignalInstance
    #: The ModelAnalysis to show: after a run, an undo or redo, or a new place.
    analysed: SignalInstance
    #: A load or run failed (the exception; LoadCancelled when the user cancelled): the last good state stays.
    failed: SignalInstance
    busyChanged: SignalInstance
    #: The simulated stacks beside the shown run's real depth (a dict of curves), or why they failed.
    simulated: SignalInstance
    simulationFailed: SignalInstance
    #: The loss table of freezing the final norm and then each block's norms alone (rows of InterventionCost,
    #: after ``cost_frozen_blocks``), or why it failed.
    blockCosts: SignalInstance
    blockCostsFailed: SignalInstance

    model: Model | None
    analysis: ModelAnalysis | None
    undo_stack: QUndoStack

    @property
    def edits(self) -> tuple:
        """The what-ifs of the current state (the shown run's once it has arrived)."""

    def load(self, source: str, text: str) -> None:
        """Load ``source`` (a model name, folder or .gguf file) off the UI thread, then run it on ``text``."""

    def cancel_load(self) -> None: ...

    def set_text(self, text: str) -> None:
        """Run on ``text`` (one undo step; the what-ifs start again); bad text raises a Problem at once."""

    def apply(self, edit: Edit) -> None:
        """Add a what-if (one undo step); one outside the model raises a Problem at once."""

    def clear(self) -> None:
        """Take back every what-if (one undo step)."""

    def cost_frozen_blocks(self) -> None:
        """Cost freezing each block's norms in turn on the shown run (a language model), off the UI thread."""

    def choose_place(self, place: Place) -> None:
        """Look at ``place`` (no undo step): ``analysed`` follows at once."""
