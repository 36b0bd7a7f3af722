"""What the engine tells people about bad input: a message template in English and the values it names.

The command line prints the English text (``str``). The app words the same template in the UI's
language (widgets/problem_text.py): templates are marked with ``QT_TRANSLATE_NOOP``, the name Qt's
lupdate collects translatable strings by, so the engine needs no Qt.
"""

from __future__ import annotations

from pathlib import Path

#: The translation context of every template (lupdate needs it spelled out at each mark).
CONTEXT = "Problem"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    """Mark ``text`` for translation in ``context``; returns it unchanged."""
    return text


class Problem(ValueError):
    """Bad input, said as ``template`` filled with ``values`` (which may hold other Problems)."""

    def __init__(self, template: str, **values):
        self.template = template
        self.values = values
        super().__init__(template.format(**values))


class FileProblem(Problem):
    """A file that can't be used: said as its name, then what is wrong with it."""

    def __init__(self, path, template: str, **values):
        super().__init__(template, **values)
        self.path = Path(path)

    def __str__(self) -> str:
        return f"{self.path.name}: {super().__str__()}"


class Note(Problem):
    """Not a refusal: why something is shown otherwise than asked, worded like a Problem."""
