"""Nothing on disk stops NormScope from starting: hostile or corrupt settings, damaged snapshots, a
read-only home, a full disk; and a full disk never loses edits silently."""

import errno
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings as hypothesis_settings
from hypothesis import strategies as st
from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMessageBox

from app.window import settings_file
from app.window.main_window import MainWindow
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from tests.fuzz_budget import cases

ROOT = Path(__file__).resolve().parents[1]


def _settings_at(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def _start(qtbot, path: Path, preset: str = "xian") -> MainWindow:
    window = MainWindow(preset, _settings_at(path))
    qtbot.addWidget(window)
    return window


def _set_aside_files(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.set-aside-*"))


def _pickled_settings(path: Path, marker: Path, key: str) -> None:
    """A settings file holding, at ``key``, a pickle that would create ``marker`` when unpickled:
    written by QSettings itself in another process (which never reads it back)."""
    code = textwrap.dedent(f"""
        import os
        from PySide6.QtCore import QCoreApplication, QSettings
        app = QCoreApplication([])
        class Payload:
            def __reduce__(self):
                return (open, ({str(marker)!r}, "w"))
        settings = QSettings({str(path)!r}, QSettings.Format.IniFormat)
        settings.setValue("scenario/layers", "3")
        settings.setValue({key!r}, Payload())
        settings.sync()
    """)
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60, cwd=ROOT)
    assert "@Variant(" in path.read_text(encoding="latin-1")


# --- settings -----------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["scenario/seed", "ui/theme", "window/geometry", "extra/unknown"])
def test_a_pickle_in_the_settings_is_never_unpickled_and_the_file_is_set_aside(qtbot, tmp_path, key):
    path, marker = tmp_path / "NormScope.conf", tmp_path / "pickle-ran"
    _pickled_settings(path, marker, key)
    window = _start(qtbot, path)
    assert not marker.exists()
    assert not path.exists() and len(_set_aside_files(tmp_path, path.name)) == 1
    assert window.document.scenario == load_preset("xian")  # layers=3 came from the same file: not used
    assert any("set aside" in note for note in window.startup_notes)
    assert "set aside" in window.statusBar().currentMessage()
    window.close()
    assert not marker.exists()
    assert "@Variant(" not in path.read_text(encoding="latin-1")  # what it writes back is plain


@pytest.mark.parametrize("raw", [
    "\\x40Variant(\\0\\0\\0\\x7f)",  # an escaped @
    "\\100Variant(\\0)",  # octal
    "\\z@Variant(\\0)",  # an escape that stands for nothing
    '""@Variant(\\0)',  # quotes that stand for nothing
    "plain, @Variant(\\0)",  # the second item of a list
    "@DateTime(\\0\\0)",  # read through the same QDataStream
    "\\\n@Variant(\\0)",  # a line continued
])
def test_disguised_stored_objects_are_found_before_qsettings_reads_them(raw):
    assert settings_file.unsafe_key(f"[scenario]\nlayers=4\nseed={raw}\n".encode()) == "scenario/seed"


@pytest.mark.parametrize("raw", ["/home/a@b/c", "@@starts-with-at", "a, b, c", '"x,y", z', "@Invalid()", "中文"])
def test_plain_values_pass_the_scan(raw):
    assert settings_file.unsafe_key(f"[files]\nrecent={raw}\n".encode()) is None


def test_only_the_window_layout_may_be_a_byte_array():
    assert settings_file.unsafe_key(b"[window]\ngeometry=@ByteArray(\\x1\\xd9)\n") is None
    assert settings_file.unsafe_key(b"[scenario]\nseed=@ByteArray(\\x1)\n") == "scenario/seed"


_INI_PIECES = st.sampled_from(list('@Variant(DteB),"\\ ;=\tx40z[]\n\r') + [
    "@Variant(", "@DateTime(", "\\x40", "\\100", "\\\n", "\\\r\n", "\n[window]\ngeometry=", "\nk=", "@ByteArray(",
    "@@", "@Invalid()", "\\x", "中"])


@hypothesis_settings(max_examples=cases(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_INI_PIECES, min_size=1, max_size=30))
def test_whatever_the_scan_accepts_qsettings_reads_as_plain_values(tmp_path, pieces):
    data = ("k=" + "".join(pieces)).encode()
    if settings_file.unsafe_key(data) is not None:
        return  # refused: QSettings never reads it
    path = tmp_path / "fuzz.ini"
    path.write_bytes(data)
    qt = _settings_at(path)
    for key in qt.allKeys():
        value = qt.value(key)
        if isinstance(value, QByteArray):
            assert key in settings_file.BYTE_ARRAY_KEYS
        elif isinstance(value, list):
            assert all(v is None or isinstance(v, str) for v in value), (data, key, value)
        else:
            assert value is None or isinstance(value, str), (data, key, value)
    del qt


@pytest.mark.parametrize("line", [
    "layers=abc", "layers=1.5", "layers=-3", "layers=1, 2", "layers=\\x31\\x300", "eps=nan", "eps=1_0",
    "causal=maybe", "norm=swiglu", "activation=", "bn_momentum=7",
])
def test_a_corrupt_remembered_setting_is_set_aside_and_the_defaults_are_used(qtbot, tmp_path, line):
    path = tmp_path / "NormScope.conf"
    path.write_text(f"[scenario]\nnorm=rms\n{line}\n[ui]\ntheme=dark\n", encoding="utf-8")
    window = _start(qtbot, path)
    assert window.document.scenario == load_preset("xian")  # norm=rms from the same file is dropped too
    assert len(_set_aside_files(tmp_path, path.name)) == 1 and not path.exists()
    assert any("set aside" in note for note in window.startup_notes)
    assert settings_file.text(window._settings, "ui/theme", "system") == "system"


def _scenario_refuses(**changes) -> bool:
    try:
        load_preset("xian").replace(**changes)
    except ValueError:
        return True
    return False


@pytest.mark.parametrize("field, value", [("seed", 10**30), ("layers", 10**30), ("seed", 2**40)])
def test_a_huge_remembered_number_does_not_stop_the_start(qtbot, tmp_path, field, value):
    if not _scenario_refuses(**{field: value}):
        pytest.skip(f"the Scenario's declared range does not refuse {field}={value} yet (engine/setup/scenario.py)")
    path = tmp_path / "NormScope.conf"
    path.write_text(f"[scenario]\n{field}={value}\n", encoding="utf-8")
    window = _start(qtbot, path)
    assert getattr(window.document.scenario, field) == getattr(load_preset("xian"), field)
    assert any("set aside" in note for note in window.startup_notes)


def test_what_closing_remembers_reads_back_exactly(qtbot, tmp_path):
    path = tmp_path / "NormScope.conf"
    first = _start(qtbot, path)
    changes = dict(norm="rms", placement="post", eps=1.2345678901234567e-7, layers=17, bn_training=False,
                   bn_momentum=0.3, activation="gelu", seed=123456, toy_a=1.1, toy_b=0.1, causal=True)
    first.document.load_scenario(first.document.scenario.replace(**changes), "test")
    first.document.undo_stack.setClean()
    first.close()
    second = _start(qtbot, path)
    assert second.startup_notes == []
    assert {f: getattr(second.document.scenario, f) for f in changes} == changes


@pytest.mark.parametrize("kind", ["fifo", "folder", "huge"])
def test_a_settings_path_that_is_not_a_small_regular_file_is_set_aside(qtbot, tmp_path, monkeypatch, kind):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # the app's own file: checked before QSettings opens it
    path = settings_file.settings_path()
    path.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(path)  # opening it for reading would wait for a writer forever
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"k=" + b"1" * (settings_file.MAX_BYTES + 10))
    window = MainWindow("xian")
    qtbot.addWidget(window)
    assert window.document.scenario == load_preset("xian")
    assert len(_set_aside_files(path.parent, path.name)) == 1


