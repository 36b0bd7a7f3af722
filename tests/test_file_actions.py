"""The File menu's operations in the window: sessions, imports, exports, drag-and-drop, autosave."""

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QColor, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QMessageBox

from app.window.main_window import MainWindow
from engine.results.compute import compute
from engine.setup.presets import load_preset

pytestmark = pytest.mark.window(shown=False)


@pytest.fixture(autouse=True)  # before the window is built, as the window fixture here once asked for it
def warnings_shown(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    return shown


def test_saved_session_reopens_identically(window, tmp_path, qtbot, settings):
    window.document.set_setting("norm", "rms")
    model = window.token_grid.model()
    model.setData(model.index(0, 0), "1.25")
    path = tmp_path / "lesson.normscope.json"
    assert window.files.sessions.save_session(path)
    before = window.document.result
    other = MainWindow("apple", settings)
    qtbot.addWidget(other)
    assert other.files.sessions.open_session(path)
    other.document.wait_until_idle()
    assert other.document.scenario == window.document.scenario
    assert compute(other.document.scenario) == before
    assert str(path.resolve()) == other.files.recent.recent_files()[0]


def test_opening_a_session_is_undoable(window, tmp_path):
    path = tmp_path / "a.normscope.json"
    (tmp_path / "a.normscope.json").write_text(
        __import__("engine.state.session", fromlist=["x"]).session_json(load_preset("apple")), encoding="utf-8")
    assert window.files.sessions.open_session(path)
    assert window.document.scenario.labels[0] == "我"
    window.document.undo_stack.undo()
    assert window.document.scenario.labels[0] == "今天"


@pytest.mark.parametrize("content", ["", "{not json", '{"format": "other"}', "\x00\x01binary"])
def test_bad_session_leaves_the_work_untouched(window, tmp_path, warnings_shown, content):
    before = window.document.scenario
    path = tmp_path / "bad.normscope.json"
    path.write_text(content, encoding="utf-8")
    assert not window.files.sessions.open_session(path)
    assert window.document.scenario is before
    assert len(warnings_shown) == 1 and "bad.normscope.json" in warnings_shown[0]


def test_import_matrix_of_another_width_resets_gamma_beta(window, tmp_path):
    path = tmp_path / "m.csv"
    path.write_text("token,a,b\nx,1,2\ny,3,5\nz,0,1\n", encoding="utf-8")
    assert window.files.imports.import_matrix(path)
    s = window.document.scenario
    assert s.matrix.shape == (3, 2) and s.labels == ("x", "y", "z")
    np.testing.assert_array_equal(s.gamma, [1, 1])
    window.document.undo_stack.undo()
    assert window.document.scenario.matrix.shape == (6, 4)


def test_bad_matrix_file_is_refused_and_explained(window, tmp_path, warnings_shown):
    before = window.document.scenario
    path = tmp_path / "ragged.csv"
    path.write_text("1,2,3\n4,5\n")
    assert not window.files.imports.import_matrix(path)
    assert window.document.scenario is before
    assert "line 2" in warnings_shown[0]


def test_import_gamma_from_a_safetensors_tensor(window, tmp_path, warnings_shown):
    from safetensors.numpy import save_file

    path = tmp_path / "ln.safetensors"
    save_file({"ln.weight": np.full(4, 2.0, np.float32), "ln.bias": np.full(4, 0.5, np.float32)}, str(path))
    assert not window.files.imports.import_vector(path, "gamma")  # two fit: the user must choose
    assert "choose one of" in warnings_shown[0]
    assert window.files.imports.import_vector(path, "gamma", "ln.weight")
    assert window.files.imports.import_vector(path, "beta", "ln.bias")
    np.testing.assert_array_equal(window.document.scenario.gamma, [2, 2, 2, 2])
    np.testing.assert_array_equal(window.document.scenario.beta, [0.5] * 4)


def test_export_tables_and_figures(window, tmp_path, qtbot):
    window.resize(1400, 860)
    window.show()
    qtbot.waitExposed(window)
    for suffix in (".csv", ".md", ".tex"):
        assert window.files.tables.export_table("row_stats", tmp_path / f"stats{suffix}")
    assert "西安" in (tmp_path / "stats.md").read_text(encoding="utf-8")
    from widgets.plotkit.figure_export import FigureOptions

    for suffix in (".png", ".svg", ".pdf"):
        assert window.files.figures.export_figure("depth", tmp_path / f"depth{suffix}", FigureOptions(dpi=288))
    from PySide6.QtGui import QImage

    assert QImage(str(tmp_path / "depth.png")).width() == 3 * window.depth_plot.plot.width()
    assert window.files.figures.export_figure("window", tmp_path / "window.png", FigureOptions(dpi=96))
    assert window.files.tables.export_matrix(tmp_path / "m.npz")


def test_copy_table_as_markdown_and_latex(window):
    window.files.tables.copy_table("row_stats", ".md")
    assert "| 西安 | -0.379 |" in QGuiApplication.clipboard().text()
    window.files.tables.copy_table("row_stats", ".tex")
    assert "\\begin{tabular}" in QGuiApplication.clipboard().text()


def test_dropping_a_matrix_file_imports_it(window, tmp_path):
    path = tmp_path / "dropped.csv"
    path.write_text("1,2,3,4\n5,6,7,9\n")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert window.document.scenario.matrix.shape == (2, 4)


def test_autosave_is_written_after_edits_and_offered_after_a_crash(qtbot, settings, monkeypatch):
    import os
    import subprocess
    import sys
    from pathlib import Path

    # Another NormScope edits, autosaves and dies without closing its window.
    crash = ("import os; from PySide6.QtCore import QSettings; from PySide6.QtWidgets import QApplication; "
             "app = QApplication([]); from app.window.main_window import MainWindow; "
             f"w = MainWindow('xian', QSettings({settings.fileName()!r}, QSettings.Format.IniFormat)); "
             "w.document.set_setting('layers', 5); w.autosave.save_now(); w.autosave.wait(); os._exit(1)")
    subprocess.run([sys.executable, "-c", crash], check=False, timeout=120, cwd=Path(__file__).resolve().parents[1],
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    second = MainWindow("xian", settings)
    qtbot.addWidget(second)
    assert second.autosave.has_recovery()  # its lock went stale with its process
    second.unsaved.offer_recovery()
    assert second.document.scenario.layers == 5
    second.document.undo_stack.setClean()  # as after saving the session
    second.close()
    assert not second.autosave.has_recovery()


def test_two_windows_open_at_once_keep_their_autosaves_apart(qtbot, settings, monkeypatch):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.document.set_setting("layers", 5)
    first.autosave.save_now()
    first.autosave.wait()
    second = MainWindow("xian", QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.autosave.path != first.autosave.path
    assert not second.autosave.has_recovery()  # the first one's work is live, not left behind
    second.document.set_setting("norm", "rms")
    second.close()  # unsaved: kept for the next start...
    assert second.autosave.has_recovery() and first.autosave.has_recovery()  # ...and the first's untouched
    first.document.undo_stack.setClean()
    first.close()
    assert not first.autosave.has_recovery() and second.autosave.has_recovery()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    third = MainWindow("xian", QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(third)
    third.unsaved.offer_recovery()  # the work the second window left behind, though it sits in a later slot
    assert third.document.scenario.norm == "rms"


def test_closing_with_unsaved_edits_keeps_them_for_the_next_start(qtbot, settings, monkeypatch):
    first = MainWindow("xian", settings)
    qtbot.addWidget(first)
    first.document.set_setting("norm", "rms")
    first.close()
    assert first.autosave.has_recovery()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    second = MainWindow("xian", QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.unsaved.offer_recovery()
    assert not second.autosave.has_recovery()  # declined: not asked again


def test_failed_autosave_is_reported_not_raised(window, tmp_path, qtbot):
    window.autosave.path = tmp_path / "missing" / "file.npz"
    (tmp_path / "missing").write_text("a file where the folder should be")
    with qtbot.waitSignal(window.autosave.failed, timeout=5000):
        window.autosave.save_now()
    window.autosave.wait()


def test_the_file_menu_names_the_session_suffix_of_engine_session():
    # app.window.file_actions repeats the suffix so that engine.state.session is not imported at start-up.
    from app.window import file_actions
    from engine.state import session

    assert file_actions.SUFFIX == session.SUFFIX


def test_refused_files_and_settings_are_explained_in_the_ui_language(window, tmp_path, warnings_shown):
    window.set_language("zh_CN")
    try:
        ragged = tmp_path / "ragged.csv"
        ragged.write_text("1,2,3\n4,5\n", encoding="utf-8")
        assert not window.files.imports.import_matrix(ragged)
        assert warnings_shown[-1] == "ragged.csv：第 2 行有 2 个值，而第 1 行有 3 个：数据必须是矩形的"
        bad_cell = tmp_path / "cell.csv"
        bad_cell.write_text("1,2\n3,x\n", encoding="utf-8")
        assert not window.files.imports.import_matrix(bad_cell)
        assert warnings_shown[-1] == "cell.csv：第 2 行第 2 列：「x」不是数（请输入数字 0-9、“.”、“e” 和正负号）"  # a problem inside a problem
        session = tmp_path / "old.normscope.json"
        session.write_text('{"format": "normscope-session", "version": 1, "scenario": {}}', encoding="utf-8")
        assert not window.files.sessions.open_session(session)
        assert warnings_shown[-1].startswith("old.normscope.json：缺少字段：")
        assert not window.document.set_setting("heads", 3)
        assert "3 个头不能整除 d = 4" in window.statusBar().currentMessage()
    finally:
        window.set_language("en")
    assert not window.files.imports.import_matrix(ragged)
    assert warnings_shown[-1].startswith("ragged.csv: line 2 has 2 values but line 1 has 3")


def test_autosave_turns_off_and_says_so_when_every_slot_is_taken(qtbot, settings, answer_dialog):
    from pathlib import Path

    from app.window.autosave import SLOTS, claim_snapshot

    folder = Path(settings.fileName()).resolve().parent
    held = [claim_snapshot(folder) for _ in range(SLOTS)]  # as many NormScopes running
    assert all(lock is not None for lock, _ in held)
    window = MainWindow("xian", QSettings(settings.fileName(), QSettings.Format.IniFormat))
    window.ask_before_discarding = True  # as on a real screen: offscreen windows never ask
    qtbot.addWidget(window)
    assert window.autosave.path is None and not window.autosave.has_recovery()
    assert "Autosave is off" in window.statusBar().currentMessage()
    window.document.set_setting("layers", 5)
    window.autosave.save_now()  # nothing to write to, and no error either
    asked = answer_dialog("Close anyway")  # the edits can't be kept for the next start: asked first
    assert window.close()
    assert asked and "could not be autosaved" in asked[0]
    for lock, _ in held:
        lock.unlock()


def test_a_plot_copies_to_the_clipboard_as_an_image_for_slides(window):
    window.resize(1400, 860)
    window.show()
    window.files.figures.copy_figure("depth", scale=2.0)
    image = QGuiApplication.clipboard().image()
    plot = window.depth_plot.plot  # the plot only, without the log-scale check box
    assert (image.width(), image.height()) == (2 * plot.width(), 2 * plot.height())
    assert QColor(image.pixel(4, 4)) == QColor("white")  # as an exported PNG
    assert "Copied" in window.statusBar().currentMessage()


def test_title_names_the_file_and_marks_unsaved_edits(window, tmp_path):
    assert not window.isWindowModified() and "今天西安" in window.windowTitle()
    window.document.set_setting("layers", 4)
    assert window.isWindowModified() and window.windowTitle().endswith("[*]")
    window.document.undo_stack.undo()
    assert not window.isWindowModified()  # back where it started: nothing to save
    window.document.set_setting("layers", 4)
    assert window.files.sessions.save_session(tmp_path / "lesson")
    assert "lesson.normscope.json" in window.windowTitle() and not window.isWindowModified()
    assert window.files.sessions.save_session(tmp_path / "renamed.normscope.json")  # Save As while clean
    assert "renamed.normscope.json" in window.windowTitle()
    window.load_preset("apple")
    assert window.isWindowModified()
    assert window.files.sessions.open_session(tmp_path / "lesson.normscope.json")
    assert "lesson.normscope.json" in window.windowTitle() and not window.isWindowModified()


def answer_close_with(monkeypatch, button):
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: asked.append(args) or button)
    return asked


def test_closing_with_unsaved_edits_can_be_cancelled(window, monkeypatch):
    window.ask_before_discarding = True
    window.show()
    window.document.set_setting("layers", 4)
    asked = answer_close_with(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert asked and window.isVisible() and window.document.scenario.layers == 4
    window.ask_before_discarding = False
    assert window.close()  # a window left open would catch later tests' mouse events


def test_closing_with_discard_leaves_no_work_to_restore(window, monkeypatch, settings, qtbot):
    window.ask_before_discarding = True
    window.document.set_setting("layers", 4)
    answer_close_with(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.close()
    again = MainWindow("xian", QSettings(settings.fileName(), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert not again.autosave.has_recovery()


def test_closing_with_save_writes_the_session_first(window, monkeypatch, tmp_path):
    window.ask_before_discarding = True
    path = tmp_path / "lesson.normscope.json"
    assert window.files.sessions.save_session(path)
    window.document.set_setting("layers", 4)
    answer_close_with(monkeypatch, QMessageBox.StandardButton.Save)
    assert window.close()
    assert '"layers": 4' in path.read_text(encoding="utf-8")


def test_closing_a_clean_window_asks_nothing(window, monkeypatch):
    window.ask_before_discarding = True
    asked = answer_close_with(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert window.close() and not asked


def test_a_csv_table_export_streams_rather_than_holding_the_whole_text(window, tmp_path):
    """File → Export table as CSV writes a block of rows at a time: the traced peak while writing a
    4096 × 1024 normalized matrix (46 MB of text) stays under its text's size: a block's work arrays (the
    in-memory way held the text three times over)."""
    import tracemalloc

    import numpy as np

    from engine.setup.scenario import Scenario

    rng = np.random.default_rng(0)
    window.document.load_scenario(Scenario(rng.standard_normal((4096, 1024)).astype(np.float32)), "wide")
    assert window.document.wait_until_idle()
    # The export runs on a worker while the window's events flow: the autosave the load started would
    # write the session in the middle of the measure.
    window.autosave.save_now()
    window.autosave.wait()
    path = tmp_path / "normalized.csv"
    tracemalloc.start()
    try:
        assert window.files.tables.export_table("normalized", path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    size = path.stat().st_size
    assert size > 40_000_000 and peak < size / 1.5, (size, peak)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 4097


def test_a_table_export_cancelled_writes_no_file_and_keeps_the_old_one(window, tmp_path, monkeypatch):
    """A large table is written on a worker with a progress dialog; Cancel stops it, the file that was
    there stays as it was and no temporary file is left beside it."""
    import time

    import numpy as np
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QProgressDialog, QPushButton

    from engine.files import tables
    from engine.setup.scenario import Scenario

    window.document.load_scenario(Scenario(np.ones((2048, 64), np.float32)), "tall")
    assert window.document.wait_until_idle()
    real = tables._labelled_rows
    monkeypatch.setattr(tables, "_BLOCK_CELLS", 64 * 16)  # 128 blocks of 16 rows
    monkeypatch.setattr(tables, "_labelled_rows", lambda labels, values: (time.sleep(0.02), real(labels, values))[1])
    (tmp_path / "out").mkdir()
    path = tmp_path / "out" / "normalized.csv"
    path.write_text("the old table\n", encoding="utf-8")

    def cancel_once_shown():
        dialog = window.findChild(QProgressDialog)
        if dialog is not None and dialog.isVisible() and dialog.value() > 0:
            dialog.findChild(QPushButton).click()
        else:
            QTimer.singleShot(10, cancel_once_shown)

    QTimer.singleShot(0, cancel_once_shown)
    assert not window.files.tables.export_table("normalized", path)
    assert path.read_text(encoding="utf-8") == "the old table\n"
    assert [p.name for p in path.parent.iterdir()] == ["normalized.csv"]
    assert "cancelled" in window.statusBar().currentMessage()


def test_write_csv_reports_its_progress_by_blocks_of_rows(monkeypatch):
    import io

    import numpy as np

    from engine.files import tables
    from engine.files.tables import LabelledRows, Table, write_csv

    monkeypatch.setattr(tables, "_BLOCK_CELLS", 4 * 3)  # three rows of four a block
    table = Table("t", ("token", "a", "b", "c", "d"), LabelledRows(tuple("abcdefg"), np.zeros((7, 4), np.float32)))
    heard = []
    write_csv(table, io.BytesIO(), progress=heard.append)
    assert heard == [3 / 7, 6 / 7, 1.0]


def test_a_table_export_onto_a_folder_says_why_without_the_temporary_name(window, tmp_path, warnings_shown):
    (tmp_path / "taken.csv").mkdir()
    assert not window.files.tables.export_table("row_stats", tmp_path / "taken.csv")
    assert warnings_shown == ["taken.csv could not be saved: Is a directory"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary file left
