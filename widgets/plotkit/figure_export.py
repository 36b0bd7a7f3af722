"""A plot as a figure: PNG at a chosen size and DPI, or true vector SVG and PDF.

pyqtgraph's own SVG exporter fails on current PySide6, so every format paints through a QPainter:
onto a QImage (PNG), a QSvgGenerator (SVG, then made plain for every viewer, see svg_plain) or a
QPdfWriter (PDF). A pyqtgraph view is laid out afresh at the figure's size (its aspect is not the
widget's), in layout pixels of 1/96 inch, so text keeps its point size on paper; other widgets
(the window, the teaching diagrams) are drawn at their own size.
"""

from __future__ import annotations

import re
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QMarginsF, QPoint, QPointF, QRect, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (QColor, QFont, QFontInfo, QFontMetricsF, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter,
                           QPen, QPicture, QRegion)
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QGraphicsWidget, QMainWindow, QWidget

from widgets.plotkit.bundled_font import BUNDLED_FAMILY
from widgets.plotkit.plot_style import scale_plots
from widgets.plotkit.svg_plain import plain_svg
from widgets.plotkit.text_fit import wrapped_lines

FORMATS = ("png", "svg", "pdf")
UNITS = ("px", "cm", "in")
LAYOUT_DPI = 96.0  # the layout's pixels per inch (Qt's logical DPI): points → layout pixels
PUBLICATION_SCALE = 1.3  # text and line widths in the publication style
REHEARSALS = 2  # layout passes before a figure is drawn
SUBTITLE_POINTS = 8.0  # what a figure shows (its run, model, text), above the plot
SUBTITLE_COLOR = "#333333"


@dataclass(frozen=True)
class FigureOptions:
    """A figure's size, resolution and style.

    ``width`` and ``height`` are in ``unit`` ("px" of the PNG, "cm" or "in"; None: the widget's
    size); ``dpi`` is the PNG's pixels per inch (and converts px to inches for SVG and PDF);
    ``publication`` draws larger text and thicker lines.
    """

    width: float | None = None
    height: float | None = None
    unit: str = "px"
    dpi: float = 300.0
    publication: bool = False

    def __post_init__(self):
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r}; use one of {', '.join(UNITS)}")
        if not self.dpi > 0 or any(v is not None and not v > 0 for v in (self.width, self.height)):
            raise ValueError("a figure's width, height and DPI must be positive")

    def layout_size(self, widget_size: QSize) -> QSizeF:
        """The size to lay the plot out at, in layout pixels (1/96 inch)."""
        per_unit = {"px": LAYOUT_DPI / self.dpi, "cm": LAYOUT_DPI / 2.54, "in": LAYOUT_DPI}[self.unit]
        width = widget_size.width() if self.width is None else self.width * per_unit
        height = widget_size.height() if self.height is None else self.height * per_unit
        return QSizeF(max(width, 1.0), max(height, 1.0))


def export_widget(widget: QWidget, path, options: FigureOptions = FigureOptions(),
                  title: str = "NormScope figure") -> Path:
    """Render ``widget`` into ``path``; the format follows the suffix (.png, .svg, .pdf)."""
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"unknown figure format {fmt!r}; use one of {', '.join(FORMATS)}")
    with _figure(widget, options) as (paint, size, top):
        view_clips = _view_clips(widget, top) if fmt == "svg" else []
        if fmt == "png":
            image = _image(paint, size, options.dpi / LAYOUT_DPI, _scene_items(widget))
            dots_per_metre = round(options.dpi / 0.0254)
            image.setDotsPerMeterX(dots_per_metre)
            image.setDotsPerMeterY(dots_per_metre)
            if not image.save(str(path)):
                raise OSError(f"could not write {path}")
        elif fmt == "svg":
            path.write_text(_svg(paint, size, title, view_clips), encoding="utf-8")
        else:
            writer = QPdfWriter(str(path))
            writer.setResolution(int(LAYOUT_DPI))  # one layout pixel = 1/96 inch on the page
            writer.setTitle(title)
            points = QSizeF(size.width() * 72 / LAYOUT_DPI, size.height() * 72 / LAYOUT_DPI)
            writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize.Unit.Point),
                                             QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
            _on(writer, paint)
    return path


def widget_image(widget: QWidget, scale: float = 2.0) -> QImage:
    """``widget`` on white, ``scale`` times its size in pixels (for the clipboard)."""
    with _figure(widget, FigureOptions(dpi=LAYOUT_DPI * scale)) as (paint, size, _):
        return _image(paint, size, scale, _scene_items(widget))


