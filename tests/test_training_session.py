"""The Training tab's owner without a window: runs saved and restored through it (a session file and an
autosave snapshot), the unsaved-runs flag, stop and Clear, undo of removing a run, reports of a removed
run ignored; the page wired to a fake source; Edit → Undo following the area worked in."""

import numpy as np
import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QLineEdit, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from app.window.autosave import Autosave
from app.window.document import Document
from app.window.file_dialogs import FileDialogs
from app.window.recent_files import RecentFiles
from app.window.session_files import SessionFiles
from app.window.training_session import TrainingSession
from engine.setup.presets import load_preset
from engine.training.settings import TrainSettings
from widgets.training.training_source import BROUGHT_BACK, FROM_SESSION, NO_RUN, STILL_TRAINING

TINY = dict(layers=1, width=16, heads=2, batch=2, seq=8, data="reverse", val_every=5)


class Shell(QMainWindow):
    """The little of a main window the session files use: a document and a status bar."""

    dark = False

    def __init__(self):
        super().__init__()
        self.document = Document(load_preset("xian"), self)


@pytest.fixture
def session(qtbot):
    owner = TrainingSession()
    yield owner
    owner.shutdown()


def trained(owner: TrainingSession, qtbot, steps: int = 12, **changes) -> list[int]:
    ids = owner.start_runs([TrainSettings(steps=steps, **{**TINY, **changes})])
    qtbot.waitUntil(lambda: not owner.running(), timeout=20_000)
    return ids


def session_files(qtbot, settings, owner: TrainingSession) -> tuple[Shell, SessionFiles]:
    shell = Shell()
    qtbot.addWidget(shell)
    dialogs = FileDialogs(shell, settings)
    return shell, SessionFiles(dialogs, RecentFiles(settings, shell), owner)


def test_runs_go_into_a_session_file_and_come_back_through_a_new_owner(session, qtbot, settings, tmp_path):
    trained(session, qtbot)
    trained(session, qtbot, seed=1)
    _, files = session_files(qtbot, settings, session)
    assert session.unsaved
    assert files.save_session(tmp_path / "runs")
    assert not session.unsaved
    other = TrainingSession()
    _, other_files = session_files(qtbot, settings, other)
    other.start_runs([TrainSettings(steps=3, **TINY)])  # replaced by the file's runs
    assert other_files.open_session(tmp_path / "runs.normscope.json")
    assert not other.unsaved and not other.running()
    back = list(other.runs().values())
    assert [r.settings for r in back] == [r.settings for r in session.runs().values()]
    for mine, theirs in zip(session.run_records(), back):
        np.testing.assert_allclose(theirs.history.loss[:12], mine.history.loss[:12], rtol=5e-7)
    assert other.sample_refusal(next(iter(other.runs()))) == FROM_SESSION


def test_runs_go_into_an_autosave_snapshot_and_come_back_unsaved(session, qtbot, settings, tmp_path):
    trained(session, qtbot, steps=7)
    shell = Shell()
    qtbot.addWidget(shell)
    autosave = Autosave(shell.document, tmp_path / "snapshots", shell, training=session)
    autosave.save_now()
    autosave.wait()
    autosave.release()  # as after a crash: the snapshot is left behind
    other, next_start = TrainingSession(), Shell()
    qtbot.addWidget(next_start)
    again = Autosave(next_start.document, tmp_path / "snapshots", next_start, training=other)
    assert again.has_recovery() and again.restore() is None
    assert [r.history.count for r in other.run_records()] == [7]
    assert other.unsaved  # no session file holds them
    np.testing.assert_allclose(other.run_records()[0].history.loss[:7], session.run_records()[0].history.loss[:7],
                               rtol=1e-6)


def test_the_unsaved_flag_follows_every_change_of_the_runs(session, qtbot):
    seen = []
    session.unsavedChanged.connect(seen.append)
    (run_id,) = trained(session, qtbot)
    assert session.unsaved and seen == [True]
    session.mark_saved()
    session.remove_run(run_id)
    assert session.unsaved
    session.mark_saved()
    session.undo_stack.undo()
    assert session.unsaved
    session.load_runs(session.run_records())
    assert not session.unsaved and seen == [True, False, True, False, True, False]


def test_stop_keeps_the_steps_so_far_and_clear_stops_and_forgets(session, qtbot):
    (run_id,) = session.start_runs([TrainSettings(steps=100_000, **TINY)])
    qtbot.waitUntil(lambda: session.runs()[run_id].history.count >= 3, timeout=20_000)
    assert session.sample_refusal(run_id) == STILL_TRAINING
    session.stop()
    qtbot.waitUntil(lambda: not session.running(), timeout=10_000)
    done = session.runs()[run_id].history.count
    assert 3 <= done < 100_000 and session.sample_refusal(run_id) is None  # stopped: its model can be sampled
    session.start_runs([TrainSettings(steps=100_000, seed=1, **TINY)])
    assert session.running()
    session.clear()
    assert not session.running() and not session.runs() and session.progress().planned == 0
    session.undo_stack.undo()  # Clear is undone: the curves come back, not the models
    assert list(session.runs()) == [run_id, run_id + 1]
    assert session.runs()[run_id].history.count == done
    assert session.sample_refusal(run_id) == BROUGHT_BACK
    session.undo_stack.redo()
    assert not session.runs() and session.sample_refusal(run_id) == NO_RUN


