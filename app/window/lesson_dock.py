"""Help → Lessons: the lesson dock and what it asks of the window.

Each step sets the app's whole state as one undo step (``Document.load_scenario``, as a preset does),
brings its view to the front and selects its row. The question's answer is computed by the engine
from the Result on screen every time it changes, so the student may change anything and the answer
follows. The lesson is shown in the UI's language and follows the language switch; the dock stays
in presentation mode (F11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu

from app.window.document import SYNC_STACK_BYTES
from app.window.language import current_language
from engine.results.compute import Result, stack_weight_bytes
from engine.problem import Problem
from widgets.common.problem_text import describe

# The lessons' engine (engine.lessons) and their views load with the first lesson opened, not at the
# window's start.
if TYPE_CHECKING:
    from app.window.lesson_views import LessonWindow
    from engine.lessons.answers import Answer
    from engine.lessons.lesson_file import Lesson
    from widgets.lessons.lesson_panel import LessonPanel

#: The dock property app/window/presentation.py reads: a dock that stays when presentation mode hides the others.
KEEPS_IN_PRESENTATION = "keepsInPresentation"
_DEPTH_QUANTITIES = ("depth_rms", "weight_grad", "grad_ratio")


class LessonDock(QObject):
    """The Help → Lessons action (first in ``help_menu``), and the dock it opens (built on first use)."""

    def __init__(self, window: LessonWindow, help_menu: QMenu):
        super().__init__(window)
        self._window = window
        self._dock: QDockWidget | None = None
        self._panel: LessonPanel | None = None
        self._lesson: Lesson | None = None
        self._name: str | None = None
        self._index = 0
        self.action = window.bind_text(QAction(window), lambda: self.tr("&Lessons…"))
        self.action.setObjectName("helpLessons")
        self.action.triggered.connect(lambda _checked=False: self.open())  # not open(checked): it keeps the lesson
        help_menu.insertAction(help_menu.actions()[0] if help_menu.actions() else None, self.action)
        window.document.resultChanged.connect(self._on_result)

    @property
    def panel(self) -> LessonPanel | None:
        return self._panel

    @property
    def lesson(self) -> Lesson | None:
        return self._lesson

    @property
    def index(self) -> int:
        return self._index

    def open(self, name: str | None = None) -> None:
        """Show the dock; with no lesson open yet, the first lesson starts (its first step is one undo step)."""
        if self._dock is None:
            self._build()
        self._dock.show()
        self._dock.raise_()
        from engine.lessons.lesson_file import LESSONS_DIR

        names = self._names()
        if not names:  # a bundle without its resources
            self._panel.show_problem(self.tr("No lessons were found in {folder}.").format(folder=LESSONS_DIR))
        elif name is not None or self._lesson is None:
            self.choose(name or names[0])

    def choose(self, name: str) -> None:
        """Open lesson ``name`` in the UI's language at its first step."""
        self._name = name
        if self._load():
            self._index = -1  # a new lesson: nothing typed or revealed is kept
            self.go_to(0)

    def go_to(self, index: int) -> None:
        """Show step ``index`` and set the app to its state (one undo step)."""
        if self._lesson is None or not 0 <= index < len(self._lesson.steps):
            return
        again = index == self._index  # Set this step again: what was typed and revealed stays
        self._index = index
        from app.window.lesson_views import show_view

        step = self._lesson.steps[index]
        window = self._window
        window.document.load_scenario(step.state.scenario, self.tr("Lesson step: {title}").format(title=step.title))
        show_view(window, step.state.view, step.state.model)
        if step.state.row is not None:
            window.token_grid.setCurrentIndex(window.token_grid.model().index(step.state.row, 0))
        self._panel.show_step(step, index, len(self._lesson.steps), keep_answer=again)
        self._on_result(window.document.result)

    # --- building and languages ----------------------------------------------------------------------

    def _build(self) -> None:
        from widgets.lessons.lesson_panel import LessonPanel  # imported when first opened: not at start

        self._panel = LessonPanel()
        self._panel.lessonChosen.connect(self.choose)
        self._panel.stepChosen.connect(self.go_to)
        self._panel.retranslated.connect(self._on_language)
        dock = self._window.bind_text(QDockWidget(self._window), lambda: self.tr("Lesson"))
        dock.setObjectName("lessonDock")
        dock.setProperty(KEEPS_IN_PRESENTATION, True)
        dock.setWidget(self._panel)
        self._window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        if not self._window.restoreDockWidget(dock):  # where the user left it last time, else on the right
            self._window.resizeDocks([dock], [360], Qt.Orientation.Horizontal)
        self._dock = dock

    @staticmethod
    def _lang() -> str:
        return "zh" if current_language() == "zh_CN" else "en"

    def _names(self) -> list[str]:
        from engine.lessons.lesson_file import lesson_files

        return list(dict.fromkeys(name for name, _, _ in lesson_files()))

    def _load(self) -> bool:
        """Read the lesson in the UI's language (English if it has none); False, and why in the panel, if it can't be."""
        from engine.lessons.lesson_file import lesson_files, read_lesson

        files = {(name, lang): path for name, lang, path in lesson_files()}
        path = files.get((self._name, self._lang())) or files.get((self._name, "en"))
        entries = []
        for name in self._names():
            entry = files.get((name, self._lang())) or files.get((name, "en"))
            try:
                entries.append((name, read_lesson(entry).title))
            except (Problem, OSError):
                entries.append((name, name))
        self._panel.set_lessons(entries, self._name)
        try:
            if path is None:
                raise OSError(self._name)
            self._lesson = read_lesson(path)
        except (Problem, OSError) as problem:
            self._lesson = None
            self._panel.show_problem(describe(problem))
            return False
        return True

    def _on_language(self) -> None:
        """The UI language changed: the same step of the same lesson in the new language, the state untouched."""
        if self._name is None or self._panel is None:
            return
        keep = self._index
        if self._load() and keep < len(self._lesson.steps):
            self._panel.show_step(self._lesson.steps[keep], keep, len(self._lesson.steps), keep_answer=True)
            self._on_result(self._window.document.result)

    # --- the answer follows the state shown -------------------------------------------------------------

    def _on_result(self, result: Result | None) -> None:
        if self._panel is None or self._lesson is None:
            return
        question = self._lesson.steps[self._index].question
        if question is None:
            return
        found, trouble = self._answer(question, result)
        shown = result.scenario if result is not None else None
        self._panel.show_answer(found, trouble, changed=shown is not None
                                and shown != self._lesson.steps[self._index].state.scenario)

    def _answer(self, question, result: Result | None) -> tuple[Answer | None, str | None]:
        from engine.lessons.answers import answer
        from engine.lessons.quantities import check_in_range, profile_runs, stacks_needed

        if result is None:
            return None, None
        try:
            check_in_range(question.quantity, result.scenario)  # the student may have removed that row
        except Problem as problem:
            return None, describe(problem)
        if question.quantity.name in _DEPTH_QUANTITIES:
            if result.stack_stale:
                return None, None  # the worker's complete result follows
            missing = [p for p in stacks_needed(question.quantity) if p not in profile_runs(result)]
            if missing and stack_weight_bytes(result.scenario) > SYNC_STACK_BYTES:
                return None, self.tr("Not computed here: simulating {stack} for a matrix this large would hold "
                                     "the window. Choose {stack} as the placement to see it.").format(stack=missing[0])
        return answer(question, result), None
