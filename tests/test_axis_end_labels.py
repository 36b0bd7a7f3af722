"""The last x label of a line plot ("10" at layer 10) is drawn in every window size and in presentation
mode: pyqtgraph drops a label reaching past the axis's end, and the gradient plot lost its "10"."""

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.window.main_window import MainWindow


def drawn_labels(axis) -> dict[str, object]:
    """Each label the axis draws and its rectangle in the plot's coordinates."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        return {text: axis.mapRectToParent(rect) for rect, _, text in axis.generateDrawSpecs(painter)[2]}
    finally:
        painter.end()


@pytest.mark.parametrize("size,presenting", [((1400, 860), True), ((1024, 768), False), ((1280, 800), True),
                                             ((1024, 768), True)])
def test_the_gradient_and_depth_plots_keep_their_end_labels(qtbot, tmp_path, size, presenting):
    window = MainWindow("xian", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.document.wait_until_idle()
    window.presentation.set_enabled(presenting)
    for _ in range(3):
        QApplication.processEvents()
    try:
        for name in ("grad", "depth"):
            axis = window.figure(name).getAxis("bottom")
            labels = drawn_labels(axis)
            assert "0" in labels and "10" in labels, (name, labels)
            plot = axis.parentItem().boundingRect()
            assert plot.contains(labels["10"]) and plot.contains(labels["0"])  # drawn whole, inside its plot
            rects = sorted(labels.values(), key=lambda r: r.left())
            assert all(a.right() <= b.left() for a, b in zip(rects, rects[1:])), labels  # none touching ("810")
    finally:
        window.presentation.set_enabled(False)
