"""A pyqtgraph image item that keeps its picture in the screen's pixel format."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QImage


class HeatmapImage(pg.ImageItem):
    """pyqtgraph renders a colour-mapped image as an indexed QImage, which every repaint converts
    while scaling it (~0.3 ms per heatmap here); converted once per new image, a repaint is a copy."""

    def render(self) -> None:
        super().render()
        if self.qimage is not None:
            self.qimage = self.qimage.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
