"""A question's answer, computed by the engine from the state shown, and which choice it makes right."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.results.compute import Result, compute
from engine.lessons.lesson_file import Lesson, Question, Step
from engine.lessons.quantities import evaluate, stacks_needed
from engine.problem import QT_TRANSLATE_NOOP, FileProblem


@dataclass(frozen=True)
class Answer:
    """The computed value and, for a choice, the index of the right option (None: no single one)."""

    value: float
    correct: int | None = None


def answer(question: Question, result: Result) -> Answer:
    """``question``'s answer in ``result``: the quantity's value and, for a choice, the nearest
    value option or the one interval holding the value (None when none or several do)."""
    value = evaluate(question.quantity, result)
    if question.kind != "choice" or not math.isfinite(value):
        return Answer(value)
    return Answer(value, right_option(question, value))


def right_option(question: Question, value: float) -> int | None:
    """The index of the option that is right for ``value``, or None when none or two are."""
    options = question.options
    if options[0].value is not None:
        distances = [abs(option.value - value) for option in options]
        nearest = min(distances)
        hits = [i for i, d in enumerate(distances) if d == nearest]
    else:
        hits = [i for i, option in enumerate(options) if option.low <= value <= option.high]
    return hits[0] if len(hits) == 1 else None


def is_right(question: Question, answer: Answer, given) -> bool:
    """Whether ``given`` (a number typed, or the index of the option picked) is right."""
    if question.kind == "choice":
        return answer.correct is not None and given == answer.correct
    return math.isfinite(answer.value) and abs(float(given) - answer.value) <= question.tolerance


def step_result(step: Step) -> Result:
    """The Result of a step's own state, with the stacks its question names simulated."""
    placements = stacks_needed(step.question.quantity) if step.question is not None else ()
    return compute(step.state.scenario, placements=placements)


def lesson_answers(lesson: Lesson) -> list[Answer | None]:
    """Each step's answer for its own state (None: no question); a FileProblem names the file and
    the question when a choice has no single right option (none or two of the intervals hold the
    value, two values are equally near) or the value can't be computed."""
    answers = []
    for number, step in enumerate(lesson.steps, 1):
        if step.question is None:
            answers.append(None)
            continue
        found = answer(step.question, step_result(step))
        if not math.isfinite(found.value):
            raise FileProblem(lesson.path, QT_TRANSLATE_NOOP("Problem", "step {number}: question {quantity} has no "
                                                                        "finite value ({value})"),
                              number=number, quantity=str(step.question.quantity), value=found.value)
        if step.question.kind == "choice" and found.correct is None:
            raise FileProblem(lesson.path, QT_TRANSLATE_NOOP("Problem", "step {number}: question {quantity} = "
                                                                        "{value:.6g}: not exactly one option is right"),
                              number=number, quantity=str(step.question.quantity), value=found.value)
        answers.append(found)
    return answers
