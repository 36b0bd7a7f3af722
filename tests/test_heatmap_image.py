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


def _pixels(qimage) -> np.ndarray:
    """The picture's ARGB32 premultiplied pixels as an array (rows × columns)."""
    q = qimage.convertToFormat(qimage.Format.Format_ARGB32_Premultiplied)
    rows = np.frombuffer(q.constBits(), dtype=np.uint32).reshape(q.height(), q.bytesPerLine() // 4)
    return rows[:, :q.width()].copy()  # q and its memory go when this returns


def test_colouring_gives_pyqtgraphs_pixels_exactly(qapp):
    """The one-lookup colouring paints what pyqtgraph's indexed picture does, cell for cell: float64
    and float32 matrices, ranges from 1e-3 to 1e3, values past the levels, and a zero range."""
    import pyqtgraph as pg

    from widgets.plotkit.plot_style import HEATMAP_COLORMAP

    colormap = pg.colormap.get(HEATMAP_COLORMAP)
    rng = np.random.default_rng(0)
    for trial in range(40):
        shape = [(6, 4), (32, 96), (3, 3), (256, 1)][trial % 4]
        matrix = rng.normal(size=shape) * 10.0 ** rng.uniform(-3, 3)
        matrix = matrix.astype(np.float32) if trial % 3 == 0 else matrix
        limit = 0.0 if trial % 10 == 0 else float(np.max(np.abs(matrix))) * rng.uniform(0.5, 1.5)
        ours, theirs = (HeatmapImage(axisOrder="row-major", blocky=True) for _ in range(2))
        for image in (ours, theirs):
            image.setColorMap(colormap)
            image.setImage(matrix, levels=(-limit, limit))
        ours.render()
        pg.ImageItem.render(theirs)  # pyqtgraph's own picture, at the matrix's size
        by_row, by_col = block_factors(*shape)
        expected = np.repeat(np.repeat(_pixels(theirs.qimage), by_row, axis=0), by_col, axis=1)
        np.testing.assert_array_equal(_pixels(ours.qimage), expected)


def test_nan_cells_are_left_to_pyqtgraph_transparent(qapp):
    image = HeatmapImage(axisOrder="row-major")
    import pyqtgraph as pg

    image.setColorMap(pg.colormap.get("viridis"))
    image.setImage(np.array([[0.0, np.nan], [1.0, -1.0]]), levels=(-1.0, 1.0))
    image.render()
    assert image.qimage.pixelColor(1, 0).alpha() == 0 and image.qimage.pixelColor(0, 0).alpha() == 255