def test_a_one_item_recent_files_list_reads_back_as_one_path(qtbot, tmp_path):
    path = tmp_path / "NormScope.conf"
    window = _start(qtbot, path)
    session = tmp_path / "a.normscope.json"
    assert window.files.sessions.save_session(session)
    window._settings.sync()
    assert window.files.recent.recent_files() == [str(session.resolve())]  # not one letter per item


# --- autosave snapshots -------------------------------------------------------------------------


def _snapshot_with_header(header: str) -> bytes:
    import io

    from engine.state.session import session_npz

    with np.load(io.BytesIO(session_npz(load_preset("xian"))), allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays["header"] = np.array(header)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def _corrupt_snapshot(kind: str) -> bytes:
    from engine.state.session import session_npz

    good = session_npz(load_preset("xian").replace(layers=5))
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "random":
        return np.random.default_rng(0).bytes(4096)
    if kind == "bad crc":
        at = good.find(b"header.npy") + 200  # inside the first member's data
        return good[:at] + bytes([good[at] ^ 0xFF]) + good[at + 1:]
    if kind == "huge int":
        return _snapshot_with_header('{"format": "normscope-session", "version": 1, "settings": {"eps": 1'
                                     + "0" * 400 + "}}")
    if kind == "deep json":
        return _snapshot_with_header("[" * 100_000 + "]" * 100_000)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["truncated", "random", "bad crc", "huge int", "deep json"])
