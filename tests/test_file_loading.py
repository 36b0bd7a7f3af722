"""Hostile files through File → Open / Import and the headless export; loads on a worker that cancel."""

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QPushButton

from widgets.common.background_work import run_in_background
from app.cli import main
from engine.files import io as nsio
from engine.files.bounded_read import Cancelled
from tests import hostile_files

pytestmark = pytest.mark.window(shown=False)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    return folder, hostile_files.build(folder)


@pytest.fixture(autouse=True)  # before the window is built, as the window fixture here once asked for it
def warnings_shown(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    return shown


def _open(window, path: Path, kind: str) -> bool:
    if kind == "matrix":
        return window.files.imports.import_matrix(path)
    if kind == "vector":
        return window.files.imports.import_vector(path, "gamma")
    return window.files.sessions.open_session(path)


def test_every_hostile_file_is_refused_by_the_file_actions_and_changes_nothing(window, corpus, warnings_shown):
    folder, cases = corpus
    before, steps = window.document.scenario, window.document.undo_stack.count()
    for name, kind, message in cases:
        assert not _open(window, folder / name, kind), name
        assert window.document.scenario is before and window.document.undo_stack.count() == steps
        assert warnings_shown[-1].startswith(name) and re.search(message, warnings_shown[-1]), warnings_shown[-1]
    assert len(warnings_shown) == len(cases)


def _press_cancel(dialog: QProgressDialog) -> None:
    dialog.findChild(QPushButton).click()  # as a person does (QProgressDialog.cancel() emits nothing)


def _slow_csv_parse(monkeypatch, heard: threading.Event):
    """Make the CSV parse report half done (60 % of the load) and wait (up to 10 s) for the load to be cancelled."""
    real = nsio.parse_lines

    def slow(lines, sep, progress=None, **options):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            progress(0.5)  # raises Cancelled once Cancel was pressed
            heard.set()
            time.sleep(0.005)
        return real(lines, sep, progress=progress, **options)

    monkeypatch.setattr(nsio, "parse_lines", slow)


def test_cancelling_an_import_leaves_the_session_untouched(window, tmp_path, qtbot, monkeypatch):
    path = tmp_path / "m.csv"
    path.write_text("1,2,3,4\n5,6,7,8\n", encoding="utf-8")
    heard = threading.Event()
    _slow_csv_parse(monkeypatch, heard)
    before, steps = window.document.scenario, window.document.undo_stack.count()
    ticks = []
    timer = QTimer(window, interval=10, timeout=lambda: ticks.append(time.monotonic()))
    timer.start()

    def cancel_once_loading():
        dialog = window.findChild(QProgressDialog)
        if heard.is_set() and dialog is not None and dialog.value() >= 50 and len(ticks) > 5:
            _press_cancel(dialog)
        else:
            QTimer.singleShot(10, cancel_once_loading)

    QTimer.singleShot(0, cancel_once_loading)
    assert not window.files.imports.import_matrix(path)
    timer.stop()
    assert window.document.scenario is before and window.document.undo_stack.count() == steps
    assert "cancelled" in window.statusBar().currentMessage()
    assert len(ticks) > 5  # the window's timers kept running while the file was read


def _slow_block_parse(monkeypatch, heard: threading.Event):
    """Make a block parse report half done and wait (up to 10 s) to be cancelled."""
    from engine.files import table_text

    real = table_text.parse_lines

    def slow(lines, sep, dtype="float64", progress=None, **options):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and progress is not None:
            progress(0.5)
            heard.set()
            time.sleep(0.005)
        return real(lines, sep, dtype, progress=progress, **options)

    monkeypatch.setattr(table_text, "parse_lines", slow)


def _when_loading(window, heard: threading.Event, then) -> None:
    """Call ``then(dialog)`` once a load for ``window`` is under way."""
    def check():
        dialog = window.findChild(QProgressDialog)
        if heard.is_set() and dialog is not None and dialog.value() >= 50:
            then(dialog)
        else:
            QTimer.singleShot(10, check)

    QTimer.singleShot(0, check)


def test_a_big_paste_is_parsed_on_the_worker_and_lands_as_one_undo_step(window, monkeypatch):
    from widgets.editors import matrix_view

    monkeypatch.setattr(matrix_view, "BACKGROUND_PASTE_CHARS", 4)
    grid = window.token_grid
    grid.setCurrentIndex(grid.model().index(1, 1))
    steps = window.document.undo_stack.count()
    assert grid.paste_text("−1.5\t2\n3\t4")
    assert window.document.scenario.matrix[1:3, 1:3].tolist() == [[-1.5, 2], [3, 4]]
    assert window.document.undo_stack.count() == steps + 1


def test_cancelling_a_big_paste_changes_no_cell(window, monkeypatch):
    from widgets.editors import matrix_view

    monkeypatch.setattr(matrix_view, "BACKGROUND_PASTE_CHARS", 4)
    heard = threading.Event()
    _slow_block_parse(monkeypatch, heard)
    before, steps = window.document.scenario, window.document.undo_stack.count()
    _when_loading(window, heard, _press_cancel)
    assert not window.token_grid.paste_text("1\t2\n3\t4")
    assert window.document.scenario is before and window.document.undo_stack.count() == steps


def test_closing_the_window_is_held_back_while_a_file_loads(window, tmp_path, monkeypatch, qtbot):
    window.show()
    qtbot.waitExposed(window)
    path = tmp_path / "m.csv"
    path.write_text("1,2,3,4\n", encoding="utf-8")
    heard = threading.Event()
    _slow_csv_parse(monkeypatch, heard)
    _when_loading(window, heard, lambda dialog: (window.close(), _press_cancel(dialog)))
    assert not window.files.imports.import_matrix(path)
    assert window.isVisible()  # the close came while the file loaded: swallowed, not half-applied
    window.close()
    assert not window.isVisible()


def test_input_to_the_window_and_its_shortcuts_is_swallowed_but_the_dialog_hears_its_own(window):
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QAction, QKeyEvent

    from widgets.common.background_work import _InputBlocker

    dialog = QProgressDialog(window)
    blocker = _InputBlocker(window)
    key = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_7, Qt.KeyboardModifier.NoModifier, "7")
    assert blocker.eventFilter(window.token_grid, key)
    assert not blocker.eventFilter(dialog.findChild(QPushButton), key)
    assert blocker.eventFilter(QAction(window), QEvent(QEvent.Type.Shortcut))
    assert not blocker.eventFilter(window.token_grid, QEvent(QEvent.Type.Paint))


