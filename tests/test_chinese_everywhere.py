"""Every visible string in 简体中文: pyqtgraph's right-click menu, Qt's own file dialog, the Model tab's model line."""

from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo
from PySide6.QtWidgets import QFileDialog, QLabel

from app.window.language import QT_WORDS_MISSING_IN_QTBASE, apply_language
from engine.results.compute import compute
from engine.setup.presets import load_preset
from widgets.plots.depth_plot import DepthPlot
from widgets.plots.stage_heatmap import StageHeatmap


@pytest.fixture
def chinese(qapp):
    apply_language("zh_CN")
    yield
    apply_language("en")


def _menu_texts(view) -> list[str]:
    click = SimpleNamespace(acceptedItem=view)
    menu = view.scene().addParentContextMenus(view, view.getMenu(click), click)
    return [action.text() for action in menu.actions() if action.text()]


def test_pyqtgraph_menu_follows_the_language_switch(made):
    plot = DepthPlot()
    made(plot)
    view = plot.plot.vb
    assert _menu_texts(view)[:4] == ["View All", "X axis", "Y axis", "Mouse Mode"]
    apply_language("zh_CN")  # the menu was built in English: it is worded again when shown
    try:
        assert _menu_texts(view)[:4] == ["显示全部", "X 轴", "Y 轴", "鼠标模式"]
        form = view.menu.ctrl[0]
        texts = [form.autoRadio.text(), form.manualRadio.text(), form.invertCheck.text()]
        assert texts == ["自动", "手动", "反转坐标轴"]
        assert view.menu.mouseModes[0].text().startswith("三键")
    finally:
        apply_language("en")
    assert _menu_texts(view)[:4] == ["View All", "X axis", "Y axis", "Mouse Mode"]


def test_a_plot_widget_has_the_same_menu_without_pyqtgraphs_plot_options(made, chinese):
    heatmap = StageHeatmap()
    made(heatmap)
    heatmap.show_stage(compute(load_preset("xian")), "input", "x")
    texts = _menu_texts(heatmap.plotItem.vb)
    assert texts[:4] == ["显示全部", "X 轴", "Y 轴", "鼠标模式"] and "Plot Options" not in texts


def test_qts_own_translation_ships_with_pyside6_and_is_loaded(chinese):
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    assert (folder / "qtbase_zh_CN.qm").is_file()  # in PySide6-Essentials' wheel
    assert QCoreApplication.translate("QFileDialog", "File &name:") == "文件名称(&N)："


def test_the_file_dialog_is_chinese_the_words_qtbase_lacks_included(qtbot, chinese):
    for text in QT_WORDS_MISSING_IN_QTBASE:
        assert QCoreApplication.translate("QFileDialog", text) != text
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    labels = {label.text() for label in dialog.findChildren(QLabel) if label.text()}
    assert labels == {"查找范围(&L)：", "文件名称(&N)：", "文件类型(&T)："}


def test_the_model_line_follows_the_language_switch(made, monkeypatch):
    from app.window.model_session import ModelSession
    from widgets.models.model_page import ModelPage

    page = ModelPage(ModelSession())
    made(page)
    spec = SimpleNamespace(layers=6, dims=384, heads=12, kv_heads=12, norm_kind="layer", placement="post")
    page._on_loaded(SimpleNamespace(name="MiniLM", spec=spec))
    assert page.status.text() == "MiniLM: 6 layers, d = 384, 12 heads (12 key/value), LayerNorm, Post-LN"
    apply_language("zh_CN")
    try:
        assert page.status.text() == "MiniLM：6 层，d = 384，12 个头（12 个 key/value 头），LayerNorm，Post-LN"
    finally:
        apply_language("en")
    assert page.status.text().startswith("MiniLM: 6 layers")


@pytest.mark.window(shown=False)
def test_the_activation_plot_has_our_figure_menu_in_every_language(window):
    plot = window.figure("activations")  # builds the Activations tab
    assert [action.text() for action in plot.scene().contextMenu][:2] == ["Export…", "Copy image"]
    window.set_language("zh_CN")  # the window fixture puts English back
    assert [action.text() for action in plot.scene().contextMenu][:2] == ["导出…", "复制图片"]
