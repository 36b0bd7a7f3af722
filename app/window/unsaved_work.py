"""The questions about unsaved work: may the window close with unsaved edits, and, at the next start,
shall the work autosaved then come back.

On closing, unsaved edits are autosaved first (the next start offers them back); then, where a user
can be asked, Save / Discard / Cancel, or, when the autosave failed (a full or read-only disk), what
to do instead of losing them silently.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QMessageBox

if TYPE_CHECKING:
    from app.window.autosave import Autosave
    from app.window.document import Document
    from app.window.session_files import SessionFiles
    from app.window.training_session import TrainingSession


class UnsavedWork(QObject):
    """``may_close()`` and ``offer_recovery()`` for ``window``; ``ask()`` overrides whether someone can be
    asked on closing (None: only a shown window on a real screen, not the offscreen platform of tests and
    headless export, where the autosave keeps the edits for the next start)."""

    def __init__(self, window: QMainWindow, document: Document, autosave: Autosave, files: SessionFiles,
                 training: TrainingSession, ask: Callable[[], bool | None]):
        super().__init__(window)
        self._window, self._document, self._autosave, self._files, self._ask = window, document, autosave, files, ask
        self._training = training

    def offer_recovery(self) -> None:
        """Offer the autosaved session a crash or an unsaved close left behind (No discards it)."""
        if not self._autosave.has_recovery():
            return
        answer = QMessageBox.question(
            self._window, self.tr("Restore unsaved work?"),
            self.tr("NormScope closed with unsaved work last time. Restore the work it autosaved?"))
        if answer != QMessageBox.StandardButton.Yes:
            self._autosave.discard()
            return
        problem = self._autosave.restore()
        if problem:
            self._window.statusBar().showMessage(
                self.tr("The autosaved work could not be restored: {problem}.").format(problem=problem), 30_000)

    def can_ask(self) -> bool:
        ask = self._ask()
        if ask is not None:
            return ask
        return self._window.isVisible() and QGuiApplication.platformName() != "offscreen"

    def may_close(self) -> bool:
        """Whether the window may close (see the module's description). Unsaved training runs are
        autosaved and asked about as edits are."""
        edits = not self._document.undo_stack.isClean()
        runs = self._training.unsaved
        if not edits and not runs:
            self._autosave.discard()
            return True
        problem = self._autosave.save_and_wait() if edits or runs else None
        if not self.can_ask():
            return True
        if problem is not None:
            return self._ask_after_failed_autosave(problem)
        buttons = QMessageBox.StandardButton
        name = self._files.session_path.name if self._files.session_path else self.tr("This session")
        question = (self.tr("{name} has training runs that are not saved. Save them before closing?") if not edits
                    else self.tr("{name} has changes that are not saved. Save them before closing?"))
        answer = QMessageBox.question(self._window, self.tr("Save changes?"), question.format(name=name),
                                      buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save and self._files.save() or answer == buttons.Discard:
            self._autosave.discard()  # saved, or discarded on purpose: no snapshot offered next time
            return True
        return False

    def _ask_after_failed_autosave(self, problem: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Unsaved edits"), self.tr(
            "Your unsaved edits could not be autosaved ({problem}). If NormScope closes now, they are lost.").format(
            problem=problem), QMessageBox.StandardButton.NoButton, self._window)
        box.setObjectName("unsavedEditsDialog")
        save = box.addButton(self.tr("Save elsewhere…"), QMessageBox.ButtonRole.AcceptRole)
        close = box.addButton(self.tr("Close anyway"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.exec()
        if box.clickedButton() is close:
            return True
        if box.clickedButton() is save and self._files.save_session_as():
            self._autosave.discard()  # saved: an older snapshot must not be offered next time
            return True
        return False