def figure_font_families() -> str:
    """The CSS font list SVG text names: the family Qt drew Latin text with, the bundled CJK font,
    the common system CJK font, then any sans-serif."""
    drawn = QFontInfo(QFont()).family()
    families = dict.fromkeys([drawn, BUNDLED_FAMILY, "Noto Sans CJK SC"])
    return ", ".join(f"'{family}'" for family in families) + ", sans-serif"


def _image(paint, size: QSizeF, scale: float, items=()) -> QImage:
    pixels = QSize(round(size.width() * scale), round(size.height() * scale))
    image = QImage(pixels, QImage.Format.Format_ARGB32)
    if image.isNull():
        raise ValueError(f"a figure of {pixels.width()} × {pixels.height()} pixels is too large; choose a smaller "
                         "size or DPI")
    image.fill(0xFFFFFFFF)
    image.setDevicePixelRatio(scale)
    with _cosmetic_pens_scaled(scale, items):
        _on(image, paint)
    return image


@contextmanager
def _cosmetic_pens_scaled(scale: float, items=()):
    """Cosmetic pens (pyqtgraph's, of every curve, axis and grid) are as wide in device pixels
    whatever the painter's scale: in SVG and PDF a device pixel is a layout pixel (1/96 inch), in a
    PNG at ``scale`` × 96 dpi it is ``scale`` times thinner, so the PNG's lines were hairlines. While
    a PNG is painted, each cosmetic pen a painter is given is ``scale`` times wider (a width of 0,
    Qt's one-pixel hairline, counts as 1): the PNG then carries the ink of the vector formats.
    Every plot item paints in Python, so replacing QPainter.setPen reaches them all; the drawings
    some ``items`` keep as a QPicture (pyqtgraph's axes, bars) are recorded afresh, before and after."""
    if scale == 1.0:
        yield
        return
    set_pen = QPainter.setPen
    _forget_pictures(items)

    def scaled_pen(painter: QPainter, pen) -> None:
        if isinstance(pen, QPen) and pen.isCosmetic() and pen.style() != Qt.PenStyle.NoPen:
            pen = QPen(pen)
            pen.setWidthF((pen.widthF() or 1.0) * scale)
        set_pen(painter, pen)

    QPainter.setPen = scaled_pen
    try:
        yield
    finally:
        QPainter.setPen = set_pen
        _forget_pictures(items)


def _forget_pictures(items) -> None:
    for item in items:
        if isinstance(getattr(item, "picture", None), QPicture):
            item.picture = None
            item.update()


def _scene_items(widget: QWidget) -> list:
    """Every graphics item of ``widget``'s plots (the widget itself and the views inside it)."""
    return [item for view in [widget, *widget.findChildren(QGraphicsView)] if isinstance(view, QGraphicsView)
            for item in view.scene().items()]


def _view_clips(widget: QWidget, top: float = 0.0) -> list:
    """Each plot view's data transform and rectangle in the figure's coordinates (see svg_plain),
    as laid out for the figure now, ``top`` layout pixels under the figure's subtitle."""
    if not isinstance(widget, pg.GraphicsView):
        return []
    origin = widget.centralWidget.geometry().topLeft() - QPointF(0.0, top)
    clips = []
    for item in widget.scene().items():
        if isinstance(item, pg.ViewBox) and item.isVisible():
            t = item.childGroup.sceneTransform()
            rect = item.sceneBoundingRect()
            clips.append(((t.m11(), t.m12(), t.m21(), t.m22(), t.dx() - origin.x(), t.dy() - origin.y()),
                          (rect.x() - origin.x(), rect.y() - origin.y(), rect.width(), rect.height())))
    return clips


def _svg(paint, size: QSizeF, title: str, view_clips: list) -> str:
    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setResolution(int(LAYOUT_DPI))  # font sizes in layout pixels, as the plot was laid out
    generator.setSize(QSize(round(size.width()), round(size.height())))
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(title)
    _on(generator, paint)
    svg = plain_svg(bytes(buffer.data()).decode("utf-8"), figure_font_families(), _text_advance, view_clips)
    # The size on paper exactly as asked (Qt writes it from the whole pixels set above).
    mm = [f"{length * 25.4 / LAYOUT_DPI:.3f}mm" for length in (size.width(), size.height())]
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', rf'<svg\1 width="{mm[0]}" height="{mm[1]}"', svg, count=1)


