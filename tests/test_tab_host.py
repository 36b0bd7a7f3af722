"""The public calls a module adds a tab, a menu and figures with (app.window.tab_host.TabHost), and the pieces
the main window is built from: one figure menu for every tab, the block page, the busy indicator."""

import ast
import pathlib

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QAction

from engine.results.compute import compute
from engine.setup.presets import load_preset


def menu_texts(view) -> list[str]:
    return [action.text() for action in view.scene().contextMenu]


def add_sketch_tab(window, built: list):
    """What a new module does: a lazy tab with one plot as a figure, and a menu."""

    def build():
        plot = pg.PlotWidget()
        plot.plot([0, 1, 2], [1, 0, 1])
        built.append(plot)
        return plot

    tab = window.add_lazy_tab("sketchTab", lambda: "Sketch", build)
    window.add_figures(lambda: {"sketch": "Sketch plot"}, lambda: {"sketch": tab.content}, tab)
    menu = window.add_menu(lambda: "Sketch menu")
    menu.addAction(window.bind_text(QAction(window), lambda: "Draw"))
    return tab


def test_a_module_adds_a_tab_whose_figure_export_all_builds_and_writes(window, tmp_path):
    from widgets.plotkit.figure_export import FigureOptions

    built = []
    tab = add_sketch_tab(window, built)
    assert window.tabs.tabText(window.tabs.indexOf(tab)) == "Sketch"  # made after the window's texts: shown now
    assert "Sketch menu" in [action.text() for action in window.menuBar().actions()]
    assert built == [] and "sketch" not in window.figures() and window.figure_titles()["sketch"] == "Sketch plot"
    written = window.files.figures.export_all_figures(tmp_path / "all", FigureOptions(dpi=96), ("png",))
    assert "sketch.png" in {path.name for path in written} and built
    assert window.figures()["sketch"] is built[0] and window.tabs.currentIndex() == 0
    assert menu_texts(built[0]) == ["Export…", "Copy image"]  # given the figure menu when built


def test_the_export_plot_menu_lists_figures_added_after_it_was_made(window):
    add_sketch_tab(window, [])
    file_menu = window.menuBar().actions()[0].menu()
    export_plot = next(a.menu() for a in file_menu.actions() if a.menu() and a.text() == "Export &plot")
    export_plot.aboutToShow.emit()
    texts = [action.text() for action in export_plot.actions()]
    assert {"μ/σ plot…", "Block diagram…", "Real-depth plot (Model tab)…", "Sketch plot…"} <= set(texts)


def test_a_model_tab_plot_has_the_same_figure_menu_as_the_plots_tab(window):
    model_plot = window.figure("model_depth")  # builds the Model tab (no model needed)
    assert menu_texts(model_plot) == menu_texts(window.row_stats_plot) == ["Export…", "Copy image"]
    heatmaps = menu_texts(window.stage_heatmaps)
    assert heatmaps[:2] == ["Export…", "Copy image"] and "Colour scale: shared" in heatmaps
    window.set_language("zh_CN")
    assert menu_texts(model_plot) == menu_texts(window.row_stats_plot) == menu_texts(window.stage_heatmaps)[:2]
    assert menu_texts(model_plot)[0] != "Export…"


def test_the_teaching_and_training_plots_get_the_figure_menu_and_copy_to_the_clipboard(window):
    from PySide6.QtGui import QGuiApplication

    for name in ("block_stage", "batch_size", "running_stats", "training_loss", "training_max_logit"):
        assert menu_texts(window.figure(name)) == ["Export…", "Copy image"], name
    window.figure("training_loss").scene().contextMenu[1].trigger()
    assert not QGuiApplication.clipboard().image().isNull()
    assert "Training loss" in window.statusBar().currentMessage()


def test_every_figure_title_names_a_figure_and_every_figure_has_a_title(window):
    assert set(window.figures(build=True)) == set(window.figure_titles())
    with pytest.raises(KeyError):
        window.figure("no_such_figure")


def test_the_block_page_follows_new_results_on_the_stage_it_shows(qtbot):
    from widgets.teaching.block_page import BlockPage

    page = BlockPage()
    qtbot.addWidget(page)
    first = compute(load_preset("xian"))
    page.show_result(first)
    np.testing.assert_array_equal(page.heatmap.matrix(), first.stages["input"])  # the walk starts at x
    page.flow.select_stage("norm1")
    np.testing.assert_array_equal(page.table.model().matrix(), first.stages["norm1"])
    second = compute(load_preset("apple"))
    page.show_result(second)  # no one else tells the stage views
    np.testing.assert_array_equal(page.heatmap.matrix(), second.stages["norm1"])
    np.testing.assert_array_equal(page.table.model().matrix(), second.stages["norm1"])
    assert page.heatmap.plotItem.titleLabel.text == page.flow.stage_description("norm1")


def test_the_busy_indicator_shows_only_once_the_work_outlasts_its_delay(qtbot):
    from widgets.common.busy_indicator import DELAY_MS, BusyIndicator

    busy = [True]
    indicator = BusyIndicator(lambda: busy[0])
    qtbot.addWidget(indicator)
    indicator.set_busy(True)
    assert indicator.isHidden()
    qtbot.waitUntil(lambda: not indicator.isHidden(), timeout=DELAY_MS * 10)
    indicator.set_busy(False)
    assert indicator.isHidden()
    indicator.set_busy(True)
    busy[0] = False  # the work ended before it said so: nothing to show
    qtbot.wait(DELAY_MS + 200)
    assert indicator.isHidden()


def test_no_module_reaches_into_the_window_s_private_state():
    """Tabs, menus and commands use the window's public calls (app.window.tab_host.TabHost), never ``window._x``."""
    app_folder = pathlib.Path(__file__).resolve().parents[1] / "app"
    reaching = []
    for path in app_folder.glob("*.py"):
        if path.name == "main_window.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "window"
                    and node.attr.startswith("_")):
                reaching.append(f"{path.name}:{node.lineno} window.{node.attr}")
    assert reaching == []
