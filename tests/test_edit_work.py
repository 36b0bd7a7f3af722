"""What an edit computes once, where the stack is computed, instead of in the views that show it."""

import numpy as np

from engine.core.depth_laws import depth_laws
from engine.results.compute import compute, values_equal
from engine.setup.presets import load_preset


def test_the_result_carries_the_laws_of_its_depth_profile():
    result = compute(load_preset("xian"))
    assert values_equal(result.depth_laws, depth_laws(result.depth))  # NaN where a law can't be measured
    assert [law.placement for law in result.depth_laws] == ["none", *result.depth.runs]


def test_laws_are_reused_with_the_stack_and_follow_a_new_one():
    s = load_preset("xian")
    first = compute(s)
    same_stack = compute(s.replace(bn_momentum=0.2), first)
    assert same_stack.depth is first.depth and same_stack.depth_laws is first.depth_laws
    matrix = s.matrix.copy()
    matrix[0, 0] += 1.0
    edited = compute(s.replace(matrix=matrix), first, [0])
    assert values_equal(edited.depth_laws, depth_laws(edited.depth))
    assert not values_equal(edited.depth_laws, first.depth_laws)


def test_results_with_laws_that_cannot_be_measured_are_still_equal():
    s = load_preset("xian").replace(layers=1)  # one layer: no gradient skew (NaN)
    a, b = compute(s), compute(s)
    assert np.isnan(a.depth_laws[1].grad_skew)
    assert a == b


def test_the_caption_measures_its_fit_again_only_when_its_text_changes_shape(qtbot, monkeypatch):
    from widgets.plots.depth_laws_caption import SEPARATOR, DepthLawsCaption

    caption = DepthLawsCaption()
    qtbot.addWidget(caption)
    caption.resize(300, caption.height())
    measured = []
    original = DepthLawsCaption._measured_page_sizes
    monkeypatch.setattr(DepthLawsCaption, "_measured_page_sizes",
                        lambda self, *args: measured.append(1) or original(self, *args))
    entries = [f"Stack {i}: grows ×1.{i}2 over 10 layers" for i in range(6)]
    caption.setText(SEPARATOR.join(entries))
    assert len(measured) == 1 and caption.page_count() > 1  # six entries don't fit 300 pixels
    caption.setText(SEPARATOR.join(e.replace("1.", "7.") for e in entries))  # an edit: new digits only
    assert len(measured) == 1 and "7." in caption.shown_text() and caption.page_count() > 1
    caption.setText(SEPARATOR.join(entries[:1]))  # another shape: measured again, and it fits
    assert len(measured) == 2 and caption.shown_text() == entries[0]


def test_the_settings_panel_is_left_alone_by_a_cell_edit_and_follows_a_setting(qtbot, monkeypatch):
    from app.window.document import Document
    from widgets.editors.controls_panel import ControlsPanel

    document = Document(load_preset("xian"))
    panel = ControlsPanel(document)
    qtbot.addWidget(panel)
    shown = []
    original = ControlsPanel.show_scenario
    monkeypatch.setattr(ControlsPanel, "show_scenario", lambda self, s: shown.append(s) or original(self, s))
    document.set_cells("matrix", 3, 1, [[2.5]])
    assert shown == []
    document.set_setting("layers", 7)
    document.undo_stack.undo()  # the panel shows the restored depth again
    assert len(shown) == 2 and panel._spins["layers"].value() == load_preset("xian").layers


