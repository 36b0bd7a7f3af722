"""Counting the steps of a long computation, for a progress report that may also stop it."""

from __future__ import annotations

from typing import Callable


class Steps:
    """``total`` steps; each ``step()`` reports the fraction done to ``report``, which may raise to cancel."""

    def __init__(self, total: int, report: Callable[[float], None] | None = None):
        self._total, self._done, self._report = total, 0, report

    def step(self) -> None:
        self._done += 1
        self.poll()

    def poll(self) -> None:
        """Report again without a step done: long steps call it so that a cancel needn't wait for their end."""
        if self._report is not None and self._total:
            self._report(min(1.0, self._done / self._total))
