"""A pyqtgraph image item that keeps its picture in the screen's pixel format, and can draw small
matrices as blocks of pixels for figures."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage


def block_factors(rows: int, cols: int, min_pixels: int = 128) -> tuple[int, int]:
    """How many pixels each cell of a ``rows`` × ``cols`` matrix takes (down, across) so that SVG/PDF
    viewers that smooth scaled images still show sharp cells for small matrices like 6 × 4; (1, 1) for
    large ones, whose cells are pixels already."""
    by_row, by_col = -(-min_pixels // rows), -(-min_pixels // cols)
    if rows * cols * by_row * by_col > 2 * min_pixels * min_pixels:
        return 1, 1
    return by_row, by_col


class HeatmapImage(pg.ImageItem):
    """pyqtgraph renders a colour-mapped image as an indexed QImage, which every repaint converts
    while scaling it (~0.3 ms per heatmap here); converted once per new image, a repaint is a copy.

    With ``blocky``, a small matrix's picture is enlarged into blocks of pixels (``block_factors``)
    after it is coloured: Qt repeats the few coloured pixels, where colouring the repeated matrix cost
    pyqtgraph a 128 × 128 image per panel and edit. The item still maps one matrix cell to one unit."""

    def __init__(self, *args, blocky: bool = False, **kwargs):
        self._blocky = blocky
        super().__init__(*args, **kwargs)

    def render(self) -> None:
        super().render()
        if self.qimage is None:
            return
        image = self.qimage.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        if self._blocky:
            by_row, by_col = block_factors(image.height(), image.width())
            if (by_row, by_col) != (1, 1):
                image = image.scaled(image.width() * by_col, image.height() * by_row,
                                     Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.FastTransformation)
        self.qimage = image
