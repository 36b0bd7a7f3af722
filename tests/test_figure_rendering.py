"""Exported figures look the same in every renderer: SVG in QtSvg and librsvg, PDF in poppler, PNG."""

import re
import shutil
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

from tests.figure_raster import coloured, difference, ink, load, pdftoppm, qtsvg, rsvg
from widgets.plotkit.figure_export import LAYOUT_DPI, FigureOptions

PLOTS = ("row_stats", "depth", "grad", "stages",  # and the teaching tabs' figures (markers, diagrams)
         "block_flow", "block_stage", "groups", "batch_size", "running_stats")
#: Downscaled mean |difference| allowed between two renderers of one figure (0..1 grey). librsvg's
#: thick bands and black bars gave 0.07-0.29; honest renderings differ by ~0.003 (glyph shapes).
MAX_DIFFERENCE = 0.015
INK_RATIO = 1.25  # dark-pixel shares within this factor of each other: curves stay thin


@pytest.fixture(scope="module")
def figures(tmp_path_factory, module_window):
    out = tmp_path_factory.mktemp("figures")
    window = module_window("apple")
    sizes = {}
    window.figures(build=True)  # every tab built now, while the window shows
    for name in PLOTS:
        for fmt in ("png", "svg", "pdf"):
            assert window.files.figures.export_figure(name, out / f"{name}.{fmt}", FigureOptions(dpi=LAYOUT_DPI))
        sizes[name] = window.figure(name).size()
    return out, sizes


def _view_box(path) -> tuple[int, int]:
    width, height = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', path.read_text(encoding="utf-8")).groups()
    return round(float(width)), round(float(height))


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
@pytest.mark.parametrize("name", PLOTS)
def test_svg_renders_alike_in_librsvg_and_qtsvg(figures, name, tmp_path):
    out, _ = figures
    path = out / f"{name}.svg"
    width, height = _view_box(path)
    ours, theirs = qtsvg(path, width, height), rsvg(path, width, height, tmp_path)
    assert difference(ours, theirs) < MAX_DIFFERENCE
    assert ink(theirs) < INK_RATIO * ink(ours) and ink(ours) < INK_RATIO * ink(theirs)


@pytest.mark.parametrize("name", PLOTS)
def test_svg_matches_the_png(figures, name):
    out, _ = figures
    png = load(out / f"{name}.png")
    ours = qtsvg(out / f"{name}.svg", png.shape[1], png.shape[0])
    assert difference(ours, png) < MAX_DIFFERENCE


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("name", PLOTS)
def test_pdf_renders_like_the_png(figures, name, tmp_path):
    out, _ = figures
    png, pdf = load(out / f"{name}.png"), pdftoppm(out / f"{name}.pdf", LAYOUT_DPI, tmp_path)
    assert abs(pdf.shape[0] - png.shape[0]) <= 1 and abs(pdf.shape[1] - png.shape[1]) <= 1
    assert difference(png, pdf) < MAX_DIFFERENCE
    assert ink(pdf) < INK_RATIO * ink(png) and ink(png) < INK_RATIO * ink(pdf)


def test_svg_draws_in_output_coordinates_with_plain_strokes(figures):
    out, _ = figures
    for name in PLOTS:
        text = (out / f"{name}.svg").read_text(encoding="utf-8")
        assert "non-scaling-stroke" not in text
        for matrix in re.findall(r'<g[^>]*transform="matrix\(([^)]*)\)"', text):
            assert matrix.split(",")[:4] == ["1", "0", "0", "1"], f"{name}: a scaled group {matrix}"


def _texts(path) -> list[ElementTree.Element]:
    return [e for e in ElementTree.parse(path).getroot().iter() if e.tag.endswith("}text")]


def test_svg_text_keeps_words_together_and_names_the_bundled_font(figures):
    out, _ = figures
    texts = _texts(out / "row_stats.svg")
    assert "μ and σ per token · LayerNorm sets σ to 1" in [t.text for t in texts]
    assert "苹果(换序)" in [t.text for t in texts]
    assert {"2", "4"} <= {t.text for t in _texts(out / "depth.svg")}  # tick labels stay apart
    families = {t.get("font-family") for t in texts}
    assert len(families) == 1
    family = families.pop()
    assert "'NormScope Sans SC'" in family and "'Noto Sans CJK SC'" in family and family.endswith(", sans-serif")


def test_depth_figure_holds_the_plot_only(figures):
    out, sizes = figures
    assert "Log scale" not in (out / "depth.svg").read_text(encoding="utf-8")
    png = load(out / "depth.png")
    assert png.shape == (sizes["depth"].height(), sizes["depth"].width())
    assert (png > 0.99).any(axis=1).all()  # no grey strip: every row shows the white background


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
def test_a_zoomed_plots_svg_keeps_its_data_inside_the_view(qapp, tmp_path):
    """(QtSvg ignores clip paths: librsvg, browsers and office suites apply them.)"""
    from engine.results.compute import compute
    from engine.setup.presets import load_preset
    from widgets.plotkit.figure_export import export_widget
    from widgets.plotkit.plot_style import apply_plot_theme
    from widgets.plots.depth_plot import DepthPlot

    depth = DepthPlot()
    apply_plot_theme(depth, dark=False)
    depth.resize(400, 300)
    depth.show()
    depth.show_result(compute(load_preset("apple")))
    depth.plot.vb.setRange(xRange=(2, 5), yRange=(0, 2), padding=0)  # the curves run far past this view
    for fmt in ("png", "svg"):
        export_widget(depth.plot, tmp_path / f"zoom.{fmt}", FigureOptions(dpi=LAYOUT_DPI))
    view = depth.plot.vb.sceneBoundingRect().toRect()
    depth.deleteLater()
    png = load(tmp_path / "zoom.png", colour=True)
    theirs = rsvg(tmp_path / "zoom.svg", png.shape[1], png.shape[0], tmp_path, colour=True)
    outside = np.ones(png.shape[:2], bool)
    outside[view.top():view.bottom() + 1, view.left():view.right() + 1] = False
    # Outside the view only the key's samples are coloured, in the SVG as in the PNG; unclipped,
    # the curves crossed the title and the value axis (3.7 times the coloured pixels).
    assert coloured(theirs)[outside].sum() <= 1.15 * coloured(png)[outside].sum() + 20
