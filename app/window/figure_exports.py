"""File → Export plot / Export all figures / Export window, and Copy image: a figure (or the whole window)
to PNG, SVG or PDF with the options of the export dialog (its DPI and style remembered), drawn in the
light theme even while the window is dark."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog

from widgets.common.problem_text import describe
from widgets.plotkit.plot_style import apply_plot_theme

# Figure export (QtSvg) is imported when first used: widgets.plotkit.figure_export.

if TYPE_CHECKING:
    from app.window.file_dialogs import FileDialogs


class FigureExports(QObject):
    def __init__(self, dialogs: FileDialogs, settings: QSettings):
        super().__init__(dialogs)
        self._dialogs, self._settings = dialogs, settings
        self._window = dialogs.window

    def export_figure(self, name: str, path, options=None) -> bool:
        """Write the figure ``name`` to ``path`` with ``options`` (a FigureOptions; None: the plot's size at 300 DPI)."""
        from widgets.plotkit.figure_export import FigureOptions, export_widget

        try:
            with self._on_white(name) as widget:
                export_widget(widget, path, options or FigureOptions(), title=f"NormScope: {name}")
        except (OSError, ValueError) as error:
            return self._dialogs.refuse(describe(error))
        self._dialogs.remember_folder(Path(path).parent)
        self._dialogs.status(self.tr("Saved {path}").format(path=path))
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
            self._dialogs.refuse(describe(error))
            return []
        self._dialogs.remember_folder(folder)
        self._dialogs.status(self.tr("Saved {count} figures in {folder}").format(count=len(written), folder=folder))
        return written

    def copy_figure(self, name: str, scale: float = 2.0) -> None:
        """Put a plot on the clipboard as an image, ``scale`` times its size: ready to paste into slides."""
        from widgets.plotkit.figure_export import widget_image

        with self._on_white(name) as widget:
            QGuiApplication.clipboard().setImage(widget_image(widget, scale))
        self._dialogs.status(self.tr("Copied the {figure} as an image").format(
            figure=self._window.figure_titles()[name]))

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

    def export_figure_dialog(self, name: str) -> None:
        filters = "PNG image (*.png)" if name == "window" else "PNG image (*.png);;SVG vector (*.svg);;PDF (*.pdf)"
        path = self._dialogs.ask_save(self.tr("Export figure"), filters, f"{name}.png")
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

    def export_all_dialog(self) -> None:
        from widgets.plotkit.export_dialog import ExportDialog

        folder = QFileDialog.getExistingDirectory(self._window, self.tr("Export all figures into"),
                                                  self._dialogs.last_folder())
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
