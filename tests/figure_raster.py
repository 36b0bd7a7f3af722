"""Figures rasterised by the renderers users meet (QtSvg, librsvg's rsvg-convert, poppler's pdftoppm),
as grey arrays to compare (helpers for the figure tests)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DARK = 0.5  # a pixel darker than this (0 black .. 1 white) counts as ink


def rgb(image) -> np.ndarray:
    """A QImage as a (height, width, 3) array of 0..1 colour, composited on white."""
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    rgba = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    rgba = rgba[:, : image.width()].astype(float) / 255
    return rgba[..., :3] * rgba[..., 3:] + (1 - rgba[..., 3:])


def grey(image) -> np.ndarray:
    """A QImage as a (height, width) array of 0..1 luminance, composited on white."""
    return rgb(image) @ np.array([0.299, 0.587, 0.114])


def load(path, colour: bool = False) -> np.ndarray:
    """The image file at ``path`` in grey (or, with ``colour``, in RGB)."""
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    assert not image.isNull(), path
    return rgb(image) if colour else grey(image)


def coloured(picture: np.ndarray) -> np.ndarray:
    """Where an RGB picture is clearly coloured (the plots' curves and bars, not black or grey text)."""
    return picture.max(axis=-1) - picture.min(axis=-1) > 0.25


def qtsvg(path, width: int, height: int) -> np.ndarray:
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    QSvgRenderer(str(path)).render(painter)
    painter.end()
    return grey(image)


def _fontconfig(tmp: Path) -> dict:
    """An environment in which fontconfig (librsvg, poppler) also finds the bundled font."""
    conf = tmp / "fonts.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
                    f'<dir>{ROOT / "resources" / "fonts"}</dir><cachedir>{tmp / "cache"}</cachedir></fontconfig>',
                    encoding="utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def rsvg(path, width: int, height: int, tmp: Path, colour: bool = False) -> np.ndarray:
    out = tmp / (Path(path).stem + "-rsvg.png")
    subprocess.run([shutil.which("rsvg-convert"), "-w", str(width), "-h", str(height), "-b", "white",
                    "-o", str(out), str(path)], check=True, env=_fontconfig(tmp), capture_output=True)
    return load(out, colour)


def pdftoppm(path, dpi: float, tmp: Path) -> np.ndarray:
    stem = tmp / (Path(path).stem + "-pdf")
    subprocess.run([shutil.which("pdftoppm"), "-png", "-r", f"{dpi:g}", "-singlefile", str(path), str(stem)],
                   check=True, env=_fontconfig(tmp), capture_output=True)
    return load(f"{stem}.png")


def downscaled(picture: np.ndarray, block: int = 4) -> np.ndarray:
    rows, cols = (s // block * block for s in picture.shape)
    return picture[:rows, :cols].reshape(rows // block, block, cols // block, block).mean(axis=(1, 3))


def difference(a: np.ndarray, b: np.ndarray) -> float:
    """Mean absolute difference of two pictures of (nearly) one size, downscaled 4× so that
    antialiasing and glyph shapes count little and misplaced or thickened shapes much."""
    rows, cols = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    return float(np.mean(np.abs(downscaled(a[:rows, :cols]) - downscaled(b[:rows, :cols]))))


def ink(picture: np.ndarray) -> float:
    """The share of dark pixels: thick bands or black blobs raise it."""
    return float(np.mean(picture < DARK))
