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


def describe_failure(error: Exception) -> str:
    """Why a computation failed: an engine Problem as ``describe`` words it, any other error by its
    kind and message (a MemoryError has no message: its kind alone)."""
    if isinstance(error, Problem):
        return describe(error)
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