def _text_advance(text: str, attributes: dict) -> float:
    """Width of ``text`` in the SVG's units (layout pixels), with the font its attributes name."""
    font = QFont()  # the family Qt drew with ("Sans Serif" in the SVG is its alias)
    font.setPointSizeF(float(attributes.get("font-size", 12)) * 72 / LAYOUT_DPI)
    font.setWeight(QFont.Weight(int(attributes.get("font-weight", 400))))
    font.setItalic(attributes.get("font-style") == "italic")
    return QFontMetricsF(font, _LAYOUT_DEVICE).horizontalAdvance(text)


_LAYOUT_DEVICE = QImage(1, 1, QImage.Format.Format_ARGB32)  # a paint device at 96 dpi for measuring
_LAYOUT_DEVICE.setDotsPerMeterX(round(LAYOUT_DPI / 0.0254))
_LAYOUT_DEVICE.setDotsPerMeterY(round(LAYOUT_DPI / 0.0254))


def _on(device, paint) -> None:
    painter = QPainter(device)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    try:
        paint(painter)
    finally:
        painter.end()


@contextmanager
def _figure(widget: QWidget, options: FigureOptions):
    """(paint(painter), size, top): how to draw ``widget`` as the figure ``options`` ask for, while the
    figure's layout, style and uncached items are in place; the plot starts ``top`` layout pixels
    down, under the subtitle the widget names (its ``figure_subtitle``: the run, model or text it
    shows), if any."""
    as_figure = getattr(widget, "as_figure", None)  # a view drawn otherwise as a figure (no selection)
    with _for_export(widget), (as_figure() if as_figure else nullcontext()):
        if isinstance(widget, QMainWindow):  # the whole window, as on screen
            yield (lambda painter: QWidget.render(widget, painter, QPoint(0, 0))), QSizeF(widget.size()), 0.0
            return
        if not isinstance(widget, pg.GraphicsView):  # a diagram the widget paints itself
            with _diagram_sized(widget, options):
                area = _drawing_area(widget)

                def paint_diagram(painter: QPainter) -> None:
                    painter.fillRect(QRectF(area), QColor("#FFFFFF"))  # on white, not on the window's grey
                    # Without DrawChildren: the drawing, not its caption and buttons.
                    QWidget.render(widget, painter, QPoint(0, 0), QRegion(area), QWidget.RenderFlag(0))

                yield paint_diagram, QSizeF(area.size()), 0.0
            return
        size = options.layout_size(widget.size())
        font = QFont()
        font.setPointSizeF(SUBTITLE_POINTS * (PUBLICATION_SCALE if options.publication else 1.0))
        subtitle = getattr(widget, "figure_subtitle", "") or ""
        lines = wrapped_lines(subtitle, font, size.width() - 8) if subtitle else []
        line = QFontMetricsF(font, _LAYOUT_DEVICE).height()
        top = len(lines) * line + 4 if lines else 0.0
        plot_size = QSizeF(size.width(), max(size.height() - top, 1.0))
        arranged = getattr(widget, "figure_layout", None)  # a plot that arranges itself for the size
        with _publication(widget, options.publication), (arranged(plot_size) if arranged else nullcontext()), \
                _laid_out(widget, plot_size) as source:
            def paint(painter: QPainter) -> None:
                painter.fillRect(QRectF(0, 0, size.width(), size.height()), widget.backgroundBrush())
                painter.setFont(font)
                painter.setPen(QColor(SUBTITLE_COLOR))
                for i, text in enumerate(lines):
                    painter.drawText(QRectF(0, 2 + i * line, size.width(), line), Qt.AlignmentFlag.AlignCenter, text)
                widget.scene().render(painter, QRectF(0, top, plot_size.width(), plot_size.height()), source)

            yield paint, size, top


@contextmanager
def _diagram_sized(widget: QWidget, options: FigureOptions):
    """A diagram (the block flow) drawn at the figure's size when one is asked for: the widget
    resized so that its drawing, above its caption and buttons, takes that size (its boxes and text
    follow its size), given back its own afterwards. Without a size: as on screen."""
    if options.width is None and options.height is None:
        yield
        return
    shown, smallest = widget.geometry(), widget.minimumSize()
    asked = options.layout_size(widget.size())
    widget.setMinimumSize(0, 0)
    try:
        height = asked.height() + widget.height() - _drawing_area(widget).height()
        for _ in range(2):  # the caption under the drawing rewraps at the new width
            _resize_now(widget, QRect(shown.topLeft(), QSize(round(asked.width()), round(height))))
            height += asked.height() - _drawing_area(widget).height()
        yield
    finally:
        widget.setMinimumSize(smallest)
        _resize_now(widget, shown)


