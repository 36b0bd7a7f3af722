"""QSvgGenerator's output rewritten so that every SVG renderer draws it as QtSvg does.

Qt writes a plot's curves and bars in data coordinates under a group's scaling transform, with
``vector-effect="non-scaling-stroke"`` for cosmetic pens. librsvg (rsvg-convert, ImageMagick,
LibreOffice's import, many thumbnailers) scales those strokes with the data: curves become bands,
bars black blobs. Here each shape's coordinates are mapped into output coordinates and its stroke
is a plain one; text and images keep the transform on themselves. Qt also splits text at every
change of script ("μ ", "and ", "σ ", ...): runs that Qt laid out edge to edge become one text again,
so a viewer with other fonts still shows words, not spaced pieces.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ElementTree
from typing import Callable

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ElementTree.register_namespace("", SVG_NS)
ElementTree.register_namespace("xlink", XLINK_NS)

Matrix = tuple[float, float, float, float, float, float]  # SVG's matrix(a, b, c, d, e, f)
#: Width of a text run in user units, from its text and its element's font attributes.
Advance = Callable[[str, dict], float]

_MATRIX = re.compile(r"matrix\(([^)]*)\)")
_PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PAIRED_COMMANDS = set("MLCQST")  # absolute commands whose arguments are all x,y pairs
_SHAPES = {"path", "polyline", "polygon", "rect", "line"}
_KEEP_TRANSFORM = {"text", "image", "ellipse", "circle", "use"}
_TEXT_STYLE = ("fill", "fill-opacity", "font-family", "font-size", "font-weight", "font-style", "y")


def _tag(element: ElementTree.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _number(value: float) -> str:
    text = f"{value:.7g}"
    return "0" if text == "-0" else text


def _parse_matrix(text: str | None) -> Matrix | None:
    match = _MATRIX.fullmatch(text.strip()) if text else None
    if match is None:
        return None
    values = [float(v) for v in re.split(r"[\s,]+", match.group(1).strip())]
    return tuple(values) if len(values) == 6 else None


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _points(m: Matrix, text: str) -> str:
    values = [float(v) for v in re.split(r"[\s,]+", text.strip()) if v]
    pairs = (_apply(m, values[i], values[i + 1]) for i in range(0, len(values) - 1, 2))
    return " ".join(f"{_number(x)},{_number(y)}" for x, y in pairs)


def _path(m: Matrix, d: str) -> str | None:
    """``d`` mapped through ``m``; None for commands this can't map (relative ones, H, V, A)."""
    out, numbers, command = [], [], None

    def flush() -> bool:
        if command is None:
            return not numbers
        if command in "Zz":
            out.append("Z")
            return not numbers
        if command not in _PAIRED_COMMANDS or len(numbers) % 2:
            return False
        pairs = [_apply(m, numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]
        out.append(command + " ".join(f"{_number(x)},{_number(y)}" for x, y in pairs))
        return True

    for token in _PATH_TOKEN.findall(d):
        if token.isalpha():
            if not flush():
                return None
            command, numbers = token, []
        else:
            numbers.append(float(token))
    return " ".join(out) if flush() else None


def _rect(m: Matrix, element: ElementTree.Element) -> bool:
    """Map an axis-aligned rectangle (no rounded corners) in place; False if it can't stay one."""
    a, b, c, d, _, _ = m
    if b or c or element.get("rx") or element.get("ry"):
        return False
    x, y = float(element.get("x", 0)), float(element.get("y", 0))
    width, height = float(element.get("width", 0)), float(element.get("height", 0))
    x0, y0 = _apply(m, x, y)
    x1, y1 = _apply(m, x + width, y + height)
    for name, value in (("x", min(x0, x1)), ("y", min(y0, y1)), ("width", abs(x1 - x0)), ("height", abs(y1 - y0))):
        element.set(name, _number(value))
    return True


def _flatten_shape(m: Matrix, element: ElementTree.Element) -> bool:
    """Map one shape into output coordinates in place; False if it has to keep the transform."""
    tag = _tag(element)
    if tag == "rect":
        return _rect(m, element)
    if tag in ("polyline", "polygon"):
        element.set("points", _points(m, element.get("points", "")))
        return True
    if tag == "line":
        x1, y1 = _apply(m, float(element.get("x1", 0)), float(element.get("y1", 0)))
        x2, y2 = _apply(m, float(element.get("x2", 0)), float(element.get("y2", 0)))
        for name, value in (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)):
            element.set(name, _number(value))
        return True
    d = _path(m, element.get("d", ""))
    if d is None:
        return False
    element.set("d", d)
    return True


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _matrix_text(m: Matrix) -> str:
    return "matrix(" + ",".join(_number(v) for v in m) + ")"


