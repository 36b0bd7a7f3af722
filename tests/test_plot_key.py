"""The plots' keys: below the view, never over the data, in as many columns as fit."""

import pyqtgraph as pg
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from widgets.plot_panel import PlotPanel
from widgets.plot_style import pen


def _panel_with_four_entries(qtbot, width: int) -> PlotPanel:
    panel = PlotPanel()
    qtbot.addWidget(panel)
    curves = [pg.PlotCurveItem(pen=pen("#0072B2")) for _ in range(4)]
    panel.key.set_entries([(curve, f"series number {i}") for i, curve in enumerate(curves)])
    panel.resize(width, 400)
    panel.show()
    QApplication.processEvents()
    return panel


def test_the_key_flows_into_as_many_balanced_columns_as_fit(qtbot):
    assert _panel_with_four_entries(qtbot, 900).key.columns() == 4
    assert _panel_with_four_entries(qtbot, 330).key.columns() == 2  # 2 × 2, not 3 + 1
    narrow = _panel_with_four_entries(qtbot, 150)
    assert narrow.key.columns() == 1
    assert narrow.key.size().height() > 2.5 * _panel_with_four_entries(qtbot, 900).key.size().height()  # 4 rows, not 1


def test_the_keys_sit_below_the_views_of_the_window(qtbot, tmp_path):
    window = MainWindow("xian", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1400, 860)
    window.show()
    QApplication.processEvents()
    for plot in (window.row_stats_plot, window.depth_plot.plot, window.grad_plot):
        view, key = plot.vb.sceneBoundingRect(), plot.key.sceneBoundingRect()
        assert len(plot.key.names()) >= 4
        assert key.top() >= view.bottom() and not key.intersects(view)
        assert plot.key.size().height() > 0
