"""The Training tab's owner, as the Document is the main tab's: the runs (settings, unigram entropy and
the history each has measured), the worker that trains them, sampling from their models, undo of
removing a run and of Clear, and whether the session file holds the runs (``unsaved``).

The worker's reports only fill the histories; ``runsGrew`` goes out a few times a second when they
grew, so the views stay responsive however fast the steps come. The runs go with the session
(``run_records`` / ``load_runs``) without their weights: a run read from a file shows its curves, and
sampling from it needs a re-run (so does a run removed and brought back by an undo: its weights are
let go at once, as they count against the training memory budget). It exists from the start (the
session and autosave read the runs from it whether or not the tab was opened); the engine's training
modules load with the first run. The Training tab alone: ``python -m app.window.training_session``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, QTimer, Signal
from PySide6.QtGui import QUndoStack

from app.window.run_commands import RemoveRunsCommand
from widgets.common.generation_task import GenerationRelay, GenerationTask
from widgets.training.training_source import (BROUGHT_BACK, FROM_SESSION, NO_RUN, STILL_TRAINING,
                                              TrainingProgress)

if TYPE_CHECKING:
    from app.window.training_thread import TrainingThread
    from engine.training.run_record import RunRecord
    from engine.training.settings import TrainSettings
    from engine.training.trainer import Trainer

#: While training, ``runsGrew`` goes out at most this often (ms).
REDRAW_MS = 100


class TrainingSession(QObject):
    """Implements ``widgets.training.training_source.TrainingSource`` (see there for each member)."""

    runsChanged = Signal(str)
    runsGrew = Signal()
    stateChanged = Signal()
    trainingFailed = Signal(object)
    sampled = Signal(int, object)
    sampleFailed = Signal(int, object)
    #: Whether there are runs the session file doesn't hold (the window's title marks it).
    unsavedChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.unsaved = False
        self._runs: dict[int, RunRecord] = {}
        self._trainers: dict[int, Trainer] = {}  # runs trained in this session (a loaded one has none)
        self._brought_back: set[int] = set()  # runs an undo put back, their weights gone
        self._next_id = 0  # never reused: a report still queued from a worker can't reach another run
        self._thread: TrainingThread | None = None
        self._old_threads: list[TrainingThread] = []
        self._unfinished: set[TrainingThread] = set()  # started, their end not handled here yet
        self._started, self._steps_at_start = 0.0, 0
        self._grew = False
        self._timer = QTimer(self)
        self._timer.setInterval(REDRAW_MS)
        self._timer.timeout.connect(self._tell_growth)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = GenerationRelay(self)
        self._relay.finished.connect(self._on_sampled)
        self._relay.failed.connect(self._on_sample_failed)
        self._sampling, self._sampling_run = 0, -1  # the request answered (newer ones win), its run
        app = QCoreApplication.instance()
        if app is not None:  # a worker still running at exit would abort the process
            app.aboutToQuit.connect(self.shutdown)

    # -- the runs ----------------------------------------------------------------------------------
    def runs(self) -> dict[int, RunRecord]:
        return dict(self._runs)

    def run_records(self) -> tuple[RunRecord, ...]:
        """Every run as the session keeps it (settings and history, no weights)."""
        return tuple(self._runs.values())

    def load_runs(self, records, unsaved: bool = False) -> None:
        """The runs of an opened session (or an autosave snapshot) instead of the present ones; ``unsaved``:
        the session file doesn't hold them. Nothing to undo afterwards."""
        self._let_go_of_everything()
        self.undo_stack.clear()
        for record in records:
            self._add(record)
        self._set_unsaved(unsaved)
        self.runsChanged.emit("opened")
        self.stateChanged.emit()

    def mark_saved(self) -> None:
        """The session file holds the runs now."""
        self._set_unsaved(False)

    def start_runs(self, settings: list[TrainSettings]) -> list[int]:
        """Add one run per entry and train them; their ids. None starts when one is refused (bad data, or no
        room in the memory budget beside the runs kept here): its Problem or MemoryError is raised."""
        from engine.training.history import RunHistory
        from engine.training.run_record import RunRecord
        from engine.training.trainer import Trainer

        trainers: list[Trainer] = []
        for s in settings:
            beside = self._kept_bytes() + sum(t.memory.kept for t in trainers)
            trainers.append(Trainer(s, beside=beside))
        ids = []
        for trainer in trainers:
            s = trainer.settings
            run_id = self._add(RunRecord(s, trainer.unigram_entropy, RunHistory(s.steps, s.layers)))
            self._trainers[run_id] = trainer
            ids.append(run_id)
            if self._thread is None or not self._thread.add(run_id, trainer):
                self._start_thread({run_id: trainer})
        self._started, self._steps_at_start = time.perf_counter(), self._steps_done()
        self._timer.start()
        self._set_unsaved(True)
        self.runsChanged.emit("started")
        self.stateChanged.emit()
        return ids

    def remove_run(self, run_id: int) -> None:
        if run_id in self._runs:
            place = list(self._runs).index(run_id)
            self._push_removal([(place, run_id, self._runs[run_id])], self.tr("Remove a training run"))

    def clear(self) -> None:
        self._stop_threads()
        if self._runs:
            self._push_removal([(i, r, rec) for i, (r, rec) in enumerate(self._runs.items())],
                               self.tr("Clear the training runs"))

    def _push_removal(self, removed: list, text: str) -> None:
        self.undo_stack.push(RemoveRunsCommand(removed, self._take, self._put_back, text))

    def _take(self, ids: list[int]) -> None:
        for run_id in ids:
            for thread in self._threads():
                thread.drop(run_id)
            self._trainers.pop(run_id, None)  # its weights go: they count against the memory budget
            self._runs.pop(run_id, None)
            self._brought_back.discard(run_id)
            if run_id == self._sampling_run:
                self._sampling += 1  # a sample on its way belongs to a run that is gone
        if not any(not t.finished for t in self._trainers.values()):
            for thread in self._threads():
                thread.stop()  # nothing left to train: the worker ends (not waited for: a sample may run)
        self._set_unsaved(True)
        self.runsChanged.emit("removed")
        self.stateChanged.emit()

    def _put_back(self, removed: list) -> None:
        order = list(self._runs.items())
        for place, run_id, record in sorted(removed, key=lambda entry: entry[0]):
            order.insert(place, (run_id, record))
            self._brought_back.add(run_id)
        self._runs = dict(order)
        self._set_unsaved(True)
        self.runsChanged.emit("restored")
        self.stateChanged.emit()

    def _add(self, record: RunRecord) -> int:
        run_id = self._next_id
        self._next_id += 1
        self._runs[run_id] = record
        return run_id

    def _kept_bytes(self) -> int:
        """What the runs trained here keep between their steps (their weights stay, for sampling)."""
        return sum(trainer.memory.kept for trainer in self._trainers.values())

    def _set_unsaved(self, unsaved: bool) -> None:
        if unsaved != self.unsaved:
            self.unsaved = unsaved
            self.unsavedChanged.emit(unsaved)

    # -- the worker --------------------------------------------------------------------------------
    def _threads(self) -> list[TrainingThread]:
        return [t for t in [self._thread, *self._old_threads] if t is not None]

    def _start_thread(self, trainers: dict) -> None:
        from app.window.training_thread import TrainingThread

        if self._thread is not None:
            self._old_threads.append(self._thread)  # kept alive until it has finished
        thread = TrainingThread(trainers, self)
        thread.progressed.connect(self._on_progress)
        thread.failed.connect(self.trainingFailed)
        thread.finished.connect(self._on_thread_finished)  # a bound slot: queued to this thread, after its reports
        self._thread = thread
        self._unfinished.add(thread)
        thread.start()

    def running(self) -> bool:
        """Whether a worker trains, or has ended with reports not handled yet (its last steps, its end)."""
        return bool(self._unfinished)

    def paused(self) -> bool:
        return self._thread is not None and self._thread.isRunning() and self._thread.paused

    def toggle_pause(self) -> None:
        if self._thread is None or not self._thread.isRunning():
            return
        if self._thread.paused:
            self._thread.resume()
            self._started, self._steps_at_start = time.perf_counter(), self._steps_done()
        else:
            self._thread.pause()
        self.stateChanged.emit()

    def stop(self) -> None:
        if self._thread is not None:
            self._thread.stop()
        self.stateChanged.emit()

    def shutdown(self) -> None:
        """Stop the workers and wait for them (before the window goes)."""
        self._timer.stop()
        for thread in self._threads():
            thread.stop()
            thread.wait()
        self._pool.waitForDone()

    def _stop_threads(self) -> None:
        """Stop and forget the workers: their last reports and their end are ignored."""
        self.shutdown()
        self._thread, self._old_threads = None, []
        self._unfinished.clear()

    def _let_go_of_everything(self) -> None:
        self._stop_threads()
        self._runs.clear()
        self._trainers.clear()
        self._brought_back.clear()
        self._sampling += 1

    def _on_progress(self, records: list) -> None:
        for run_id, record in records:
            if run_id in self._trainers:  # else removed, or let go with its worker
                self._runs[run_id].history.append(record)
                self._grew = True

    def _tell_growth(self) -> None:
        if self._grew:
            self._grew = False
            self.runsGrew.emit()

    def _on_thread_finished(self) -> None:
        thread = self.sender()
        if thread not in self._unfinished:
            return  # let go of (Clear, a session opened): nothing of it is shown any more
        self._unfinished.discard(thread)
        if thread in self._old_threads:
            self._old_threads.remove(thread)
        if not self.running():
            self._timer.stop()
        self._grew = False
        self._set_unsaved(True)  # the curves have grown since the run started
        self.runsGrew.emit()
        self.stateChanged.emit()

    def _steps_done(self) -> int:
        return sum(r.history.count for r in self._runs.values())

    def progress(self) -> TrainingProgress:
        trained = [self._runs[r] for r in self._trainers if r in self._runs]
        planned = sum(min(r.settings.steps, r.history.diverged_at or r.settings.steps) for r in trained)
        done = sum(r.history.count for r in trained)
        elapsed = time.perf_counter() - self._started
        moving = self._thread is not None and self._thread.isRunning() and not self._thread.paused
        rate = None
        if moving and elapsed > 0.5 and self._steps_done() > self._steps_at_start:
            rate = (self._steps_done() - self._steps_at_start) / elapsed
        return TrainingProgress(done, planned, rate)

    # -- after a run: samples and CSV ----------------------------------------------------------------
    def sample_refusal(self, run_id: int | None) -> str | None:
        if run_id is None or run_id not in self._runs:
            return NO_RUN
        trainer = self._trainers.get(run_id)
        if trainer is None:
            return BROUGHT_BACK if run_id in self._brought_back else FROM_SESSION
        return None if trainer.finished or not self.running() else STILL_TRAINING

    def sample(self, run_id: int, count: int, chars: int) -> None:
        import numpy as np

        from engine.training.budget import SAMPLE_DEADLINE, check_sample

        trainer = self._trainers[run_id]
        check_sample(trainer.settings, trainer.corpus.vocab_size, count * chars)  # too slow: the Problem
        self._sampling += 1
        self._sampling_run = run_id

        def work(_progress):
            from engine.training.sampling import sample_text

            rng = np.random.default_rng([trainer.settings.seed, 2])
            return [sample_text(trainer.params, trainer.settings, trainer.corpus, "\n", chars, rng,
                                seconds=SAMPLE_DEADLINE / count) for _ in range(count)]

        self._pool.start(GenerationTask(self._sampling, work, self._relay))

    def _on_sampled(self, generation: int, texts: list) -> None:
        if generation == self._sampling:
            self.sampled.emit(self._sampling_run, texts)

    def _on_sample_failed(self, generation: int, error) -> None:
        if generation == self._sampling:
            self.sampleFailed.emit(self._sampling_run, error)

    def export_csv(self, run_id: int, path) -> None:
        from engine.files.io import atomic_write
        from engine.training.train_log import train_log_text

        atomic_write(Path(path), train_log_text(self._runs[run_id].history).encode("utf-8"))


if __name__ == "__main__":
    import sys

    from PySide6.QtWidgets import QApplication

    from widgets.plotkit.plot_style import use_light_theme
    from widgets.training.training_page import TrainingPage

    app = QApplication.instance() or QApplication(sys.argv[:1])
    use_light_theme()
    page = TrainingPage(TrainingSession(app))
    page.resize(1400, 860)
    page.show()
    app.exec()
