"""Document: owns the Scenario and its undo stack, runs compute, and tells the views.

Flow: a view calls a Document method -> an undo command -> a new Scenario -> compute -> the
``resultChanged`` signal -> every view redraws. Heavy stack simulations run on a worker thread;
the newest request wins and stale results are dropped.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtGui import QUndoStack

from app.window.commands import EditCellsCommand, ReplaceFieldsCommand
from app.window.pinned import Pinned
from engine.results.compute import Result, compute, stack_is_current, stack_weight_bytes
from engine.setup.limits import MAX_CELLS
from engine.setup.scenario import Scenario
from widgets.common.generation_task import GenerationRelay, GenerationTask
from widgets.common.problem_text import describe, describe_failure

#: Stacks whose weights fit in this many bytes are simulated at once on the UI thread (the
#: seed's 6 × 4 scenarios take about a millisecond); larger ones go to the worker.
SYNC_STACK_BYTES = 4 << 20
#: The undo history keeps at most this many steps, and is cleared (with a note) when the arrays its
#: steps hold pass this many bytes (60 token inserts on the 2048 × 4096 preset held 4.9 GB).
UNDO_STEP_LIMIT = 1000
UNDO_BYTE_BUDGET = 1 << 30
#: The worker's answers for A's own stack simulation carry this tag (the Document's count from 1).
PIN_GENERATION = -1


class StaleRequest(Exception):
    """Raised on the worker to stop a stack simulation that a newer edit made moot (never shown)."""


class Document(QObject):
    scenarioChanged = Signal(object)
    #: Cells were written: target ("matrix" or "affine"), first row, first column, rows, columns.
    #: Emitted just before the scenarioChanged it belongs to, so a table can repaint just them.
    cellsWritten = Signal(str, int, int, int, int)
    resultChanged = Signal(object)
    busyChanged = Signal(bool)
    #: How far the worker's stack simulation of the shown scenario is (0..1).
    stackProgress = Signal(float)
    statusMessage = Signal(str)
    #: A whole scenario replaced the old one (a preset, a session, restored work).
    scenarioLoaded = Signal()
    #: The scenario pinned as A for comparison, or its Result, changed: the pinned Result, or None.
    pinChanged = Signal(object)

    def __init__(self, scenario: Scenario, parent: QObject | None = None):
        super().__init__(parent)
        self._scenario = scenario
        self._result: Result | None = None
        self.undo_stack = QUndoStack(self)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = GenerationRelay(self)
        self._relay.finished.connect(self._on_stack_done)
        self._relay.failed.connect(self._on_stack_failed)
        self._relay.progress.connect(self._on_stack_progress)
        self._generation = 0
        self._running = False
        self._pending: tuple[int, Result] | None = None
        #: The scenario and result a gesture computed, shown by its command's first redo.
        self._prepared: tuple[Scenario, Result] | None = None
        self._pin = Pinned()
        #: Stacks simulated besides Pre-Norm, Post-Norm and the chosen placement (the plots' picks).
        self._placements: tuple[str, ...] = ()
        self._step_bytes: list[int] = []  # the bytes each undo step holds, oldest first (see _keep_history_bounded)
        self.undo_stack.setUndoLimit(UNDO_STEP_LIMIT)
        self._take(self._compute(scenario))

    # --- state -------------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def busy(self) -> bool:
        return self._running or self._pending is not None

    def array(self, target: str) -> np.ndarray:
        """The matrix, or γ/β as a (2, d) block (row 0 γ, row 1 β)."""
        if target == "matrix":
            return self._scenario.matrix
        return np.vstack([self._scenario.gamma, self._scenario.beta])

    def report(self, text: str) -> None:
        """Tell the user something about their last gesture (the status bar shows it)."""
        self.statusMessage.emit(text)

    # --- user intents (each one undo step and one compute) -------------------------------------

    def set_cells(self, target: str, row: int, col: int, block, text: str | None = None,
                  grow: bool = False) -> bool:
        """Write a block of numbers at (row, col) of the matrix or of the γ/β grid. With ``grow``, a
        block reaching past the grid first pads it (zeros, γ = 1, β = 0): one step, one compute."""
        block = np.atleast_2d(np.asarray(block, dtype=float))
        rows, cols = self.array(target).shape
        need_rows, need_cols = row + block.shape[0], col + block.shape[1]
        fits = need_rows <= rows and need_cols <= cols
        if row < 0 or col < 0 or not (fits or (grow and (target == "matrix" or need_rows <= rows))):
            self.report(self.tr("The block of {r} × {c} does not fit at row {row}, column {col} of a "
                                "{rows} × {cols} grid.").format(r=block.shape[0], c=block.shape[1],
                                                                 row=row + 1, col=col + 1, rows=rows, cols=cols))
            return False
        limit = np.finfo(self._scenario.dtype).max
        if not np.all(np.isfinite(block)) or np.any(np.abs(block) > limit):
            self.report(self.tr("Refused: every value must be a finite {dtype} number.").format(
                dtype=self._scenario.dtype))
            return False
        if not fits:
            if max(need_rows, rows) * max(need_cols, cols) > MAX_CELLS:  # refused before padding allocates it
                self.report(self.tr("Refused: growing to {r} × {c} would pass the limit of {limit} cells.").format(
                    r=max(need_rows, rows), c=max(need_cols, cols), limit=MAX_CELLS))
                return False
            changes = self._grown(need_rows if target == "matrix" else 0, need_cols)
            grid = changes["matrix"] if target == "matrix" else np.vstack([changes["gamma"], changes["beta"]])
            grid = grid.copy()
            grid[row:need_rows, col:need_cols] = block
            if target == "matrix":
                changes["matrix"] = grid
            else:
                changes["gamma"], changes["beta"] = grid[0], grid[1]
            return self.set_fields(changes, text or self.tr("Paste {r} × {c} and grow").format(
                r=block.shape[0], c=block.shape[1]))
        if text is None:
            text = self.tr("Edit cell") if block.size == 1 else self.tr("Paste {r} × {c}").format(
                r=block.shape[0], c=block.shape[1])
        old = np.array(self.array(target)[row:need_rows, col:need_cols])

        def apply(values: np.ndarray) -> None:
            self._write_block(target, row, col, values)

        candidate, changed_rows = self._with_block(target, row, col, block)
        return self._propose(candidate, changed_rows, EditCellsCommand(old, block, apply, text))

    def set_fields(self, changes: dict, text: str, merge_key: str | None = None) -> bool:
        """Change Scenario fields in one undo step; an invalid combination is refused with its reason."""
        try:
            candidate = self._scenario.replace(**changes)
        except (ValueError, TypeError, OverflowError) as error:
            self.report(self.tr("Refused: {reason}").format(reason=describe(error)))
            return False
        if candidate == self._scenario:
            return False
        old = {name: getattr(self._scenario, name) for name in changes}
        command = ReplaceFieldsCommand(old, changes, self._replace_fields, text, merge_key)
        return self._propose(candidate, None, command)

    def set_setting(self, name: str, value, merge: bool = False, text: str | None = None) -> bool:
        """Change one setting; with ``merge``, consecutive changes of it are one undo step (a spin
        box being stepped), and changing it back removes the step. ``text`` names the step in the
        Edit menu (the settings panel passes its own translated label)."""
        text = text or self.tr("Set {name} to {value}").format(name=name, value=value)
        return self.set_fields({name: value}, text, merge_key=name if merge else None)

    def set_label(self, row: int, label: str) -> bool:
        labels = list(self._scenario.labels)
        labels[row] = label
        return self.set_fields({"labels": tuple(labels)},
                               self.tr("Rename token {n} to {label}").format(n=row + 1, label=label))

    def reset_affine(self) -> bool:
        d = self._scenario.dims
        return self.set_fields({"gamma": np.ones(d), "beta": np.zeros(d)}, self.tr("Reset γ to 1 and β to 0"))

    def insert_tokens(self, at: int, count: int = 1) -> bool:
        s = self._scenario
        matrix = np.insert(s.matrix, [at] * count, 0.0, axis=0)
        labels = s.labels[:at] + tuple(f"t{s.tokens + i + 1}" for i in range(count)) + s.labels[at:]
        return self.set_fields({"matrix": matrix, "labels": labels}, self.tr("Insert {n} token(s)").format(n=count))

    def remove_tokens(self, rows: list[int]) -> bool:
        s = self._scenario
        keep = [r for r in range(s.tokens) if r not in set(rows)]
        if not keep:
            self.report(self.tr("Refused: the matrix needs at least one token."))
            return False
        return self.set_fields({"matrix": s.matrix[keep], "labels": tuple(s.labels[r] for r in keep)},
                               self.tr("Remove {n} token(s)").format(n=len(rows)))

    def insert_dims(self, at: int, count: int = 1) -> bool:
        s = self._scenario
        return self.set_fields(self._dims_changes(
            np.insert(s.matrix, [at] * count, 0.0, axis=1),
            np.insert(s.gamma, [at] * count, 1.0), np.insert(s.beta, [at] * count, 0.0)),
            self.tr("Insert {n} dimension(s)").format(n=count))

    def remove_dims(self, cols: list[int]) -> bool:
        s = self._scenario
        keep = [c for c in range(s.dims) if c not in set(cols)]
        if not keep:
            self.report(self.tr("Refused: the matrix needs at least one dimension."))
            return False
        return self.set_fields(self._dims_changes(s.matrix[:, keep], s.gamma[keep], s.beta[keep]),
                               self.tr("Remove {n} dimension(s)").format(n=len(cols)))

    def _dims_changes(self, matrix, gamma, beta) -> dict:
        changes = {"matrix": matrix, "gamma": gamma, "beta": beta}
        if matrix.shape[1] % self._scenario.heads:
            changes["heads"] = 1  # the head count must divide d; one head always does
        return changes

    def _grown(self, tokens: int, dims: int) -> dict:
        """The fields of the matrix padded with zero tokens/dimensions (γ = 1, β = 0) to a size."""
        s = self._scenario
        extra_t, extra_d = max(0, tokens - s.tokens), max(0, dims - s.dims)
        changes = self._dims_changes(np.pad(s.matrix, ((0, extra_t), (0, extra_d))),
                                     np.pad(s.gamma, (0, extra_d), constant_values=1.0),
                                     np.pad(s.beta, (0, extra_d)))
        changes["labels"] = s.labels + tuple(f"t{s.tokens + i + 1}" for i in range(extra_t))
        return changes

    def load_scenario(self, scenario: Scenario, text: str) -> bool:
        """Replace every field (a preset, an opened file) in one undo step."""
        changes = {name: getattr(scenario, name) for name in scenario.__dataclass_fields__}
        if not self.set_fields(changes, text):
            return False
        self.scenarioLoaded.emit()
        return True

    def set_extra_placements(self, placements: tuple[str, ...]) -> None:
        """Simulate these stacks too (the depth and gradient plots draw them): a view choice, not an undo
        step; the current scenario and A are computed again."""
        placements = tuple(placements)
        if placements == self._placements:
            return
        self._placements = placements
        try:
            self._take(self._compute(self._scenario))
        except Exception as error:  # the engine's one guard: the last good result stays
            self.report(self.tr("The computation failed: {reason}").format(reason=describe_failure(error)))
        if self._pin.result is not None:
            self._pin.waiting = True  # A's stacks too
            self._launch_pin_if_idle()

    # --- A/B comparison: a scenario pinned as A beside the current one (B) ---------------------

    @property
    def pinned(self) -> Result | None:
        """The Result of the scenario pinned as A (its stack may still be computing), or None."""
        return self._pin.result

    def pin(self) -> None:
        """Pin the current scenario and its Result as A (not an undo step: it changes no setting)."""
        self._set_pin(self._result)

    def pin_scenario(self, scenario: Scenario) -> bool:
        """Pin ``scenario`` as A (a session's), computed now (its stack on the worker if large); an
        engine error leaves A as it was and says why."""
        try:
            result = self._compute(scenario)
        except Exception as error:  # the engine's one guard
            self.report(self.tr("A could not be computed: {reason}").format(reason=describe_failure(error)))
            return False
        self._set_pin(result)
        return True

    def clear_pin(self) -> None:
        """Forget A."""
        if self._pin.result is not None:
            self._set_pin(None)

    def swap_with_pin(self) -> bool:
        """A becomes the current scenario and the current one A: one undo step (undo swaps back), and
        no compute when A's Result is complete."""
        if self._pin.result is None:
            self.report(self.tr("Nothing is pinned as A: pin the current settings first."))
            return False
        a = self._pin.result
        changes = {name: getattr(a.scenario, name) for name in a.scenario.__dataclass_fields__}
        old = {name: getattr(self._scenario, name) for name in changes}
        command = ReplaceFieldsCommand(old, changes, self._swap_fields, self.tr("Swap A and B"))
        if not self._propose(a.scenario, None, command, None if a.stack_stale else a):
            return False
        self.scenarioLoaded.emit()
        return True

    def _swap_fields(self, changes: dict) -> None:
        """Apply a swap (or its undo): the scenario shown until now becomes A."""
        shown = self._result
        self._replace_fields(changes)
        self._set_pin(shown)

    def _set_pin(self, result: Result | None) -> None:
        self._pin.set(result)
        self.pinChanged.emit(result)
        self._launch_pin_if_idle()

    def _keep_for_pin(self, result: Result) -> None:
        """A finished stack simulation of A's scenario is A's (whichever request it answered)."""
        if self._pin.accepts(result, self._placements):
            self._pin.set(result)
            self.pinChanged.emit(result)

    def _launch_pin_if_idle(self) -> None:
        """A's stack still computing and nobody computing it: the idle worker does."""
        if self._running or self._pending is not None or not self._pin.waiting:
            return
        self._running = True
        partial = self._pin.result
        placements = self._placements
        self._pool.start(GenerationTask(PIN_GENERATION, lambda _progress: compute(
            partial.scenario, partial, placements=placements), self._relay))
        self.busyChanged.emit(True)

    # --- the one guarded path from a gesture to the views --------------------------------------

    def _propose(self, candidate: Scenario, changed_rows, command, result: Result | None = None) -> bool:
        """Compute the gesture's result first (unless ``result`` is already the candidate's): an engine
        error refuses the gesture (scenario, result and undo stack stay as they were); otherwise push
        the command, whose first redo shows it."""
        try:
            result = result if result is not None else self._compute(candidate, changed_rows)
        except Exception as error:  # the engine's one guard: any failure leaves the last good state
            self.report(self.tr("Refused: {reason}").format(reason=describe_failure(error)))
            return False
        self._prepared = (candidate, result)
        at = self.undo_stack.index()
        try:
            self.undo_stack.push(command)
        finally:
            self._prepared = None
        self._keep_history_bounded(at, command)
        return True

    def _keep_history_bounded(self, at: int, pushed) -> None:
        """Clear the history when its steps hold more than UNDO_BYTE_BUDGET. The bytes of each step are
        kept beside the stack (``_step_bytes``), so an edit adds one step's instead of asking all of them
        (0.65 ms an edit after 1,000 steps): a push at step ``at`` drops the steps after it, adds
        ``pushed`` and may drop the oldest beyond the limit; anything else (a merged or obsolete step,
        a clear) is seen by the count and counted again."""
        stack = self.undo_stack
        steps = self._step_bytes[:at] + [getattr(pushed, "nbytes", 0)]
        del steps[:max(0, len(steps) - stack.undoLimit())]
        if len(steps) != stack.count() or stack.index() != stack.count():
            steps = [getattr(stack.command(i), "nbytes", 0) for i in range(stack.count())]
        self._step_bytes = steps
        held = sum(steps)
        if held > UNDO_BYTE_BUDGET and stack.count() > 1:
            stack.clear()
            self._step_bytes = []
            self.report(self.tr("The undo history was cleared: it held {mb} MB of matrices "
                                "(the limit is {limit} MB).").format(mb=held >> 20, limit=UNDO_BYTE_BUDGET >> 20))

    def _with_block(self, target: str, row: int, col: int, block: np.ndarray):
        """The current scenario with a block written in, and the matrix rows it changed (None: all)."""
        rows, cols = block.shape
        if target == "matrix":
            matrix = self._scenario.matrix.copy()
            matrix[row:row + rows, col:col + cols] = block
            # set_cells checked the block, so the frozen copy can be shared, not copied and rechecked.
            matrix.setflags(write=False)
            return self._scenario.replace(matrix=matrix), range(row, row + rows)
        affine = self.array(target).copy()
        affine[row:row + rows, col:col + cols] = block
        return self._scenario.replace(gamma=affine[0], beta=affine[1]), None

    def _write_block(self, target: str, row: int, col: int, block: np.ndarray) -> None:
        rows, cols = block.shape
        if self._prepared is not None:
            (scenario, result), changed_rows = self._prepared, range(row, row + rows)
        else:
            (scenario, changed_rows), result = self._with_block(target, row, col, block), None
        self._show(scenario, result, changed_rows if target == "matrix" else None,
                   written=(target, row, col, rows, cols))

    def _replace_fields(self, changes: dict) -> None:
        if self._prepared is not None:
            scenario, result = self._prepared
        else:
            scenario, result = self._scenario.replace(**changes), None
        self._show(scenario, result)

    def _show(self, scenario: Scenario, result: Result | None, changed_rows=None,
              written: tuple | None = None) -> None:
        self._scenario = scenario
        if written is not None:
            self.cellsWritten.emit(*written)
        self.scenarioChanged.emit(scenario)
        if result is None:  # an undo or redo: its scenario computed before, so this is a safety net
            try:
                result = self._compute(scenario, changed_rows)
            except Exception as error:
                self.report(self.tr("The computation failed: {reason}").format(reason=describe_failure(error)))
                return
        self._take(result)

    # --- computing -----------------------------------------------------------------------------

    def _compute(self, scenario: Scenario, changed_rows=None) -> Result:
        previous = self._result
        # The size first: a few multiplications, where stack_is_current compares the fields of two scenarios.
        inline = (stack_weight_bytes(scenario) <= SYNC_STACK_BYTES
                  or stack_is_current(scenario, previous, self._placements))
        return compute(scenario, previous, list(changed_rows) if changed_rows is not None else None, stack=inline,
                       placements=self._placements)

    def _take(self, result: Result) -> None:
        self._generation += 1
        self._set_result(result)
        if result.stack_stale:
            self._pending = (self._generation, result)
            if not self._running:
                self._launch()
            self.busyChanged.emit(True)
        elif self._pending is not None or self._running:
            self._pending = None  # complete already: queued work for older scenarios is moot
            if not self._running:
                self.busyChanged.emit(False)
        self._launch_pin_if_idle()

    def _set_result(self, result: Result) -> None:
        self._result = result
        self.resultChanged.emit(result)

    def _launch(self) -> None:
        generation, partial = self._pending
        self._pending = None
        self._running = True
        placements = self._placements
        self._pool.start(GenerationTask(generation, lambda progress: compute(
            partial.scenario, partial, placements=placements, progress=self._unless_stale(generation, progress)),
            self._relay))

    def _unless_stale(self, generation: int, progress):
        """``progress`` for the worker's request ``generation``, which stops it once a newer one exists
        (read across threads: an int compared, at worst one block late)."""
        def report(fraction: float) -> None:
            if generation != self._generation:
                raise StaleRequest
            progress(fraction)
        return report

    def _on_stack_progress(self, generation: int, fraction: float) -> None:
        if generation == self._generation:
            self.stackProgress.emit(fraction)

    def _on_stack_done(self, generation: int, result: Result) -> None:
        self._running = False
        self._keep_for_pin(result)
        if generation == self._generation:
            self._set_result(result)
        self._launch_next()

    def _on_stack_failed(self, generation: int, error: Exception) -> None:
        self._running = False
        if generation == PIN_GENERATION:
            self._pin.give_up()  # A keeps the stack it had, marked out of date; no retry loop
            self.report(self.tr("The block simulation of A failed: {reason}").format(reason=describe_failure(error)))
        elif generation == self._generation:
            self.report(self.tr("The block simulation failed: {reason}").format(reason=describe_failure(error)))
        self._launch_next()

    def _launch_next(self) -> None:
        if self._pending is not None:
            self._launch()
            return
        self._launch_pin_if_idle()
        if not self._running:
            self.busyChanged.emit(False)

    def wait_until_idle(self, timeout_ms: int = 60_000) -> bool:
        """Block until the worker is done (for scripts and tests); queued results still need events."""
        return self._pool.waitForDone(timeout_ms)
