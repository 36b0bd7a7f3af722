"""Long file work (loading a file, parsing a big paste, writing a large table) on a worker thread while
the window stays live, with a progress dialog that cancels.

The engine's loaders and writers take a ``progress(fraction)`` callback (engine.files.bounded_read.Progress).
Here it reports to a QProgressDialog and raises ``Cancelled`` once the person presses Cancel, so a
169 MB CSV neither freezes the window nor has to be waited for. The caller gets the job's value only
when it finished: a cancelled or refused load changes nothing, a cancelled write leaves no file.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QProgressDialog, QWidget

from engine.files.bounded_read import Cancelled, Progress

T = TypeVar("T")

#: Work shorter than this shows no dialog at all (no flash for the seed's 6 × 4 files).
DIALOG_DELAY_MS = 400


#: What a person does to a window; swallowed while work for it runs (before the dialog shows,
#: window modality does not hold yet, and a second open or an edit would interleave with it).
_INPUT = {QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick,
          QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.Wheel, QEvent.Type.Shortcut,
          QEvent.Type.ShortcutOverride, QEvent.Type.Drop, QEvent.Type.DragEnter, QEvent.Type.DragMove,
          QEvent.Type.Close}


class _InputBlocker(QObject):
    """Swallows input to ``window`` and its actions; the progress dialog (its own window) still hears it."""

    def __init__(self, window: QWidget):
        super().__init__()
        self._window = window

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() not in _INPUT:
            return False
        if isinstance(watched, QWidget):
            return watched.window() is self._window
        if isinstance(watched, QWindow):  # a top-level close (and input) reaches the native window first
            return watched is self._window.windowHandle()
        return event.type() == QEvent.Type.Shortcut  # a QAction's shortcut: the menus' actions


class _Relay(QObject):
    """Carries the worker's progress and outcome to the UI thread (queued across threads)."""

    progressed = Signal(int)
    finished = Signal(object)


class _Task(QRunnable):
    def __init__(self, job: Callable[[Progress], object], relay: _Relay, cancel: threading.Event):
        super().__init__()
        self._job, self._relay, self._cancel, self._percent = job, relay, cancel, -1

    def _progress(self, fraction: float) -> None:
        if self._cancel.is_set():
            raise Cancelled
        percent = int(100 * fraction)
        if percent != self._percent:  # a signal per percent, not per step
            self._percent = percent
            self._relay.progressed.emit(percent)

    def run(self) -> None:
        try:
            outcome = ("done", self._job(self._progress))
        except BaseException as error:  # handed to the UI thread, which raises it there
            outcome = ("failed", error)
        self._relay.finished.emit(outcome)


def _pool() -> QThreadPool:
    """One worker for file work, apart from the Document's simulations."""
    app = QCoreApplication.instance()
    pool = getattr(app, "_normscope_file_work_pool", None)
    if pool is None:
        pool = QThreadPool(app)
        pool.setMaxThreadCount(1)
        app._normscope_file_work_pool = pool
    return pool


def run_in_background(parent: QWidget, label: str, job: Callable[[Progress], T]) -> T:
    """``job(progress)`` run on a worker; events keep flowing meanwhile (input to ``parent``'s window
    is held back) and a progress dialog with Cancel shows after ``DIALOG_DELAY_MS``. Returns what
    ``job`` returned and raises what it raised (``Cancelled`` when the person cancelled)."""
    relay, cancel, outcome = _Relay(), threading.Event(), []
    dialog = QProgressDialog(label, QCoreApplication.translate("BackgroundLoad", "Cancel"), 0, 100, parent)
    dialog.setWindowTitle("NormScope")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)  # no edits to the session while it works
    dialog.setMinimumDuration(DIALOG_DELAY_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.canceled.connect(cancel.set)
    loop = QEventLoop()
    relay.progressed.connect(dialog.setValue)
    relay.finished.connect(lambda result: (outcome.append(result), loop.quit()))
    blocker = _InputBlocker(parent.window())
    QCoreApplication.instance().installEventFilter(blocker)
    try:
        _pool().start(_Task(job, relay, cancel))
        if not outcome:
            loop.exec()
    finally:
        QCoreApplication.instance().removeEventFilter(blocker)
    # The worker has sent its outcome and is returning: let it drop the task, and with it its reference
    # to the relay, before this thread drops its own (a QObject must not be destroyed by another thread).
    _pool().waitForDone()
    dialog.canceled.disconnect(cancel.set)
    dialog.close()
    dialog.deleteLater()
    kind, value = outcome[0]
    if kind == "failed":
        raise value
    return value
