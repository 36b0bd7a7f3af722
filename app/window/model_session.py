"""ModelSession: the Model tab's owner, as the Document is the main tab's (it satisfies
widgets.models.model_source.ModelSource, the page's view of it).

State: the loaded model, the text with its tokens and the what-ifs applied to it; the unedited run (the base
every what-if reuses) and the analysis shown. A new text, a what-if and Clear are each one step on
``undo_stack`` (their commands hold the old and new state and hand it to ``_take_state``); every state change
starts one run on the worker, through the shared generation-tagged task, and the newest request wins: the
result of a run for an older state (a text typed over, a what-if undone) is dropped, never shown. Loading a
model clears the stack: its steps were the last model's.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal
from PySide6.QtGui import QUndoStack

from app.window.commands import ReplaceFieldsCommand
from engine.models.analysis import ModelAnalysis, Place, analyse_run, frozen_block_costs, simulated_beside
from engine.models.forward import run_model
from engine.models.loading import Model, load_model
from engine.models.tokenizer import Tokens
from engine.models.trace import Trace
from engine.models.what_if import Edit, check_edit
from widgets.common.generation_task import GenerationRelay, GenerationTask
from widgets.models.model_source import LoadCancelled


class _Stopped(Exception):
    """Raised on the worker to stop freezing each block in turn when its text or model is gone."""


class ModelSession(QObject):
    """See widgets.models.model_source.ModelSource for the signals and calls."""

    loadProgress = Signal(float)
    modelLoaded = Signal(object)
    analysed = Signal(object)
    failed = Signal(object)
    busyChanged = Signal(bool)
    simulated = Signal(object)
    simulationFailed = Signal(object)
    blockCosts = Signal(object)
    blockCostsFailed = Signal(object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
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
        # Freezing each block in turn: a relay and a stop of its own (a new text stops it; its rows are the base's).
        self._costs_relay = GenerationRelay(self)
        self._costs_relay.finished.connect(self._on_block_costs)
        self._costs_relay.failed.connect(self._on_block_costs_failed)
        self._costs_stop = threading.Event()
        self._costing: Trace | None = None
        self._generation = 0
        self._pending: dict[int, str] = {}
        self._cancel = threading.Event()
        self.model: Model | None = None
        self.analysis: ModelAnalysis | None = None
        # The state asked for last (the shown analysis's once its run has arrived).
        self._text = ""
        self._tokens: Tokens | None = None
        self._edits: tuple = ()
        self._place: Place | None = None

    # --- state -----------------------------------------------------------------------------------

    @property
    def edits(self) -> tuple:
        return self._edits

    @property
    def text(self) -> str:
        return self._text

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    # --- gestures ----------------------------------------------------------------------------------

    def load(self, source: str, text: str) -> None:
        """Load ``source`` on the worker; once loaded, run it on ``text`` (not an undo step)."""
        self._cancel.clear()
        cancel = self._cancel

        def work(progress):
            def report(fraction: float) -> None:
                if cancel.is_set():
                    raise LoadCancelled()
                progress(fraction)
            return load_model(source, report), text
        self._start("load", work)

    def cancel_load(self) -> None:
        self._cancel.set()

    def set_text(self, text: str) -> None:
        """Tokenize ``text`` now (bad text raises a Problem) and run it unedited: one undo step. The text
        shown already, run again, changes nothing (its what-ifs stay)."""
        if self.model is None:
            self._text = text
            return
        tokens = self.model.tokenizer.encode(text)
        if text == self._text and self.analysis is not None and self.analysis.text == text:
            return
        if self._tokens is None:  # the first run of this model (its text failed before): nothing to go back to
            self._take_state({"text": text, "tokens": tokens, "edits": ()})
            return
        self._push({"text": text, "tokens": tokens, "edits": ()}, self.tr("Run the model on “{text}”").format(
            text=text if len(text) <= 40 else text[:40] + "…"))

    def apply(self, edit: Edit) -> None:
        """Add ``edit`` to the what-ifs (one undo step); one outside the model raises a Problem now."""
        if self.model is None or self._tokens is None:
            return
        check_edit(edit, self.model.spec.layers, self.model.spec.dims)
        self._push({"edits": self._edits + (edit,)}, self.tr("What-if"))

    def clear(self) -> None:
        """Take back every what-if (one undo step)."""
        if self._edits:
            self._push({"edits": ()}, self.tr("Clear what-ifs"))

    def choose_place(self, place: Place) -> None:
        """Look at ``place`` of the shown run: a view choice, not an undo step."""
        self._place = place
        if self.analysis is not None:
            self._show(analyse_run(self.model, self.analysis.tokens, self.analysis.base, self.analysis.trace, place,
                                   self.analysis.text, self.analysis))

    def cost_frozen_blocks(self) -> None:
        """Cost freezing the final norm, then each block's norms alone, on the shown run's base (a language
        model): ``blockCosts(rows)`` when done, unless a new text or model came first."""
        if self.analysis is None or self.analysis.loss is None:
            return
        model, base, stop = self.model, self.analysis.base, self._costs_stop
        stop.clear()

        def work(_progress):
            def report(_fraction: float) -> None:
                if stop.is_set():
                    raise _Stopped()
            return base, frozen_block_costs(model, base, report)
        self._costing = base
        self._pool.start(GenerationTask(0, work, self._costs_relay))

    def wait_until_idle(self, timeout_ms: int = 60_000) -> bool:
        return self._pool.waitForDone(timeout_ms)

    def settle(self, timeout_ms: int = 120_000) -> None:
        """Wait until the worker is done and its answers are delivered, including the work a delivered
        answer starts (a load runs the text, a run simulates its stacks): for a handout's figure."""
        while self._pool.waitForDone(timeout_ms):
            QCoreApplication.processEvents()  # the answers come as queued signals, and may start more
            if self._pool.activeThreadCount() == 0:
                QCoreApplication.processEvents()
                return

    def shutdown(self, timeout_ms: int = 5_000) -> bool:
        """Cancel a load and wait for the worker (call when the window closes)."""
        self._cancel.set()
        self._costs_stop.set()
        return self._pool.waitForDone(timeout_ms)

    # --- state changes -------------------------------------------------------------------------------

    def _push(self, new: dict, text: str) -> None:
        old = {"text": self._text, "tokens": self._tokens, "edits": self._edits}
        self.undo_stack.push(ReplaceFieldsCommand({name: old[name] for name in new}, new, self._take_state, text))

    def _take_state(self, fields: dict) -> None:
        """The state ``fields`` names (a command's redo or undo, or a first run): run it on the worker."""
        self._text = fields.get("text", self._text)
        if fields.get("tokens", self._tokens) is not self._tokens:
            self._costs_stop.set()  # the blocks frozen in turn were the last text's
        self._tokens = fields.get("tokens", self._tokens)
        self._edits = fields.get("edits", self._edits)
        model, tokens, edits, text, place = self.model, self._tokens, self._edits, self._text, self._place
        shown = self.analysis
        known = shown.base if shown is not None and shown.base.ids == tokens.ids else None

        def work(_progress) -> ModelAnalysis:
            base = known if known is not None else run_model(model, tokens.ids)
            trace = run_model(model, tokens.ids, edits, base) if edits else base
            return analyse_run(model, tokens, base, trace, place, text, shown)
        self._start("run", work)

    def _start(self, kind: str, work) -> None:
        self._generation += 1
        self._pending[self._generation] = kind
        self.busyChanged.emit(True)
        self._pool.start(GenerationTask(self._generation, work, self._relay))

    # --- results -------------------------------------------------------------------------------------

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
            self._on_loaded(*result)
            return
        new_base = self.analysis is None or result.base is not self.analysis.base
        if self._place is not None and result.place is not None and result.place.place != self._place:
            # A place picked while the run was on its way: looked at now (its norm fit only).
            result = analyse_run(self.model, result.tokens, result.base, result.trace, self._place, result.text,
                                 result)
        self._show(result)
        if new_base:
            self._simulate(result.base)

    def _on_loaded(self, model: Model, text: str) -> None:
        self._costs_stop.set()
        self.model, self.analysis = model, None
        self._text, self._tokens, self._edits = text, None, ()
        self.undo_stack.clear()
        self.modelLoaded.emit(model)
        try:
            tokens = model.tokenizer.encode(text)
        except Exception as error:  # the model stays loaded; the text's Problem is said
            self.failed.emit(error)
            return
        self._take_state({"text": text, "tokens": tokens, "edits": ()})

    def _show(self, analysis: ModelAnalysis) -> None:
        self.analysis = analysis
        self._place = analysis.place.place if analysis.place is not None else None
        self.analysed.emit(analysis)

    def _simulate(self, base: Trace) -> None:
        model = self.model
        self._simulations += 1
        self._simulating = base
        self._pool.start(GenerationTask(self._simulations, lambda _progress: (base, simulated_beside(model, base)),
                                        self._sim_relay))

    def _on_simulated(self, _generation: int, result) -> None:
        base, curves = result
        if self.analysis is not None and base is self.analysis.base:  # not for a text or model replaced since
            self.simulated.emit(curves)

    def _on_simulation_failed(self, generation: int, error) -> None:
        # News only from the newest simulation, while its base is still the one shown.
        if generation == self._simulations and self.analysis is not None and self._simulating is self.analysis.base:
            self.simulationFailed.emit(error)

    def _on_block_costs(self, _generation: int, result) -> None:
        base, rows = result
        if self.analysis is not None and base is self.analysis.base:
            self.blockCosts.emit(rows)

    def _on_block_costs_failed(self, _generation: int, error) -> None:
        if not isinstance(error, _Stopped) and self.analysis is not None and self._costing is self.analysis.base:
            self.blockCostsFailed.emit(error)

    def _on_failed(self, generation: int, error) -> None:
        if self._done(generation):
            self.failed.emit(error)
