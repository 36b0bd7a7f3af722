"""What a reader sees in an exported figure, measured on its rasterisation: the same ink in PNG, SVG
and PDF at any DPI (PNG as written, SVG through librsvg, PDF through poppler)."""

import shutil

import pytest
from PySide6.QtCore import QSettings

from app.main_window import MainWindow
from tests.figure_raster import coloured, ink, load, pdftoppm, rsvg
from widgets.plotkit.figure_export import FigureOptions

PLOTS = ("row_stats", "depth", "grad", "stages")
#: Dark-pixel shares of one figure in two formats, at one pixel size, within this factor. Before PNG
#: pens followed the DPI, a 600-dpi PNG held half the SVG's ink (0.030 against 0.063).
INK_TOLERANCE = 1.10
needs_renderers = pytest.mark.skipif(shutil.which("rsvg-convert") is None or shutil.which("pdftoppm") is None,
                                     reason="rsvg-convert (librsvg2-bin) and pdftoppm (poppler-utils) are needed")


@pytest.fixture(scope="module")
def window(tmp_path_factory, qapp):
    from widgets.common.fonts import register_bundled_fonts

    register_bundled_fonts()
    settings = tmp_path_factory.mktemp("settings") / "settings.ini"
    window = MainWindow("apple", QSettings(str(settings), QSettings.Format.IniFormat))
    window.resize(1400, 860)
    window.show()
    window.document.wait_until_idle()
    qapp.processEvents()
    yield window
    window.close()
    window.deleteLater()


def _export(window, name, folder, options) -> None:
    for fmt in ("png", "svg", "pdf"):
        assert window.files.export_figure(name, folder / f"{name}.{fmt}", options)


@needs_renderers
@pytest.mark.parametrize("dpi", [300, 600])
@pytest.mark.parametrize("publication", [False, True])
def test_png_svg_and_pdf_carry_the_same_ink_at_any_dpi(window, tmp_path, dpi, publication):
    options = FigureOptions(8.5, 6.5, "cm", dpi, publication)
    for name in PLOTS:
        _export(window, name, tmp_path, options)
        png = load(tmp_path / f"{name}.png")
        svg = rsvg(tmp_path / f"{name}.svg", png.shape[1], png.shape[0], tmp_path)
        pdf = pdftoppm(tmp_path / f"{name}.pdf", dpi, tmp_path)
        inks = {"png": ink(png), "svg": ink(svg), "pdf": ink(pdf)}
        assert max(inks.values()) < INK_TOLERANCE * min(inks.values()), (name, inks)


@needs_renderers
def test_publication_thickens_the_lines_of_the_png_too(window, tmp_path):
    inks = {}
    for publication in (False, True):
        folder = tmp_path / str(publication)
        folder.mkdir()
        _export(window, "depth", folder, FigureOptions(17, 12, "cm", 300, publication))
        inks[publication] = coloured(load(folder / "depth.png", colour=True)).mean()  # the curves, not the text
    assert inks[True] > 1.1 * inks[False]


def test_a_wide_short_figure_puts_a_long_key_beside_the_data_and_the_window_gets_it_back(qtbot):
    import pyqtgraph as pg
    from PySide6.QtCore import QSizeF

    from widgets.plotkit.plot_panel import PlotPanel

    plot = PlotPanel()
    qtbot.addWidget(plot)
    plot.resize(600, 400)
    plot.show()
    curves = [pg.PlotCurveItem([0, 1], [i, i + 1], pen=pg.mkPen("k")) for i in range(12)]  # six stacks, A and B
    plot.key.set_entries([(curve, f"stack {i} (pinned A)") for i, curve in enumerate(curves)])
    grid = plot._grid
    with plot.figure_layout(QSizeF(900, 260)):
        assert grid.itemAt(1, 2) is plot.key and grid.itemAt(3, 0) is None
    assert grid.itemAt(3, 0) is plot.key and grid.itemAt(1, 2) is None
    with plot.figure_layout(QSizeF(1920, 1080)):
        assert grid.itemAt(3, 0) is plot.key  # room below: the key stays under the data