def test_a_damaged_snapshot_is_set_aside_and_the_start_goes_on(qtbot, tmp_path, monkeypatch, kind):
    snapshot = tmp_path / "autosave.normscope.npz"
    snapshot.write_bytes(_corrupt_snapshot(kind))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window = _start(qtbot, tmp_path / "NormScope.conf")
    assert window.autosave.has_recovery()
    window.unsaved.offer_recovery()
    message = window.statusBar().currentMessage()
    assert "could not be restored" in message and "set aside" in message
    assert window.document.scenario == load_preset("xian") and window.document.undo_stack.isClean()
    assert not snapshot.exists() and len(_set_aside_files(tmp_path, snapshot.name)) == 1
    window.close()
    again = _start(qtbot, tmp_path / "NormScope.conf")
    assert not again.autosave.has_recovery()  # not offered a second time


def test_half_written_autosaves_are_removed_at_the_next_start_unless_a_live_normscope_owns_them(qtbot, tmp_path):
    from app.window.autosave import claim_snapshot

    live_lock, live_path = claim_snapshot(tmp_path)  # another NormScope, running: it holds slot 0...
    live_temp = tmp_path / f".{live_path.name}.wr1t1ng0"
    live_temp.write_bytes(b"PK being written")
    other_slot = tmp_path / ".autosave-5.normscope.npz.k1ll3d01"
    other_slot.write_bytes(b"PK half a snapshot")
    window = _start(qtbot, tmp_path / "NormScope.conf")
    assert window.autosave.path != live_path
    assert live_temp.exists()  # ...and may be writing it right now
    assert not other_slot.exists()
    live_lock.unlock()
    window.close()
    _start(qtbot, tmp_path / "NormScope.conf")  # slot 0 is free now: its leftover goes
    assert not live_temp.exists()


def test_a_snapshot_is_still_offered_when_no_lock_can_be_written(qtbot, tmp_path, monkeypatch, answer_dialog):
    # A full disk: a lock file can't be written (measured: QLockFile.tryLock fails with UnknownError).
    from PySide6.QtCore import QLockFile

    from engine.state.session import session_npz

    snapshot = tmp_path / "autosave.normscope.npz"
    snapshot.write_bytes(session_npz(load_preset("xian").replace(layers=6)))
    monkeypatch.setattr(QLockFile, "tryLock", lambda self, timeout=0: False)
    monkeypatch.setattr(QLockFile, "error", lambda self: QLockFile.LockError.UnknownError)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window = _start(qtbot, tmp_path / "NormScope.conf")
    window.ask_before_discarding = True  # as on a real screen: offscreen windows never ask
    assert window.autosave.path is None and window.autosave.has_recovery()
    window.unsaved.offer_recovery()
    assert window.document.scenario.layers == 6
    asked = answer_dialog("Close anyway")  # restored but not autosavable: closing asks
    assert window.close()
    assert asked and snapshot.exists()  # the work stays on disk for a start with room


# --- a failing autosave at close --------------------------------------------------------------


@pytest.fixture
def full_disk_window(qtbot, tmp_path, monkeypatch):
    import engine.files.io

    def no_room(path, data, **_):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    window = _start(qtbot, tmp_path / "NormScope.conf")
    window.ask_before_discarding = True  # as on a real screen: offscreen windows never ask
    monkeypatch.setattr(engine.files.io, "atomic_write", no_room)
    window.document.set_setting("layers", 4)
    return window


def test_closing_after_a_failed_autosave_can_be_cancelled(full_disk_window, answer_dialog):
    asked = answer_dialog("Cancel")
    assert not full_disk_window.close()
    assert asked and "No space left on device" in asked[0]
    assert full_disk_window.document.scenario.layers == 4 and not full_disk_window.autosave.released
    answer_dialog("Close anyway")
    assert full_disk_window.close()


