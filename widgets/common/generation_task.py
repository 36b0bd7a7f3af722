"""Work on a thread pool whose answer is tagged with the request it belongs to, so that the newest
request wins and a stale answer can be recognised and dropped by whoever receives it."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QRunnable, Signal


class GenerationRelay(QObject):
    """Carries a task's answer back to the thread the relay lives in (queued across threads).

    Signals carry the task's generation first: ``progress(generation, fraction)``,
    ``finished(generation, result)``, ``failed(generation, exception)``.
    """

    progress = Signal(int, float)
    finished = Signal(int, object)
    failed = Signal(int, object)


class GenerationTask(QRunnable):
    """Runs ``work(progress)``; its result (or the exception it raised) goes out through ``relay``."""

    def __init__(self, generation: int, work: Callable[[Callable[[float], None]], object], relay: GenerationRelay):
        super().__init__()
        self._generation, self._work, self._relay = generation, work, relay

    def run(self) -> None:
        try:
            result = self._work(lambda fraction: self._emit(self._relay.progress, fraction))
        except Exception as error:  # handed to the receiver, which says why; its last good state stays
            self._emit(self._relay.failed, error)
        else:
            self._emit(self._relay.finished, result)

    def _emit(self, signal, payload) -> None:
        try:
            signal.emit(self._generation, payload)
        except RuntimeError:
            pass  # the window closed while this ran: nobody is left to show the result
