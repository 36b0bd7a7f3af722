"""Why input was refused (a typed number, a pasted block, a file, a setting), said in the UI's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.problem import CONTEXT, FileProblem, Problem


def describe(problem: Exception) -> str:
    """The engine's Problem in the UI's language, the problems it names included (other errors as
    they are)."""
    if not isinstance(problem, Problem):
        return str(problem)
    values = {name: describe(value) if isinstance(value, Exception) else value
              for name, value in problem.values.items()}
    text = QCoreApplication.translate(CONTEXT, problem.template).format(**values)
    if isinstance(problem, FileProblem):
        return QCoreApplication.translate("Problem", "{file}: {problem}").format(file=problem.path.name, problem=text)
    return text
