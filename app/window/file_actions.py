"""The File menu: sessions, imports, exports of tables and figures, recent files, drag-and-drop.

Each operation has a dialog-free method (used by tests and scripts) and a menu action that asks
for the file. A file that can't be used leaves the session exactly as it was and says why.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol

import numpy as np
from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMenu, QMessageBox, QStatusBar, QWidget

from app.window import settings_file
from widgets.common.retranslation import TextBinder
from widgets.plotkit.plot_style import apply_plot_theme
from widgets.common.problem_text import describe

# File formats, tables and figure export (QtSvg) are imported when first used, not at start-up:
# engine.files.io, engine.state.session, engine.files.tables and widgets.plotkit.figure_export.

if TYPE_CHECKING:
    from app.window.document import Document
    from engine.results.compute import Result


class FileWindow(Protocol):
    """What the File menu needs of the window it serves (a QMainWindow: also the dialogs' parent)."""

    document: Document
    dark: bool

    def figures(self, build: bool = False) -> dict[str, QWidget]:
        """The exportable figures by name (``build``: also those of tabs not built yet, built now)."""

    def figure(self, name: str) -> QWidget:
        """The figure ``name``, its tab built if need be, showing the latest result."""

    def figure_titles(self) -> dict[str, str]:
        """Every figure's title by name, built or not."""

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

MAX_RECENT = 8
SUFFIX = ".normscope.json"  # engine.state.session.SUFFIX (checked by a test), without importing it at start
SESSION_FILTER = f"NormScope sessions (*{SUFFIX})"
MATRIX_FILTER = "Matrices (*.csv *.tsv *.txt *.npy *.npz)"
VECTOR_FILTER = "Vectors (*.csv *.tsv *.txt *.npy *.safetensors)"
TABLES = ("normalized", "row_stats", "depth", "grad")


def _table_formats() -> dict:
    """Table writers by file suffix."""
    from engine.files.tables import to_csv, to_latex, to_markdown

    return {".csv": to_csv, ".md": to_markdown, ".tex": to_latex}


class FileActions(QObject):
    #: The session's file changed (opened, or saved under a new name): the window title names it.
    sessionPathChanged = Signal()
    #: A session was opened: the training lab's runs it held (a built Training tab shows them).
    trainingRunsOpened = Signal(object)
    #: Whether the training lab holds runs the session file doesn't (the window's title marks it).
    trainingRunsUnsavedChanged = Signal(bool)

    def __init__(self, window: FileWindow, settings: QSettings, texts: TextBinder):
        super().__init__(window)
        self._window = window
        self._texts = texts
        self._document = window.document
        self._settings = settings
        self.session_path: Path | None = None
        #: The training lab's runs as the last opened session held them. Once the Training tab is
        #: built it holds the runs (it is given these) and sets ``training_runs_source``; a session
        #: saved before that keeps these.
        self.training_runs: tuple = ()
        self.training_runs_source: Callable[[], tuple] | None = None
        self.training_runs_unsaved = False

    # --- dialog-free operations ------------------------------------------------------------------

    def open_path(self, path) -> bool:
        """Open a session, or import a matrix or γ/β file, by its type."""
        name = str(path).lower()
        if name.endswith(SUFFIX) or name.endswith(".json"):
            return self.open_session(path)
        if name.endswith(".safetensors"):
            return self.ask_and_import_vector(path)
        return self.import_matrix(path)

    def open_session(self, path) -> bool:
        from engine.state.session import read_session_contents

        path = Path(path)
        loaded = self._load(path, lambda progress: read_session_contents(path, progress))
        if loaded is None:
            return False
        scenario, warnings = loaded.scenario, loaded.warnings
        self._document.load_scenario(scenario, self.tr("Open {name}").format(name=path.name))
        if loaded.pinned is not None:  # a session without A keeps the A pinned before, to compare with
            self._document.pin_scenario(loaded.pinned)
        self.training_runs = loaded.runs
        self.trainingRunsOpened.emit(loaded.runs)
        self._set_training_runs_unsaved(False)
        self._document.undo_stack.setClean()  # what the file holds: nothing to save yet
        self._set_session_path(path)
        self._remember(path)
        self._status("; ".join([self.tr("Opened {name}").format(name=path.name)] + [describe(w) for w in warnings]))
        return True

    def save_session(self, path) -> bool:
        from engine.files.io import atomic_write
        from engine.state.session import session_json

        path = Path(path)
        if not path.name.endswith(SUFFIX):
            path = path.with_name(path.name.removesuffix(".json") + SUFFIX)
        try:
            pinned = self._document.pinned
            atomic_write(path, session_json(self._document.scenario, self.training_runs_now(),
                                            pinned.scenario if pinned is not None else None).encode("utf-8"))
        except OSError as error:
            return self._refuse(self.tr("{name} could not be saved: {error}").format(name=path.name, error=error))
        self._document.undo_stack.setClean()
        self._set_training_runs_unsaved(False)
        self._set_session_path(path)
        self._remember(path)
        self._status(self.tr("Saved {path}").format(path=path))
        return True

    def restore_autosaved(self, runs: tuple, session_path: str | None, runs_unsaved: bool) -> None:
        """The training runs and the session's file of an autosave snapshot, restored after a crash: saving
        goes to that file again, with A and the runs."""
        self.training_runs = runs
        self.trainingRunsOpened.emit(runs)
        self._set_training_runs_unsaved(runs_unsaved or (bool(runs) and session_path is None))
        if session_path is not None:
            self._set_session_path(Path(session_path))

    def mark_training_runs_edited(self) -> None:
        """The training lab's runs changed: until the next save the session file doesn't hold them."""
        self._set_training_runs_unsaved(True)

    def _set_training_runs_unsaved(self, unsaved: bool) -> None:
        if unsaved != self.training_runs_unsaved:
            self.training_runs_unsaved = unsaved
            self.trainingRunsUnsavedChanged.emit(unsaved)

    def training_runs_now(self) -> tuple:
        """The runs to save: the Training tab's, or those the last session held if it was never opened."""
        return self.training_runs_source() if self.training_runs_source is not None else self.training_runs

    def import_matrix(self, path) -> bool:
        from engine.files.io import load_matrix

        path = Path(path)
        loaded = self._load(path, lambda progress: load_matrix(path, progress))
        if loaded is None:
            return False
        matrix, labels = loaded
        s = self._document.scenario
        changes = {"matrix": matrix, "labels": labels or tuple(f"t{i + 1}" for i in range(matrix.shape[0]))}
        if matrix.shape[1] != s.dims:
            changes.update(gamma=np.ones(matrix.shape[1]), beta=np.zeros(matrix.shape[1]), heads=1)
        if not self._document.set_fields(changes, self.tr("Import {name}").format(name=path.name)):
            return False
        self._remember(path)
        self._status(self.tr("Imported a {rows} × {cols} matrix from {name}").format(
            rows=matrix.shape[0], cols=matrix.shape[1], name=path.name))
        return True

    def import_vector(self, path, which: str, tensor: str | None = None, candidates=None) -> bool:
        """Set γ or β (``which``) from a file; ``tensor`` picks one of several in a safetensors file
        (``candidates``: the file's fitting vectors, when they were read already)."""
        path = Path(path)
        if candidates is None and (candidates := self._vector_candidates(path)) is None:
            return False
        if tensor is None and len(candidates) == 1:
            tensor = next(iter(candidates))
        if tensor not in candidates:
            return self._refuse(self.tr("{name}: choose one of {tensors}").format(name=path.name, tensors=", ".join(candidates)))
        symbol = "γ" if which == "gamma" else "β"
        if self._document.set_fields({which: candidates[tensor]},
                                     self.tr("Import {symbol} from {name}").format(symbol=symbol, name=path.name)):
            self._status(self.tr("{symbol} ← {tensor} from {name}").format(symbol=symbol, tensor=tensor, name=path.name))
            return True
        return False

    def export_matrix(self, path) -> bool:
        from engine.files.io import FileProblem, save_matrix

        s = self._document.scenario
        try:
            save_matrix(path, s.matrix, s.labels)
        except (FileProblem, OSError) as error:
            return self._refuse(describe(error))
        self._status(self.tr("Saved the matrix to {path}").format(path=path))
        return True

    def export_table(self, name: str, path) -> bool:
        from engine.files.io import atomic_write

        path = Path(path)
        formatter = _table_formats().get(path.suffix.lower())
        table = self._tables().get(name)
        if formatter is None or table is None:
            return self._refuse(self.tr("Can't write a table as {suffix}: use .csv, .md or .tex").format(suffix=path.suffix or "?"))
        try:
            atomic_write(path, formatter(table).encode("utf-8"))
        except OSError as error:
            return self._refuse(self.tr("{name} could not be saved: {error}").format(name=path.name, error=error))
        self._status(self.tr("Saved {path}").format(path=path))
        return True

    def copy_table(self, name: str, suffix: str) -> None:
        """Put a table on the clipboard as the file type ``suffix`` (".md", ".tex", ".csv") would hold it."""
        table = self._tables().get(name)
        if table is not None:
            QGuiApplication.clipboard().setText(_table_formats()[suffix](table))
            self._status(self.tr("Copied: {table}").format(table=self.table_titles()[name]))

    def export_figure(self, name: str, path, options=None) -> bool:
        """Write the figure ``name`` to ``path`` with ``options`` (a FigureOptions; None: the plot's size at 300 DPI)."""
        from widgets.plotkit.figure_export import FigureOptions, export_widget

        try:
            with self._on_white(name) as widget:
                export_widget(widget, path, options or FigureOptions(), title=f"NormScope: {name}")
        except (OSError, ValueError) as error:
            return self._refuse(describe(error))
        self._remember_folder(Path(path).parent)
        self._status(self.tr("Saved {path}").format(path=path))
        return True

    def export_all_figures(self, folder, options=None, formats=("png", "svg")) -> list[Path]:
        """Write every figure (those of every tab, built for it) into ``folder`` as
        ``NAME.FORMAT``; the files written (none when one fails, which is then reported)."""
        from widgets.plotkit.figure_export import FigureOptions, export_widget

        folder = Path(folder)
        names = list(self._window.figures(build=True))
        written = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for name in names:
                with self._on_white(name) as widget:
                    for fmt in formats:
                        written.append(export_widget(widget, folder / f"{name}.{fmt}", options or FigureOptions(),
                                                     title=f"NormScope: {name}"))
        except (OSError, ValueError) as error:
            self._refuse(describe(error))
            return []
        self._remember_folder(folder)
        self._status(self.tr("Saved {count} figures in {folder}").format(count=len(written), folder=folder))
        return written

    def copy_figure(self, name: str, scale: float = 2.0) -> None:
        """Put a plot on the clipboard as an image, ``scale`` times its size: ready to paste into slides."""
        from widgets.plotkit.figure_export import widget_image

        with self._on_white(name) as widget:
            QGuiApplication.clipboard().setImage(widget_image(widget, scale))
        self._status(self.tr("Copied the {figure} as an image").format(figure=self._window.figure_titles()[name]))

    @contextmanager
    def _on_white(self, name: str):
        """The figure ``name`` ("window" or a plot), in the light theme while it is drawn for a page."""
        widget = self._window if name == "window" else self._window.figure(name)
        dark = self._window.dark and name != "window"
        if dark:
            apply_plot_theme(widget, dark=False)
        try:
            yield widget
        finally:
            if dark:
                apply_plot_theme(widget, dark=True)

    def recent_files(self) -> list[str]:
        return settings_file.text_list(self._settings, "files/recent")

    # --- menu --------------------------------------------------------------------------------------

    def table_titles(self) -> dict[str, str]:
        return {"normalized": self.tr("Normalized matrix"), "row_stats": self.tr("Row statistics"),
                "depth": self.tr("Depth"), "grad": self.tr("Gradient norms")}

    def build_menu(self, menu: QMenu) -> None:
        self._action(menu, lambda: self.tr("&Open session…"), self._open_session_dialog, QKeySequence.StandardKey.Open)
        self._action(menu, lambda: self.tr("&Save session"), self.save, QKeySequence.StandardKey.Save)
        self._action(menu, lambda: self.tr("Save session &as…"), self.save_session_as, QKeySequence("Ctrl+Shift+S"))
        self._recent_menu = self._texts.bind(menu.addMenu(""), lambda: self.tr("Open &recent"))
        self._recent_menu.aboutToShow.connect(self._fill_recent_menu)
        menu.addSeparator()
        self._action(menu, lambda: self.tr("&Import matrix…"), self._import_matrix_dialog, QKeySequence("Ctrl+I"))
        self._action(menu, lambda: self.tr("Import &γ…"), lambda: self._import_vector_dialog("gamma"))
        self._action(menu, lambda: self.tr("Import &β…"), lambda: self._import_vector_dialog("beta"))
        self._action(menu, lambda: self.tr("Export &matrix…"), self._export_matrix_dialog)
        menu.addSeparator()
        tables = self._texts.bind(menu.addMenu(""), lambda: self.tr("Export &table"))
        copies = self._texts.bind(menu.addMenu(""), lambda: self.tr("&Copy table"))
        for name in TABLES:
            self._action(tables, lambda n=name: self.table_titles()[n] + "…",
                         lambda _=False, n=name: self._export_table_dialog(n))
            self._action(copies, lambda n=name: self.tr("{table} as Markdown").format(table=self.table_titles()[n]),
                         lambda _=False, n=name: self.copy_table(n, ".md"))
            self._action(copies, lambda n=name: self.tr("{table} as LaTeX").format(table=self.table_titles()[n]),
                         lambda _=False, n=name: self.copy_table(n, ".tex"))
        # Filled when opened: tabs and modules add figures after the menu is made.
        self._figure_menu = self._texts.bind(menu.addMenu(""), lambda: self.tr("Export &plot"))
        self._figure_menu.aboutToShow.connect(self._fill_figure_menu)
        self._action(menu, lambda: self.tr("Export &all figures…"), self._export_all_dialog)
        self._action(menu, lambda: self.tr("Export &window as PNG…"), lambda: self.export_figure_dialog("window"),
                     QKeySequence("Ctrl+E"))

    def _action(self, menu: QMenu, text, slot, shortcut=None) -> QAction:
        action = self._texts.bind(QAction(self._window), text)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _fill_figure_menu(self) -> None:
        self._figure_menu.clear()
        for name, title in self._window.figure_titles().items():
            self._figure_menu.addAction(title + "…").triggered.connect(
                lambda _=False, n=name: self.export_figure_dialog(n))

    def _fill_recent_menu(self) -> None:
        self._recent_menu.clear()
        recent = self.recent_files()
        for path in recent:
            self._recent_menu.addAction(path).triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not recent:
            self._recent_menu.addAction(self.tr("(none)")).setEnabled(False)

    # --- dialogs ---------------------------------------------------------------------------------

    def _ask_open(self, caption: str, file_filter: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self._window, caption, self._last_folder(), file_filter)
        return path

    def _ask_save(self, caption: str, file_filter: str, suggested: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self._window, caption, str(Path(self._last_folder()) / suggested),
                                              file_filter)
        return path

    def _open_session_dialog(self) -> None:
        if path := self._ask_open(self.tr("Open session"), SESSION_FILTER):
            self.open_session(path)

    def save(self) -> bool:
        """Save to the session's file, asking for one if it has none; whether it was saved."""
        if self.session_path is not None:
            return self.save_session(self.session_path)
        return self.save_session_as()

    def save_session_as(self) -> bool:
        """Ask where, and save the session there; whether it was saved."""
        name = (self._document.scenario.name or "session") + SUFFIX
        path = self._ask_save(self.tr("Save session"), SESSION_FILTER, name)
        return bool(path) and self.save_session(path)

    def _import_matrix_dialog(self) -> None:
        if path := self._ask_open(self.tr("Import token matrix"), MATRIX_FILTER):
            self.import_matrix(path)

    def _import_vector_dialog(self, which: str) -> None:
        if path := self._ask_open(self.tr("Import {symbol}").format(symbol="γ" if which == "gamma" else "β"),
                                  VECTOR_FILTER):
            self._import_vector_choosing(path, which)

    def ask_and_import_vector(self, path) -> bool:
        which, ok = QInputDialog.getItem(self._window, self.tr("Import vector"),
                                         self.tr("Use {name} as:").format(name=Path(path).name), ["γ", "β"], 0, False)
        return ok and self._import_vector_choosing(path, "gamma" if which == "γ" else "beta")

    def _import_vector_choosing(self, path, which: str) -> bool:
        if (candidates := self._vector_candidates(Path(path))) is None:
            return False
        tensor = next(iter(candidates))
        if len(candidates) > 1:
            tensor, ok = QInputDialog.getItem(
                self._window, self.tr("Choose a tensor"),
                self.tr("Tensors of length {d}:").format(d=self._document.scenario.dims), list(candidates), 0, False)
            if not ok:
                return False
        return self.import_vector(path, which, tensor, candidates)

    def _export_matrix_dialog(self) -> None:
        if path := self._ask_save(self.tr("Export matrix"), MATRIX_FILTER, "matrix.csv"):
            self.export_matrix(path)

    def _export_table_dialog(self, name: str) -> None:
        if path := self._ask_save(self.table_titles()[name], "CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)",
                                  f"{name}.csv"):
            self.export_table(name, path)

    def export_figure_dialog(self, name: str) -> None:
        filters = "PNG image (*.png)" if name == "window" else "PNG image (*.png);;SVG vector (*.svg);;PDF (*.pdf)"
        path = self._ask_save(self.tr("Export figure"), filters, f"{name}.png")
        if not path:
            return
        from widgets.plotkit.export_dialog import ExportDialog
        from widgets.plotkit.figure_export import LAYOUT_DPI, FigureOptions

        options = FigureOptions(dpi=LAYOUT_DPI)  # the window: as it is on screen
        if name != "window":
            options = self._ask_figure_options(ExportDialog(self._window.figure(name).size(), self._window,
                                                            fmt=Path(path).suffix.lower().lstrip("."),
                                                            **self._figure_defaults()))
            if options is None:
                return
        self.export_figure(name, path, options)

    def _export_all_dialog(self) -> None:
        from widgets.plotkit.export_dialog import ExportDialog

        folder = QFileDialog.getExistingDirectory(self._window, self.tr("Export all figures into"), self._last_folder())
        if not folder:
            return
        dialog = ExportDialog(None, self._window, **self._figure_defaults())
        options = self._ask_figure_options(dialog)
        if options is not None and dialog.formats():
            self.export_all_figures(folder, options, dialog.formats())

    def _figure_defaults(self) -> dict:
        """The DPI and style chosen last (plain strings in the settings), for the next export dialog."""
        dpi = str(self._settings.value("figures/dpi", ""))
        return {"dpi": int(dpi) if dpi.isdigit() and 30 <= int(dpi) <= 2400 else 300,
                "publication": str(self._settings.value("figures/publication", "")) == "true"}

    def _ask_figure_options(self, dialog):
        """The options the dialog is accepted with (remembering DPI and style), or None."""
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        options = dialog.options()
        self._settings.setValue("figures/dpi", str(round(options.dpi)))
        self._settings.setValue("figures/publication", "true" if options.publication else "false")
        return options

    # --- helpers -----------------------------------------------------------------------------------

    def _load(self, path: Path, job):
        """What ``job(progress)`` reads from ``path``, read on a worker with a cancellable progress
        dialog; None (and a message) when the file is refused or the load cancelled."""
        from widgets.common.background_load import load_in_background
        from engine.files.bounded_read import Cancelled
        from engine.problem import FileProblem, Problem

        try:
            return load_in_background(self._window, self.tr("Reading {name}…").format(name=path.name), job)
        except Cancelled:
            self._status(self.tr("Reading {name} was cancelled; nothing changed").format(name=path.name))
        except FileProblem as error:
            self._refuse(describe(error))
        except (Problem, OSError, UnicodeDecodeError) as error:
            self._refuse(describe(FileProblem(path, "{problem}", problem=error)))
        except MemoryError:
            self._refuse(self.tr("{name}: not enough memory to read it; nothing changed").format(name=path.name))
        return None

    def _vector_candidates(self, path: Path) -> dict | None:
        from engine.files.io import vector_candidates

        dims = self._document.scenario.dims
        return self._load(path, lambda progress: vector_candidates(path, dims, progress))

    def _tables(self):
        from engine.files.tables import result_tables

        result: Result | None = self._document.result
        return {} if result is None else result_tables(result)

    def _set_session_path(self, path: Path) -> None:
        if path != self.session_path:
            self.session_path = path
            self.sessionPathChanged.emit()

    def _remember(self, path: Path) -> None:
        recent = [str(Path(path).resolve())] + [p for p in self.recent_files() if p != str(Path(path).resolve())]
        self._settings.setValue("files/recent", recent[:MAX_RECENT])
        self._remember_folder(Path(path).parent)

    def _remember_folder(self, folder: Path) -> None:
        """The folder file dialogs open next (a plain string in the settings)."""
        self._settings.setValue("files/last_folder", str(Path(folder).resolve()))

    def _last_folder(self) -> str:
        return settings_file.text(self._settings, "files/last_folder", str(Path.home()))

    def _status(self, text: str) -> None:
        self._window.statusBar().showMessage(text, 10_000)

    def _refuse(self, message: str) -> bool:
        self._status(message)
        QMessageBox.warning(self._window, "NormScope", message)
        return False