def _resize_now(widget: QWidget, geometry: QRect) -> None:
    """``widget`` at ``geometry``, its children placed at once (a widget on a tab not in front gets
    its resize event, which its layout acts on, only when it is shown)."""
    widget.setGeometry(geometry)
    if widget.layout() is not None:
        widget.layout().setGeometry(widget.rect())


def _drawing_area(widget: QWidget) -> QRect:
    """The part of ``widget`` its own painting fills: above the child widgets laid out under it
    (the block flow's caption and Step buttons), or all of it."""
    if widget.layout() is not None:
        widget.layout().activate()  # a tab built a moment ago places its children now
    area = widget.rect()
    tops = [child.geometry().top() for child in widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if child.isVisibleTo(widget) and child.geometry().top() > area.height() / 3]
    if tops:
        area.setBottom(min(tops) - 1)
    return area


@contextmanager
def _laid_out(view: pg.GraphicsView, size: QSizeF):
    """``view``'s plot laid out at ``size`` (layout pixels) while the figure is drawn; yields the
    scene rectangle it then fills."""
    central = view.centralWidget
    shown = central.geometry()
    # pyqtgraph keeps an axis as wide as the widest labels it drew until they are 10 px narrower: a
    # figure laid out after another export would inherit its widths. Each starts from its labels here.
    axes = [item for item in view.scene().items() if isinstance(item, pg.AxisItem)]
    text_room = [(axis.textWidth, axis.textHeight) for axis in axes]
    for axis in axes:
        axis.textWidth = axis.textHeight = 0
        axis._updateWidth() if axis.orientation in ("left", "right") else axis._updateHeight()
    central.setGeometry(QRectF(shown.topLeft(), size))
    layout = QGraphicsWidget.layout(central)  # a PlotItem's own ``layout`` attribute hides the method
    if layout is not None:
        layout.activate()
        # pyqtgraph sizes an axis to the tick labels it last drew, and a wrapped title's height
        # follows its width: drawings at this size (into a QPicture, which rasterises nothing) settle
        # them, so that every format gets one layout.
        for _ in range(REHEARSALS):
            _rehearse(view, size, shown)
            layout.activate()
        # A pass may still move an item that follows another's size (a note placed under the panels
        # once their ticks are known): drawn and laid out again until the layout holds still, the
        # last drawing bringing every view's data transform up to its place (pyqtgraph updates it
        # when it paints).
        for _ in range(REHEARSALS):
            _rehearse(view, size, shown)
            if layout.isActivated():
                break
            layout.activate()
    try:
        yield QRectF(shown.topLeft(), size)
    finally:
        for axis, (width, height) in zip(axes, text_room):
            axis.textWidth, axis.textHeight = width, height
            axis._updateWidth() if axis.orientation in ("left", "right") else axis._updateHeight()
        central.setGeometry(shown)
        if layout is not None:
            layout.activate()


def _rehearse(view: pg.GraphicsView, size: QSizeF, shown: QRectF) -> None:
    """Draw ``view``'s scene at ``size`` into a QPicture (nothing is rasterised): its items size
    themselves to what they draw."""
    picture = QPicture()
    rehearsal = QPainter(picture)
    view.scene().render(rehearsal, QRectF(QPointF(0, 0), size), QRectF(shown.topLeft(), size))
    rehearsal.end()


@contextmanager
def _publication(view: QWidget, on: bool):
    """Larger text and thicker lines while a publication figure is drawn."""
    originals: dict = {}
    if on:
        scale_plots(view, PUBLICATION_SCALE, originals)
    try:
        yield
    finally:
        if on:
            scale_plots(view, 1.0, originals)


@contextmanager
def _for_export(widget: QWidget):
    """Items cached as screen pixmaps (the plots' axes) would be pasted into a figure as bitmaps:
    draw them afresh, as vectors or at the figure's resolution, while exporting. pyqtgraph's items
    are told they are exported (as its own exporters do): markers are then drawn as shapes, not
    stamped from a sprite sheet, which QSvgGenerator would write whole for every marker."""
    items = _scene_items(widget)
    cached = [item for item in items if item.cacheMode() != QGraphicsItem.CacheMode.NoCache]
    modes = [item.cacheMode() for item in cached]
    for item in cached:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    exported = [item for item in items if isinstance(item, pg.GraphicsItem)]
    for item in exported:
        item.setExportMode(True, {"antialias": True})
    try:
        yield
    finally:
        for item in exported:
            item.setExportMode(False)
        for item, mode in zip(cached, modes):
            item.setCacheMode(mode)
