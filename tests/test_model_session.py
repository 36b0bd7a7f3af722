"""The Model tab's owner without a window: a stale run is never shown over a newer text, what-ifs, Clear and
texts undo and redo as one step each, Ctrl+Z in the Model tab acts on its stack, and the headless export
draws the same analysis as the window (tiny models: fast)."""

import numpy as np
import pytest

from engine.models.what_if import SetParameter, ZeroHidden
from engine.problem import Problem
from tests.model_fixtures import REFERENCE

TINY = str(REFERENCE / "tiny_llama")


@pytest.fixture
def session(qtbot):
    from app.window.model_session import ModelSession

    session = ModelSession()
    with qtbot.waitSignal(session.analysed, timeout=30_000):
        session.load(TINY, "Hi there")
    yield session
    session.shutdown()


def shown(session):
    """The analyses ``session`` emits from now on, in a list."""
    seen = []
    session.analysed.connect(seen.append)
    return seen


def settle(session, qtbot):
    qtbot.waitUntil(lambda: not session.busy, timeout=30_000)
    qtbot.wait(20)  # queued answers from the worker are delivered


def test_a_run_for_an_older_text_is_never_shown_over_a_newer_one(session, qtbot):
    seen = shown(session)
    session.set_text("the first text, typed over at once")
    session.set_text("the second text")
    settle(session, qtbot)
    assert [a.text for a in seen] == ["the second text"]
    assert session.analysis.text == "the second text"
    assert session.analysis.tokens == session.model.tokenizer.encode("the second text")


def test_an_undone_what_if_whose_run_is_on_its_way_is_never_shown(session, qtbot):
    seen = shown(session)
    session.apply(ZeroHidden(1, 3))
    session.undo_stack.undo()  # before the what-if's run has arrived
    settle(session, qtbot)
    assert [a.edits for a in seen] == [()] and not session.analysis.edited


def test_what_ifs_undo_and_redo_one_step_each(session, qtbot):
    base = session.analysis.base
    first, second = ZeroHidden(1, 3), SetParameter(0, "ffn_norm", "gamma", 5, 4.0)
    for edit in (first, second):
        session.apply(edit)
        settle(session, qtbot)
    both = session.analysis.trace.states.copy()
    assert session.analysis.edits == (first, second) and session.undo_stack.count() == 2
    session.undo_stack.undo()
    settle(session, qtbot)
    assert session.analysis.edits == (first,) and session.edits == (first,)
    assert session.analysis.base is base  # the unedited run is reused, not run again
    assert np.all(session.analysis.trace.states[1][:, 3] == 0)
    assert not np.array_equal(session.analysis.trace.states, both)
    session.undo_stack.redo()
    settle(session, qtbot)
    assert session.analysis.edits == (first, second)
    assert np.array_equal(session.analysis.trace.states, both)


def test_clear_is_one_step_and_undoing_it_brings_the_what_ifs_back(session, qtbot):
    edit = ZeroHidden(1, 3)
    session.apply(edit)
    settle(session, qtbot)
    edited = session.analysis.trace.states.copy()
    session.clear()
    settle(session, qtbot)
    assert session.analysis.edits == () and not session.analysis.edited and session.analysis.edited_depth is None
    assert session.undo_stack.undoText() == "Clear what-ifs"
    session.undo_stack.undo()
    settle(session, qtbot)
    assert session.analysis.edits == (edit,) and np.array_equal(session.analysis.trace.states, edited)
    assert session.analysis.edited_depth is not None


def test_a_new_text_is_one_step_and_its_undo_brings_back_the_old_text_with_its_what_ifs(session, qtbot):
    edit = ZeroHidden(0, 1)
    session.apply(edit)
    settle(session, qtbot)
    session.set_text("another sentence")
    settle(session, qtbot)
    assert session.analysis.text == "another sentence" and session.analysis.edits == ()
    session.undo_stack.undo()
    settle(session, qtbot)
    assert session.analysis.text == "Hi there" and session.analysis.edits == (edit,)
    session.set_text("Hi there")  # the text shown, run again: nothing changes, no step
    assert session.undo_stack.index() == 1 and not session.busy


def test_bad_gestures_are_refused_at_once_and_leave_no_step(session):
    with pytest.raises(Problem):
        session.set_text("   ")
    with pytest.raises(Problem):
        session.apply(ZeroHidden(1, 32))  # d = 32
    assert session.undo_stack.count() == 0 and not session.busy


def test_loading_a_model_clears_the_last_models_steps(session, qtbot):
    session.apply(ZeroHidden(1, 3))
    settle(session, qtbot)
    with qtbot.waitSignal(session.analysed, timeout=30_000):
        session.load(str(REFERENCE / "tiny_gpt2"), "Hi there")
    assert session.model.spec.family == "gpt2" and session.undo_stack.count() == 0
    assert session.analysis.edits == ()


