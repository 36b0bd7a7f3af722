"""The plots' keys: below the view, never over the data, in as many columns as fit."""

import pyqtgraph as pg
from PySide6.QtWidgets import QApplication

from widgets.plotkit.plot_key import PADDING
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import pen


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
    wide = _panel_with_four_entries(qtbot, 900)
    key = wide.key
    entry = max(key._fit_columns(1e6))  # the widest entry, in this machine's font
    assert len(key._fit_columns(4 * entry + 5 * PADDING)) == 4
    assert len(key._fit_columns(3 * entry + 4 * PADDING)) == 2  # two rows either way: 2 + 2, not 3 + 1
    assert len(key._fit_columns(2 * entry + 3 * PADDING)) == 2
    assert len(key._fit_columns(2 * entry)) == 1
    assert key.columns() == 4  # at 900 px
    narrow = _panel_with_four_entries(qtbot, int(entry) + 20)
    assert narrow.key.columns() == 1
    assert narrow.key.size().height() > 2.5 * key.size().height()  # 4 rows, not 1


def test_the_keys_sit_below_the_views_of_the_plots_tab(plots_tab):
    page = plots_tab("xian").page
    QApplication.processEvents()
    for plot in (page.row_stats_plot, page.depth_plot.plot, page.grad_plot):
        view, key = plot.vb.sceneBoundingRect(), plot.key.sceneBoundingRect()
        assert len(plot.key.names()) >= 3
        assert key.top() >= view.bottom() and not key.intersects(view)
        assert plot.key.size().height() > 0


def test_a_key_without_entries_takes_no_room(qtbot):
    panel = PlotPanel()
    qtbot.addWidget(panel)
    panel.resize(400, 300)
    panel.show()
    QApplication.processEvents()
    assert panel.key.size().height() == 0


def test_the_same_entries_again_are_not_laid_out_again(qtbot, monkeypatch):
    panel = _panel_with_four_entries(qtbot, 900)
    entries = [(item, name) for item, name in panel.key._entries]
    layouts = []
    monkeypatch.setattr(panel.key, "_relayout", lambda: layouts.append(1))
    panel.key.set_entries(list(entries))
    assert layouts == []
    panel.key.set_entries(entries[:3] + [(entries[3][0], "renamed")])
    panel.key.set_entries(entries[:3] + [(pg.PlotCurveItem(), "renamed")])  # another item, the same name
    assert len(layouts) == 2


def test_a_note_wider_than_the_key_is_split_at_its_dot_not_cut(qtbot):
    from PySide6.QtGui import QFontMetricsF

    panel = PlotPanel()
    qtbot.addWidget(panel)
    note = "thick: ‖∂L/∂W‖ · thin: ‖∂L/∂x‖"
    panel.key.set_entries([(pg.PlotCurveItem(pen=pen("#0072B2")), "Pre-Norm"), (None, note)])
    italic = QFontMetricsF(panel.key._note_font())
    narrow = italic.horizontalAdvance(note) * 0.8  # the gradient plot's key in presentation mode
    panel.resize(int(narrow), 400)
    panel.show()
    QApplication.processEvents()
    drawn = [name for _, name in panel.key._drawn]
    assert drawn == ["Pre-Norm", "thick: ‖∂L/∂W‖", "thin: ‖∂L/∂x‖"]
    assert all(italic.horizontalAdvance(part) <= panel.key.size().width() for part in drawn[1:])
    panel.resize(int(3 * narrow), 400)
    QApplication.processEvents()
    assert [name for _, name in panel.key._drawn] == ["Pre-Norm", note]  # whole where it fits
