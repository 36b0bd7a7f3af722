"""A/B compare in the window, offscreen: A's curves dashed beside B's, swap, clear, the differences table."""

import numpy as np
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction

from app.window.main_window import MainWindow
from tests.test_main_window import run_in_x11_window, settle


def action(window, name) -> QAction:
    return window.findChild(QAction, name)


def test_pin_then_edit_draws_a_dashed_with_as_numbers_beside_b_solid(window):
    a_pre = window.depth_plot.curve_data()["pre"].copy()
    action(window, "comparePin").trigger()
    window.document.set_setting("layers", 16)
    settle(window)
    depth = window.depth_plot
    np.testing.assert_array_equal(depth.pinned_curve_data()["pre"], a_pre)
    assert len(depth.curve_data()["pre"]) == 17 and len(depth.pinned_curve_data()["pre"]) == 11
    np.testing.assert_array_equal(depth.curve_data()["pre"], window.document.result.depth.pre.rms)
    b_pen, a_pen = depth.curve_pens()["pre"], depth.curve_pens(pinned=True)["pre"]
    assert b_pen.style() == Qt.PenStyle.SolidLine and a_pen.style() == Qt.PenStyle.CustomDashLine
    assert a_pen.color() == b_pen.color()
    # A's twins share B's entries; one note says how A is drawn (no second entry per curve).
    assert depth.key.names().count("Pre-Norm") == 1 and depth.key.names()[-1] == "thin dashed: A (pinned)"
    assert window.grad_plot.key.names()[-1] == "thin dashed: A (pinned)"
    grads = window.grad_plot.pinned_curve_data()
    assert "A: Pre-Norm ‖∂L/∂W‖" in grads and len(grads["A: Pre-Norm ‖∂L/∂W‖"]) == 10


def test_row_statistics_draw_a_when_the_tokens_match(window):
    action(window, "comparePin").trigger()
    a_means = window.row_stats_plot.bar_heights()["mean_in"].copy()
    window.document.set_cells("matrix", 1, 0, [[4.0]])
    settle(window)
    np.testing.assert_array_equal(window.row_stats_plot.pinned_bar_heights()["mean_in"], a_means)
    assert window.row_stats_plot.bar_heights()["mean_in"][1] != a_means[1]
    window.document.insert_tokens(6)
    settle(window)
    assert window.row_stats_plot.pinned_bar_heights() == {}
    assert "A is not drawn" in window.row_stats_plot.note.text()


def test_stage_heatmaps_show_b_minus_a_when_shapes_match(window):
    action(window, "comparePin").trigger()
    window.document.set_setting("seed", 7)
    settle(window)
    heatmaps = window.stage_heatmaps
    assert all(title.startswith("B − A") for title in heatmaps.stage_titles())
    assert heatmaps._stages[0][1].max() == 0.0  # the input is the same matrix in A and B
    assert np.abs(heatmaps._stages[-1][1]).max() > 0  # other weights, another block output


def test_swap_round_trips_and_undoes_in_the_window(window):
    action(window, "comparePin").trigger()
    window.document.set_setting("placement", "post")
    settle(window)
    action(window, "compareSwap").trigger()
    settle(window)
    assert window.document.scenario.placement == "pre" and window.document.pinned.scenario.placement == "post"
    assert window.findChild(__import__("PySide6.QtWidgets").QtWidgets.QComboBox, "placement").currentData() == "pre"
    window.document.undo_stack.undo()
    settle(window)
    assert window.document.scenario.placement == "post" and window.document.pinned.scenario.placement == "pre"


def test_clear_removes_as_curves_and_key_entries(window):
    action(window, "comparePin").trigger()
    window.document.set_setting("layers", 12)
    settle(window)
    action(window, "compareClear").trigger()
    assert window.depth_plot.pinned_curve_data() == {} and window.grad_plot.pinned_curve_data() == {}
    assert not any("A (pinned)" in name for name in window.depth_plot.key.names())
    assert not action(window, "compareSwap").isEnabled()


def test_differences_table_lists_exactly_the_changed_settings(window):
    view = window.differences
    assert view.rows() == [] and "Pin as A" in view.empty.text()
    action(window, "comparePin").trigger()
    window.document.set_setting("norm", "rms")
    window.document.set_setting("layers", 14)
    settle(window)
    window.results.flush()
    rows = view.rows()
    settings = [row for row in rows if not row[0].startswith(("RMS after", "Gradient", "Largest"))]
    assert settings == [("Norm", "LayerNorm", "RMSNorm"), ("Layers N", "10", "14")]
    pre = [row for row in rows if row[0] == "RMS after the last layer, Pre-Norm"][0]
    assert pre[1] == f"{window.document.pinned.depth.pre.rms[-1]:.4g}"
    assert pre[2] == f"{window.document.result.depth.pre.rms[-1]:.4g}"


def test_differences_list_each_stack_once(window):
    action(window, "comparePin").trigger()
    window.document.set_setting("placement", "peri")
    settle(window)
    window.results.flush()
    names = [row[0] for row in window.differences.rows()]
    assert len(names) == len(set(names))
    assert "RMS after the last layer, Peri-Norm" in names and "RMS after the last layer, no norm" in names


