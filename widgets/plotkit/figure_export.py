"""Any widget as a figure: PNG at a chosen scale, or true vector SVG and PDF.

pyqtgraph's own SVG exporter fails on current PySide6, so every format renders the widget through
a QPainter: onto a scaled QImage (PNG), a QSvgGenerator (SVG) or a QPdfWriter (PDF).
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPoint, QRectF, QSize, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QWidget

FORMATS = ("png", "svg", "pdf")


def export_widget(widget: QWidget, path, scale: float = 2.0, title: str = "NormScope figure") -> Path:
    """Render ``widget`` into ``path``; the format follows the suffix (.png, .svg, .pdf).

    ``scale`` multiplies the PNG's pixel size (2 = crisp on slides and hi-DPI screens); vector
    formats keep the widget's logical size.
    """
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    size = widget.size()
    if fmt == "png":
        image = widget_image(widget, scale)
        if not image.save(str(path)):
            raise OSError(f"could not write {path}")
    elif fmt == "svg":
        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle(title)
        _paint(widget, generator)
    elif fmt == "pdf":
        writer = QPdfWriter(str(path))
        writer.setResolution(96)  # one widget pixel = one PDF pixel at 96 dpi
        writer.setTitle(title)
        points = QSizeF(size.width() * 72 / 96, size.height() * 72 / 96)
        writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize.Unit.Point), QPageLayout.Orientation.Portrait,
                                         QMarginsF(0, 0, 0, 0)))
        _paint(widget, writer)
    else:
        raise ValueError(f"unknown figure format {fmt!r}; use one of {', '.join(FORMATS)}")
    return path


def widget_image(widget: QWidget, scale: float = 2.0) -> QImage:
    """``widget`` on white, ``scale`` times its size in pixels (for a PNG file or the clipboard)."""
    size = widget.size()
    image = QImage(QSize(round(size.width() * scale), round(size.height() * scale)), QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    image.setDevicePixelRatio(scale)
    _paint(widget, image)
    return image


@contextmanager
def _uncached(widget: QWidget):
    """Items cached as screen pixmaps (the plots' axes) would be pasted into a figure as bitmaps:
    draw them afresh, as vectors or at the figure's resolution, while exporting."""
    cached = [item for view in [widget, *widget.findChildren(QGraphicsView)] if isinstance(view, QGraphicsView)
              for item in view.scene().items() if item.cacheMode() != QGraphicsItem.CacheMode.NoCache]
    modes = [item.cacheMode() for item in cached]
    for item in cached:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    try:
        yield
    finally:
        for item, mode in zip(cached, modes):
            item.setCacheMode(mode)


def _paint(widget: QWidget, device) -> None:
    with _uncached(widget):
        _render(widget, device)


def _render(widget: QWidget, device) -> None:
    painter = QPainter(device)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    try:
        # QWidget's render (not QGraphicsView's override) draws the whole widget, children and
        # axes included, through the painter: vector on SVG and PDF devices.
        QWidget.render(widget, painter, QPoint(0, 0))
    finally:
        painter.end()
