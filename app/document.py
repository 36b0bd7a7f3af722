"""Document: owns the Scenario and its undo stack, runs compute, and tells the views.

Flow: a view calls a Document method -> an undo command -> a new Scenario -> compute -> the
``resultChanged`` signal -> every view redraws. Heavy stack simulations run on a worker thread;
the newest request wins and stale results are dropped.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QUndoStack

from app.commands import EditCellsCommand, ReplaceFieldsCommand
from engine.compute import Result, compute, stack_is_current, stack_weight_bytes
from engine.scenario import Scenario
from widgets.common.problem_text import describe

#: Stacks whose weights fit in this many bytes are simulated at once on the UI thread (the
#: seed's 6 × 4 scenarios take about a millisecond); larger ones go to the worker.
SYNC_STACK_BYTES = 4 << 20


class _Relay(QObject):
    """Carries a worker's result back to the UI thread (queued across threads)."""

    finished = Signal(int, object)
    failed = Signal(int, str)


class _StackTask(QRunnable):
    def __init__(self, generation: int, partial: Result, relay: _Relay):
        super().__init__()
        self._generation, self._partial, self._relay = generation, partial, relay

    def run(self) -> None:
        try:
            result = compute(self._partial.scenario, self._partial)
        except Exception as error:  # reported to the user; the UI keeps its last good result
            self._emit(self._relay.failed, f"{type(error).__name__}: {error}")
        else:
            self._emit(self._relay.finished, result)

    def _emit(self, signal, payload) -> None:
        try:
            signal.emit(self._generation, payload)
        except RuntimeError:
            pass  # the window closed while this ran: nobody is left to show the result