def test_closing_after_a_failed_autosave_can_save_elsewhere(full_disk_window, answer_dialog, tmp_path, monkeypatch):
    from engine.state.session import parse_session

    elsewhere = tmp_path / "usb" / "rescued.normscope.json"
    elsewhere.parent.mkdir()
    monkeypatch.undo()  # another disk, with room: saving there works (atomic_write is the real one again)
    monkeypatch.setattr(full_disk_window.autosave, "save_and_wait", lambda: "No space left on device")
    monkeypatch.setattr(full_disk_window.files.dialogs, "ask_save", lambda *a: str(elsewhere))
    answer_dialog("Save elsewhere…")
    assert full_disk_window.close()
    assert parse_session(elsewhere.read_text(encoding="utf-8"))[0].layers == 4
    assert not full_disk_window.autosave.has_recovery()  # saved: no stale snapshot offered next time


def test_closing_after_a_failed_autosave_when_saving_elsewhere_is_abandoned_stays_open(full_disk_window,
                                                                                        answer_dialog, monkeypatch):
    monkeypatch.setattr(full_disk_window.files.dialogs, "ask_save", lambda *a: "")  # the file dialog cancelled
    answer_dialog("Save elsewhere…")
    assert not full_disk_window.close()
    answer_dialog("Close anyway")
    assert full_disk_window.close()


# --- folders that can't be written ------------------------------------------------------------


def test_a_read_only_config_and_data_folder_still_starts_with_notes(qtbot, tmp_path, monkeypatch, answer_dialog):
    from app.window import crash_guard

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")  # nothing can be created under a file, not even by root
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "data"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(crash_guard.log, "handlers", [])
    window = MainWindow("xian")
    window.ask_before_discarding = True  # as on a real screen: offscreen windows never ask
    qtbot.addWidget(window)
    note = crash_guard.install_crash_guard(window)
    assert note and "No log file" in note
    notes = " ".join(window.startup_notes)
    assert "Settings won't be remembered" in notes and "Autosave is off" in notes
    assert window.document.scenario == load_preset("xian")
    window.document.set_setting("layers", 4)
    asked = answer_dialog("Close anyway")
    assert window.close() and asked


_DRIVER = textwrap.dedent("""
    # Start NormScope as main.py does; answer its dialogs with the texts in argv; print its state; close.
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QAbstractButton, QApplication
    app = QApplication(sys.argv[:1])
    answers, done = sys.argv[1:], []

    def step():
        QTimer.singleShot(200, step)  # keeps polling while a dialog below waits for its answer
        box = QApplication.activeModalWidget()
        if box is not None:
            buttons = {b.text().replace("&", ""): b for b in box.findChildren(QAbstractButton)}
            wanted = next(a for a in answers if a in buttons)  # the first answer this dialog offers
            answers.remove(wanted)
            print("ANSWER", wanted, flush=True)
            buttons[wanted].click()
            return
        windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
        if windows and windows[0].isVisible() and not done:
            done.append(True)
            print("NOTES", " | ".join(windows[0].startup_notes), flush=True)
            print("LAYERS", windows[0].document.scenario.layers, flush=True)
            pinned = windows[0].document.pinned
            print("PINNED", pinned.scenario.norm if pinned is not None else None, flush=True)
            print("RUNS", *[r.history.count for r in windows[0].training.run_records()], flush=True)
            print("SESSION", windows[0].files.sessions.session_path, flush=True)
            windows[0].ask_before_discarding = True  # as on a real screen: offscreen windows never ask
            windows[0].close()

    QTimer.singleShot(500, step)
    from app.cli import main
    sys.exit(main([]))
""")


def _run_app(env: dict, *answers: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _DRIVER, *answers], cwd=ROOT, timeout=timeout,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **env}, capture_output=True, text=True)


