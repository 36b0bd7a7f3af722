"""File → Export matrix / Export table / Copy table: the token matrix to a file, and the result's tables
(normalized matrix, row statistics, depth, gradient norms) as CSV, Markdown or LaTeX, to a file or the
clipboard."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from app.window.file_imports import MATRIX_FILTER
from widgets.common.problem_text import describe

if TYPE_CHECKING:
    from app.window.file_dialogs import FileDialogs
    from engine.results.compute import Result

TABLES = ("normalized", "row_stats", "depth", "grad")
TABLE_FILTER = "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)"


def _table_formats() -> dict:
    """Table writers by file suffix."""
    from engine.files.tables import to_csv, to_latex, to_markdown

    return {".csv": to_csv, ".md": to_markdown, ".tex": to_latex}


class TableExports(QObject):
    def __init__(self, dialogs: FileDialogs):
        super().__init__(dialogs)
        self._dialogs = dialogs
        self._document = dialogs.window.document

    def table_titles(self) -> dict[str, str]:
        return {"normalized": self.tr("Normalized matrix"), "row_stats": self.tr("Row statistics"),
                "depth": self.tr("Depth"), "grad": self.tr("Gradient norms")}

    def export_matrix(self, path) -> bool:
        from engine.files.io import FileProblem, save_matrix

        s = self._document.scenario
        try:
            save_matrix(path, s.matrix, s.labels)
        except (FileProblem, OSError) as error:
            return self._dialogs.refuse(describe(error))
        self._dialogs.status(self.tr("Saved the matrix to {path}").format(path=path))
        return True

    def export_table(self, name: str, path) -> bool:
        """Write table ``name`` to ``path`` (.csv, .md or .tex) on a worker, with a progress dialog that
        cancels once it takes a while (a large matrix's CSV takes seconds); cancelled, no file is written."""
        from engine.files.bounded_read import Cancelled
        from engine.files.io import atomic_write_with
        from engine.files.tables import write_csv
        from widgets.common.background_work import run_in_background

        path = Path(path)
        suffix = path.suffix.lower()
        formatter = _table_formats().get(suffix)
        table = self._tables().get(name)
        if formatter is None or table is None:
            return self._dialogs.refuse(self.tr("Can't write a table as {suffix}: use .csv, .md or .tex").format(
                suffix=path.suffix or "?"))

        def write(progress) -> None:
            def fill(stream) -> None:
                if suffix == ".csv":  # streamed, a block of rows at a time: its text is never whole in memory
                    write_csv(table, stream, progress=progress)
                else:
                    stream.write(formatter(table).encode("utf-8"))
                progress(1.0)  # a Cancel pressed meanwhile (any table, any format) still holds: no file is kept
            atomic_write_with(path, fill)

        try:
            run_in_background(self._dialogs.window, self.tr("Writing {name}…").format(name=path.name), write)
        except Cancelled:
            self._dialogs.status(self.tr("Writing {name} was cancelled: no file was written").format(name=path.name))
            return False
        except OSError as error:  # the reason without the temporary file's name beside the target
            return self._dialogs.refuse(self.tr("{name} could not be saved: {error}").format(
                name=path.name, error=error.strerror or error))
        self._dialogs.status(self.tr("Saved {path}").format(path=path))
        return True

    def copy_table(self, name: str, suffix: str) -> None:
        """Put a table on the clipboard as the file type ``suffix`` (".md", ".tex", ".csv") would hold it."""
        table = self._tables().get(name)
        if table is not None:
            QGuiApplication.clipboard().setText(_table_formats()[suffix](table))
            self._dialogs.status(self.tr("Copied: {table}").format(table=self.table_titles()[name]))

    def export_matrix_dialog(self) -> None:
        if path := self._dialogs.ask_save(self.tr("Export matrix"), MATRIX_FILTER, "matrix.csv"):
            self.export_matrix(path)

    def export_table_dialog(self, name: str) -> None:
        if path := self._dialogs.ask_save(self.table_titles()[name], TABLE_FILTER, f"{name}.csv"):
            self.export_table(name, path)

    def _tables(self):
        from engine.files.tables import result_tables

        result: Result | None = self._document.result
        return {} if result is None else result_tables(result)
