"""QSvgGenerator's SVG made plain: shapes in output coordinates, plain strokes, text runs joined."""

import xml.etree.ElementTree as ElementTree

import pytest

from widgets.plotkit.svg_plain import SVG_NS, plain_svg

HEAD = f'<svg xmlns="{SVG_NS}" viewBox="0 0 100 100">'
FONTS = "'Test Sans', sans-serif"


def _advance(text: str, attributes: dict) -> float:
    return 6.0 * len(text)  # a monospaced stand-in for Qt's font metrics


def _plain(body: str) -> ElementTree.Element:
    return ElementTree.fromstring(plain_svg(HEAD + body + "</svg>", FONTS, _advance))


def _all(root, tag):
    return list(root.iter(f"{{{SVG_NS}}}{tag}"))


def test_curves_in_data_coordinates_are_mapped_out_of_the_scaling_transform():
    root = _plain('<g stroke-width="2" transform="matrix(50,0,0,-6,10,90)">'
                  '<polyline vector-effect="non-scaling-stroke" points="0,0 1,5 2,10"/>'
                  '<path vector-effect="non-scaling-stroke" d="M0,0 L1,1 C1,2 2,2 2,3 Z"/></g>')
    group = _all(root, "g")[0]
    assert "transform" not in group.attrib and group.get("stroke-width") == "2"  # a cosmetic pen stays 2 px
    assert _all(root, "polyline")[0].get("points") == "10,90 60,60 110,30"
    path = _all(root, "path")[0]
    assert path.get("d") == "M10,90 L60,84 C60,78 110,78 110,72 Z"
    assert "vector-effect" not in path.attrib


def test_bars_under_a_flipping_transform_stay_rectangles_with_positive_sizes():
    root = _plain('<g transform="matrix(50,0,0,-6,10,90)"><rect vector-effect="non-scaling-stroke" '
                  'x="-0.4" y="0" width="0.2" height="5"/></g>')
    rect = _all(root, "rect")[0]
    assert [float(rect.get(k)) for k in ("x", "y", "width", "height")] == pytest.approx([-10, 60, 10, 30])


def test_a_pen_that_scaled_with_the_painter_keeps_its_drawn_width():
    root = _plain('<g stroke-width="1.5" transform="matrix(2,0,0,2,0,0)"><path vector-effect="none" '
                  'd="M0,0 L1,1"/></g>')
    assert _all(root, "g")[0].get("stroke-width") == "3"


def test_text_keeps_the_transform_and_runs_laid_edge_to_edge_join():
    root = _plain('<g transform="matrix(0,-1,1,0,5,50)">'
                  '<text x="0" y="10" font-family="Sans Serif" font-size="12">μ </text>'
                  '<text x="12" y="10" font-family="Sans Serif" font-size="12">and </text>'
                  '<text x="36" y="10" font-family="Sans Serif" font-size="12">σ</text>'
                  '<text x="80" y="10" font-family="Sans Serif" font-size="12">2</text></g>')
    texts = _all(root, "text")
    assert [t.text for t in texts] == ["μ and σ", "2"]  # the tick label 2 stays apart
    assert all(t.get("transform") == "matrix(0,-1,1,0,5,50)" for t in texts)
    assert all(t.get("font-family") == FONTS for t in texts)


def test_a_plots_data_is_clipped_to_its_view():
    data = (50.0, 0.0, 0.0, -6.0, 10.0, 90.0)
    svg = plain_svg(HEAD + '<g transform="matrix(50,0,0,-6,10,90)"><polyline points="0,0 9,9"/></g>'
                    '<g transform="matrix(1,0,0,1,0,0)"><text x="1" y="1">title</text></g></svg>',
                    FONTS, _advance, [(data, (10.0, 30.0, 80.0, 60.0))])
    root = ElementTree.fromstring(svg)
    groups = _all(root, "g")
    assert groups[0].get("clip-path") == "url(#plotView1)" and groups[1].get("clip-path") is None  # not the title
    rect = _all(root, "clipPath")[0][0]
    assert [rect.get(k) for k in ("x", "y", "width", "height")] == ["10", "30", "80", "60"]
    assert root.get("version") == "1.1"