def _flatten_group(group: ElementTree.Element, m: Matrix) -> None:
    """Move ``group``'s transform ``m`` into its children: shapes get output coordinates and a plain
    stroke of the width they were drawn with; the rest carry the transform themselves."""
    scaling = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
    scaled_stroke = False
    for child in list(group):
        tag = _tag(child)
        cosmetic = child.attrib.pop("vector-effect", "none") == "non-scaling-stroke"
        if tag in _SHAPES and _flatten_shape(m, child):
            scaled_stroke |= not cosmetic
            continue
        own = _parse_matrix(child.get("transform"))
        if tag in _SHAPES and cosmetic:
            child.set("vector-effect", "non-scaling-stroke")  # can't be mapped: keep Qt's stroke
        child.set("transform", _matrix_text(m if own is None else _compose(m, own)))
    if scaled_stroke and "stroke-width" in group.attrib and not math.isclose(scaling, 1.0):
        # A pen that scaled with the painter (not cosmetic) keeps its drawn width in output units.
        group.set("stroke-width", _number(float(group.get("stroke-width")) * scaling))
    del group.attrib["transform"]


def _merge_text_runs(group: ElementTree.Element, advance: Advance) -> None:
    """Join neighbouring <text> runs that Qt placed edge to edge on one baseline."""
    children = list(group)
    previous, end = None, None
    for child in children:
        if _tag(child) != "text":
            previous = None
            continue
        x = float(child.get("x", 0))
        same_style = previous is not None and all(previous.get(k) == child.get(k) for k in _TEXT_STYLE + ("transform",))
        size = float(child.get("font-size", 12) or 12)
        if same_style and abs(x - end) <= 0.15 * size + 0.5:
            previous.text = (previous.text or "") + (child.text or "")
            end = x + advance(child.text or "", child.attrib)
            group.remove(child)
            continue
        previous, end = child, x + advance(child.text or "", child.attrib)


#: A plot's data transform (data → output coordinates) and the rectangle (x, y, width, height) its
#: view shows: groups drawn with that transform are clipped to it, as on screen. QSvgGenerator's own
#: clipping (SVG 1.1) keeps a clip after the painter drops it, and would cut off the titles.
ViewClip = tuple[Matrix, tuple[float, float, float, float]]


def _same_matrix(a: Matrix, b: Matrix) -> bool:
    # Qt writes six significant digits.
    return all(math.isclose(x, y, rel_tol=1e-4, abs_tol=1e-3) for x, y in zip(a, b))


def _add_view_clips(root: ElementTree.Element, clipped: dict[int, ElementTree.Element],
                    clips: list[ViewClip]) -> None:
    if not clipped:
        return
    defs = root.find(f"{{{SVG_NS}}}defs")
    if defs is None:
        defs = ElementTree.Element(f"{{{SVG_NS}}}defs")
        root.insert(0, defs)
    for index in sorted(set(clipped.values())):
        x, y, width, height = clips[index][1]
        clip = ElementTree.SubElement(defs, f"{{{SVG_NS}}}clipPath", id=f"plotView{index + 1}")
        ElementTree.SubElement(clip, f"{{{SVG_NS}}}rect", x=_number(x), y=_number(y), width=_number(width),
                               height=_number(height))
    root.set("version", "1.1")  # clip-path is SVG 1.1, not SVG Tiny
    root.attrib.pop("baseProfile", None)


def plain_svg(svg: str, font_families: str, advance: Advance, clips: list[ViewClip] = ()) -> str:
    """``svg`` (QSvgGenerator's text) with shapes in output coordinates, plain strokes, text runs
    joined, every ``font-family`` replaced by ``font_families`` (a CSS list with a generic end),
    and the data of each plot view in ``clips`` clipped to that view."""
    root = ElementTree.fromstring(svg)
    clipped: dict[int, ElementTree.Element] = {}
    for group in root.iter(f"{{{SVG_NS}}}g"):
        m = _parse_matrix(group.get("transform"))
        if m is not None:
            view = next((i for i, (data, _) in enumerate(clips) if _same_matrix(m, data)), None)
            if view is not None:
                group.set("clip-path", f"url(#plotView{view + 1})")
                clipped[id(group)] = view
            if m == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                del group.attrib["transform"]
                for child in group:
                    if child.get("vector-effect") == "non-scaling-stroke" and _tag(child) in _SHAPES:
                        del child.attrib["vector-effect"]
            else:
                _flatten_group(group, m)
        _merge_text_runs(group, advance)
    _add_view_clips(root, clipped, list(clips))
    for element in root.iter():
        if "font-family" in element.attrib:
            element.set("font-family", font_families)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ElementTree.tostring(root, encoding="unicode")
