"""The lesson panel: a step's text, Back / Next, and its question with an answer box or choices and
Reveal, the engine's answer beside the student's.

The panel draws what it is given and reports what the student asks for (``lessonChosen``,
``stepChosen``); the answer comes from its owner (app/window/lesson_dock.py), computed from the state on
screen each time it changes, so a cell edit moves it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (QButtonGroup, QFrame, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QRadioButton, QScrollArea, QVBoxLayout, QWidget)

from engine.lessons.answers import Answer, is_right
from engine.lessons.lesson_file import Option, Question, Step
from engine.files.table_text import parse_number
from widgets.common.retranslation import Retranslating
from widgets.lessons.lesson_chooser import LessonChooser, split_title


def shown_number(value: float, tolerance: float | None = None) -> str:
    """``value`` as the panel shows it: one decimal more than the tolerance asks for (4 significant
    digits without one), thousands grouped, the minus sign the app displays."""
    if not math.isfinite(value):
        return str(value)
    if tolerance is not None and tolerance > 0:
        decimals = min(8, max(0, math.ceil(-math.log10(tolerance)) + 1))
        text = f"{value:,.{decimals}f}"
    elif abs(value) >= 1000:
        text = f"{value:,.0f}"
    else:
        text = f"{value:.4g}"
    text = text[1:] if text.startswith("-") and float(text.replace(",", "")) == 0 else text
    return text.replace("-", "−")


class LessonPanel(Retranslating, QWidget):
    """Signals: ``lessonChosen(name)`` from the lesson list, ``stepChosen(index)`` from Back, Next and
    Set this step again (0-based), ``retranslated()`` after the UI language changed."""

    lessonChosen = Signal(str)
    stepChosen = Signal(int)
    retranslated = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("lessonPanel")
        self._step: Step | None = None
        self._index, self._count = 0, 0
        self._answer: Answer | None = None
        self._trouble: str | None = None
        self._changed = False
        self._revealed = False

        self.chooser = LessonChooser()
        self.chooser.setObjectName("lessonChooser")
        self.chooser.activated.connect(lambda i: self.lessonChosen.emit(self.chooser.itemData(i)))
        self.about = QLabel()  # what the chosen lesson is about, whole: the chooser's face shows its name only
        self.about.setObjectName("lessonAbout")
        self.about.setWordWrap(True)
        self.heading = QLabel()
        self.heading.setObjectName("lessonStepHeading")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.text = QLabel()
        self.text.setObjectName("lessonStepText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.question_box = QGroupBox()
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.answer_box = QLineEdit()
        self.answer_box.setObjectName("lessonAnswerBox")
        self.answer_box.returnPressed.connect(self.reveal)
        self.answer_box.textEdited.connect(lambda _text: self._show_verdict())
        self.choices = QButtonGroup(self)
        self.choices.idClicked.connect(lambda _id: self._show_verdict())
        self.choice_area = QVBoxLayout()
        self.reveal_button = QPushButton()
        self.reveal_button.setObjectName("lessonReveal")
        self.reveal_button.clicked.connect(self.reveal)
        self.verdict = QLabel()
        self.verdict.setObjectName("lessonVerdict")
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.follows = QLabel()
        self.follows.setWordWrap(True)
        italic = QFont()  # only italic: the size still follows the application's (presentation mode)
        italic.setItalic(True)
        self.follows.setFont(italic)
        box = QVBoxLayout(self.question_box)
        box.addWidget(self.prompt)
        box.addWidget(self.answer_box)
        box.addLayout(self.choice_area)
        row = QHBoxLayout()
        row.addWidget(self.reveal_button)
        row.addStretch(1)
        box.addLayout(row)
        box.addWidget(self.verdict)
        box.addWidget(self.follows)

        self.back = QPushButton()
        self.back.setObjectName("lessonBack")
        self.back.clicked.connect(lambda: self.stepChosen.emit(self._index - 1))
        self.again = QPushButton()
        self.again.setObjectName("lessonAgain")
        self.again.clicked.connect(lambda: self.stepChosen.emit(self._index))
        self.next = QPushButton()
        self.next.setObjectName("lessonNext")
        self.next.clicked.connect(lambda: self.stepChosen.emit(self._index + 1))
        buttons = QHBoxLayout()
        for button in (self.back, self.again, self.next):
            buttons.addWidget(button)
        # A presenter's clicker sends Page Up / Page Down: they walk the lesson while the panel has the focus.
        for key, button in ((QKeySequence.StandardKey.MoveToPreviousPage, self.back),
                            (QKeySequence.StandardKey.MoveToNextPage, self.next)):
            shortcut = QShortcut(QKeySequence(key), self, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda b=button: b.isEnabled() and b.click())

        body = QWidget()
        content = QVBoxLayout(body)
        content.addWidget(self.heading)
        content.addWidget(self.text)
        content.addWidget(self.question_box)
        content.addStretch(1)
        scroll = QScrollArea()  # a long text in presentation mode scrolls rather than pushing the buttons away
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.addWidget(self.chooser)
        layout.addWidget(self.about)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        self.retranslate()
        self.question_box.hide()

    # --- what the owner shows ---------------------------------------------------------------------

    def set_lessons(self, entries: list[tuple[str, str]], current: str | None) -> None:
        """The lessons to choose from, (name, title) in the UI language, ``current`` selected."""
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for name, title in entries:
            self.chooser.addItem(title, name)
        self.chooser.setCurrentIndex(max(0, self.chooser.findData(current)))
        self.chooser.blockSignals(False)
        name, about = split_title(self.chooser.currentText())
        self.about.setText(about or name)

    def show_step(self, step: Step, index: int, count: int, keep_answer: bool = False) -> None:
        """Step ``index`` (0-based) of ``count``. ``keep_answer``: the same step again, in another
        language or set once more (what was typed, picked and revealed stays)."""
        given = self._given() if keep_answer else None
        self._step, self._index, self._count = step, index, count
        if not keep_answer:
            self._revealed = False
            self.answer_box.clear()
        self.heading.setText(self.tr("Step {n} of {count}: {title}").format(n=index + 1, count=count, title=step.title))
        self.text.setText(step.text)
        self.back.setEnabled(index > 0)
        self.next.setEnabled(index < count - 1)
        question = step.question
        self.question_box.setVisible(question is not None)
        self._fill_choices(question, given if question is not None and question.kind == "choice" else None)
        if question is not None:
            self.prompt.setText(question.prompt)
            self.answer_box.setVisible(question.kind == "number")
        self._show_verdict()

    def show_problem(self, text: str) -> None:
        """A lesson that can't be shown: why, in place of its step."""
        self._step = None
        self.heading.setText(self.tr("This lesson can't be shown"))
        self.text.setText(text)
        self.question_box.hide()
        self.back.setEnabled(False)
        self.next.setEnabled(False)

    def show_answer(self, answer: Answer | None, trouble: str | None = None, changed: bool = False) -> None:
        """The engine's answer for the state shown now, or why there is none (``trouble``); ``changed``:
        the state shown is no longer the step's own (the student edited it)."""
        self._answer, self._trouble, self._changed = answer, trouble, changed
        self._show_verdict()

    def reveal(self) -> None:
        self._revealed = True
        self._show_verdict()

    @property
    def revealed(self) -> bool:
        return self._revealed

    # --- drawing ------------------------------------------------------------------------------------

    def _fill_choices(self, question: Question | None, given: int | None) -> None:
        for button in self.choices.buttons():
            self.choices.removeButton(button)
            self.choice_area.removeWidget(button)
            button.deleteLater()
        if question is None or question.kind != "choice":
            return
        for i, option in enumerate(question.options):
            button = QRadioButton(self._option_text(option))
            button.setObjectName(f"lessonChoice{i}")
            self.choices.addButton(button, i)
            self.choice_area.addWidget(button)
            button.setChecked(i == given)

    def _option_text(self, option: Option) -> str:
        if option.label:
            return option.label
        if option.value is not None:
            return shown_number(option.value)
        return self.tr("from {low} to {high}").format(low=shown_number(option.low), high=shown_number(option.high))

    def _given(self):
        """The student's answer: the number typed, the index picked, or None."""
        if self._step is None or self._step.question is None:
            return None
        if self._step.question.kind == "choice":
            picked = self.choices.checkedId()
            return None if picked < 0 else picked
        try:
            return parse_number(self.answer_box.text().strip())
        except ValueError:
            return None

    def _show_verdict(self) -> None:
        question = self._step.question if self._step is not None else None
        if question is None:
            return
        self.follows.setText(self.tr("The answer is computed by the engine from the state shown: change a cell or "
                                     "a setting and it is computed again."))
        if self._changed:
            self.follows.setText(self.follows.text() + " " + self.tr(
                "You changed the state: this is the answer for what is shown now (Set this step again goes back)."))
        if not self._revealed:
            self.verdict.setText(self.tr("Predict, then press Reveal."))
            return
        if self._trouble is not None or self._answer is None:
            self.verdict.setText(self._trouble or self.tr("Computing…"))
            return
        answer = self._answer
        tolerance = question.tolerance if question.kind == "number" else None
        lines = [self.tr("Engine: <b>{value}</b> ({quantity})").format(value=shown_number(answer.value, tolerance),
                                                                       quantity=question.quantity)]
        if question.kind == "choice":
            if answer.correct is None:
                lines.append(self.tr("With the state shown now no single option is right."))
            else:
                lines.append(self.tr("Right option: {option}").format(
                    option=self._option_text(question.options[answer.correct])))
        given = self._given()
        if given is None:
            lines.append(self.tr("Yours: none given"))
        else:
            yours = self._option_text(question.options[given]) if question.kind == "choice" else shown_number(given)
            mark = "✓" if is_right(question, answer, given) else "✗"
            if question.kind == "number":
                lines.append(self.tr("Yours: {value} {mark} (right within ±{tolerance})").format(
                    value=yours, mark=mark, tolerance=shown_number(question.tolerance)))
            else:
                lines.append(self.tr("Yours: {value} {mark}").format(value=yours, mark=mark))
        self.verdict.setText("<br>".join(lines))

    def retranslate(self) -> None:
        self.question_box.setTitle(self.tr("Question"))
        self.answer_box.setPlaceholderText(self.tr("Your answer (a number)"))
        self.reveal_button.setText(self.tr("Reveal"))
        self.back.setText(self.tr("◀ Back"))
        self.back.setToolTip(self.tr("The step before (Page Up while the panel has the focus)"))
        self.next.setToolTip(self.tr("The next step (Page Down while the panel has the focus)"))
        self.again.setText(self.tr("Set this step again"))
        self.again.setToolTip(self.tr("Set the app to this step's state once more (one undo step)"))
        self.next.setText(self.tr("Next ▶"))
        self.chooser.setToolTip(self.tr("Choose a lesson"))
        if self._step is not None:
            self._show_verdict()
        self.retranslated.emit()


if __name__ == "__main__":  # python -m widgets.lessons.lesson_panel [NAME]: a lesson's steps, each on its own state
    import sys

    from PySide6.QtWidgets import QApplication

    from engine.lessons.answers import answer, step_result
    from engine.lessons.lesson_file import lesson_path, read_lesson
    from widgets.common.fonts import register_bundled_fonts

    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    lesson = read_lesson(lesson_path(sys.argv[1] if len(sys.argv) > 1 else "000-layernorm", "en"))
    panel = LessonPanel()

    def show(index: int) -> None:
        if 0 <= index < len(lesson.steps):
            step = lesson.steps[index]
            panel.show_step(step, index, len(lesson.steps), keep_answer=False)
            if step.question is not None:
                panel.show_answer(answer(step.question, step_result(step)))

    panel.stepChosen.connect(show)
    show(0)
    panel.resize(380, 600)
    panel.show()
    app.exec()
