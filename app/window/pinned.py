"""The Result pinned as A for an A/B comparison, and whether its stack simulation is still owed."""

from __future__ import annotations

from engine.results.compute import Result, depth_placements


class Pinned:
    """A's Result. Pinned while its stack was still computing (``waiting``), the Result holds an
    earlier scenario's stack; only a finished simulation of A's own scenario may complete it."""

    def __init__(self) -> None:
        self.result: Result | None = None
        self.waiting = False

    def set(self, result: Result | None) -> None:
        self.result = result
        self.waiting = result is not None and result.stack_stale

    def accepts(self, result: Result, placements: tuple[str, ...] = ()) -> bool:
        """Whether ``result`` is the complete Result A waits for: A's scenario, with the stacks asked for
        now (the extra ``placements``; a simulation started before they changed has others)."""
        if not self.waiting or result.stack_stale:
            return False
        if result.depth is not None and tuple(result.depth.runs) != depth_placements(result.scenario, placements):
            return False
        return result.scenario is self.result.scenario or result.scenario == self.result.scenario

    def give_up(self) -> None:
        """A's simulation failed: A keeps its out-of-date stack (said so) rather than retrying forever."""
        self.waiting = False