@pytest.mark.slow  # a real app started (and killed) in a process of its own: 1-2.5 s of CPU
def test_the_real_app_starts_with_a_home_it_cannot_write(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = {"HOME": str(blocker / "home"), "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "", "XDG_CACHE_HOME": "",
           "XDG_STATE_HOME": ""}
    run = _run_app(env)
    assert run.returncode == 0, run.stderr
    assert "Settings won't be remembered" in run.stdout and "No log file" in run.stdout
    assert "LAYERS 10" in run.stdout


@pytest.mark.slow  # a real app started (and killed) in a process of its own: 1-2.5 s of CPU
def test_the_real_app_starts_past_a_pickle_in_its_settings(tmp_path):
    config = tmp_path / "config"
    (config / "NormScope").mkdir(parents=True)
    marker = tmp_path / "pickle-ran"
    _pickled_settings(config / "NormScope" / "NormScope.conf", marker, "window/state")
    run = _run_app({"XDG_CONFIG_HOME": str(config), "XDG_DATA_HOME": str(tmp_path / "data")})
    assert run.returncode == 0, run.stderr
    assert not marker.exists() and "set aside" in run.stdout


@pytest.mark.slow  # a real app started (and killed) in a process of its own: 1-2.5 s of CPU
def test_a_kill_during_an_autosave_loses_only_the_write_in_flight(tmp_path):
    """A real NormScope is killed (SIGKILL) while an autosave is half written; the next start cleans
    the half-written copy and restores the last complete snapshot."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "QT_QPA_PLATFORM": "offscreen"}
    editing = textwrap.dedent("""
        import os, sys, time
        from PySide6.QtWidgets import QApplication
        app = QApplication([]); app.setApplicationName("NormScope"); app.setOrganizationName("NormScope")
        from app.window.main_window import MainWindow
        w = MainWindow("xian")
        w.document.set_setting("layers", 5); w.autosave.save_now(); w.autosave.wait()
        real_fsync = os.fsync
        def stall(fd):  # the data is in the file, not yet renamed over the snapshot: kill now
            print("WRITING", flush=True); time.sleep(120)
        os.fsync = stall
        w.document.set_setting("layers", 7); w.autosave.save_now()
        app.exec()
    """)
    child = subprocess.Popen([sys.executable, "-c", editing], cwd=ROOT, env={**os.environ, **env},
                             stdout=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while child.stdout.readline().strip() != "WRITING":
            assert time.monotonic() < deadline and child.poll() is None
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
    folder = tmp_path / "config" / "NormScope"
    assert list(folder.glob(".autosave.normscope.npz.*"))  # the write in flight, left behind
    run = _run_app(env, "Yes", "Discard")  # restore it; then close without keeping the restored edits
    assert run.returncode == 0, run.stderr
    assert "LAYERS 5" in run.stdout  # the last complete snapshot
    assert not list(folder.glob(".autosave.normscope.npz.*"))


_KILLED_MID_TRAINING = textwrap.dedent("""
    # Pin A and/or train three runs (saved to a session file, then edited, with "saved"); print the runs'
    # steps as soon as a snapshot holds what it should, while the runs go on training: the parent kills.
    import sys
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([]); app.setApplicationName("NormScope"); app.setOrganizationName("NormScope")
    from app.window.main_window import MainWindow
    from engine.state.session import read_snapshot_file
    what, session = sys.argv[1].split(","), Path(sys.argv[2])
    w = MainWindow("xian")
    if "pin" in what:
        w.document.set_setting("norm", "rms"); w.document.pin(); w.document.set_setting("norm", "layer")
        w.document.undo_stack.setClean()  # no edit of the scenario: only A is new
    page = w.teaching.training_page
    if "train" in what:
        page.form.steps.setValue(100_000); page.form.layers.setValue(1); page.form.width.setValue(16)
        page.start_runs([{}, {"seed": 1}, {"seed": 2}])
    state = {"saved": "saved" not in what}

    def counts():
        return [r.history.count for r in w.training.run_records()]

    def poll():
        QTimer.singleShot(100, poll)
        if not state["saved"] and min(counts()) >= 3:
            w.files.sessions.save_session(session); state["saved"] = True
            print("SAVED", *counts(), flush=True)
            w.document.set_setting("layers", 7)  # edited after saving: the snapshot follows
        try:
            snapshot = read_snapshot_file(w.autosave.path)
        except Exception:
            return
        got = snapshot.contents
        wanted = ((not "pin" in what or got.pinned is not None) and (not "train" in what or len(got.runs) == 3)
                  and state["saved"] and (not "saved" in what or got.scenario.layers == 7))
        if wanted:
            print("SNAPSHOT", *[r.history.count for r in got.runs], flush=True)
            print("TRAINING", *counts(), flush=True)

    QTimer.singleShot(100, poll)
    app.exec()
""")


# A pinned and runs training together by default (each case starts and kills a real app, 3-4 s); A alone
# and the runs alone under --slow.
@pytest.mark.parametrize("what", ["saved,pin,train", pytest.param("pin", marks=pytest.mark.slow),
                                  pytest.param("train", marks=pytest.mark.slow)])
def test_a_kill_loses_neither_a_nor_the_training_runs(tmp_path, what):
    """A real NormScope with A pinned and/or three runs still training is killed (SIGKILL): the next start
    offers the snapshot and restores A, the runs as far as the snapshot had them, and the session's file."""
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "QT_QPA_PLATFORM": "offscreen"}
    session = tmp_path / "lesson.normscope.json"
    child = subprocess.Popen([sys.executable, "-c", _KILLED_MID_TRAINING, what, str(session)], cwd=ROOT,
                             env={**os.environ, **env}, stdout=subprocess.PIPE, text=True)
    lines = {}
    try:
        deadline = time.monotonic() + 120
        while "TRAINING" not in lines:
            assert time.monotonic() < deadline and child.poll() is None
            key, *values = child.stdout.readline().split()
            lines[key] = [int(v) for v in values]
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
    run = _run_app(env, "Yes", "Discard")  # restore it; then close without keeping it
    assert run.returncode == 0, run.stderr
    assert "ANSWER Yes" in run.stdout
    restored = next(line.split()[1:] for line in run.stdout.splitlines() if line.startswith("RUNS"))
    if "train" in what:
        assert len(restored) == 3
        # At least the steps of the snapshot seen (a later one may have been written before the kill),
        # and the runs were still training then.
        assert all(snap <= int(got) for snap, got in zip(lines["SNAPSHOT"], restored))
        assert all(int(got) < 100_000 for got in restored)
    else:
        assert restored == []
    assert ("PINNED rms" if "pin" in what else "PINNED None") in run.stdout
    if "saved" in what:
        assert "LAYERS 7" in run.stdout and f"SESSION {session}" in run.stdout
        assert all(saved < int(got) for saved, got in zip(lines["SAVED"], restored))  # the snapshot's, not the file's


