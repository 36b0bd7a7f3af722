"""Loads a model and runs it off the UI thread: the newest request wins, a load can be cancelled.

State kept here: the loaded model, the tokens of the current text, its unedited run (the base every
what-if reuses) and the edits applied now, with one undo step per edit.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QThreadPool, Signal

from engine.models.forward import run_model
from engine.models.loading import Model, load_model
from engine.models.simulated_depth import simulated_depth
from engine.models.tokenizer import Tokens
from engine.models.trace import Trace
from widgets.common.generation_task import GenerationRelay, GenerationTask


class LoadCancelled(Exception):
    """Raised from the progress callback when the user cancels a load."""


class ModelRunner(QObject):
    """``load(source)`` then ``set_text(text)``; what-ifs with ``apply(edit)``, ``undo()``, ``clear()``.

    Signals: ``loadProgress(fraction)``, ``modelLoaded(model)``, ``traced(tokens, base, trace)`` after
    every run (``trace`` is ``base`` when there are no edits), ``failed(error)``, ``busyChanged(bool)``,
    ``simulated(base, curves)`` for the simulated stacks beside a new base run, or ``simulationFailed(error)``.
    """

    loadProgress = Signal(float)
    modelLoaded = Signal(object)
    traced = Signal(object, object, object)
    failed = Signal(object)
    busyChanged = Signal(bool)
    simulated = Signal(object, object)
    simulationFailed = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = GenerationRelay(self)
        self._relay.progress.connect(self._on_progress)
        self._relay.finished.connect(self._on_finished)
        self._relay.failed.connect(self._on_failed)
        # The simulation has its own relay: it is not a request that makes older runs stale.
        self._sim_relay = GenerationRelay(self)
        self._sim_relay.finished.connect(self._on_simulated)
        self._sim_relay.failed.connect(self._on_simulation_failed)
        self._simulations = 0  # the generation of the newest simulation asked for
        self._simulating: Trace | None = None  # and its base
        self._generation = 0
        self._pending: dict[int, str] = {}
        self._cancel = threading.Event()
        self.model: Model | None = None
        self.tokens: Tokens | None = None
        self.base: Trace | None = None
        self.edits: tuple = ()
        self._undo: list[tuple] = []

    # --- requests ------------------------------------------------------------------------------

    def _start(self, kind: str, work) -> None:
        self._generation += 1
        self._pending[self._generation] = kind
        self.busyChanged.emit(True)
        self._pool.start(GenerationTask(self._generation, work, self._relay))

    def load(self, source: str) -> None:
        """Load ``source`` (a model name, folder or .gguf file) on the worker."""
        self._cancel.clear()
        cancel = self._cancel

        def work(progress):
            def report(fraction: float) -> None:
                if cancel.is_set():
                    raise LoadCancelled()
                progress(fraction)
            return load_model(source, report)
        self._start("load", work)

    def cancel_load(self) -> None:
        self._cancel.set()

    def set_text(self, text: str) -> None:
        """Tokenize ``text`` now (bad text raises a Problem at once) and run it unedited on the worker."""
        if self.model is None:
            return
        tokens = self.model.tokenizer.encode(text)
        self.base, self.edits, self._undo = None, (), []  # no what-if until the new base arrives
        model = self.model

        def work(_progress):
            base = run_model(model, tokens.ids)
            return tokens, base, base
        self._start("run", work)

    def apply(self, edit) -> None:
        """Add ``edit`` to the what-ifs (one undo step) and re-run from its layer."""
        self._set_edits(self.edits + (edit,))

    def undo(self) -> None:
        if self._undo:
            self._set_edits(self._undo.pop(), record=False)

    def clear(self) -> None:
        if self.edits:
            self._set_edits(())

    def can_undo(self) -> bool:
        return bool(self._undo)

    def _set_edits(self, edits: tuple, record: bool = True) -> None:
        if self.model is None or self.base is None:
            return
        if record:
            self._undo.append(self.edits)
        self.edits = edits
        model, tokens, base = self.model, self.tokens, self.base
        self._start("run", lambda _progress: (tokens, base, run_model(model, tokens.ids, edits, base) if edits else base))

    def wait_until_idle(self, timeout_ms: int = 60_000) -> bool:
        return self._pool.waitForDone(timeout_ms)

    def settle(self, timeout_ms: int = 120_000) -> None:
        """Wait until the worker is done and its answers are delivered, including the work a delivered
        answer starts (a load runs the text, a run simulates its stacks): for a handout's figure."""
        from PySide6.QtCore import QCoreApplication

        while self._pool.waitForDone(timeout_ms):
            QCoreApplication.processEvents()  # the answers come as queued signals, and may start more
            if self._pool.activeThreadCount() == 0:
                QCoreApplication.processEvents()
                return

    def shutdown(self, timeout_ms: int = 5_000) -> bool:
        """Cancel a load and wait for the worker (call when the window closes)."""
        self._cancel.set()
        return self._pool.waitForDone(timeout_ms)

    # --- results -------------------------------------------------------------------------------

    def _done(self, generation: int) -> bool:
        """Forget ``generation``; True when it is the newest request (older results are stale)."""
        self._pending.pop(generation, None)
        if not self._pending:
            self.busyChanged.emit(False)
        return generation == self._generation

    def _on_progress(self, generation: int, fraction: float) -> None:
        if generation == self._generation:
            self.loadProgress.emit(fraction)

    def _on_finished(self, generation: int, result) -> None:
        kind = self._pending.get(generation)
        if not self._done(generation):
            return
        if kind == "load":
            self.model, self.tokens, self.base, self.edits, self._undo = result, None, None, (), []
            self.modelLoaded.emit(result)
            return
        tokens, base, trace = result
        new_base = base is not self.base
        self.tokens, self.base = tokens, base
        self.traced.emit(tokens, base, trace)
        if new_base:
            self._simulate(base)

    def _simulate(self, base: Trace) -> None:
        spec = self.model.spec
        work = lambda _progress: (base, simulated_depth(base.states[0], spec.norm_kind, spec.layers, spec.heads))  # noqa: E731
        self._simulations += 1
        self._simulating = base
        self._pool.start(GenerationTask(self._simulations, work, self._sim_relay))

    def _on_simulated(self, _generation: int, result) -> None:
        base, curves = result
        if base is self.base:  # not for a text or model replaced since
            self.simulated.emit(base, curves)

    def _on_simulation_failed(self, generation: int, error) -> None:
        # News only from the newest simulation, while its base is still the one shown.
        if generation == self._simulations and self._simulating is self.base:
            self.simulationFailed.emit(error)

    def _on_failed(self, generation: int, error) -> None:
        if self._done(generation):
            self.failed.emit(error)
