"""Figure options: a size of the figure's own in px, cm or inches, DPI, publication style, the folder
remembered, and every figure (also the teaching tabs') exported at once."""

import re

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage

from tests.figure_raster import load
from widgets.plotkit.export_dialog import ExportDialog
from widgets.plotkit.figure_export import FigureOptions

pytestmark = pytest.mark.window(size=(1400, 860))


def test_a_figure_gets_the_size_and_dpi_asked_for_not_the_widgets_shape(window, tmp_path):
    options = FigureOptions(width=17, height=6, unit="cm", dpi=300)
    assert window.files.figures.export_figure("depth", tmp_path / "depth.png", options)
    image = QImage(str(tmp_path / "depth.png"))
    assert (image.width(), image.height()) == (round(17 / 2.54 * 300), round(6 / 2.54 * 300))
    assert image.dotsPerMeterX() == round(300 / 0.0254)
    plot = window.depth_plot.plot
    assert plot.vb.width() > 200 and plot.vb.height() > 150  # the widget is laid out as before afterwards
    assert window.files.figures.export_figure("depth", tmp_path / "depth.svg", options)
    svg = (tmp_path / "depth.svg").read_text(encoding="utf-8")
    width, height = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', svg).groups()
    assert float(width) == pytest.approx(170, abs=0.01) and float(height) == pytest.approx(60, abs=0.01)


def test_pixel_sizes_are_pixels_of_the_png(window, tmp_path):
    assert window.files.figures.export_figure("stages", tmp_path / "s.png", FigureOptions(1200, 400, "px", dpi=150))
    image = QImage(str(tmp_path / "s.png"))
    assert (image.width(), image.height()) == (1200, 400)


def test_publication_style_draws_larger_text_and_restores_the_plot(window, tmp_path):
    axis = window.grad_plot.getAxis("left")
    before = axis.style["tickFont"]
    for name, publication in (("plain", False), ("publication", True)):
        assert window.files.figures.export_figure("grad", tmp_path / f"{name}.png", FigureOptions(dpi=96, publication=publication))
    plain, publication = load(tmp_path / "plain.png"), load(tmp_path / "publication.png")
    assert plain.shape == publication.shape
    assert (publication < 0.5).mean() > 1.2 * (plain < 0.5).mean()  # more ink: larger text, thicker lines
    assert axis.style["tickFont"] is before or axis.style["tickFont"].pointSizeF() == pytest.approx(9.0)


def test_the_dialog_converts_units_and_returns_the_options(qtbot):
    dialog = ExportDialog(QSize(480, 360), dpi=300)
    qtbot.addWidget(dialog)
    assert (dialog.width_box.value(), dialog.height_box.value()) == (1500, 1125)  # 5 × 3.75 inches
    dialog.unit_box.setCurrentText("in")
    assert dialog.width_box.value() == pytest.approx(5.0) and dialog.height_box.value() == pytest.approx(3.75)
    dialog.width_box.setValue(3.5)  # a journal column, whatever the widget's shape
    dialog.publication_box.setChecked(True)
    options = dialog.options()
    assert (options.width, options.height, options.unit, options.dpi, options.publication) == (3.5, 3.75, "in", 300, True)
    assert "1050 × 1125 px" in dialog.pixels_note.text()


def test_export_all_writes_every_figure_with_the_teaching_ones_and_remembers_the_folder(window, tmp_path, settings):
    written = window.files.figures.export_all_figures(tmp_path / "all", FigureOptions(dpi=96), ("png", "svg"))
    names = {path.name for path in written}
    for name in ("row_stats", "depth", "grad", "stages", "block_flow", "block_stage", "groups", "batch_size",
                 "running_stats"):
        assert {f"{name}.png", f"{name}.svg"} <= names
    assert all(path.stat().st_size > 1000 for path in written)
    block_flow = load(tmp_path / "all" / "block_flow.png")
    assert block_flow.mean() > 0.9 and (block_flow > 0.99).mean() > 0.5  # on white, the diagram only
    assert settings.value("files/last_folder") == str((tmp_path / "all").resolve())
    assert isinstance(settings.value("files/last_folder"), str)
    assert window.tabs.currentIndex() == 0  # the tabs built for it were left as they were


def test_the_file_menu_offers_export_all_and_the_heatmaps_menu_the_colour_scale(window):
    from types import SimpleNamespace

    file_menu = window.menuBar().actions()[0].menu()
    assert "Export &all figures…" in [action.text() for action in file_menu.actions()]
    heatmaps = window.stage_heatmaps
    view = heatmaps._views[0]
    click = SimpleNamespace(acceptedItem=view)
    menu = heatmaps.scene().addParentContextMenus(view, view.getMenu(click), click)
    assert {"Colour scale: automatic", "Colour scale: shared", "Colour scale: per panel"} <= {
        action.text() for action in menu.actions()}


def test_the_dialog_starts_from_the_dpi_and_style_chosen_last(window, settings, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QDialog, QFileDialog

    shown = []

    def accept(dialog):
        shown.append((dialog.dpi_box.value(), dialog.publication_box.isChecked()))
        dialog.dpi_box.setValue(600)
        dialog.publication_box.setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "d.png"), ""))
    monkeypatch.setattr(ExportDialog, "exec", accept)
    window.files.figures.export_figure_dialog("depth")
    window.files.figures.export_figure_dialog("depth")
    assert shown == [(300, False), (600, True)]
    assert settings.value("figures/dpi") == "600" and settings.value("figures/publication") == "true"
    assert QImage(str(tmp_path / "d.png")).dotsPerMeterX() == round(600 / 0.0254)


def test_the_dialog_offers_the_presets_and_speaks_of_the_format_written(qtbot):
    svg = ExportDialog(QSize(400, 300), fmt="svg")
    qtbot.addWidget(svg)
    assert svg.pixels_note.text().startswith("SVG:") and "px" not in svg.pixels_note.text()
    svg.preset_box.setCurrentIndex(svg.preset_box.findData("column"))
    svg.preset_box.activated.emit(svg.preset_box.currentIndex())
    options = svg.options()
    assert (options.width, options.height, options.unit) == (pytest.approx(8.5), pytest.approx(6.4), "cm")
    png = ExportDialog(QSize(400, 300), fmt="png")
    qtbot.addWidget(png)
    png.preset_box.activated.emit(png.preset_box.findData("slide"))
    assert png.pixels_note.text().startswith("PNG: 1920 × 1080 px")
