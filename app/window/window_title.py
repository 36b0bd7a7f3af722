"""The main window's title: the session's file, else the preset or the scenario's own name, and the
``[*]`` marker while there are edits or training runs since the last save (or the start)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from engine.setup.presets import PRESETS

if TYPE_CHECKING:
    from app.window.document import Document
    from app.window.session_files import SessionFiles
    from app.window.training_session import TrainingSession


class WindowTitle(QObject):
    """Keeps ``window``'s title in step with ``document``, ``files`` and ``training``; ``refresh()`` after a
    language change, ``show_modified()`` when the undo stack's clean state changes."""

    def __init__(self, window: QWidget, document: Document, files: SessionFiles, training: TrainingSession):
        super().__init__(window)
        self._window = window
        self._document = document
        self._files = files
        self._training = training
        self._named: str | None = None  # the scenario's name the title was made for
        document.scenarioChanged.connect(self._on_scenario_changed)
        files.sessionPathChanged.connect(self.refresh)
        # The undo stack's cleanChanged comes through the window (MainWindow._show_modified): the stack
        # signals as the window dies, after the window's slots are cut off but before this child's are.
        training.unsavedChanged.connect(self.show_modified)

    def preset_name(self, preset_id: str) -> str:
        """The preset's name in the UI language."""
        names = {"xian": self.tr("今天西安的天气怎么样 (6 × 4)"), "apple": self.tr("我 吃 苹果 (5 × 4)"),
                 "random": self.tr("Random hidden states (128 × 768)"), "large": self.tr("Large (2048 × 4096)")}
        return names.get(preset_id, PRESETS[preset_id].display_name)

    def _on_scenario_changed(self, scenario) -> None:
        if scenario.name != self._named:  # a cell edit or a setting keeps the name, and the title
            self.refresh()

    def refresh(self) -> None:
        """Name the session's file, else what the document holds; ``[*]`` becomes the modified marker."""
        self._named = self._document.scenario.name
        if self._files.session_path is not None:
            name = self._files.session_path.name
        else:
            name = self._document.scenario.name
            name = self.preset_name(name) if name in PRESETS else name or self.tr("untitled")
        self._window.setWindowTitle(f"NormScope — {name}[*]")

    def show_modified(self) -> None:
        """``[*]`` while there are unsaved edits or training runs."""
        self._window.setWindowModified(not self._document.undo_stack.isClean() or self._training.unsaved)
