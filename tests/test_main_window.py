"""The main window end to end, offscreen: grids drive the plots through the Document."""

import numpy as np
import pytest
from PySide6.QtWidgets import QComboBox, QMessageBox

from app.window.document import Document
from app.window.main_window import MainWindow
from engine.results.compute import compute
from engine.setup.presets import load_preset
from widgets.plots.depth_plot import DepthPlot


def settle(window):
    window.document.wait_until_idle()
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()


def choose(combo: QComboBox, value):
    index = combo.findData(value)
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_opens_on_the_xian_preset_with_every_named_widget(window):
    from PySide6.QtWidgets import QWidget

    for name in ("tokenGrid", "affineGrid", "normKind", "placement", "epsilon", "layers",
                 "rowStatsPlot", "depthPlot", "gradPlot", "stageHeatmaps"):
        assert window.findChild(QWidget, name) is not None, name
    model = window.token_grid.model()
    assert (model.rowCount(), model.columnCount()) == (6, 4)
    assert model.headerData(1, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Vertical) == "西安"
    np.testing.assert_allclose(window.row_stats_plot.bar_heights()["mean_in"][1], -0.379, atol=5e-4)


def test_typing_into_a_cell_updates_every_plot(window):
    before_bars = window.row_stats_plot.bar_heights()["std_in"].copy()
    before_depth = window.depth_plot.curve_data()["pre"].copy()
    before_grad = dict(window.grad_plot.curve_data())
    model = window.token_grid.model()
    assert model.setData(model.index(1, 0), "2.5")
    settle(window)
    assert window.document.scenario.matrix[1, 0] == 2.5
    after_bars = window.row_stats_plot.bar_heights()["std_in"]
    assert after_bars[1] != before_bars[1]
    np.testing.assert_array_equal(np.delete(after_bars, 1), np.delete(before_bars, 1))
    assert not np.array_equal(window.depth_plot.curve_data()["pre"], before_depth)
    name = "Pre-Norm ‖∂L/∂W‖"
    assert not np.array_equal(window.grad_plot.curve_data()[name], before_grad[name])


def test_layer_norm_rows_come_out_with_mean_zero_and_std_one(plots_tab):
    tab = plots_tab("xian")
    tab.document.reset_affine()
    bars = tab.page.row_stats_plot.bar_heights()
    assert tab.page.row_stats_plot.grouping == "rows"
    np.testing.assert_allclose(bars["mean_out"], 0, atol=1e-6)
    np.testing.assert_allclose(bars["std_out"], 1, atol=2e-4)


def test_batch_norm_switches_the_statistics_to_columns(window):
    window.document.reset_affine()
    choose(window.controls.findChild(QComboBox, "normKind"), "batch")
    settle(window)
    assert window.document.scenario.norm == "batch"
    assert window.row_stats_plot.grouping == "columns"
    bars = window.row_stats_plot.bar_heights()
    assert len(bars["mean_out"]) == 4
    np.testing.assert_allclose(bars["mean_out"], 0, atol=1e-6)
    np.testing.assert_allclose(bars["std_out"], 1, atol=1e-3)


def test_placement_changes_the_heatmap_stages(window):
    assert window.stage_heatmaps.stage_titles()[1] == "After norm ①"
    choose(window.controls.findChild(QComboBox, "placement"), "post")
    settle(window)
    titles = window.stage_heatmaps.stage_titles()
    assert titles[1] == "After attention + residual" and titles[3].endswith("norm ②")
    low, high = window.stage_heatmaps.levels()
    assert low == -high and high > 0


@pytest.mark.parametrize("text", ["abc", "", "nan", "inf", "-inf", "1e400", "1e39"])
def test_bad_cells_are_refused_and_explained(token_grid, text):
    model, document = token_grid.grid.model(), token_grid.document
    steps = document.undo_stack.count()
    assert not model.setData(model.index(0, 0), text)
    assert document.scenario.matrix[0, 0] == np.float32(0.32)
    assert document.undo_stack.count() == steps
    assert "refused" in token_grid.messages[-1]


