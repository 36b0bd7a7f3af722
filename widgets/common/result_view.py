"""What a view of the main tab offers whoever shows it results: the result hub (app/window/result_hub.py)
hands it each Result, the Compare menu (app/window/compare_actions.py) the Result pinned as A.

The plots, the Differences dock, the teaching views and the hand calculation implement it, as the
Document implements the editors' ``widgets.editors.editor.Editor``; a test or a preview can pass any
object with these members, so the page wiring is tested against a fake without a window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.results.compute import Result


@runtime_checkable
class ResultView(Protocol):
    def show_result(self, result: Result) -> None:
        """Draw ``result``, the latest one (skipping what did not change since the one before)."""


@runtime_checkable
class ComparedView(ResultView, Protocol):
    def show_pinned(self, result: Result | None) -> None:
        """Draw A, the Result pinned for an A/B comparison, beside the current one (None: A cleared)."""
