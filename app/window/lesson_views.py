"""Where a lesson step's ``view`` is in the main window: the tab to bring to the front, the dock to
raise, and the figure a handout prints for it (the whole window where the view has no figure)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget, QWidget

from engine.core.activation_curves import CURVE_OF_ACTIVATION
from widgets.common.lazy_page import LazyPage

if TYPE_CHECKING:
    from app.window.document import Document
    from app.window.presentation import Presentation
    from widgets.editors.matrix_view import MatrixView
    from widgets.plots.plots_page import PlotsPage


class LessonWindow(Protocol):
    """What a lesson uses of the main window (app.window.main_window.MainWindow, a QMainWindow)."""

    document: Document
    tabs: QTabWidget
    plots: PlotsPage
    token_grid: MatrixView

    presentation: Presentation

    def show_tab(self, tab: LazyPage) -> QWidget: ...

    def figure(self, name: str) -> QWidget: ...

    def bind_text(self, target, text: Callable[[], str]): ...

#: view -> (object name of its tab, None for the Plots tab; its figure's export name, None: the window).
VIEW_PLACES: dict[str, tuple[str | None, str | None]] = {
    "row_stats": (None, "row_stats"), "depth": (None, "depth"), "grad": (None, "grad"), "stages": (None, "stages"),
    "hand_calc": (None, None), "block": ("blockTab", "block_flow"), "groups": ("groupsTab", "groups"),
    "batchnorm": ("batchNormTab", "batch_size"), "scale": ("scaleTab", None), "activations": ("activationsTab", None),
    "training": ("trainingTab", "training_loss"), "model": ("modelTab", None),
}


def show_view(window: LessonWindow | QMainWindow, view: str, model: str | None = None) -> None:
    """Bring ``view`` to the front: its tab (built if need be) and, for the hand calculation, its dock; a
    plot of the Plots tab gets the most room in presentation mode. The Activations tab shows the curve of the scenario's FFN activation; the Model tab opens ``model``
    (a name such as ``minilm``), if given."""
    tab_name, _ = VIEW_PLACES[view]
    if tab_name is None:
        window.tabs.setCurrentWidget(window.plots)
        window.plots.emphasize(view)  # the plot the step is about gets the room in presentation mode
    else:
        tab = window.tabs.findChild(LazyPage, tab_name)
        page = window.show_tab(tab) if tab is not None else None
        if view == "activations" and page is not None:
            page.select(CURVE_OF_ACTIVATION[window.document.scenario.activation])
        elif view == "model" and page is not None and model is not None:
            page.open_named(model)
    dock = window.findChild(QDockWidget, "handCalcDock")
    if dock is not None and view == "hand_calc":
        dock.show()
        dock.raise_()
    elif dock is not None and window.presentation.enabled:
        dock.hide()  # on a projector the step after the hand calculation needs the room back


def view_figure(window: LessonWindow | QMainWindow, view: str) -> QWidget:
    """The widget a handout prints for ``view`` (shown first): its figure, or the whole window."""
    _, figure = VIEW_PLACES[view]
    return window if figure is None else window.figure(figure)