def test_extreme_but_finite_values_are_drawn(window):
    model = window.token_grid.model()
    assert model.setData(model.index(0, 0), "1e30")
    settle(window)
    window.grab()
    assert np.isfinite(window.row_stats_plot.bar_heights()["mean_in"][0])


def test_paste_is_one_undo_step_and_undo_restores_the_result(window):
    initial = window.document.result
    window.token_grid.setCurrentIndex(window.token_grid.model().index(2, 1))
    assert window.token_grid.paste_text("1\t2\n3\t4\n")
    settle(window)
    np.testing.assert_array_equal(window.document.scenario.matrix[2:4, 1:3], [[1, 2], [3, 4]])
    window.document.undo_stack.undo()
    settle(window)
    assert window.document.result == initial


def test_edits_and_their_undo_repaint_only_the_written_cells(window):
    changed = []
    for grid in (window.token_grid, window.affine_grid):
        grid.model().dataChanged.connect(lambda top, bottom, *_, g=grid.objectName(): changed.append(
            (g, top.row(), top.column(), bottom.row(), bottom.column())))
    window.token_grid.setCurrentIndex(window.token_grid.model().index(2, 1))
    assert window.token_grid.paste_text("1\t2\n3\t4\n")
    window.document.undo_stack.undo()
    affine = window.affine_grid.model()
    assert affine.setData(affine.index(1, 3), "0.5")
    assert changed == [("tokenGrid", 2, 1, 3, 2), ("tokenGrid", 2, 1, 3, 2), ("affineGrid", 1, 3, 1, 3)]
    assert affine.data(affine.index(1, 3)) == "0.5" and window.document.scenario.beta[3] == 0.5


def test_ragged_paste_is_refused_whole_saying_where(token_grid):
    before = token_grid.document.scenario
    assert not token_grid.grid.paste_text("1,2\n3\n")
    assert token_grid.document.scenario is before
    assert "row 2" in token_grid.messages[-1]


