"""Why typed or pasted numbers were refused, said in the UI's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.table_text import BlockProblem, NumberProblem


def describe(problem: ValueError) -> str:
    """A translated sentence for the engine's NumberProblem / BlockProblem; other errors as they are."""
    if isinstance(problem, NumberProblem):
        if problem.kind == "empty":
            return QCoreApplication.translate("Problems", "empty cell: type a number")
        if problem.kind == "not_a_number":
            return QCoreApplication.translate("Problems", "“{text}” is not a number").format(text=problem.text)
        return QCoreApplication.translate("Problems", "“{text}” is not a finite {dtype} number (|x| ≤ {limit})").format(
            text=problem.text, dtype=problem.dtype, limit=f"{problem.limit:.3g}")
    if isinstance(problem, BlockProblem):
        if problem.kind == "empty":
            return QCoreApplication.translate("Problems", "no numbers found")
        if problem.kind == "ragged":
            return QCoreApplication.translate(
                "Problems", "row {line} has {count} values but row {first} has {width}: the block must be rectangular"
            ).format(line=problem.line, count=problem.count, first=problem.first, width=problem.width)
        return QCoreApplication.translate("Problems", "row {line}, column {column}: {reason}").format(
            line=problem.line, column=problem.column, reason=describe(problem.cause))
    return str(problem)