def test_choosing_a_place_reuses_the_run_and_looks_at_that_place(session, qtbot):
    before = session.analysis
    with qtbot.waitSignal(session.analysed, timeout=1_000):
        session.choose_place(("norm", 1, "ffn_norm"))
    after = session.analysis
    assert after.place.place == ("norm", 1, "ffn_norm") and after.place.fit is not None
    assert after.strip is before.strip and after.base_depth is before.base_depth
    assert np.array_equal(after.place.matrix, after.trace.norm(1, "ffn_norm").input)
    assert session.undo_stack.count() == 0


def test_ctrl_z_in_the_model_tab_undoes_its_steps_and_elsewhere_the_documents(qtbot):
    from PySide6.QtGui import QUndoCommand, QUndoStack
    from PySide6.QtWidgets import QDockWidget, QLineEdit, QMainWindow, QTabWidget, QVBoxLayout, QWidget

    from app.window.undo_routing import UndoRouting

    window = QMainWindow()
    qtbot.addWidget(window)
    tabs, plots, model_tab = QTabWidget(), QWidget(), QWidget()
    text = QLineEdit(model_tab)  # the Model tab's text box
    QVBoxLayout(model_tab).addWidget(text)
    tabs.addTab(plots, "Plots")
    tabs.addTab(model_tab, "Model")
    window.setCentralWidget(tabs)
    dock = QDockWidget()
    grid = QLineEdit()
    dock.setWidget(grid)
    window.addDockWidget(dock_area(), dock)
    document, model = QUndoStack(window), QUndoStack(window)
    routing = UndoRouting(window, document)
    routing.add(model_tab, model)
    assert routing.activeStack() is document
    tabs.setCurrentWidget(model_tab)
    window.show()
    text.setFocus()
    qtbot.waitUntil(lambda: text.hasFocus())
    assert routing.activeStack() is model  # working in the Model tab: its own steps
    grid.setFocus()
    qtbot.waitUntil(lambda: grid.hasFocus())
    assert routing.activeStack() is document  # the token grid beside the Model tab: its own edits
    model.push(QUndoCommand("what-if"))
    assert routing.activeStack() is model  # the stack that took the last gesture


def dock_area():
    from PySide6.QtCore import Qt

    return Qt.DockWidgetArea.LeftDockWidgetArea


def test_the_headless_export_draws_the_analysis_the_window_shows(session, qtbot, tmp_path, monkeypatch):
    import argparse

    from app.headless import model_export
    from engine.models.analysis import loudest_norm
    from widgets.models import model_figures

    drawn = []
    draw = model_figures.draw_analysis
    monkeypatch.setattr(model_figures, "draw_analysis", lambda *views: drawn.append(views[-1]) or draw(*views))
    args = argparse.Namespace(model=TINY, text="Hi there", out=str(tmp_path), format="png", session=None, matrix=None,
                              gamma=None, beta=None, norm=None, placement=None, eps=None, layers=None,
                              freeze_norms=["final"], zero_dim=None)
    monkeypatch.setattr(model_export, "figure_options", lambda _args: None)
    assert model_export.run_model_export(args) == 0
    exported = drawn[0]
    session.choose_place(loudest_norm(session.analysis.trace))
    window = session.analysis
    assert exported.text == window.text and exported.tokens == window.tokens and exported.model_name == window.model_name
    assert exported.places == window.places and exported.place.place == window.place.place
    for field in ("rms", "max_abs", "max_dim"):
        assert np.array_equal(getattr(exported.base_depth, field), getattr(window.base_depth, field))
    assert np.array_equal(exported.strip.strip, window.strip.strip)
    assert exported.strip.outliers == window.strip.outliers and exported.strip.outlying == window.strip.outlying
    assert exported.next_base == window.next_base and exported.next_edited is None is window.next_edited
    assert exported.place.fit.tanh_r2 == window.place.fit.tanh_r2
    assert np.array_equal(exported.place.fit.x, window.place.fit.x)
    assert np.array_equal(exported.attention, window.attention) and exported.loss == window.loss
    assert (tmp_path / "model_norm_fit.png").stat().st_size > 1000 and (tmp_path / "model_sinks.png").exists()
    with open(tmp_path / "model_loss.csv", encoding="utf-8") as table:  # the table's base row is the tab's loss
        assert float(table.read().splitlines()[1].split(",")[1]) == pytest.approx(window.loss, rel=1e-12)


