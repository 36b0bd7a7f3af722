"""Which stacks the depth and gradient plots draw: checkable menu entries (no norm, Pre, Post, Peri,
DeepNorm, Mix-LN); the chosen placement is always drawn. The plots share one picker."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

from engine.core.depth import STACK_PLACEMENTS
from widgets.plots.placement_names import placement_names

#: Every stack that can be drawn, in menu order.
STACKS = ("none", *STACK_PLACEMENTS)
#: Drawn until the user picks otherwise (with the chosen placement).
DEFAULT_STACKS = ("none", "pre", "post")


class PlacementPicker(QObject):
    """Menu entries "Draw: …", one per stack, checked when drawn.

    Signals
    -------
    stacksChosen(tuple)
        The user checked or unchecked an entry: the stacks now picked (the chosen placement aside).
    """

    stacksChosen = Signal(tuple)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._picked = DEFAULT_STACKS
        self._placement = "pre"
        self._actions: dict[str, QAction] = {}
        for stack in STACKS:
            action = QAction(self)
            action.setObjectName(f"draw_{stack}")
            action.setCheckable(True)
            action.toggled.connect(lambda on, s=stack: self._on_toggled(s, on))
            self._actions[stack] = action
        self.retranslate()
        self._show()

    def actions(self) -> list[QAction]:
        return list(self._actions.values())

    def picked(self) -> tuple[str, ...]:
        """The stacks the user picked, in menu order (the chosen placement is drawn besides)."""
        return self._picked

    def drawn(self) -> tuple[str, ...]:
        """The stacks drawn now: those picked and the chosen placement."""
        return tuple(s for s in STACKS if s in self._picked or s == self._placement)

    def set_picked(self, stacks) -> None:
        """Pick ``stacks`` (unknown names are ignored); no signal."""
        self._picked = tuple(s for s in STACKS if s in set(stacks))
        self._show()

    def set_placement(self, placement: str) -> None:
        """The scenario's chosen placement: always drawn, its entry checked and fixed."""
        if placement != self._placement:
            self._placement = placement
            self._show()

    def retranslate(self) -> None:
        names = {"none": self.tr("no norm"), **placement_names()}
        for stack, action in self._actions.items():
            action.setText(self.tr("Draw: {stack}").format(stack=names[stack]))
            action.setToolTip(self.tr("Draw this stack's curves in the depth and gradient plots"))
        self._actions[self._placement].setText(self.tr("Draw: {stack} (the chosen placement)").format(
            stack=names[self._placement]))

    def _show(self) -> None:
        for stack, action in self._actions.items():
            action.blockSignals(True)
            action.setChecked(stack in self.drawn())
            action.setEnabled(stack != self._placement)
            action.blockSignals(False)
        self.retranslate()

    def _on_toggled(self, stack: str, on: bool) -> None:
        picked = set(self._picked) | {stack} if on else set(self._picked) - {stack}
        self._picked = tuple(s for s in STACKS if s in picked)
        self._show()
        self.stacksChosen.emit(self._picked)