def test_the_undo_history_counts_its_bytes_as_it_grows(qapp):
    from app.window.document import Document

    document = Document(load_preset("xian"))
    stack = document.undo_stack

    def counted():
        return [stack.command(i).nbytes for i in range(stack.count())]

    for k in range(5):
        document.set_cells("matrix", 1, k % 4, [[float(k)]])
    document.set_cells("matrix", 0, 0, np.ones((2, 3)))
    assert document._step_bytes == counted() and len(counted()) == 6
    stack.undo()
    stack.undo()
    document.set_cells("matrix", 2, 2, [[9.0]])  # the two undone steps are dropped
    document.set_setting("layers", 5, merge=True)
    document.set_setting("layers", 6, merge=True)  # merged into one step
    assert document._step_bytes == counted() and stack.count() == 6
    stack.clear()
    stack.setUndoLimit(3)  # beyond it the oldest steps go
    for k in range(4):
        document.set_cells("matrix", 0, 0, np.full((1 + k, 1), 2.0 + k))
    assert document._step_bytes == counted() and stack.count() == 3


def test_the_caption_builds_its_tooltip_when_shown_and_keeps_its_cursor(qtbot, monkeypatch):
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication
    from widgets.plots.depth_laws_caption import DepthLawsCaption

    caption = DepthLawsCaption()
    qtbot.addWidget(caption)
    caption.resize(300, caption.height())
    fits, cursors = [], []
    original_fits = DepthLawsCaption._fits
    monkeypatch.setattr(DepthLawsCaption, "_fits", lambda self, *args: fits.append(1) or original_fits(self, *args))
    original_cursor = DepthLawsCaption.setCursor
    monkeypatch.setattr(DepthLawsCaption, "setCursor", lambda self, cursor: cursors.append(cursor)
                        or original_cursor(self, cursor))
    s = load_preset("xian")
    result = compute(s)
    caption.show_result(result)
    assert len(cursors) == 1 and caption.page_count() > 1  # six stacks don't fit 300 pixels: a hand
    for k in range(3):  # edits: new numbers, the same pages, the same cursor, and no tooltip built
        matrix = s.matrix.copy()
        matrix[3, k] += 0.5
        result = compute(s.replace(matrix=matrix), result, [3])
        caption.show_result(result)
    assert fits == [] and len(cursors) == 1
    QApplication.sendEvent(caption, QHelpEvent(QEvent.Type.ToolTip, QPoint(5, 5), caption.mapToGlobal(QPoint(5, 5))))
    assert len(fits) == len(result.depth_laws) and caption.toolTip() == caption.numbers()
    assert f"{result.depth_laws[1].grad_skew:.3g}×" in caption.toolTip()


def test_a_small_stack_is_simulated_inline_without_asking_whether_it_is_current(qapp, monkeypatch):
    import app.window.document as document_module
    from app.window.document import Document

    document = Document(load_preset("xian"))
    asked = []
    original = document_module.stack_is_current
    monkeypatch.setattr(document_module, "stack_is_current", lambda *args: asked.append(1) or original(*args))
    document.set_cells("matrix", 3, 1, [[2.5]])
    assert asked == [] and not document.result.stack_stale


def test_a_cell_edit_leaves_the_other_table_alone(qapp):
    from app.window.document import Document
    from widgets.editors.matrix_model import ArrayTableModel

    document = Document(load_preset("xian"))
    grid, affine = ArrayTableModel(document, "matrix"), ArrayTableModel(document, "affine")
    asked, repainted = [], []
    original = document.array
    document.array = lambda target: asked.append(target) or original(target)
    affine.dataChanged.connect(lambda *_: repainted.append(1))
    document.set_cells("matrix", 3, 1, [[2.5]])
    assert "affine" not in asked and repainted == []  # γ and β not stacked again, nor compared
    assert grid.data(grid.index(3, 1)) == "2.5"
    document.set_cells("affine", 0, 2, [[1.5]])  # γ and β still follow an edit of their own ...
    assert affine.data(affine.index(0, 2)) == "1.5" and repainted == [1]
    document.undo_stack.undo()  # ... and its undo
    assert affine.data(affine.index(0, 2)) == "1" and repainted == [1, 1]
    document.set_setting("layers", 7)  # a setting: the same γ and β, no repaint
    assert repainted == [1, 1]


