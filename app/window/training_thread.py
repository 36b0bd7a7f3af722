"""The worker that trains: every run one step in turn, so all curves grow together; pause, continue, stop,
drop one run.

The thread owns the trainers while it runs; the UI thread gets copies of the measurements only,
through ``progressed`` (a list of ``(run_id, StepRecord)``), at most every ``EMIT_SECONDS`` (checked after
each step), so the UI has new steps to draw several times a second.
"""

from __future__ import annotations

import threading
import time

from typing import TYPE_CHECKING

from PySide6.QtCore import QThread, Signal

if TYPE_CHECKING:
    from engine.training.trainer import Trainer

EMIT_SECONDS = 0.1


class TrainingThread(QThread):
    """Steps the given trainers round-robin until each is finished (or diverged), or ``stop()``."""

    progressed = Signal(object)  # list[tuple[int, StepRecord]]
    runFinished = Signal(int, object)  # run id, diverged_at (int or None)
    failed = Signal(object)  # the error that ended the loop (worded by the page); the runs so far stay

    def __init__(self, trainers: dict[int, Trainer], parent=None):
        super().__init__(parent)
        self._trainers = dict(trainers)
        self._running = threading.Event()
        self._running.set()
        self._stopped = False
        self._incoming: dict[int, Trainer] = {}
        self._dropped: set[int] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._pending: list = []  # (run id, StepRecord) not yet reported

    def add(self, run_id: int, trainer: Trainer) -> bool:
        """Hand one more trainer to the thread; it joins at the next round. False once the thread
        has ended its loop (start a new one)."""
        with self._lock:
            if self._closed or self._stopped:
                return False
            self._incoming[run_id] = trainer
            return True

    def drop(self, run_id: int) -> None:
        """Step run ``run_id`` no more (it was removed); the others go on."""
        with self._lock:
            self._dropped.add(run_id)
            self._incoming.pop(run_id, None)

    def pause(self) -> None:
        self._running.clear()

    def resume(self) -> None:
        self._running.set()

    @property
    def paused(self) -> bool:
        return not self._running.is_set()

    def stop(self) -> None:
        """Ask the loop to end after the current step (a paused thread wakes up to end)."""
        self._stopped = True
        self._running.set()

    def run(self) -> None:
        try:
            self._loop()
        except Exception as error:  # noqa: BLE001 (reported in the UI instead of killing the app)
            with self._lock:
                self._closed = True
            if self._pending:  # the steps done before the failure stay on the curves
                self.progressed.emit(self._pending)
            self.failed.emit(error)

    def _loop(self) -> None:
        pending = self._pending = []  # run() reports them if a step raises
        last_emit = time.perf_counter()
        active = [run_id for run_id, t in self._trainers.items() if not t.finished]
        while not self._stopped:
            with self._lock:
                for run_id, trainer in self._incoming.items():
                    self._trainers[run_id] = trainer
                    active.append(run_id)
                self._incoming.clear()
                for run_id in self._dropped:
                    self._trainers.pop(run_id, None)  # its weights go as soon as the owner lets them go
                    if run_id in active:
                        active.remove(run_id)
                self._dropped.clear()
                if not active:
                    self._closed = True  # under the lock: add() from now on says no
                    break
            if not self._running.is_set():
                if pending:
                    self.progressed.emit(pending)
                    pending = self._pending = []
                self._running.wait()
                continue
            for run_id in list(active):
                if self._stopped:
                    break
                if run_id in self._dropped:  # dropped during this round: left out at the next
                    continue
                trainer = self._trainers[run_id]
                pending.append((run_id, trainer.step()))
                if trainer.finished:
                    active.remove(run_id)
                    self.progressed.emit(pending)
                    pending = self._pending = []
                    self.runFinished.emit(run_id, trainer.diverged_at)
                # After every step, not every round: three 12-layer runs take ~0.3 s a round.
                now = time.perf_counter()
                if pending and now - last_emit >= EMIT_SECONDS:
                    self.progressed.emit(pending)
                    pending = self._pending = []
                    last_emit = now
        with self._lock:
            self._closed = True
        if pending:
            self.progressed.emit(pending)
