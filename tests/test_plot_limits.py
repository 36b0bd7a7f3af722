"""Plot limits on round numbers, and grid lines drawn opaque: plots that keep still under edits."""

import pyqtgraph as pg
import pytest
from PySide6.QtGui import QColor, QPainter, QPicture

from engine.setup.presets import load_preset
from widgets.plotkit.grid_axis import GridAxis
from widgets.plotkit.round_limits import linear_limits, log_limits, round_down, round_up


@pytest.mark.parametrize("value, up, down", [(1.0, 1.0, 1.0), (1.13, 1.2, 1.0), (0.0347, 0.04, 0.03),
                                             (114.33, 120.0, 100.0), (7.9e30, 8e30, 6e30)])
def test_round_up_and_down_on_the_scale_steps(value, up, down):
    assert round_up(value) == pytest.approx(up)
    assert round_down(value) == pytest.approx(down)


def test_linear_limits_are_multiples_of_a_1_2_5_step_around_the_data():
    assert linear_limits(-0.38, 1.53) == pytest.approx((-0.5, 2.0))  # step 0.5: about 5 of them
    assert linear_limits(0.12, 0.93) == pytest.approx((0.0, 1.0))  # step 0.2
    low, high = linear_limits(-1e-8, 1.13)  # LayerNorm's μ ≈ 0 stays on the zero line
    assert low == 0.0 and high == pytest.approx(1.5)
    assert linear_limits(2.0, 2.0) == pytest.approx((1.4, 2.6))  # a flat series gets a span


def test_log_limits_enclose_the_data_on_1_2_5_values():
    low, high = log_limits(0.93, 114.33)
    assert (10**low, 10**high) == (pytest.approx(0.5), pytest.approx(200.0))
    low, high = log_limits(1.0, 1.0)
    assert 10**low < 1.0 < 10**high


def test_small_edits_leave_the_plot_ranges_alone(plots_tab):
    tab = plots_tab("xian")
    plots = [tab.page.row_stats_plot, tab.page.depth_plot.plot, tab.page.grad_plot]
    before = [plot.vb.viewRange() for plot in plots]
    assert tab.document.set_cells("matrix", 2, 1, [[0.47]])  # was 0.464
    assert tab.document.wait_until_idle()
    assert [plot.vb.viewRange() for plot in plots] == before
    low, high = plots[0].vb.viewRange()[1]
    assert round(low / 0.5, 9).is_integer() and round(high / 0.5, 9).is_integer()


def _tick_colors(axis: GridAxis) -> set:
    picture = QPicture()
    painter = QPainter(picture)
    _, ticks, _ = axis.generateDrawSpecs(painter)
    painter.end()
    return {pen.color().name(QColor.NameFormat.HexArgb) for pen, _, _ in ticks}


def test_grid_lines_are_opaque_and_look_faded_on_the_background(qtbot):
    plot = pg.PlotWidget(axisItems={"left": GridAxis("left"), "bottom": GridAxis("bottom")})
    qtbot.addWidget(plot)
    plot.resize(400, 300)
    plot.show()
    axis = plot.plotItem.getAxis("left")
    axis.setGrid(255)
    axis.setTickPen(pg.mkPen("#000000"))
    plot.plotItem.setYRange(0, 10, padding=0)
    qtbot.wait(10)
    colors = _tick_colors(axis)
    assert all(c.startswith("#ff") for c in colors)  # opaque
    assert len(colors) >= 2  # the finer level still looks fainter: a lighter grey on white
    axis.set_background("#000000")
    assert all(QColor(c).value() < 60 for c in _tick_colors(axis) if c != "#ff000000")


def test_a_value_axis_stays_put_while_the_data_still_fit_it(qtbot):
    from widgets.plotkit.plot_panel import PlotPanel
    from widgets.plotkit.plot_style import fit_view

    panel = PlotPanel()
    qtbot.addWidget(panel)

    def y_range():
        return tuple(10**v for v in panel.vb.state["targetRange"][1])

    fit_view(panel, 10, [1.0, 100.0], log_y=True)
    first = y_range()
    fit_view(panel, 10, [1.5, 90.0], log_y=True)  # a little narrower: the fresh limits would move
    assert y_range() == first
    fit_view(panel, 10, [1.0, 1000.0], log_y=True)  # out of the shown range: it grows
    assert y_range()[1] >= 1000.0
    fit_view(panel, 10, [10.0, 20.0], log_y=True)  # far narrower than shown: it shrinks to the data
    low, high = y_range()
    assert low <= 10.0 and 20.0 <= high < 100.0


def test_edits_keep_the_users_zoom_until_view_all(window):
    view = window.depth_plot.plot.vb
    view.setRange(xRange=(5, 10), yRange=(0.0, 1.0), padding=0)
    view.sigRangeChangedManually.emit(view.mouseEnabled())  # what a drag or the mouse wheel sends
    zoomed = view.viewRange()
    assert "Double-click the plot" in window.statusBar().currentMessage()  # how to get back
    window.document.set_setting("layers", 20)  # new curves, a new fit
    assert view.viewRange() == zoomed
    assert view.fitted[0][1] >= 20  # remembered, not shown
    view.autoRange()  # View All (also a double-click): the latest fit
    assert view.viewRange()[0] == pytest.approx(list(view.fitted[0]))
    window.document.set_setting("layers", 12)
    assert view.viewRange()[0][1] < 20  # following the data again


