"""What every File-menu operation shares: the file dialogs (opening in the folder used last), reading a
file on a worker with a cancellable progress dialog, and the one-line status or warning that says why a
file was refused (the session stays exactly as it was)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QStatusBar, QWidget

from app.window import settings_file
from widgets.common.problem_text import describe

if TYPE_CHECKING:
    from app.window.document import Document


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


class FileDialogs(QObject):
    """Dialogs, background reads and messages for ``window``; the last folder is kept in ``settings``."""

    def __init__(self, window: FileWindow, settings: QSettings):
        super().__init__(window)
        self.window = window
        self._settings = settings

    def ask_open(self, caption: str, file_filter: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self.window, caption, self.last_folder(), file_filter)
        return path

    def ask_save(self, caption: str, file_filter: str, suggested: str) -> str:
        path, _ = QFileDialog.getSaveFileName(self.window, caption, str(Path(self.last_folder()) / suggested),
                                              file_filter)
        return path

    def load(self, path: Path, job):
        """What ``job(progress)`` reads from ``path``, read on a worker with a cancellable progress
        dialog; None (and a message) when the file is refused or the load cancelled."""
        from widgets.common.background_work import run_in_background
        from engine.files.bounded_read import Cancelled
        from engine.problem import FileProblem, Problem

        try:
            return run_in_background(self.window, self.tr("Reading {name}…").format(name=path.name), job)
        except Cancelled:
            self.status(self.tr("Reading {name} was cancelled; nothing changed").format(name=path.name))
        except FileProblem as error:
            self.refuse(describe(error))
        except (Problem, OSError, UnicodeDecodeError) as error:
            self.refuse(describe(FileProblem(path, "{problem}", problem=error)))
        except MemoryError:
            self.refuse(self.tr("{name}: not enough memory to read it; nothing changed").format(name=path.name))
        return None

    def remember_folder(self, folder: Path) -> None:
        """The folder file dialogs open next (a plain string in the settings)."""
        self._settings.setValue("files/last_folder", str(Path(folder).resolve()))

    def last_folder(self) -> str:
        return settings_file.text(self._settings, "files/last_folder", str(Path.home()))

    def status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 10_000)

    def refuse(self, message: str) -> bool:
        """Say why in the status bar and a warning; False (for ``return self.refuse(...)``)."""
        self.status(message)
        QMessageBox.warning(self.window, "NormScope", message)
        return False
