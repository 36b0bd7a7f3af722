"""The main window: docks, menus and actions; wiring only, no numbers computed here."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow

from engine.presets import PRESETS


class MainWindow(QMainWindow):
    def __init__(self, preset: str = "xian") -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle(f"NormScope — {PRESETS[preset].display_name}")
        self.setCentralWidget(QLabel("NormScope"))
        self.resize(1280, 800)
