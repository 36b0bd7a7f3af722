"""A small matrix's heatmap is drawn as blocks of pixels (sharp cells in SVG/PDF viewers), coloured at the
matrix's own size, and still maps one cell to one unit of its view."""

import numpy as np

from widgets.plotkit.heatmap_image import HeatmapImage, block_factors


def test_block_factors_enlarge_small_matrices_only():
    assert block_factors(6, 4) == (22, 32)
    assert block_factors(512, 768) == (1, 1)


def test_a_small_matrix_is_rendered_in_blocks_of_its_colours(qapp):
    image = HeatmapImage(axisOrder="row-major", blocky=True)
    matrix = np.arange(24, dtype=float).reshape(6, 4)
    image.setImage(matrix, levels=(0.0, 23.0))
    image.render()
    q = image.qimage
    assert (q.width(), q.height()) == (4 * 32, 6 * 22)
    assert image.boundingRect().width() == 4 and image.boundingRect().height() == 6
    # every pixel of a block has its cell's colour; neighbouring cells differ
    assert q.pixel(0, 0) == q.pixel(31, 21) != q.pixel(32, 0)
    assert q.pixel(0, 22) != q.pixel(0, 0)


def test_without_blocks_the_picture_is_the_matrix_size(qapp):
    image = HeatmapImage(axisOrder="row-major")
    image.setImage(np.zeros((6, 4)), levels=(-1.0, 1.0))
    image.render()
    assert (image.qimage.width(), image.qimage.height()) == (4, 6)
