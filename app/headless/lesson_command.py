"""``python main.py lesson``: list the lessons, or print one as a handout (steps.json and a figure per step)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from app.headless.export_command import one_line
from engine.files.io import atomic_write
from engine.files.file_set import create_folder
from engine.lessons.answers import Answer, lesson_answers
from engine.lessons.lesson_file import Lesson, Option, Question, lesson_files, lesson_path, read_lesson
from engine.lessons.step_state import complete_state
from engine.problem import Problem

#: The UI language each lesson language draws its figures in.
UI_LANGUAGE = {"en": "en", "zh": "zh_CN"}


def run_lesson(args) -> int:
    try:
        if args.list:
            listed = [(name, lang, read_lesson(path)) for name, lang, path in lesson_files()]
        else:
            lesson, answers, out = _prepared(args)
    except (Problem, ValueError, OSError, MemoryError) as error:
        message = "not enough memory" if isinstance(error, MemoryError) else error
        print(f"normscope lesson: {one_line(message)}", file=sys.stderr)
        return 2
    if args.list:  # printed outside the guard: a closed pipe (| head) is the launcher's to handle
        print("\n".join(f"{name} {lang} {len(lesson.steps)} {lesson.title}" for name, lang, lesson in listed))
        return 0
    for path in write_handout(lesson, answers, out):
        print(path)
    return 0


def _prepared(args) -> tuple[Lesson, list[Answer | None], Path]:
    """The lesson asked for, its computed answers and the created output folder, or the error refusing it."""
    if not args.name or not args.out:
        raise ValueError("give --list, or a lesson NAME and --out DIR")
    # A file of one's own (NAME.LANG.json) is read as the bundled ones are: a teacher's draft.
    path = Path(args.name) if args.name.endswith(".json") else lesson_path(args.name, args.lang)
    if not path.is_file() and not args.name.endswith(".json"):
        known = sorted({name for name, lang, _ in lesson_files() if lang == args.lang})
        raise ValueError(f"no lesson {args.name!r} in {args.lang}; known: {', '.join(known)}")
    lesson = read_lesson(path)
    answers = lesson_answers(lesson)  # every answer computed (and every choice checked) before writing
    out = Path(args.out)
    create_folder(out)
    return lesson, answers, out


def write_handout(lesson: Lesson, answers: list[Answer | None], out: Path) -> list[Path]:
    """Each step's figure (``step-NN-VIEW.png``) and ``steps.json``; the paths written."""
    from widgets.plotkit.figure_export import LAYOUT_DPI, FigureOptions, export_widget
    from app.headless.export_command import headless_window, settle
    from app.window.lesson_views import VIEW_PLACES, show_view, view_figure
    from PySide6.QtTest import QTest
    from widgets.common.lazy_page import LazyPage

    written, steps = [], []
    with headless_window(lesson.steps[0].state.scenario) as window:
        window.set_language(UI_LANGUAGE[lesson.lang])
        for number, (step, found) in enumerate(zip(lesson.steps, answers), 1):
            window.document.load_scenario(step.state.scenario, step.title)
            settle(window.document)  # the finished result, never 'Computing…'
            show_view(window, step.state.view, step.state.model)
            if step.state.model is not None:  # the model's run on the page, not "Loading…"
                window.show_tab(window.tabs.findChild(LazyPage, VIEW_PLACES["model"][0])).source.settle()
            if step.state.row is not None:
                window.token_grid.setCurrentIndex(window.token_grid.model().index(step.state.row, 0))
            QTest.qWait(50)  # the worker's result, the tab's layout
            image = f"step-{number:02d}-{step.state.view}.png"
            whole_window = VIEW_PLACES[step.state.view][1] is None
            options = FigureOptions(dpi=LAYOUT_DPI) if whole_window else FigureOptions()
            written.append(export_widget(view_figure(window, step.state.view), out / image, options,
                                         title=f"NormScope: {step.title}"))
            steps.append({"title": step.title, "text": step.text, "state": complete_state(step.state, step.preset),
                          "question": _question(step.question, found), "image": image})
    path = out / "steps.json"
    atomic_write(path, (json.dumps(steps, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return [*written, path]


def _question(question: Question | None, found: Answer | None) -> dict | None:
    if question is None:
        return None
    entry = {"prompt": question.prompt, "quantity": str(question.quantity), "kind": question.kind,
             "answer": found.value}
    if question.kind == "number":
        entry["tolerance"] = question.tolerance
    else:
        entry["options"] = [_option(option) for option in question.options]
        entry["correct"] = found.correct
    return entry


def _option(option: Option) -> dict:
    entry = {"value": option.value} if option.value is not None else {"min": option.low, "max": option.high}
    if option.label:
        entry["label"] = option.label
    return entry
