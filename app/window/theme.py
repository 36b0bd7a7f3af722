"""Light and dark themes: follow the system by default, or forced from the View menu."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from app.window.indicator_style import VisibleIndicatorStyle
from widgets.plotkit.plot_style import apply_plot_theme

CHOICES = ("system", "light", "dark")


def is_dark(choice: str) -> bool:
    if choice == "system":
        return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark
    return choice == "dark"


def _dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#2B2B2B", QPalette.ColorRole.WindowText: "#E6E6E6",
        QPalette.ColorRole.Base: "#1E1E1E", QPalette.ColorRole.AlternateBase: "#2F2F2F",
        QPalette.ColorRole.Text: "#E6E6E6", QPalette.ColorRole.Button: "#353535",
        QPalette.ColorRole.ButtonText: "#E6E6E6", QPalette.ColorRole.Highlight: "#3D7AB8",
        QPalette.ColorRole.HighlightedText: "#FFFFFF", QPalette.ColorRole.ToolTipBase: "#353535",
        QPalette.ColorRole.ToolTipText: "#E6E6E6", QPalette.ColorRole.PlaceholderText: "#9A9A9A",
        QPalette.ColorRole.Link: "#7CB9E8",
    }
    for role, color in roles.items():
        palette.setColor(role, QColor(color))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7A7A7A"))
    return palette


def apply_theme(choice: str, root: QWidget, plots_dark: bool | None = None) -> bool:
    """Colour the application and every plot under ``root``; return whether it is dark.

    ``plots_dark`` says which colours the plots under ``root`` have now, if known: plots already
    in the wanted colours are left alone (re-colouring the start-up window's plots costs ~9 ms).
    """
    app = QApplication.instance()
    dark = is_dark(choice)
    # A style whose colours follow the palette on every platform: Fusion, with check boxes edged on the
    # dark palette. A new style object re-polishes every widget (~3 ms): only when it changes.
    edged = isinstance(app.style(), VisibleIndicatorStyle)
    if dark and not edged:
        app.setStyle(VisibleIndicatorStyle())
    elif not dark and (edged or app.style().name().lower() != "fusion"):
        app.setStyle("Fusion")
    app.setPalette(_dark_palette() if dark else app.style().standardPalette())
    if plots_dark is None or plots_dark != dark:
        apply_plot_theme(root, dark)
    return dark
