"""Start the Qt application and show the main window."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.startup_collector import resume_collection
from app.window.crash_guard import install_crash_guard
from widgets.common.fonts import register_bundled_fonts
from app.window.main_window import MainWindow


def run_gui(preset: str, qt_argv: list[str]) -> int:
    app = QApplication.instance() or QApplication(qt_argv)
    app.setApplicationName("NormScope")
    app.setOrganizationName("NormScope")
    register_bundled_fonts()
    window = MainWindow(preset)
    note = install_crash_guard(window)
    if note:
        window.add_note(note)
    window.show()
    resume_collection()  # paused since main.py started (app.startup_collector)
    window.unsaved.offer_recovery()
    return app.exec()