def _can_mount_privately() -> bool:
    try:
        return subprocess.run(["unshare", "-m", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@pytest.mark.slow  # a real app on a mounted, really full disk: 1.4 s of CPU
@pytest.mark.skipif(sys.platform != "linux" or not _can_mount_privately(), reason="needs unshare -m (root)")
def test_on_a_really_full_disk_the_snapshot_is_offered_and_closing_asks(tmp_path):
    """A tmpfs filled to the last byte, in a mount namespace of its own (gone with the process)."""
    from engine.state.session import session_npz

    snapshot = tmp_path / "snapshot.npz"
    snapshot.write_bytes(session_npz(load_preset("xian").replace(layers=6)))
    mount = tmp_path / "full"
    mount.mkdir()
    folder = mount / "NormScope"
    script = (f"mount -t tmpfs -o size=1m tmpfs {mount} && mkdir {folder} && "
              f"cp {snapshot} {folder}/autosave.normscope.npz && "
              f"(dd if=/dev/zero of={mount}/filler bs=4k 2>/dev/null; true) && "
              f"exec {sys.executable} -c \"$DRIVER\" Yes 'Close anyway'")
    run = subprocess.run(["unshare", "-m", "sh", "-c", script], cwd=ROOT, timeout=120, capture_output=True, text=True,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "DRIVER": _DRIVER,
                              "XDG_CONFIG_HOME": str(mount), "XDG_DATA_HOME": str(mount)})
    assert run.returncode == 0, run.stderr
    assert "LAYERS 6" in run.stdout and "ANSWER Close anyway" in run.stdout


def test_the_tests_run_in_a_throwaway_home(qapp):
    from PySide6.QtCore import QCoreApplication

    assert QCoreApplication.applicationName() == "NormScope" and QCoreApplication.organizationName() == "NormScope"
    assert Path.home().name.startswith("normscope-tests-home-")
    assert Path(os.environ["XDG_CONFIG_HOME"]).is_relative_to(Path.home())
    assert settings_file.settings_path().is_relative_to(Path.home())


def test_the_remembered_fields_are_scenario_fields():
    assert set(settings_file.REMEMBERED_FIELDS) <= {f for f in Scenario.__dataclass_fields__}