def test_a_double_click_on_a_plot_shows_the_fit_again(qtbot):
    from types import SimpleNamespace

    from PySide6.QtCore import Qt

    from widgets.plotkit.plot_panel import PlotPanel

    panel = PlotPanel()
    qtbot.addWidget(panel)
    panel.vb.fit((0.0, 10.0), (0.0, 1.0))
    panel.vb.setRange(xRange=(2, 3), padding=0)
    panel.vb.sigRangeChangedManually.emit(panel.vb.mouseEnabled())
    accepted = []
    double_click = SimpleNamespace(double=lambda: True, button=lambda: Qt.MouseButton.LeftButton,
                                   accept=lambda: accepted.append(True))
    panel.vb.mouseClickEvent(double_click)
    assert accepted and panel.vb.viewRange()[0] == pytest.approx([0.0, 10.0]) and not panel.vb.user_moved


def test_switching_the_scale_or_loading_new_data_drops_the_zoom(plots_tab):
    tab = plots_tab("xian")
    view = tab.page.depth_plot.plot.vb
    view.setRange(yRange=(0.0, 40.0), padding=0)
    view.sigRangeChangedManually.emit(view.mouseEnabled())
    tab.page.depth_plot.log_scale.setChecked(False)  # 0..40 on the linear axis would cut the toy at 114
    assert view.viewRange()[1][1] >= 114.33 and not view.user_moved
    heatmap = tab.page.stage_heatmaps._views[0]
    heatmap.setRange(xRange=(0, 1), yRange=(0, 1), padding=0)
    heatmap.sigRangeChangedManually.emit(heatmap.mouseEnabled())
    tab.document.load_scenario(load_preset("apple"), "apple")  # a 5 × 4 matrix: its cells, all of them
    assert heatmap.viewRange() == [pytest.approx([0.0, 4.0]), pytest.approx([0.0, 5.0])]


def test_the_bars_value_axis_stays_while_the_bars_still_fit_it(plots_tab):
    tab = plots_tab("xian")
    plot = tab.page.row_stats_plot

    def edit(value):
        assert tab.document.set_cells("matrix", 3, 1, [[value]])
        assert tab.document.wait_until_idle()
        return tuple(plot.vb.viewRange()[1])

    assert edit(4.0) == pytest.approx((-0.5, 2.0))  # row 3's σ before is the tallest bar
    assert edit(3.0) == pytest.approx((-0.5, 2.0))  # afresh −0.5 … 1.5, but −0.5 … 2 still suits
    assert edit(40.0)[1] > max(float(v.max()) for v in plot.bar_heights().values())  # far taller: it follows
    assert edit(3.0) == pytest.approx((-0.5, 1.5))  # far shorter: the bars' own range


def test_the_tallest_bar_never_ends_on_the_plots_edge(plots_tab):
    plot = plots_tab("apple").page.row_stats_plot
    tallest = max(float(v.max()) for v in plot.bar_heights().values())
    assert tallest == pytest.approx(50.0)  # μ of 吃 = [20, 40, 60, 80]
    assert plot.vb.viewRange()[1][1] > tallest


def test_an_axis_label_is_laid_out_again_only_when_its_text_changes(qtbot):
    from widgets.plotkit.grid_axis import QuickAxis

    axis = QuickAxis("left")
    axis.setLabel("value")
    axis.setTextPen(pg.mkPen("#333333"))  # the label takes the text's colour
    laid_out = []
    original = axis.label.setHtml
    axis.label.setHtml = lambda html: (laid_out.append(html), original(html))
    axis.setTextPen(pg.mkPen("#333333"))
    axis.setTickPen(pg.mkPen("#E4E4E4"))
    axis.setRange(0, 10)
    axis.setRange(0, 20)
    assert laid_out == []
    axis.setLabel("gradient norm")
    assert len(laid_out) == 1 and "gradient norm" in axis.label.toPlainText()


def test_depth_plot_marks_where_a_curve_overflowed_and_notes_eval_mode_batch_norm(qtbot):
    """100 float32 layers without a norm (all N(0, 1/d)) overflow at layer 77: the curve stops there and a label says
    so (it used to stop without a word); BatchNorm on one stack token notes its eval-mode buffers."""
    from engine.results.compute import compute
    from engine.setup.presets import load_preset
    from widgets.plots.depth_plot import DepthPlot

    plot = DepthPlot()
    qtbot.addWidget(plot)
    plot.show_result(compute(load_preset("xian").replace(layers=100, init="uniform_1_over_d")))
    assert plot.overflow_marks() == {"none": "overflow at layer 77"}
    plot.log_scale.setChecked(False)
    assert plot.overflow_marks() == {"none": "overflow at layer 77"}
    assert "eval mode" not in plot.plot.note.text()
    plot.show_result(compute(load_preset("xian").replace(norm="batch", stack_tokens=1)))
    assert plot.overflow_marks() == {} and "eval mode" in plot.plot.note.text()