def test_a_cell_edit_leaves_the_window_title_alone(window, monkeypatch):
    from app.window.window_title import WindowTitle

    named = []
    original = WindowTitle.preset_name
    monkeypatch.setattr(WindowTitle, "preset_name", lambda self, preset: named.append(preset) or original(self, preset))
    window.document.set_cells("matrix", 3, 1, [[2.5]])
    window.document.set_setting("layers", 7)
    assert named == [] and "今天西安" in window.windowTitle()
    window.load_preset("apple")  # another name: another title
    assert set(named) == {"apple"} and "我 吃 苹果" in window.windowTitle()


def test_an_edit_in_the_active_stack_leaves_the_undo_routing_alone(qtbot, monkeypatch):
    from PySide6.QtGui import QUndoCommand, QUndoStack
    from PySide6.QtWidgets import QWidget

    from app.window.undo_routing import UndoRouting

    window = QWidget()
    qtbot.addWidget(window)
    document_stack, other = QUndoStack(window), QUndoStack(window)
    routing = UndoRouting(window, document_stack)
    routing.add(QWidget(window), other)
    assert routing.activeStack() is document_stack
    listed = []
    original = UndoRouting.stacks
    monkeypatch.setattr(UndoRouting, "stacks", lambda self: listed.append(1) or original(self))
    document_stack.push(QUndoCommand("an edit"))
    assert listed == [] and routing.activeStack() is document_stack
    other.push(QUndoCommand("a gesture elsewhere"))  # another stack: checked, and made active
    assert listed == [1] and routing.activeStack() is other


def test_a_cell_edit_leaves_the_row_statistics_titles_and_key_alone(qtbot, monkeypatch):
    from widgets.plots.row_stats_plot import RowStatsPlot

    plot = RowStatsPlot()
    qtbot.addWidget(plot)
    s = load_preset("xian")
    first = compute(s)
    plot.show_result(first)
    calls = []
    for name in ("_relabel", "_set_key"):
        real = getattr(plot, name)
        monkeypatch.setattr(plot, name, lambda real=real, name=name: (calls.append(name), real())[1])
    matrix = s.matrix.copy()
    matrix[3, 1] = 2.0
    edited = compute(s.replace(matrix=matrix), first, [3])
    plot.show_result(edited)
    assert calls == []
    assert np.array_equal(plot.bar_heights()["std_in"], edited.norm.row_stats.std_in)  # the bars did follow
    assert "before γ" in plot.titleLabel.text  # xian's γ is not 1
    identity = edited.scenario.replace(gamma=np.ones(4, np.float32), beta=np.zeros(4, np.float32))
    plot.show_result(compute(identity, edited))
    assert calls == ["_relabel", "_set_key"]  # γ = 1 and β = 0: the title no longer says "before γ, β"
    assert "before γ" not in plot.titleLabel.text
    shifted = compute(identity.replace(beta=np.full(4, 0.5, np.float32)), edited)
    plot.show_result(shifted)
    assert "before γ, β" in plot.titleLabel.text
    plot.show_result(compute(shifted.scenario.replace(norm="rms"), shifted))  # the same γ and β arrays
    assert "before γ" not in plot.titleLabel.text  # RMSNorm has no β: γ = 1 leaves its RMS as it is


def test_a_cell_edit_leaves_the_depth_plots_key_alone(qtbot, monkeypatch):
    from widgets.plots.depth_plot import DepthPlot

    plot = DepthPlot()
    qtbot.addWidget(plot)
    s = load_preset("xian")
    first = compute(s)
    plot.show_result(first)
    named = []
    real = plot._curve_names
    monkeypatch.setattr(plot, "_curve_names", lambda pinned=False: named.append(pinned) or real(pinned))
    matrix = s.matrix.copy()
    matrix[3, 1] = 2.0
    plot.show_result(compute(s.replace(matrix=matrix), first, [3]))
    assert named == []
    plot.retranslate()  # a new language: the names again
    assert named == [False]
    plot.show_result(compute(s.replace(matrix=matrix, ln_scaling=True), first))  # "Pre-Norm + 1/√l"
    assert named == [False, False]
