"""The ``lesson`` command's arguments, apart from the command: the command line is built at every
start of the window too, and the lessons' engine loads only when a lesson is read."""

from __future__ import annotations

from engine.lessons.lesson_langs import LANGS


def add_lesson_parser(commands) -> None:
    lesson = commands.add_parser(
        "lesson", help="list the guided lessons, or write one as a handout without a display",
        description="With --list: one line per lesson and language (NAME LANG STEPS title). With a NAME: "
                    "steps.json (each step's title, text, complete state, question with the computed answer) and "
                    "one PNG per step of the view it shows, in DIR.",
    )
    lesson.add_argument("name", nargs="?", metavar="NAME",
                        help="the lesson, as --list names it, or a lesson file of your own (NAME.en.json)")
    lesson.add_argument("--list", action="store_true", help="list the lessons and their languages")
    lesson.add_argument("--lang", choices=LANGS, default="en", help="the lesson's language (default en)")
    lesson.add_argument("--out", metavar="DIR", help="folder to write the handout into (created if needed)")
