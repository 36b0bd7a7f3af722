"""Which figures the window offers for export, from whichever module added them, by export name.

A module adds its figures with a function giving their titles (known before anything is built, for
the File menu) and one giving the views; figures on a lazily built tab are asked for once the tab
is built. A tab built for an export is opened to be laid out at its size, then the tab that was in
front comes back.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

from PySide6.QtWidgets import QTabWidget, QWidget

from widgets.common.lazy_page import LazyPage

Titles = Callable[[], dict[str, str]]
Views = Callable[[], dict[str, QWidget]]


@dataclass(frozen=True)
class _Source:
    titles: Titles
    views: Views
    tab: LazyPage | None  # None: the views exist from the start


class FigureRegistry:
    """The figures of every source on the tabs of ``tabs``; ``open_tab(tab)`` brings a lazy tab to the
    front and builds it, ``catch_up()`` gives every view waiting for the latest result that result (a
    figure is exported with the current data)."""

    def __init__(self, tabs: QTabWidget, open_tab: Callable[[LazyPage], None], catch_up: Callable[[], None]):
        self._sources: list[_Source] = []
        self._tabs, self._open_tab, self._catch_up = tabs, open_tab, catch_up

    def add(self, titles: Titles, views: Views, tab: LazyPage | None = None) -> None:
        self._sources.append(_Source(titles, views, tab))

    def titles(self) -> dict[str, str]:
        """Every figure's title in the UI language by export name, built or not."""
        return {name: title for source in self._sources for name, title in source.titles().items()}

    def views(self, build: bool = False) -> dict[str, QWidget]:
        """The figures by export name: those of built tabs, or (``build``) of every tab, built now."""
        if build:
            with self._front_tab_kept():
                for source in self._sources:
                    self._ensure_built(source)
            self._catch_up()
        return {name: view for source in self._sources if self._is_built(source)
                for name, view in source.views().items()}

    def view(self, name: str) -> QWidget:
        """The figure ``name``, its tab built first if need be (KeyError: no such figure)."""
        source = next((s for s in self._sources if name in s.titles()), None)
        if source is None:
            raise KeyError(name)
        with self._front_tab_kept():
            self._ensure_built(source)
        self._catch_up()
        return source.views()[name]

    def views_on(self, tab: LazyPage) -> dict[str, QWidget]:
        """The figures on ``tab`` (which is built)."""
        return {name: view for source in self._sources if source.tab is tab for name, view in source.views().items()}

    @staticmethod
    def _is_built(source: _Source) -> bool:
        return source.tab is None or source.tab.content is not None

    def _ensure_built(self, source: _Source) -> None:
        if not self._is_built(source):
            self._open_tab(source.tab)

    @contextmanager
    def _front_tab_kept(self):
        shown = self._tabs.currentIndex()
        try:
            yield
        finally:
            self._tabs.setCurrentIndex(shown)