def test_a_load_returns_its_value_and_raises_its_problem_on_the_ui_thread(window):
    assert run_in_background(window, "x", lambda progress: (progress(0.5), 42)[1]) == 42
    with pytest.raises(ValueError, match="boom"):
        run_in_background(window, "x", lambda progress: (_ for _ in ()).throw(ValueError("boom")))


def test_cancel_reaches_the_loader_as_cancelled(window, qtbot):
    def job(progress):
        for i in range(1000):
            progress(i / 1000)
            time.sleep(0.002)
        return "finished"

    QTimer.singleShot(50, lambda: _press_cancel(window.findChild(QProgressDialog)))
    with pytest.raises(Cancelled):
        run_in_background(window, "x", job)


# --- the headless export -----------------------------------------------------------------------


def test_every_hostile_file_makes_the_export_exit_2_with_one_line(corpus, tmp_path, capsys):
    folder, cases = corpus
    for name, kind, message in cases:
        option = {"matrix": "--matrix", "vector": "--gamma", "session": "--session"}[kind]
        assert main(["export", option, str(folder / name), "--out", str(tmp_path / "out")]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("normscope export: ") and re.search(message, err), err


@pytest.mark.parametrize("name, option", [("fifo.csv", "--matrix"), ("random.normscope.json", "--session"),
                                          ("zip-bomb.npz", "--matrix"), ("deep.normscope.json", "--session")])
def test_the_export_process_exits_2_at_once_on_a_fifo_a_device_a_bomb_and_deep_json(corpus, tmp_path, name, option):
    folder, _ = corpus
    run = subprocess.run([sys.executable, "main.py", "export", option, str(folder / name), "--out", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr


@pytest.mark.slow
def test_every_hostile_file_makes_the_export_process_exit_2_with_one_line(corpus, tmp_path):
    folder, cases = corpus
    runs = []
    for name, kind, message in cases:  # started together: two cores, forty-odd processes
        option = {"matrix": "--matrix", "vector": "--gamma", "session": "--session"}[kind]
        runs.append((name, message, subprocess.Popen(
            [sys.executable, "main.py", "export", option, str(folder / name), "--out", str(tmp_path / name)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})))
    for name, message, run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 2 and err.count("\n") == 1 and re.search(message, err), (name, err)
