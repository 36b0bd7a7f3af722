"""A pyqtgraph image item that keeps its picture in the screen's pixel format, and small matrices
as blocks of pixels for figures."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QImage


class HeatmapImage(pg.ImageItem):
    """pyqtgraph renders a colour-mapped image as an indexed QImage, which every repaint converts
    while scaling it (~0.3 ms per heatmap here); converted once per new image, a repaint is a copy."""

    def render(self) -> None:
        super().render()
        if self.qimage is not None:
            self.qimage = self.qimage.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


def blocky(matrix: np.ndarray, min_pixels: int = 128) -> np.ndarray:
    """Repeat each cell into a block of pixels, so that SVG/PDF viewers that smooth scaled images
    still show sharp cells for small matrices like 6 × 4 (large ones are left alone: their cells
    are pixels already, and repeating them would cost milliseconds per edit)."""
    rows, cols = matrix.shape
    by_row, by_col = -(-min_pixels // rows), -(-min_pixels // cols)
    if matrix.size * by_row * by_col > 2 * min_pixels * min_pixels:
        return matrix
    return np.repeat(np.repeat(matrix, by_row, axis=0), by_col, axis=1)
