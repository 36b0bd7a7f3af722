"""Which stacks the depth and gradient plots draw: the plots' shared picker, remembered across starts,
and the Document told to simulate the picked placements."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QWidget

from app.window import settings_file
from app.window.document import Document
from engine.core.depth import STACK_PLACEMENTS
from widgets.plots.placement_picker import DEFAULT_STACKS, STACKS, PlacementPicker

SETTINGS_KEY = "plots/stacks"
NOTHING = "-"  # stored when no stack is picked (an empty text would read as "not set")


def remembered_stacks(settings: QSettings) -> tuple[str, ...]:
    """The stacks picked last time (names NormScope doesn't know are left out), else the default."""
    raw = settings_file.text(settings, SETTINGS_KEY, ",".join(DEFAULT_STACKS))
    return () if raw == NOTHING else tuple(s for s in STACKS if s in raw.split(","))


class PlacementChoice(QObject):
    """Gives ``plots`` (each has ``set_picked_stacks`` and ``set_placement_actions``) one picker."""

    def __init__(self, window: QWidget, document: Document, settings: QSettings, plots: list):
        super().__init__(window)
        self._document, self._settings, self._plots = document, settings, plots
        self.picker = PlacementPicker(self)
        self.picker.set_placement(document.scenario.placement)
        for plot in plots:
            plot.set_placement_actions(self.picker.actions())
        self._apply(remembered_stacks(settings))
        self.picker.stacksChosen.connect(self._on_chosen)
        document.scenarioChanged.connect(lambda scenario: self.picker.set_placement(scenario.placement))
        window.installEventFilter(self)  # the entries follow the language

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.LanguageChange:
            self.picker.retranslate()
        return False

    def _apply(self, stacks: tuple[str, ...]) -> None:
        self.picker.set_picked(stacks)
        self._document.set_extra_placements(tuple(p for p in STACK_PLACEMENTS if p in stacks))
        for plot in self._plots:
            plot.set_picked_stacks(stacks)
            # At start-up the window's result hub is not listening yet: the new stacks reach the plots here.
            plot.show_result(self._document.result)

    def _on_chosen(self, stacks: tuple[str, ...]) -> None:
        self._apply(stacks)
        self._settings.setValue(SETTINGS_KEY, ",".join(stacks) or NOTHING)
