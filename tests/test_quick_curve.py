"""QuickCurve's bounding rectangle is pyqtgraph's, in fewer steps."""

import numpy as np
import pyqtgraph as pg
import pytest

from widgets.plotkit.quick_curve import QuickCurve


@pytest.mark.parametrize("y", [
    [1.0, 3.0, 2.0, 5.0],
    [1.0, np.nan, 2.0, 5.0],  # a curve stopped by an overflow
    [1.0, np.inf, -np.inf, 4.0],
    [0.001, 1e6, 3.0, 2.0],
])
def test_the_rectangle_is_pyqtgraphs(qtbot, y):
    plot = pg.PlotWidget()
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    plot.show()
    qtbot.waitExposed(plot)
    quick, plain = QuickCurve(pen=pg.mkPen("#000000", width=2)), pg.PlotCurveItem(pen=pg.mkPen("#000000", width=2))
    for curve in (quick, plain):
        plot.addItem(curve)
        curve.setData(np.arange(4, dtype=float), np.array(y))
    plot.setXRange(-1, 4, padding=0)
    plot.setYRange(-1, 6, padding=0)
    qtbot.wait(10)
    quick.invalidateBounds()
    plain.invalidateBounds()
    assert quick.boundingRect() == plain.boundingRect()
    assert not quick.boundingRect().isNull()


def test_a_curve_without_a_finite_value_has_no_rectangle(qtbot):
    """pyqtgraph's holds NaN there (nanmin of NaNs); nothing is drawn, so nothing is bounded."""
    curve = QuickCurve(pen=pg.mkPen("#000000"))
    curve.setData(np.arange(3, dtype=float), np.full(3, np.nan))
    assert curve.boundingRect().isNull()
