"""What the Training tab asks of the owner of its runs (the app's TrainingSession implements it; a test
can pass any object with these members).

The page draws the runs and forwards gestures; the owner keeps the runs, trains them on its worker,
samples from their models and keeps undo (removing a run, clearing). Each gesture is one call; a run
that can't start raises the Problem (or MemoryError) the page words for the user.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import SignalInstance

if TYPE_CHECKING:
    from engine.training.run_record import RunRecord
    from engine.training.settings import TrainSettings

#: Why a run can't be sampled (``sample_refusal``): no run chosen, read from a session (no weights
#: saved), removed and brought back by an undo (its weights were let go), still training.
NO_RUN, FROM_SESSION, BROUGHT_BACK, STILL_TRAINING = "no run", "from session", "brought back", "still training"


@dataclass(frozen=True)
class TrainingProgress:
    done: int  # steps trained here so far
    planned: int  # steps they are to reach (a diverged run ends where it diverged)
    rate: float | None  # steps per second since the worker last started or went on; None: not measured


class TrainingSource(Protocol):
    #: The set of runs changed; the cause: "started", "opened" (a session's runs), "removed", "restored".
    runsChanged: SignalInstance
    #: Runs grew by new steps (at most a few times a second while training).
    runsGrew: SignalInstance
    #: The worker started, paused, went on or ended.
    stateChanged: SignalInstance
    #: Training stopped on an error (the exception; the steps so far stay).
    trainingFailed: SignalInstance
    #: A sample came back: (run id, texts); or failed: (run id, exception).
    sampled: SignalInstance
    sampleFailed: SignalInstance

    def runs(self) -> dict[int, RunRecord]:
        """Every run by id, in the order they were added (their histories grow while training)."""

    def start_runs(self, settings: list[TrainSettings]) -> None:
        """Add one run per entry and train them; none when one is refused (the Problem or MemoryError
        is raised, nothing changed)."""

    def toggle_pause(self) -> None: ...

    def stop(self) -> None:
        """Stop every run after its current step; the curves so far stay."""

    def remove_run(self, run_id: int) -> None:
        """Stop and remove one run (one undo step)."""

    def clear(self) -> None:
        """Stop training and remove every run (one undo step)."""

    def running(self) -> bool: ...

    def paused(self) -> bool: ...

    def progress(self) -> TrainingProgress: ...

    def sample_refusal(self, run_id: int | None) -> str | None:
        """Why run ``run_id`` can't be sampled now (one of the reasons above), or None."""

    def sample(self, run_id: int, count: int, chars: int) -> None:
        """Sample ``count`` texts of ``chars`` characters from the run's model on a worker (the answer
        comes through ``sampled``); raises the Problem when it would take too long."""

    def export_csv(self, run_id: int, path: Path) -> None:
        """Write the run's curves as the headless command's ``train_log.csv`` (OSError: not written)."""
