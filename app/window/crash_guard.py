"""Unexpected exceptions: logged to a file and shown in a dialog; the app keeps running.

Without a writable log folder (a read-only home, a full disk) the dialog still shows and the app
runs on, without a log.
"""

from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QMessageBox, QWidget

log = logging.getLogger("normscope")


def log_path() -> Path:
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    return folder / "normscope.log"


def _open_log(path: Path) -> str | None:
    """Attach the log file at ``path`` (once per process); why it can't be, if it can't."""
    if any(isinstance(h, logging.FileHandler) for h in log.handlers):
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError as error:
        return str(error)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    return None


def install_crash_guard(parent: QWidget) -> str | None:
    """Route uncaught exceptions (slots included) to the log and a dialog instead of a silent stack
    trace. Returns a one-line note for the user when there is no log file this time."""
    path = log_path()
    problem = _open_log(path)
    logging_to_file = problem is None

    def report(kind, error, tb) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, tb)
            return
        details = "".join(traceback.format_exception(kind, error, tb))
        log.error("Unexpected error\n%s", details)
        title = QCoreApplication.translate("CrashGuard", "NormScope: unexpected error")
        if logging_to_file:
            advice = QCoreApplication.translate("CrashGuard", "Your data is unchanged. Details were written to {path}."
                                                ).format(path=path)
        else:
            advice = QCoreApplication.translate("CrashGuard", "Your data is unchanged. The details below are not "
                                                "logged: {folder} can't be written.").format(folder=path.parent)
        box = QMessageBox(QMessageBox.Icon.Critical, title, f"{kind.__name__}: {error}\n\n" + advice,
                          QMessageBox.StandardButton.Ok, parent)
        box.setDetailedText(details)
        box.exec()

    sys.excepthook = report
    if logging_to_file:
        return None
    return QCoreApplication.translate("CrashGuard", "No log file this time: {folder} can't be written ({error})."
                                      ).format(folder=path.parent, error=problem)
