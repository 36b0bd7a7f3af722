"""The status bar's notes: how the start went, a result's notes (why something is shown otherwise than
asked), why a gesture was refused (until the next edit makes that obsolete), and a failed autosave."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QStatusBar

from engine.results.compute import Result
from widgets.common.problem_text import describe

if TYPE_CHECKING:
    from app.window.autosave import Autosave
    from app.window.document import Document


class StatusNotes(QObject):
    """Shows ``document``'s and ``autosave``'s notes in ``bar``; ``startup`` is the list of notes about the
    start (kept, and shown again by ``show_startup``)."""

    def __init__(self, bar: QStatusBar, document: Document, autosave: Autosave, startup: list[str]):
        super().__init__(bar)
        self._bar = bar
        self.startup = startup
        self._problem: str | None = None
        document.resultChanged.connect(self.show_result_notes)
        document.statusMessage.connect(self._show_problem)
        document.scenarioChanged.connect(lambda _: self._clear_stale_problem())
        autosave.failed.connect(lambda reason: bar.showMessage(
            self.tr("Autosave failed: {reason}").format(reason=reason), 15_000))
        if autosave.path is None:
            startup.append(self.tr("Autosave is off: {reason}.").format(reason=autosave.off_reason))

    def add_startup(self, text: str) -> None:
        """One more line about how this start went (a folder that can't be written, ...)."""
        self.startup.append(text)
        self.show_startup()

    def show_startup(self) -> None:
        if self.startup:
            self._bar.showMessage(" ".join(self.startup), 30_000)

    def show_result_notes(self, result: Result) -> None:
        """The Result's messages in the UI language."""
        notes = [describe(note) for note in result.notes]
        if notes:
            self._bar.showMessage(" ".join(notes), 15_000)

    def _show_problem(self, text: str) -> None:
        self._bar.showMessage(text, 10_000)
        self._problem = None
        # Armed once this gesture is over: a note about the edit that was just accepted (say, a value
        # rounded) stays, while the next successful edit clears a refusal it made obsolete.
        QTimer.singleShot(0, lambda: setattr(self, "_problem", text))

    def _clear_stale_problem(self) -> None:
        if self._problem is not None and self._bar.currentMessage() == self._problem:
            self._bar.clearMessage()
        self._problem = None
