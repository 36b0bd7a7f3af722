"""SteadyBars keeps pyqtgraph's bounding rectangle until the bars or the view's transform change."""

import pyqtgraph as pg

from widgets.plotkit.steady_bars import SteadyBars


def _plot_with_bars(qtbot):
    plot = pg.PlotWidget()
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    plot.show()
    qtbot.waitExposed(plot)
    bars = SteadyBars(x=[0, 1, 2], height=[1.0, 2.0, 3.0], width=0.5, pen=pg.mkPen("#333333", width=2))
    plot.addItem(bars)
    plot.setXRange(-1, 3, padding=0)
    plot.setYRange(0, 4, padding=0)
    qtbot.wait(10)
    return plot, bars


def test_the_rectangle_is_pyqtgraphs_and_worked_out_once(qtbot, monkeypatch):
    plot, bars = _plot_with_bars(qtbot)
    fresh = pg.BarGraphItem.boundingRect(bars)
    assert bars.boundingRect() == fresh
    asked = []
    monkeypatch.setattr(pg.BarGraphItem, "pixelVectors", lambda self: asked.append(1) or pg.GraphicsObject.pixelVectors(self))
    for _ in range(5):
        assert bars.boundingRect() == fresh
    assert asked == []


def test_new_bars_and_a_zoom_give_a_new_rectangle(qtbot):
    plot, bars = _plot_with_bars(qtbot)
    before = bars.boundingRect()
    bars.setOpts(height=[1.0, 2.0, 10.0])
    assert bars.boundingRect().bottom() > before.bottom()  # the taller bar (y grows downwards in QRectF)
    assert bars.boundingRect() == pg.BarGraphItem.boundingRect(bars)
    padded = bars.boundingRect()
    plot.setXRange(-10, 30, padding=0)  # a pixel is ten times wider: so is the pen's padding in x
    qtbot.wait(10)
    assert bars.boundingRect() == pg.BarGraphItem.boundingRect(bars)
    assert bars.boundingRect().left() < padded.left()