def test_removing_a_run_is_one_undo_step_that_puts_it_back_in_its_place(session, qtbot):
    ids = session.start_runs([TrainSettings(steps=4, seed=seed, **TINY) for seed in range(3)])
    qtbot.waitUntil(lambda: not session.running(), timeout=20_000)
    changes = []
    session.runsChanged.connect(changes.append)
    session.remove_run(ids[1])
    assert list(session.runs()) == [ids[0], ids[2]] and session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert list(session.runs()) == ids
    assert [r.settings.seed for r in session.runs().values()] == [0, 1, 2]
    assert changes == ["removed", "restored"]


def test_steps_reported_after_a_run_was_removed_never_reach_it(session, qtbot):
    (run_id, other) = session.start_runs([TrainSettings(steps=100_000, seed=s, **TINY) for s in (0, 1)])
    qtbot.waitUntil(lambda: session.runs()[run_id].history.count >= 2, timeout=20_000)
    session.remove_run(run_id)
    session.undo_stack.undo()
    held = session.runs()[run_id].history.count
    qtbot.waitUntil(lambda: session.runs()[other].history.count >= held + 3, timeout=20_000)  # the other goes on
    assert session.runs()[run_id].history.count == held


def test_a_run_refused_by_the_memory_budget_changes_nothing(session):
    from engine.problem import Problem

    with pytest.raises(Problem):
        session.start_runs([TrainSettings(**{**TINY, "layers": 12, "width": 64, "heads": 4, "batch": 16,
                                             "seq": 1024})])
    assert not session.runs() and not session.running() and not session.unsaved


# --- the page against a fake source ----------------------------------------------------------------


class FakeSource(QObject):
    """A TrainingSource holding fixed runs; it records the gestures it is given."""

    runsChanged, runsGrew, stateChanged = Signal(str), Signal(), Signal()
    trainingFailed, sampled, sampleFailed = Signal(object), Signal(int, object), Signal(int, object)

    def __init__(self, records):
        super().__init__()
        self._runs = dict(enumerate(records))
        self.calls = []

    def runs(self):
        return dict(self._runs)

    def remove_run(self, run_id):
        self.calls.append(("remove", run_id))

    def clear(self):
        self.calls.append(("clear",))

    def toggle_pause(self):
        self.calls.append(("pause",))

    def stop(self):
        self.calls.append(("stop",))

    def running(self):
        return False

    def paused(self):
        return False

    def progress(self):
        from widgets.training.training_source import TrainingProgress

        return TrainingProgress(0, 0, None)

    def sample_refusal(self, run_id):
        return FROM_SESSION if run_id in self._runs else NO_RUN


def test_the_page_draws_the_sources_runs_and_forwards_remove_and_clear(qtbot, session):
    from engine.training.run_curves import training_curves
    from widgets.training.training_page import TrainingPage

    trained(session, qtbot)
    trained(session, qtbot, seed=1)
    source = FakeSource(session.run_records())
    page = TrainingPage(source)
    qtbot.addWidget(page)
    assert page.run_choice.count() == 2 and "weights are not saved" in page.sample_button.toolTip()
    expected = training_curves(source.runs(), 0, page.plots.smoothing_steps())
    np.testing.assert_array_equal(page.plots.loss_plot.runs[1].curve.getData()[1], expected.losses[1].smoothed)
    page.run_choice.setCurrentIndex(1)
    page.remove_button.click()
    page.clear_button.click()
    assert source.calls == [("remove", 1), ("clear",)]
    source._runs.pop(1)
    source.runsChanged.emit("removed")
    assert page.run_choice.count() == 1 and list(page.plots.loss_plot.runs) == [0]  # the removed curve is gone


# --- Edit → Undo follows the area worked in ----------------------------------------------------------


def test_undo_acts_on_the_stack_of_the_tab_or_widget_worked_in(qtbot):
    from app.window.undo_routing import UndoRouting

    window = QMainWindow()
    qtbot.addWidget(window)
    central = QWidget()
    layout = QVBoxLayout(central)
    grid, tabs = QLineEdit(), QTabWidget()
    plots, training_tab = QWidget(), QWidget()
    button = QLineEdit(training_tab)
    tabs.addTab(plots, "Plots")
    tabs.addTab(training_tab, "Training")
    layout.addWidget(grid)
    layout.addWidget(tabs)
    window.setCentralWidget(central)
    document_stack, training_stack = QUndoStack(window), QUndoStack(window)
    routing = UndoRouting(window, document_stack)
    routing.add(training_tab, training_stack)
    window.show()
    window.activateWindow()  # focus moves only within the active window
    qtbot.waitUntil(window.isActiveWindow)
    grid.setFocus()
    qtbot.waitUntil(lambda: grid.hasFocus())
    assert routing.activeStack() is document_stack
    tabs.setCurrentWidget(training_tab)
    training_stack.push(QUndoCommand("remove a run"))  # a gesture there: its undo comes first
    assert routing.activeStack() is training_stack
    document_stack.push(QUndoCommand("an edit"))  # typed into the grid beside the Training tab
    assert routing.activeStack() is document_stack
    button.setFocus()
    qtbot.waitUntil(lambda: button.hasFocus())
    assert routing.activeStack() is training_stack  # worked in the Training tab again
    grid.setFocus()
    qtbot.waitUntil(lambda: grid.hasFocus())
    assert routing.activeStack() is document_stack
