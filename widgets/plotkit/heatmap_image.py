"""A pyqtgraph image item that keeps its picture in the screen's pixel format, and can draw small
matrices as blocks of pixels for figures."""

from __future__ import annotations

import numpy as np
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


def opaque_pixels(lut: np.ndarray) -> np.ndarray | None:
    """A 256-entry RGB (or fully opaque RGBA) lookup table as premultiplied ARGB32 pixels, the values
    pyqtgraph's indexed picture has once converted; None for a table it colours otherwise."""
    if not isinstance(lut, np.ndarray) or lut.dtype != np.uint8 or lut.ndim != 2 or lut.shape[0] != 256:
        return None
    if lut.shape[1] not in (3, 4) or (lut.shape[1] == 4 and not np.all(lut[:, 3] == 255)):
        return None
    rgb = lut[:, :3].astype(np.uint32)
    return np.uint32(0xFF000000) | (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]


def colour_indices(image: np.ndarray, low: float, high: float) -> np.ndarray:
    """The lookup-table index of each value: pyqtgraph's rescale (in float32 where the values fit it
    exactly, else float64: minus ``low``, times 256 over the range, clipped to 0..255, truncated),
    so the colours are exactly the ones it draws."""
    span = high - low
    scaled = image.astype(np.float32 if np.can_cast(image.dtype, np.float32) else np.float64)
    scaled -= float(low)
    scaled *= float(256 / (1 if span == 0 else span))
    np.clip(scaled, 0, 255, out=scaled)
    return scaled.astype(np.uint8)


class HeatmapImage(pg.ImageItem):
    """pyqtgraph renders a colour-mapped image as an indexed QImage, which every repaint converts
    while scaling it (~0.3 ms per heatmap here); converted once per new image, a repaint is a copy.

    A finite single-channel image on an opaque colour map is coloured here in one NumPy lookup,
    straight into those screen pixels: pyqtgraph's way (rescale, a colour table of 256 Python
    colours, the indexed image, its conversion) took 4 of them per edit of the 6 × 4 preset.

    With ``blocky``, a small matrix's picture is enlarged into blocks of pixels (``block_factors``)
    after it is coloured: the few coloured pixels are repeated, where colouring the repeated matrix cost
    pyqtgraph a 128 × 128 image per panel and edit. The item still maps one matrix cell to one unit."""

    def __init__(self, *args, blocky: bool = False, **kwargs):
        self._blocky = blocky
        self._pixels_of: tuple[object, np.ndarray | None] = (None, None)  # (the lut, its ARGB32 pixels)
        super().__init__(*args, **kwargs)

    def render(self) -> None:
        pixels = self._fast_pixels()
        if pixels is None:
            self._render_by_pyqtgraph()
            return
        if self._blocky:
            by_row, by_col = block_factors(*pixels.shape)
            if (by_row, by_col) != (1, 1):
                pixels = np.repeat(np.repeat(pixels, by_row, axis=0), by_col, axis=1)
        rows, cols = pixels.shape
        picture = QImage(cols, rows, QImage.Format.Format_ARGB32_Premultiplied)  # owns its memory
        stride = picture.bytesPerLine() // 4
        np.frombuffer(picture.bits(), dtype=np.uint32).reshape(rows, stride)[:, :cols] = pixels
        self.qimage = picture
        self._renderRequired = False
        self._unrenderable = False

    def _fast_pixels(self) -> np.ndarray | None:
        """The picture's pixels (rows × columns of ARGB32) when this item can colour it itself, else None."""
        image, levels = self.image, self.levels
        if (image is None or image.ndim != 2 or image.size == 0 or image.dtype.kind != "f"
                or self.axisOrder != "row-major" or self.autoDownsample or levels is None
                or np.ndim(levels) != 1 or self.paintMode is not None):
            return None
        lut = self.lut
        if self._pixels_of[0] is not lut:
            self._pixels_of = (lut, opaque_pixels(lut))
        table = self._pixels_of[1]
        if table is None:
            return None
        if self._imageHasNans is None:
            self._imageHasNans = image.dtype.kind == "f" and bool(np.isnan(image.min()))
            self._imageNanLocations = None
        if self._imageHasNans:
            return None  # pyqtgraph leaves NaN cells transparent
        return table[colour_indices(image, float(levels[0]), float(levels[1]))]

    def _render_by_pyqtgraph(self) -> None:
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
