"""Teaching features in the window: the hand calculation, language switching, presentation mode, themes."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDockWidget, QLabel, QTabWidget,
                               QWidget)

from app.window.main_window import MainWindow
from widgets.plotkit.plot_key import PlotKey
from widgets.plotkit.plot_title import PlotTitle


pytestmark = pytest.mark.window(size=(1400, 860))


@pytest.fixture
def window(window):
    """The shared window with the hand calculation in front."""
    raise_dock(window, "handCalcDock")  # tabbed behind Settings at first
    return window


def raise_dock(window, name):
    window.findChild(QDockWidget, name).raise_()
    QApplication.processEvents()


def select(window, row, col):
    view = window.token_grid
    view.setCurrentIndex(view.model().index(row, col))


def test_hand_calculation_of_the_xian_row_matches_the_seed(window):
    select(window, 1, 0)
    calc = window.hand_calc.calculation()
    assert calc.group == "西安"
    assert calc.mean == pytest.approx(-0.379, abs=5e-4)
    assert calc.denominator == pytest.approx(0.543, abs=5e-4)
    np.testing.assert_allclose(calc.x_hat, [-1.289, 0.704, 1.207, -0.622], atol=1e-3)
    np.testing.assert_allclose(calc.y, [-1.446, 0.463, 1.257, -0.485], atol=1e-3)
    text = window.hand_calc.text.toPlainText()
    for number in ("−0.379", "0.295", "0.543", "−1.289", "0.704", "1.207", "−0.622", "−1.446", "0.463", "1.257",
                   "−0.485"):
        assert number in text, number


def test_hand_calculation_behind_the_settings_tab_catches_up_when_raised(window):
    select(window, 1, 0)  # the fixture raised the hand calculation: it is built
    raise_dock(window, "settingsDock")
    model = window.token_grid.model()
    model.setData(model.index(1, 0), "-2")
    assert "−2.000" not in window.hand_calc.text.toPlainText()  # not drawn while nobody can see it
    raise_dock(window, "handCalcDock")
    assert "−2.000" in window.hand_calc.text.toPlainText()


def test_hand_calculation_follows_edits_precision_and_norm(window):
    select(window, 1, 2)
    model = window.token_grid.model()
    model.setData(model.index(1, 0), "-2")
    assert "−2.000" in window.hand_calc.text.toPlainText()
    window.hand_calc.precision.setValue(5)
    assert "−2.00000" in window.hand_calc.text.toPlainText()
    window.document.set_setting("norm", "batch")
    assert window.hand_calc.calculation().group == "d3"  # BatchNorm groups the selected cell's column
    window.document.set_setting("norm", "rms")
    assert "RMS" in window.hand_calc.text.toPlainText()


def test_wide_rows_are_shown_with_an_ellipsis(qtbot):
    from engine.results.compute import compute
    from engine.setup.presets import load_preset
    from widgets.teaching.hand_calc_panel import HandCalcPanel

    panel = HandCalcPanel()  # the panel alone: the whole window redrawing every plot at 768 wide cost 2 s
    qtbot.addWidget(panel)
    panel.show_result(compute(load_preset("random"), stack=False))  # the hand calculation needs no stack
    panel.select(0, 0)
    text = panel.text.toPlainText()
    assert "…" in text and "x̂768" in text and "x̂5 " not in text


def test_hand_calculation_copies_as_text_and_latex(window):
    select(window, 1, 0)
    window.hand_calc.copy_latex.click()
    latex = QGuiApplication.clipboard().text()
    assert r"\mu = (-1.079" in latex and r"\hat{x}_{1}" in latex
    window.hand_calc.copy_text.click()
    text = QGuiApplication.clipboard().text()
    assert "μ = (−1.079 + 0.004 + 0.277 − 0.717) / 4 = −0.379" in text
    assert "x̂₁ = (−1.079 − (−0.379)) / 0.543 = −1.289" in text and "<" not in text
    # On screen x̂ is drawn in the bundled font: DejaVu Sans loses the hat of x + U+0302.
    assert "NormScope Sans SC" in window.hand_calc.text.toHtml()


# --- language ------------------------------------------------------------------------------------

# Texts that are the same in both languages: names, symbols, formulas.
SAME_IN_BOTH = {"LayerNorm", "RMSNorm", "BatchNorm", "ReLU", "GELU", "SwiGLU", "Swish / SiLU", "ε", "γ / β", "English", "简体中文",
                "Pre-Norm", "Post-Norm", "Pre-Norm  x + F(N(x))", "Post-Norm  N(x + F(x))", "DyT", "DyT α",
                "Peri-Norm  x + N(F(N(x)))", "DeepNorm  N(α·x + F(x))", "QK-Norm", "fan-in  N(0, 1/fan_in)",
                "Pre-Norm ‖∂L/∂W‖", "Post-Norm ‖∂L/∂W‖", "Pre-Norm ‖∂L/∂x‖", "Post-Norm ‖∂L/∂x‖",
                "今天西安的天气怎么样 (6 × 4)", "我 吃 苹果 (5 × 4)", "NormScope — 今天西安的天气怎么样 (6 × 4)"}


def visible_texts(window) -> list[str]:
    """Every text a user can read in the main window, its menus and its plots."""
    import pyqtgraph as pg

    texts = [window.windowTitle().replace("[*]", "*" if window.isWindowModified() else "")]  # as Qt shows it

    def walk(actions):
        for action in actions:
            if not action.isSeparator():
                texts.append(action.text())
            if action.menu() is not None:
                walk(action.menu().actions())

    walk(window.menuBar().actions())  # the menus themselves, not the menu bar's overflow copy
    texts += [d.windowTitle() for d in window.findChildren(QDockWidget)]
    texts += [w.text() for w in window.findChildren(QLabel) + window.findChildren(QAbstractButton)]
    for combo in window.findChildren(QComboBox):
        texts += [combo.itemText(i) for i in range(combo.count())]
    for tabs in window.findChildren(QTabWidget):
        texts += [tabs.tabText(i) for i in range(tabs.count())]
    texts += [w.toolTip() for w in window.findChildren(QWidget)]
    texts.append(window.depth_laws.numbers())  # its tooltip, built when it is shown
    for view in window.findChildren(pg.GraphicsView):
        for item in view.scene().items():
            if isinstance(item, (pg.LabelItem, PlotTitle)):  # titles and legend entries
                texts.append(item.text)
            elif isinstance(item, pg.AxisItem):
                texts.append(item.labelText)
            elif isinstance(item, PlotKey):
                texts += item.names()
    return [t for t in texts if t and any(c.isascii() and c.isalpha() for c in t)]


def test_switching_to_chinese_translates_every_visible_string(window):
    english = set(visible_texts(window))
    window.set_language("zh_CN")
    chinese = set(visible_texts(window))
    untranslated = sorted(t for t in chinese & english if t not in SAME_IN_BOTH and not t.startswith("d"))
    assert untranslated == []
    assert window.menuBar().actions()[0].text() == "文件(&F)"
    assert window.row_stats_plot.titleLabel.text.startswith("每个 token 的 μ 与 σ")
    assert window.depth_plot.key.names()[1:3] == ["Pre-Norm", "Post-Norm"]  # names, not translated
    assert window.depth_plot.key.names()[0].startswith("无归一化")
    assert window.stage_heatmaps.stage_titles()[0] == "输入"


def test_switching_back_to_english_restores_the_texts(window):
    before = sorted(visible_texts(window))
    window.set_language("zh_CN")
    window.set_language("en")
    assert sorted(visible_texts(window)) == before


def test_hand_calculation_is_translated_too(window):
    select(window, 1, 0)
    window.set_language("zh_CN")
    assert "第 2 步 · 均值 μ 与标准差 σ" in window.hand_calc.text.toPlainText()


def test_the_language_choice_is_remembered(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.set_language("zh_CN")
    first.close()
    second = MainWindow("xian", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    from app.window.language import current_language

    assert current_language() == "zh_CN"
    second.set_language("en")


# --- presentation and themes ---------------------------------------------------------------------


def test_presentation_mode_enlarges_and_restores(window):
    app = QApplication.instance()
    font = app.font().pointSizeF()
    curve = window.depth_plot._curves["pre"]
    width = curve.opts["pen"].widthF()
    key = window.depth_plot.key
    key_height = key.minimumHeight()
    title = window.stage_heatmaps._title_labels[0]
    title_points = title.point_size()
    value_axis = window.grad_plot.getAxis("left")
    axis_width = value_axis.width()
    window.menus.presentation_action.trigger()
    assert app.font().pointSizeF() == pytest.approx(font * 1.6)
    assert curve.opts["pen"].widthF() == pytest.approx(width * 1.6)
    assert key.minimumHeight() > 1.4 * key_height  # the height it asks of the layout
    assert title.point_size() == pytest.approx(1.6 * title_points)
    assert value_axis.maximumWidth() == pytest.approx(1.6 * axis_width)  # room for the larger tick labels
    assert not window.statusBar().isVisible()
    assert not window.token_grid.isVisible()
    window.menus.presentation_action.trigger()
    assert window.token_grid.isVisible()
    assert app.font().pointSizeF() == pytest.approx(font)
    assert curve.opts["pen"].widthF() == pytest.approx(width)
    assert value_axis.maximumWidth() == pytest.approx(axis_width)
    assert window.statusBar().isVisible()


def test_leaving_presentation_mode_restores_header_fonts_and_dock_sizes(window):
    app = QApplication.instance()
    docks = [dock for dock in window.findChildren(QDockWidget) if dock.isVisible()]
    heights = [dock.height() for dock in docks]
    window.presentation.set_enabled(True)
    QApplication.processEvents()
    window.presentation.set_enabled(False)
    QApplication.processEvents()
    for grid in (window.token_grid, window.affine_grid):
        for part in (grid.horizontalHeader(), grid.verticalHeader(), grid.verticalScrollBar()):
            assert part.font().pointSizeF() == app.font().pointSizeF()
    for dock, height in zip(docks, heights):
        assert abs(dock.height() - height) <= 0.03 * height, dock.objectName()


def test_dark_theme_colours_the_window_and_the_plots(window):
    heatmaps = window.stage_heatmaps
    window.set_theme("dark")
    assert QApplication.instance().palette().color(QPalette.ColorRole.Window).lightness() < 80
    assert window.row_stats_plot.backgroundBrush().color().lightness() < 80
    assert heatmaps.backgroundBrush().color().lightness() < 80
    assert heatmaps._left_axis.textPen().color().lightness() > 200  # light text on the dark panels
    assert heatmaps._title_labels[0].color().name() == "#e6e6e6"
    window.set_theme("light")
    assert window.row_stats_plot.backgroundBrush().color().lightness() > 240
    assert heatmaps._left_axis.textPen().color().lightness() < 50


def test_figures_export_on_white_even_in_the_dark_theme(window, tmp_path):
    from PySide6.QtGui import QImage

    from widgets.plotkit.figure_export import FigureOptions

    window.set_theme("dark")
    assert window.files.figures.export_figure("row_stats", tmp_path / "f.png", FigureOptions(dpi=96))
    image = QImage(str(tmp_path / "f.png"))
    assert image.pixelColor(5, 5).lightness() > 240
    assert window.row_stats_plot.backgroundBrush().color().lightness() < 80  # the UI stays dark


def test_block_flow_stage_shows_in_the_stage_table(window):
    window.tabs.setCurrentIndex(1)
    assert window.teaching.block_page.flow.selected_stage() == "input"  # opens on x, not on an empty plot
    np.testing.assert_array_equal(window.teaching.block_page.heatmap.matrix(), window.document.result.stages["input"])
    window.teaching.block_page.flow.select_stage("norm1")
    np.testing.assert_array_equal(window.teaching.block_page.table.model().matrix(), window.document.result.stages["norm1"])
    np.testing.assert_array_equal(window.teaching.block_page.heatmap.matrix(), window.document.result.stages["norm1"])
    window.teaching.block_page.flow.step_forward()
    np.testing.assert_array_equal(window.teaching.block_page.heatmap.matrix(), window.document.result.stages["attn"])
    window.document.set_setting("placement", "post")
    assert window.teaching.block_page.flow.stage_order()[1] == "attn"


def test_teaching_tabs_are_built_when_first_opened(window):
    assert not hasattr(window, "batchnorm_lab")
    window.tabs.setCurrentIndex(3)
    assert window.teaching.batchnorm_lab.isVisible() and window.teaching.batchnorm_lab.batch_size.curve_data()


def test_views_in_hidden_tabs_catch_up_when_shown(window):
    window.tabs.setCurrentIndex(2)
    window.tabs.setCurrentIndex(0)
    model = window.token_grid.model()
    model.setData(model.index(1, 0), "3")
    assert "0.641" not in window.teaching.grouping_view.group_tooltip(1)  # hidden: not redrawn on every edit
    window.tabs.setCurrentIndex(2)
    tooltip = window.teaching.grouping_view.group_tooltip(1)
    assert "0.641" in tooltip  # μ of [3, 0.004, 0.277, −0.717]


def test_refused_cells_are_explained_in_chinese(window):
    window.set_language("zh_CN")
    model = window.token_grid.model()
    assert not model.setData(model.index(0, 0), "abc")
    assert "「abc」不是数" in window.statusBar().currentMessage()
    assert not window.token_grid.paste_text("1,2\n3\n")
    assert "第 2 行有 1 个值" in window.statusBar().currentMessage()


def test_a_hand_calculation_remembered_in_front_is_drawn_at_start(qtbot, tmp_path):
    settings = str(tmp_path / "front.ini")
    first = MainWindow("xian", QSettings(settings, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.show()
    raise_dock(first, "handCalcDock")
    drawn = first.hand_calc.text.toPlainText()
    first.close()
    second = MainWindow("xian", QSettings(settings, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.show()
    QApplication.processEvents()
    panel = second.findChild(QWidget, "handCalc")  # built because its dock came up in front
    assert panel is not None and "μ" in drawn and panel.text.toPlainText() == drawn


def test_the_hand_calculation_behind_settings_is_not_built_at_start(qtbot, tmp_path):
    window = MainWindow("xian", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    QApplication.processEvents()
    assert window.findChild(QWidget, "handCalc") is None  # its dock is shown to Qt, but behind a tab
    raise_dock(window, "handCalcDock")
    assert window.findChild(QWidget, "handCalc").isVisible()


def test_hand_calculation_keeps_its_scroll_position_through_edits(window):
    bar = window.hand_calc.text.verticalScrollBar()
    window.findChild(QDockWidget, "handCalcDock").resize(300, 200)
    QApplication.processEvents()
    assert bar.maximum() > 20  # the four steps need scrolling at this size
    bar.setValue(bar.maximum() // 2)
    kept = bar.value()
    window.document.set_cells("matrix", 1, 0, [[0.5]])
    QApplication.processEvents()
    assert bar.value() == kept


def test_block_stage_plot_title_follows_a_language_switch(window):
    window.tabs.setCurrentIndex(1)
    window.teaching.block_page.flow.select_stage("norm1")
    english = window.teaching.block_page.heatmap.plotItem.titleLabel.text
    window.set_language("zh_CN")
    QApplication.processEvents()
    title = window.teaching.block_page.heatmap.plotItem.titleLabel.text
    assert title != english and title == window.teaching.block_page.flow.stage_description("norm1")


def test_batchnorm_token_picker_follows_the_selected_row(window):
    select(window, 3, 0)
    window.tabs.setCurrentIndex(3)  # built now: starts on the grid's row
    assert window.teaching.batchnorm_lab.token_combo.currentText() == "天气"
    select(window, 0, 1)
    assert window.teaching.batchnorm_lab.token_combo.currentText() == "今天"
    assert window.teaching.batchnorm_lab.lessons[0].token == 0