class Document(QObject):
    scenarioChanged = Signal(object)
    #: Cells were written: target ("matrix" or "affine"), first row, first column, rows, columns.
    #: Emitted just before the scenarioChanged it belongs to, so a table can repaint just them.
    cellsWritten = Signal(str, int, int, int, int)
    resultChanged = Signal(object)
    busyChanged = Signal(bool)
    statusMessage = Signal(str)
    #: A whole scenario replaced the old one (a preset, a session, restored work).
    scenarioLoaded = Signal()

    def __init__(self, scenario: Scenario, parent: QObject | None = None):
        super().__init__(parent)
        self._scenario = scenario
        self._result: Result | None = None
        self.undo_stack = QUndoStack(self)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.finished.connect(self._on_stack_done)
        self._relay.failed.connect(self._on_stack_failed)
        self._generation = 0
        self._running = False
        self._pending: tuple[int, Result] | None = None
        self._recompute()

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

    # --- user intents (each one undo step) -----------------------------------------------------

    def set_cells(self, target: str, row: int, col: int, block, text: str | None = None) -> bool:
        """Write a block of numbers at (row, col) of the matrix or of the γ/β grid."""
        block = np.atleast_2d(np.asarray(block, dtype=float))
        rows, cols = self.array(target).shape
        if row < 0 or col < 0 or row + block.shape[0] > rows or col + block.shape[1] > cols:
            self.statusMessage.emit(self.tr("The block of {r} × {c} does not fit at row {row}, column {col} of a "
                                            "{rows} × {cols} grid.").format(r=block.shape[0], c=block.shape[1],
                                                                             row=row + 1, col=col + 1, rows=rows,
                                                                             cols=cols))
            return False
        limit = np.finfo(self._scenario.dtype).max
        if not np.all(np.isfinite(block)) or np.any(np.abs(block) > limit):
            self.statusMessage.emit(self.tr("Refused: every value must be a finite {dtype} number.").format(
                dtype=self._scenario.dtype))
            return False
        if text is None:
            text = self.tr("Edit cell") if block.size == 1 else self.tr("Paste {r} × {c}").format(
                r=block.shape[0], c=block.shape[1])
        self.undo_stack.push(EditCellsCommand(self, target, row, col, block, text))
        return True

    def set_fields(self, changes: dict, text: str, merge_key: str | None = None) -> bool:
        """Change Scenario fields in one undo step; an invalid combination is refused with its reason."""
        try:
            candidate = self._scenario.replace(**changes)
        except (ValueError, TypeError) as error:
            self.statusMessage.emit(self.tr("Refused: {reason}").format(reason=describe(error)))
            return False
        if candidate == self._scenario:
            return False
        self.undo_stack.push(ReplaceFieldsCommand(self, changes, text, merge_key))
        return True

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
            self.statusMessage.emit(self.tr("Refused: the matrix needs at least one token."))
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
            self.statusMessage.emit(self.tr("Refused: the matrix needs at least one dimension."))
            return False
        return self.set_fields(self._dims_changes(s.matrix[:, keep], s.gamma[keep], s.beta[keep]),
                               self.tr("Remove {n} dimension(s)").format(n=len(cols)))

    def _dims_changes(self, matrix, gamma, beta) -> dict:
        changes = {"matrix": matrix, "gamma": gamma, "beta": beta}
        if matrix.shape[1] % self._scenario.heads:
            changes["heads"] = 1  # the head count must divide d; one head always does
        return changes

    def grow_to(self, tokens: int, dims: int) -> bool:
        """Pad the matrix with zero tokens/dimensions (γ = 1, β = 0) up to the given size."""
        s = self._scenario
        extra_t, extra_d = max(0, tokens - s.tokens), max(0, dims - s.dims)
        matrix = np.pad(s.matrix, ((0, extra_t), (0, extra_d)))
        labels = s.labels + tuple(f"t{s.tokens + i + 1}" for i in range(extra_t))
        changes = self._dims_changes(matrix, np.pad(s.gamma, (0, extra_d), constant_values=1.0),
                                     np.pad(s.beta, (0, extra_d)))
        changes["labels"] = labels
        return self.set_fields(changes, self.tr("Grow to {r} × {c}").format(r=matrix.shape[0], c=matrix.shape[1]))

    def load_scenario(self, scenario: Scenario, text: str) -> bool:
        """Replace every field (a preset, an opened file) in one undo step."""
        changes = {name: getattr(scenario, name) for name in scenario.__dataclass_fields__}
        if not self.set_fields(changes, text):
            return False
        self.scenarioLoaded.emit()
        return True

    # --- called by the undo commands -----------------------------------------------------------

    def write_block(self, target: str, row: int, col: int, block: np.ndarray) -> None:
        rows, cols = block.shape
        if target == "matrix":
            matrix = self._scenario.matrix.copy()
            matrix[row:row + rows, col:col + cols] = block
            # set_cells checked the block, so the frozen copy can be shared, not copied and rechecked.
            matrix.setflags(write=False)
            scenario, changed_rows = self._scenario.replace(matrix=matrix), range(row, row + rows)
        else:
            affine = self.array(target).copy()
            affine[row:row + rows, col:col + cols] = block
            scenario, changed_rows = self._scenario.replace(gamma=affine[0], beta=affine[1]), None
        self._replace(scenario, changed_rows, written=(target, row, col, rows, cols))

    def replace_fields(self, changes: dict) -> None:
        self._replace(self._scenario.replace(**changes))

    def _replace(self, scenario: Scenario, changed_rows=None, written: tuple | None = None) -> None:
        self._scenario = scenario
        if written is not None:
            self.cellsWritten.emit(*written)
        self.scenarioChanged.emit(scenario)
        self._recompute(changed_rows)

    # --- computing -----------------------------------------------------------------------------

    def _recompute(self, changed_rows=None) -> None:
        s, previous = self._scenario, self._result
        inline = stack_is_current(s, previous) or stack_weight_bytes(s) <= SYNC_STACK_BYTES
        result = compute(s, previous, list(changed_rows) if changed_rows is not None else None, stack=inline)
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

    def _set_result(self, result: Result) -> None:
        self._result = result
        self.resultChanged.emit(result)

    def _launch(self) -> None:
        generation, partial = self._pending
        self._pending = None
        self._running = True
        self._pool.start(_StackTask(generation, partial, self._relay))

    def _on_stack_done(self, generation: int, result: Result) -> None:
        self._running = False
        if generation == self._generation:
            self._set_result(result)
        if self._pending is not None:
            self._launch()
        else:
            self.busyChanged.emit(False)

    def _on_stack_failed(self, generation: int, message: str) -> None:
        self._running = False
        if generation == self._generation:
            self.statusMessage.emit(self.tr("The block simulation failed: {reason}").format(reason=message))
        if self._pending is not None:
            self._launch()
        else:
            self.busyChanged.emit(False)

    def wait_until_idle(self, timeout_ms: int = 60_000) -> bool:
        """Block until the worker is done (for scripts and tests); queued results still need events."""
        return self._pool.waitForDone(timeout_ms)