X11_COMPARE_PROBE = """
keys = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
out = {}
for focus in (window.token_grid, window.controls.epsilon):  # a grid and a text field hold the focus
    focus.setFocus()
    QTest.keyClick(focus, Qt.Key.Key_P, keys)
    pinned = window.document.pinned is not None
    window.document.set_setting("layers", 12)
    QTest.keyClick(focus, Qt.Key.Key_X, keys)
    swapped = window.document.scenario.layers == 10 and window.document.pinned.scenario.layers == 12
    QTest.keyClick(focus, Qt.Key.Key_U, keys)
    out[type(focus).__name__] = [pinned, swapped, window.document.pinned is None]
print(json.dumps(out))
window.document.undo_stack.setClean()
"""


def test_compare_keys_work_in_a_real_x11_window(tmp_path):
    """Pin (Ctrl+Shift+P), swap (Ctrl+Shift+X) and clear (Ctrl+Shift+U) from the keyboard under xcb,
    with the focus in a grid and in a text field (which take some keys for themselves)."""
    assert run_in_x11_window(X11_COMPARE_PROBE, tmp_path) == {"MatrixView": [True] * 3, "QLineEdit": [True] * 3}


def test_an_exported_figure_holds_as_curves_while_a_is_pinned(window, tmp_path):
    window.files.figures.export_figure("depth", tmp_path / "unpinned.svg")
    action(window, "comparePin").trigger()
    window.document.set_setting("layers", 16)
    settle(window)
    assert window.files.figures.export_figure("depth", tmp_path / "pinned.svg")
    pinned, unpinned = (tmp_path / "pinned.svg").read_text(), (tmp_path / "unpinned.svg").read_text()
    assert "thin dashed: A (pinned)" in pinned and "A (pinned)" not in unpinned


def test_picking_a_stack_while_a_is_pinned_gives_a_that_stack_too(window):
    action(window, "comparePin").trigger()
    window.document.set_setting("layers", 12)
    settle(window)
    assert "peri" not in window.depth_plot.pinned_curve_data()
    window.findChild(QAction, "draw_peri").trigger()
    settle(window)
    a = window.document.pinned
    assert a.scenario.layers == 10 and "peri" in a.depth.runs
    np.testing.assert_array_equal(window.depth_plot.pinned_curve_data()["peri"], a.depth.runs["peri"].rms)


def test_stage_heatmaps_say_when_b_minus_a_is_zero(window):
    action(window, "comparePin").trigger()
    window.document.set_setting("layers", 12)  # the depth changes, one block's stages don't
    settle(window)
    assert all(title.startswith("B − A") for title in window.stage_heatmaps.stage_titles())
    assert "0 in every stage" in window.stage_heatmaps.note.text()


def test_stage_heatmaps_note_leaves_the_panel_titles_readable(window):
    action(window, "comparePin").trigger()
    window.document.insert_tokens(6)  # A's stages have other tokens: the note says why there is no B − A
    settle(window)
    heatmaps = window.stage_heatmaps
    assert "A's stages have other tokens" in heatmaps.note.text()
    note = heatmaps.note.mapRectToScene(heatmaps.note.boundingRect())
    assert not any(note.intersects(title.sceneBoundingRect()) for title in heatmaps._title_labels)
    assert note.intersects(heatmaps._views[0].sceneBoundingRect())  # it sits over the panels instead


def test_a_saved_session_brings_its_pinned_a_back_and_a_session_without_one_keeps_a(window, qtbot, tmp_path):
    action(window, "comparePin").trigger()
    a_pre = window.depth_plot.curve_data()["pre"].copy()
    window.document.set_setting("layers", 16)
    settle(window)
    assert window.files.sessions.save_session(tmp_path / "lesson")
    other = MainWindow("apple", QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(other)
    other.show()
    assert other.files.sessions.open_session(tmp_path / "lesson.normscope.json")
    settle(other)
    assert other.document.pinned.scenario == window.document.pinned.scenario
    assert other.document.scenario.layers == 16
    np.testing.assert_array_equal(other.depth_plot.pinned_curve_data()["pre"], a_pre)
    # A session saved without A: the A pinned before stays, to compare the session with.
    other.document.clear_pin()
    other.load_preset("xian")
    assert other.files.sessions.save_session(tmp_path / "plain")
    assert '"pinned"' not in (tmp_path / "plain.normscope.json").read_text(encoding="utf-8")
    other.document.set_setting("layers", 3)
    action(other, "comparePin").trigger()
    kept = other.document.pinned.scenario
    assert other.files.sessions.open_session(tmp_path / "plain.normscope.json")
    assert other.document.pinned.scenario == kept  # no A in the file: the one pinned stays
    assert other.files.sessions.open_session(tmp_path / "lesson.normscope.json")  # an A in the file replaces it
    assert other.document.pinned.scenario == window.document.pinned.scenario