def test_the_page_follows_an_undone_text_and_its_undo_button_takes_back_each_step(qtbot):
    from tests.model_fixtures import model_page

    page = model_page(qtbot)
    page.text.setText("Hi there")
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(TINY)
    assert not page.undo_button.isEnabled()  # the first run of a model is no step
    page.text.setText("a new sentence")
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.run_button.click()
    labels = [label for label, _ in page.token_table.cells()]
    assert labels == list(page.source.model.tokenizer.encode("a new sentence").labels)
    qtbot.waitUntil(page.undo_button.isEnabled)
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.undo_button.click()
    assert page.text.text() == "Hi there" and page.analysis.text == "Hi there"
    assert [label for label, _ in page.token_table.cells()] == list(page.source.model.tokenizer.encode("Hi there").labels)
    assert not page.undo_button.isEnabled()


def test_the_windows_undo_action_undoes_the_model_tabs_step_while_the_tab_is_shown(window, qtbot):
    from PySide6.QtGui import QAction

    lazy = window.tabs.widget(window.tabs.count() - 1)  # the Model tab
    page = window.show_tab(lazy)
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(TINY)
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.source.apply(ZeroHidden(1, 3))
    qtbot.waitUntil(lambda: not page.source.busy)
    document_steps = window.document.undo_stack.index()
    page.text.setFocus()  # working in the Model tab
    qtbot.waitUntil(page.text.hasFocus)
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        window.findChild(QAction, "undo").trigger()
    assert page.analysis.edits == () and window.document.undo_stack.index() == document_steps
    window.tabs.setCurrentIndex(0)  # the Plots tab: the focus leaves the hidden tab, Undo is the document's again
    qtbot.waitUntil(lambda: window.undo_routing.activeStack() is window.document.undo_stack)
    assert window.findChild(QAction, "undo").isEnabled() == window.document.undo_stack.canUndo()


def test_a_frozen_norm_what_if_carries_its_loss_change_and_each_what_if_is_costed_alone(session, qtbot):
    from engine.models.interventions import intervention_costs, parse_freeze_norms

    session.choose_place(("norm", None, "final_norm"))
    freeze = session.analysis.place.freeze
    assert freeze is not None and freeze.norm == "final_norm"
    session.apply(freeze)
    settle(session, qtbot)
    analysis = session.analysis
    model, base = session.model, analysis.base
    exported = intervention_costs(model, base, (parse_freeze_norms("final", model.spec.layers),))
    assert analysis.loss == exported[0].loss and analysis.edited_loss == pytest.approx(exported[1].loss, rel=1e-12)
    session.apply(ZeroHidden(1, 3))
    settle(session, qtbot)
    rows = session.analysis.costs
    assert [row.label for row in rows] == ["base", "freeze-norm final_norm", "zero-dim 1:3", "all what-ifs"]
    assert rows[1].loss == analysis.edited_loss  # costed once, kept for the next what-if
    assert rows[3].loss == session.analysis.edited_loss and rows[2].delta == rows[2].loss - rows[0].loss
    assert session.analysis.attention.shape == (2, 4, 3)


def test_freezing_each_block_in_turn_gives_a_row_per_block_and_a_new_text_drops_it(session, qtbot):
    with qtbot.waitSignal(session.blockCosts, timeout=30_000) as done:
        session.cost_frozen_blocks()
    labels = [row.label for row in done.args[0]]
    assert labels == ["base", "freeze-norms final", "freeze-norms 0", "freeze-norms 1"]
    assert done.args[0][0].loss == session.analysis.loss
    seen = []
    session.blockCosts.connect(seen.append)
    session.set_text("a new text, its run on the way")
    session.cost_frozen_blocks()  # asked for while the last text is still the one shown: costed on its run
    settle(session, qtbot)
    assert session.analysis.text == "a new text, its run on the way"
    assert seen == []  # those rows were the last text's: never shown beside the new one


def test_the_page_shows_the_sink_map_and_the_loss_table_of_a_language_model(qtbot):
    from tests.model_fixtures import model_page

    page = model_page(qtbot)
    page.text.setText("Hi there")
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(TINY)
    assert page.sink_view.shown_image() is not None and "model_sinks" in page.figures()
    assert page.loss_table.isVisibleTo(page) and page.loss_table.cells()[0][0] == "base"
    assert "next-token loss over the text" in page.effect_label.text()
    page.choose_place(("norm", 1, "ffn_norm"))
    page.action.setCurrentIndex(page.action.findData("freeze_norm"))
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.apply_button.click()
    assert [row[0] for row in page.loss_table.cells()] == ["base", "freeze-norm 1:ffn_norm"]
    assert "after the what-ifs (Δ" in page.effect_label.text()
    with qtbot.waitSignal(page.source.blockCosts, timeout=30_000):
        page.freeze_blocks_button.click()
    assert [row[0] for row in page.loss_table.cells()][2:] == ["freeze-norms final", "freeze-norms 0", "freeze-norms 1"]
