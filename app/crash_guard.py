"""Unexpected exceptions: logged to a file and shown in a dialog; the app keeps running."""

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
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "normscope.log"


def install_crash_guard(parent: QWidget) -> None:
    """Route uncaught exceptions (slots included) to the log and a dialog instead of a silent stack trace."""
    if not log.handlers:
        handler = logging.FileHandler(log_path(), encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        log.addHandler(handler)

    def report(kind, error, tb) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, error, tb)
            return
        details = "".join(traceback.format_exception(kind, error, tb))
        log.error("Unexpected error\n%s", details)
        title = QCoreApplication.translate("CrashGuard", "NormScope: unexpected error")
        advice = QCoreApplication.translate("CrashGuard", "Your data is unchanged. Details were written to {path}.")
        box = QMessageBox(QMessageBox.Icon.Critical, title, f"{kind.__name__}: {error}\n\n" + advice.format(
            path=log_path()), QMessageBox.StandardButton.Ok, parent)
        box.setDetailedText(details)
        box.exec()

    sys.excepthook = report