def test_paste_beyond_the_grid_asks_then_grows(window, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window.token_grid.setCurrentIndex(window.token_grid.model().index(5, 3))
    assert window.token_grid.paste_text("1\t2\n3\t4")
    settle(window)
    s = window.document.scenario
    assert s.matrix.shape == (7, 5) and s.gamma.shape == (5,) and s.gamma[4] == 1.0
    assert s.matrix[6, 4] == 4.0
    window.document.undo_stack.undo()
    assert window.document.scenario.matrix.shape == (6, 4)


def test_paste_beyond_the_grid_declined_changes_nothing(window, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    window.token_grid.setCurrentIndex(window.token_grid.model().index(5, 3))
    before = window.document.scenario
    assert not window.token_grid.paste_text("1\t2\n3\t4")
    assert window.document.scenario is before


def test_undo_and_redo_round_trip_to_identical_results(window):
    doc = window.document
    states = [doc.result]
    model = window.token_grid.model()
    model.setData(model.index(0, 1), "0.75")
    doc.set_setting("placement", "post")
    doc.set_setting("eps", 1e-3)
    window.affine_grid.model().setData(window.affine_grid.model().index(0, 2), "2")
    doc.insert_tokens(1)
    doc.remove_dims([0])
    settle(window)
    final = doc.result
    for _ in range(6):
        doc.undo_stack.undo()
    settle(window)
    assert doc.result == states[0]
    assert doc.result == compute(load_preset("xian"))
    for _ in range(6):
        doc.undo_stack.redo()
    settle(window)
    assert doc.result == final


def test_controls_follow_undo_without_echoing_into_the_stack(settings_panel):
    combo, document = settings_panel.controls.findChild(QComboBox, "normKind"), settings_panel.document
    choose(combo, "rms")
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert combo.currentData() == "layer"
    assert document.undo_stack.count() == 1


def test_loading_a_preset_is_one_undo_step(window):
    window.load_preset("apple")
    settle(window)
    assert window.document.scenario.labels[2] == "苹果"
    window.document.undo_stack.undo()
    assert window.document.scenario.labels[1] == "西安"


def test_presets_and_quit_have_keyboard_shortcuts(window):
    from PySide6.QtGui import QAction, QKeySequence

    shortcuts = {action.objectName(): action.shortcut() for action in window.findChildren(QAction)}
    assert shortcuts["preset_apple"] == QKeySequence("Ctrl+2")
    window.findChild(QAction, "preset_apple").trigger()
    assert window.document.scenario.labels[2] == "苹果"
    assert shortcuts["quit"] == QKeySequence("Ctrl+Q")


def test_layers_spin_box_changes_the_depth_plot(window):
    from PySide6.QtWidgets import QSpinBox

    window.controls.findChild(QSpinBox, "layers").setValue(20)
    settle(window)
    assert len(window.depth_plot.curve_data()["pre"]) == 21
    assert window.depth_plot.curve_data()["toy"][10] == pytest.approx(114.33, abs=0.01)


def test_log_scale_toggle(plots_tab):
    depth: DepthPlot = plots_tab("xian").page.depth_plot
    toy = depth._curves["toy"]
    depth.log_scale.setChecked(False)
    assert not depth.plot.getAxis("left").logMode
    assert toy.getData()[1][-1] == pytest.approx(114.33, abs=0.01)
    assert depth.plot.vb.viewRange()[1][1] >= 114.33
    depth.log_scale.setChecked(True)
    assert depth.plot.getAxis("left").logMode
    assert toy.getData()[1][-1] == pytest.approx(np.log10(114.33), abs=1e-4)  # the view's y is log10
    low, high = depth.plot.vb.viewRange()[1]
    assert low <= 0 < np.log10(114.33) <= high


def test_heads_fall_back_to_one_when_a_dimension_is_removed(qapp):
    document = Document(load_preset("xian"))
    document.set_setting("heads", 2)
    document.remove_dims([3])
    assert document.scenario.heads == 1


def test_the_window_remembers_settings_and_layout(qtbot, settings):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.document.set_setting("norm", "rms")
    first.document.set_setting("layers", 7)
    first.close()
    second = MainWindow("xian", settings)
    qtbot.addWidget(second)
    assert second.document.scenario.norm == "rms" and second.document.scenario.layers == 7
    assert settings.value("window/state") is not None


def settle_all(window, timeout_ms: int = 60_000):
    """Until the worker has nothing left (a finished or cancelled job may launch the queued one)."""
    from PySide6.QtWidgets import QApplication

    while True:
        window.document.wait_until_idle(timeout_ms)
        QApplication.processEvents()
        if not window.document.busy:
            return


@pytest.mark.slow  # the worker draws 0.2 G weights at d = 4096 (10-25 s here)
def test_a_large_matrix_loads_edits_and_undoes(window):
    window.load_preset("large")
    # One layer: its weights are kept (0.8 GiB), drawn once; the 2-layer stack streams them, which takes minutes here.
    window.document.set_setting("layers", 1)
    settle_all(window)
    doc = window.document
    assert doc.scenario.matrix.shape == (2048, 4096)
    model = window.token_grid.model()
    assert model.setData(model.index(1500, 4000), "9")
    assert window.row_stats_plot.bar_heights()["std_in"].shape == (2048,)
    assert doc.result.norm.normalized[1500, 4000] != load_preset("large").matrix[1500, 4000]
    settle(window)
    doc.undo_stack.undo()
    assert doc.scenario.matrix[1500, 4000] == load_preset("large").matrix[1500, 4000]
    window.grab()


def test_unexpected_errors_are_logged_and_shown(window, monkeypatch, tmp_path):
    import sys

    from app.window import crash_guard

    shown = []
    monkeypatch.setattr(crash_guard, "log_path", lambda: tmp_path / "normscope.log")
    monkeypatch.setattr(crash_guard.QMessageBox, "exec", lambda box: shown.append(box.text()))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    crash_guard.log.handlers.clear()
    crash_guard.install_crash_guard(window)
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    assert shown and "boom" in shown[0]
    assert "boom" in (tmp_path / "normscope.log").read_text()
    crash_guard.log.handlers.clear()


def test_combo_changes_are_separate_undo_steps_and_spin_steps_merge(window):
    from PySide6.QtWidgets import QSpinBox

    combo = window.controls.findChild(QComboBox, "normKind")
    choose(combo, "rms")
    choose(combo, "batch")
    window.document.undo_stack.undo()
    assert window.document.scenario.norm == "rms"
    spin = window.controls.findChild(QSpinBox, "layers")
    steps = window.document.undo_stack.index()
    spin.setValue(11)
    spin.setValue(12)
    assert window.document.undo_stack.index() == steps + 1
    spin.setValue(10)  # back where it started: nothing left to undo
    assert window.document.undo_stack.index() == steps


def test_refused_setting_is_not_left_in_its_editor(window):
    from PySide6.QtWidgets import QSpinBox

    spin = window.controls.findChild(QSpinBox, "heads")
    spin.setValue(3)  # does not divide d = 4
    assert window.document.scenario.heads == 1 and spin.value() == 1


def test_window_title_follows_the_document(window):
    window.load_preset("apple")
    assert "我 吃 苹果" in window.windowTitle()
    window.document.undo_stack.undo()
    assert "今天西安" in window.windowTitle()


@pytest.fixture(scope="module")
def modules_at_start(tmp_path_factory) -> list[str]:
    """Our modules (and numpy.polynomial) loaded once a window is built as ``python main.py`` builds it:
    the whole command line parsed first (bench/bench_gui.py's start-up), in a fresh process."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    settings = tmp_path_factory.mktemp("start") / "s.ini"
    code = ("import sys; from app.cli import build_parser; build_parser().parse_args([]); "
            "from PySide6.QtCore import QSettings; from PySide6.QtWidgets import QApplication; "
            "app = QApplication([]); from app.window.main_window import MainWindow; "
            f"w = MainWindow('xian', QSettings({str(settings)!r}, QSettings.Format.IniFormat)); "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('app.', 'engine.', 'widgets.', "
            "'numpy.polynomial')))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[1],
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).stdout.split()
    assert "app.headless.lesson_args" in loaded and "widgets.plots.row_stats_plot" in loaded  # the probe sees both
    return loaded


def test_start_up_leaves_file_formats_teaching_tabs_and_the_hidden_hand_calculation_unimported(modules_at_start):
    for deferred in ("engine.state.session", "engine.files.io", "engine.files.tables", "widgets.plotkit.figure_export",
                     "widgets.teaching.batchnorm_lab", "widgets.teaching.block_flow", "widgets.teaching.grouping_view", "widgets.teaching.scale_demo",
                     "widgets.teaching.hand_calc_panel", "widgets.teaching.activations_view",
                     "widgets.training.training_page", "engine.training.trainer", "widgets.models.model_page",
                     "numpy.polynomial"):  # only the vectorised erf of a large GELU needs it
        assert deferred not in modules_at_start, deferred


def test_the_command_line_and_the_window_leave_the_headless_and_lesson_code_unimported(modules_at_start):
    """What only the commands, a lesson or a model run need stays out of the start."""
    for deferred in ("app.headless.model_export", "app.headless.export_command", "app.headless.lesson_command",
                     "engine.models.forward", "engine.models.loading", "engine.models.model_install",
                     "engine.files.io", "engine.lessons.lesson_file", "engine.lessons.answers",
                     "engine.core.activation_curves", "app.window.lesson_views"):
        assert deferred not in modules_at_start, deferred


def test_plot_menus_are_built_on_the_first_right_click(window):
    view = window.depth_plot.plot.vb
    assert view.menu is None and view.menuEnabled()  # nothing built at start-up
    texts = [action.text() for action in view.getContextMenus(None)]
    assert "View All" in texts and view.menu is not None
    heatmap_view = window.stage_heatmaps._views[0]
    assert "View All" in [action.text() for action in heatmap_view.getContextMenus(None)]


def test_every_plot_menu_offers_our_figure_export(window):
    from types import SimpleNamespace

    for plot in (window.row_stats_plot, window.depth_plot.plot, window.grad_plot):
        click = SimpleNamespace(acceptedItem=plot.vb)  # what pyqtgraph's scene reads of the mouse event
        menu = plot.scene().addParentContextMenus(plot.vb, plot.vb.getMenu(click), click)
        assert {"Export…", "Copy image"} <= {action.text() for action in menu.actions()}


def _hover(view, x: float, y: float) -> None:
    """The mouse over data point (x, y) of a plot's view."""
    from PySide6.QtCore import QPointF

    view.scene().sigMouseMoved.emit(view.mapViewToScene(QPointF(x, y)))


def test_hovering_a_plot_shows_the_values_under_the_mouse(window):
    settle(window)
    stats = window.row_stats_plot
    _hover(stats.vb, 1.0, 0.2)  # the bars of token 1
    sigma = stats.bar_heights()["std_out"][1]
    assert stats.toolTip().startswith("西安:") and f"{sigma:.4g}" in stats.toolTip()
    depth = window.depth_plot.plot
    _hover(depth.vb, 10.0, 1.0)
    assert "layer 10" in depth.toolTip() and "114.3" in depth.toolTip()  # the seed's toy after 10 layers
    grad = window.grad_plot
    _hover(grad.vb, 3.0, -1.0)
    assert "layer 3" in grad.toolTip() and "Pre-Norm ‖∂L/∂W‖" in grad.toolTip()
    heatmaps = window.stage_heatmaps
    _hover(heatmaps._views[0], 2.5, 1.5)  # the input's row 1 (西安), column d3
    assert heatmaps.toolTip().endswith("西安, d3: 0.277")


def every_shortcut(window) -> list[tuple[str, str, object]]:
    """(key, action text, scope) for every key sequence a live action of the window claims; the scope is
    "window", or the widget a widget-context action belongs to (Qt only asks it while that widget has focus)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction

    window_wide = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)
    return [(key.toString(), action.text(),
             "window" if action.shortcutContext() in window_wide else action.parent())
            for action in window.findChildren(QAction) for key in action.shortcuts() if not key.isEmpty()]


def test_every_shortcut_is_assigned_once_across_menus_and_docks(window):
    window.set_language("zh_CN")  # rebuilds the undo actions: the old ones must let go of their keys
    window.set_language("en")
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    claims = every_shortcut(window)
    duplicates = {}
    for key in {k for k, _, _ in claims}:
        scopes = [scope for k, _, scope in claims if k == key]
        # Two grids may each own Ctrl+C for themselves; nothing may share a key with a window-wide one.
        if len(scopes) > 1 and ("window" in scopes or len(set(map(id, scopes))) < len(scopes)):
            duplicates[key] = [text for k, text, _ in claims if k == key]
    assert not duplicates, f"Qt refuses these keys as ambiguous: {duplicates}"
    from PySide6.QtGui import QAction

    assert "Ctrl+Shift+Z" in [key.toString() for key in window.findChild(QAction, "redo").shortcuts()]


#: The start of a probe run by run_in_x11_window: the window shown and active, ``window`` for the rest.
X11_WINDOW = """
import json, sys
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.window.main_window import MainWindow
window = MainWindow("xian", QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
window.activateWindow()
QTest.qWaitForWindowActive(window, 5000)
"""

X11_REDO_PROBE = """
window.document.set_cells("matrix", 0, 0, [[5.0]])
ctrl = Qt.KeyboardModifier.ControlModifier
values = {}
for name, key, modifiers in (("shift_z", Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier),
                             ("y", Qt.Key.Key_Y, ctrl)):
    QTest.keyClick(window.token_grid, Qt.Key.Key_Z, ctrl)
    values["undone_" + name] = float(window.document.scenario.matrix[0, 0])
    QTest.keyClick(window.token_grid, key, modifiers)
    values["redone_" + name] = float(window.document.scenario.matrix[0, 0])
values["listed"] = dict(window.menus.help.shortcuts())
print(json.dumps(values))
window.document.undo_stack.setClean()
"""


def run_in_x11_window(probe: str, tmp_path) -> dict:
    """Run ``probe`` after ``X11_WINDOW`` in a real X11 window (xvfb-run, the xcb platform): the JSON its
    last line prints. Skipped without xvfb-run; fails where Qt found a key claimed twice."""
    import json
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    if shutil.which("xvfb-run") is None:
        pytest.skip("needs xvfb-run (Debian: xvfb xauth) for a real X11 window")
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    run = subprocess.run(["xvfb-run", "-a", sys.executable, "-c", X11_WINDOW + probe, str(tmp_path / "s.ini")],
                         capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert "Ambiguous shortcut" not in run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_ctrl_shift_z_and_ctrl_y_redo_in_a_real_x11_window_and_the_keys_read_plainly(tmp_path):
    """On xcb StandardKey.Redo is Ctrl+Shift+Z and the Redo key only (offscreen it starts with Ctrl+Y), and
    Undo has F14 and the Undo key beside Ctrl+Z: only a real X11 window shows a key missing or claimed twice."""
    values = run_in_x11_window(X11_REDO_PROBE, tmp_path)
    for name in ("shift_z", "y"):
        assert values["undone_" + name] == pytest.approx(0.32) and values["redone_" + name] == 5.0, name
    listed = values["listed"]  # Undo is named after the step it undoes: "Undo Edit cell"
    assert [keys for what, keys in listed.items() if what.startswith("Undo")] == ["Ctrl+Z"]  # not "Ctrl+Z, F14, Undo"
    assert listed["Redo"] == "Ctrl+Shift+Z, Ctrl+Y"


def test_listed_keys_drop_the_keys_of_dedicated_keys_and_repeat_none():
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QKeySequence

    from app.window.shortcut_keys import readable_keys

    keys = [QKeySequence(text) for text in ("Ctrl+Z", "F14", "Ctrl+Z", "Alt+Backspace")]
    keys.append(QKeySequence(Qt.Key.Key_Undo))
    assert readable_keys(keys) == "Ctrl+Z, Alt+Backspace"
    assert readable_keys([QKeySequence("F11")]) == "F11"


def test_typing_at_start_goes_into_the_token_grid_at_the_lessons_row(window, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.token_grid)
    qtbot.keyClicks(window.token_grid, "5")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the editor's commit is queued
    qtbot.waitUntil(lambda: window.document.scenario.matrix[1, 0] == 5.0)


def test_a_refusal_note_goes_with_the_next_successful_edit(window, qtbot):
    model = window.token_grid.model()
    assert not model.setData(model.index(0, 0), "abc")
    refusal = window.statusBar().currentMessage()
    assert "refused" in refusal
    qtbot.wait(1)  # the gesture is over
    window.document.set_setting("layers", 4)
    assert window.statusBar().currentMessage() != refusal


def test_a_note_about_the_edit_just_accepted_stays(window):
    window.document.statusMessage.emit("rounded to 0")  # same gesture as the edit it explains
    assert window.document.set_cells("matrix", 0, 0, [[0.0]])
    assert window.statusBar().currentMessage() == "rounded to 0"


def test_a_stack_above_the_memory_limit_keeps_the_toy_and_writes_why_on_the_plots(window):
    window.load_preset("large")
    # While the block computes on the worker, the heatmaps still show xian's stages: faded and marked.
    assert window.document.result.stack_stale
    assert window.stage_heatmaps.note.isVisible() and "previous" in window.stage_heatmaps.note.text()
    assert window.stage_heatmaps._images[0].opacity() < 1
    # 2048 stacked tokens' activations pass 1 GiB even with streamed weights (the edit cancels the worker's job).
    window.document.set_setting("stack_tokens", 2048)
    settle_all(window)
    assert not window.document.result.stack_stale
    assert window.stage_heatmaps._images[0].opacity() == 1
    curves = window.depth_plot.curve_data()
    assert len(curves["toy"]) == window.document.scenario.layers + 1 and "pre" not in curves
    assert curves["toy"][1] == pytest.approx(1.5 * 1.0 + 0.5)  # v ← a·v + b from v = 1
    for plot in (window.depth_plot.plot, window.grad_plot):
        assert plot.note.isVisible() and "GiB" in plot.note.text() and "Fewer layers" in plot.note.text()
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()  # back to xian: the large stack started by the first undo is cancelled
    settle_all(window)
    assert not window.depth_plot.plot.note.isVisible() and "pre" in window.depth_plot.curve_data()


@pytest.mark.slow
def test_the_large_preset_draws_pre_and_post_at_d_4096(window):
    window.load_preset("large")
    progress = []
    window.document.stackProgress.connect(progress.append)
    settle_all(window, timeout_ms=1_800_000)  # streamed weights: about 50 s of CPU
    assert not window.document.result.stack_stale and progress[-1] == 1.0
    curves = window.depth_plot.curve_data()
    assert {"pre", "post"} <= set(curves) and len(curves["pre"]) == 3
    # No "skipped" note: only that the stacks ran on the first 32 of the 2048 tokens.
    for note in (window.depth_plot.plot.note, window.grad_plot.note):
        assert note.text() == "Simulated on the first 32 of the 2048 tokens only."
    assert window.stage_heatmaps._shown is not None


def test_edit_menu_copies_pastes_and_inserts_on_the_grid_used_last(window, qtbot):
    from PySide6.QtGui import QAction, QGuiApplication

    edit = {name: window.findChild(QAction, name) for name in
            ("editCopy", "editPaste", "editInsertToken", "editInsertDimension")}
    assert edit["editCopy"].text().endswith("\tCtrl+C") and edit["editCopy"].shortcuts() == []  # the grids' key
    window.affine_grid.setFocus()
    qtbot.waitUntil(lambda: window.menus.grid() is window.affine_grid)
    window.affine_grid.setCurrentIndex(window.affine_grid.model().index(0, 0))
    window.affine_grid.selectionModel().select(window.affine_grid.currentIndex(),
                                               window.affine_grid.selectionModel().SelectionFlag.Select)
    edit["editCopy"].trigger()
    assert QGuiApplication.clipboard().text().strip() == "1.2"  # xian's γ₁, from the γ/β grid
    QGuiApplication.clipboard().setText("2.5")
    edit["editPaste"].trigger()
    assert window.document.scenario.gamma[0] == 2.5
    edit["editInsertDimension"].trigger()
    assert window.document.scenario.dims == 5 and window.document.scenario.gamma[1] == 1.0  # right of d1
    window.token_grid.setCurrentIndex(window.token_grid.model().index(1, 0))
    edit["editInsertToken"].trigger()  # tokens live in the token grid: below its current row (西安)
    assert window.document.scenario.tokens == 7 and window.document.scenario.labels[2] == "t7"


def test_help_lists_the_shortcuts_and_explains_every_view(window, monkeypatch):
    from PySide6.QtGui import QAction, QKeySequence

    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append((title, text)))
    window.findChild(QAction, "helpShortcuts").trigger()
    listed = dict(window.menus.help.shortcuts())
    assert "Ctrl+Shift+Z" in listed["Redo"] and listed["Presentation mode"] == "F11"
    assert listed["Copy (in a grid)"] == "Ctrl+C" and "Ctrl+Z" in shown[-1][1]
    # The lesson panel's Next / Back keys (QShortcuts of the panel, not actions), in the platform's words.
    assert listed["Lesson: next step (in the lesson panel)"] == QKeySequence("PgDown").toString(
        QKeySequence.SequenceFormat.NativeText)
    assert listed["Lesson: the step before (in the lesson panel)"] == QKeySequence("PgUp").toString(
        QKeySequence.SequenceFormat.NativeText)
    for key, title in window.menus.help.view_titles().items():
        window.findChild(QAction, f"help_{key}").trigger()
        assert shown[-1][0] == title and len(shown[-1][1]) > 80
