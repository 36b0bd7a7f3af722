"""The main window: the token and γ/β grids, the settings and the hand calculation in docks, the plots
and the tabs in the middle, the status bar; wiring only, no numbers computed here.

Menus (app/window/menus.py), the Plots tab (widgets/plots/plots_page.py), the teaching tabs (app/window/teaching_tabs.py),
the Model tab (app/window/model_tab.py), the figures (app/window/figure_registry.py, app/window/figure_menus.py), the status notes
(app/window/status_notes.py), the title (app/window/window_title.py), the hand calculation's dock (app/window/hand_calc_dock.py)
and the questions about unsaved work (app/window/unsaved_work.py) live in modules of their own; a module adds a tab,
a menu or figures through the public calls ``app.window.tab_host.TabHost`` lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QMenu, QScrollArea, QTabWidget, QWidget

from app.window import language, settings_file, theme
from app.window.autosave import Autosave
from app.window.compare_actions import CompareActions
from app.window.document import Document
from app.window.figure_menus import FigureMenus
from app.window.figure_registry import FigureRegistry
from app.window.file_actions import FileActions
from app.window.dock_widths import PREFERRED_WIDTH, DockWidths
from app.window.hand_calc_dock import HandCalcDock
from app.window.lesson_dock import LessonDock
from app.window.menus import Menus
from app.window.model_tab import install_model_tab
from app.window.placement_choice import PlacementChoice
from app.window.presentation import Presentation
from app.window.result_hub import ResultHub
from app.window.status_notes import StatusNotes
from app.window.tab_host import Bound
from app.window.teaching_tabs import TeachingTabs
from app.window.training_session import TrainingSession
from app.window.undo_routing import UndoRouting
from app.window.unsaved_work import UnsavedWork
from app.window.window_title import WindowTitle
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from widgets.common.busy_indicator import BusyIndicator
from widgets.common.lazy_page import LazyPage
from widgets.common.retranslation import Retranslating, TextBinder
from widgets.compare.differences_view import DifferencesView
from widgets.editors.controls_panel import ControlsPanel
from widgets.editors.matrix_view import MatrixView
from widgets.plotkit.plot_style import apply_plot_theme, use_light_theme
from widgets.plots.plots_page import PlotsPage

if TYPE_CHECKING:
    from widgets.teaching.hand_calc_panel import HandCalcPanel


class MainWindow(Retranslating, QMainWindow):
    #: The window closes for good (after any question was answered): background work should stop.
    closing = Signal()
    #: Whether closing with unsaved edits asks Save / Discard / Cancel. None: only when someone can
    #: answer, a shown window on a real screen (not the offscreen platform of tests and headless export,
    #: where the autosave keeps the edits for the next start).
    ask_before_discarding: bool | None = None

    def __init__(self, preset: str = "xian", settings: QSettings | None = None, scenario: Scenario | None = None):
        """Open on ``scenario`` if given, else on ``preset`` with the remembered settings.

        ``settings`` defaults to the user's own file; whatever is in it, the window opens (see
        ``app.window.settings_file``), with a note in the status bar when something had to be left out."""
        super().__init__()
        use_light_theme()
        self.setObjectName("mainWindow")
        checked = settings_file.open_settings(settings)
        self._settings = checked.settings
        self.startup_notes: list[str] = list(checked.notes)
        self.document = Document(scenario if scenario is not None else self._initial_scenario(preset), self)
        self._texts = TextBinder()
        self._translated = False  # texts bound before the first retranslate() are shown by it
        self.dark = False
        self._plots_recoloured = False  # whether set_theme recoloured the plots (see theme.apply_theme)

        self.token_grid = MatrixView(self.document, "matrix", "tokenGrid")
        self.affine_grid = MatrixView(self.document, "affine", "affineGrid")
        self.controls = ControlsPanel(self.document)
        self.plots = PlotsPage()
        self.row_stats_plot, self.depth_plot, self.grad_plot = (
            self.plots.row_stats_plot, self.plots.depth_plot, self.plots.grad_plot)
        self.stage_heatmaps, self.depth_laws = self.plots.stage_heatmaps, self.plots.depth_laws
        self._hand_calc = HandCalcDock(self.token_grid, lambda panel: self.results.add(panel, show_now=True))
        self.differences = DifferencesView(self.controls.describe_setting)  # A/B compare (app/window/compare_actions.py)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("centralTabs")
        self.tabs.addTab(self.plots, "")
        self._tab_titles: list[tuple[QWidget, Callable[[], str]]] = [(self.plots, lambda: self.tr("Plots"))]
        self.setCentralWidget(self.tabs)
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self._docks = [
            self._add_dock(lambda: self.tr("Tokens"), "tokensDock", self.token_grid, left),
            self._add_dock(lambda: "γ / β", "affineDock", self.affine_grid, left),
            self._add_dock(lambda: self.tr("Settings"), "settingsDock", self._scrolled(self.controls), left),
            self._add_dock(lambda: self.tr("Hand calculation"), "handCalcDock", self._hand_calc.page, left),
            self._add_dock(lambda: self.tr("Differences"), "differencesDock", self.differences, left),
        ]
        self.tabifyDockWidget(self._docks[2], self._docks[3])
        self.tabifyDockWidget(self._docks[3], self._docks[4])
        self.results = ResultHub(self, lambda: self.document.result, self._docks)
        self.results.dockShown.connect(self._hand_calc.on_dock_shown)
        # Which stacks the depth and gradient plots draw (their right-click menus, so before those), remembered:
        # before the views are first shown, so that they draw the remembered stacks' result once.
        self.stacks = PlacementChoice(self, self.document, self._settings, [self.depth_plot, self.grad_plot])
        for view in [*self.plots.views(), self.differences]:
            self.results.add(view)
        self.token_grid.selectionModel().currentChanged.connect(self._on_current_cell)
        self.training = TrainingSession(self)  # the Training tab's runs, whether or not the tab is built
        self.files = FileActions(self, self._settings, self._texts, self.training)
        self.window_title = WindowTitle(self, self.document, self.files.sessions, self.training)
        # The window receives this, not its title (see WindowTitle): the stack signals as it dies.
        self.document.undo_stack.cleanChanged.connect(self._show_modified)
        # Beside the settings: per user, and per test with a throwaway settings file.
        self.autosave = Autosave(self.document, checked.folder.resolve(), self, self.files.sessions, self.training)
        self.unsaved = UnsavedWork(self, self.document, self.autosave, self.files.sessions, self.training,
                                   lambda: self.ask_before_discarding)
        self.presentation = Presentation(self)
        # Parts of a plot built at first need (A's curves, at the first pin) take the plots' look.
        for plot in (self.row_stats_plot, self.depth_plot, self.grad_plot):
            plot.itemsAdded.connect(lambda plot=plot: self._match_look(plot))
        self._figures = FigureRegistry(self.tabs, self.show_tab, self.results.flush)
        self._figure_menus = FigureMenus(self, self.files.figures.export_figure_dialog, self.files.figures.copy_figure,
                                         self.bind_text)
        self.add_figures(self.plots.figure_titles, self.plots.figures)
        self._figure_menus.install(self.figures())
        self.undo_routing = UndoRouting(self, self.document.undo_stack)
        self.menus = Menus(self, self._docks, lambda: self._default_state)
        # A/B compare: pin, swap, clear; A's Result reaches every view that draws it.
        self.compare = CompareActions(self, self.document, self.add_menu(lambda: self.tr("&Compare")), self._texts, [
            self.row_stats_plot, self.depth_plot, self.grad_plot, self.stage_heatmaps, self.differences])
        self.differences.set_pin_keys(self.compare.pin_keys())
        self.teaching = TeachingTabs(self, self.token_grid, self.training, self._settings)
        install_model_tab(self)  # the Model tab and menu (app/window/model_tab.py)
        self.lessons = LessonDock(self, self.menus.help_menu)  # Help → Lessons (app/window/lesson_dock.py)
        self.busy_indicator = BusyIndicator(lambda: self.document.busy)
        self.statusBar().addPermanentWidget(self.busy_indicator)
        self.setAcceptDrops(True)
        self.retranslate()

        self.tabs.currentChanged.connect(self.results.catch_up)
        self.document.resultChanged.connect(self.results.show_result)
        self.notes = StatusNotes(self.statusBar(), self.document, self.autosave, self.startup_notes)
        self.document.scenarioLoaded.connect(self.plots.fit_again)
        self.plots.viewMoved.connect(lambda: self.statusBar().showMessage(self.tr(
            "View moved: edits keep this view. Double-click the plot to fit the data again."), 10_000))
        self.document.busyChanged.connect(self.busy_indicator.set_busy)
        self.document.stackProgress.connect(self.busy_indicator.set_progress)
        self.busy_indicator.set_busy(self.document.busy)  # a start on `large` is computing already
        self.resize(1400, 860)
        self.resizeDocks(self._docks[:1], [PREFERRED_WIDTH], Qt.Orientation.Horizontal)
        self.resizeDocks(self._docks[:3], [320, 110, 330], Qt.Orientation.Vertical)
        self._docks[2].raise_()
        # Typing goes into the matrix from the start, at the seed's 西安 row (the hand calculation's too).
        self.token_grid.setCurrentIndex(self.token_grid.model().index(min(1, self.document.scenario.tokens - 1), 0))
        self.token_grid.setFocus()
        self._default_state = self.saveState()
        self._restore_layout()
        # A layout restored (or squeezed by a narrow window) with docks too narrow to use widens when shown.
        self.dock_widths = DockWidths(self, self._docks)
        if self.document.result is not None:
            self.notes.show_result_notes(self.document.result)
        self.set_theme(settings_file.text(self._settings, "ui/theme", "system", theme.CHOICES))
        self.set_language(settings_file.text(self._settings, "ui/language", "system", language.CHOICES))
        self.notes.show_startup()

    # --- construction --------------------------------------------------------------------------

    def _initial_scenario(self, preset: str) -> Scenario:
        scenario = load_preset(preset)
        try:
            return settings_file.remembered_scenario(self._settings, scenario)
        except ValueError as problem:  # stale, foreign or damaged settings never block the start
            self._settings, note = settings_file.set_aside_settings(self._settings, str(problem))
            self.startup_notes.append(note)
            return scenario

    @staticmethod
    def _scrolled(widget: QWidget) -> QScrollArea:
        """``widget`` in a frameless scroll area: the settings outgrow a small screen's dock."""
        area = QScrollArea()
        area.setWidget(widget)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        return area

    def _add_dock(self, title, name: str, widget: QWidget, area) -> QDockWidget:
        dock = self.bind_text(QDockWidget(self), title)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    @property
    def hand_calc(self) -> HandCalcPanel:
        """The hand calculation panel (built on first use)."""
        return self._hand_calc.panel

    # --- the public calls of app.window.tab_host.TabHost -------------------------------------------------

    def add_lazy_tab(self, name: str, title: Callable[[], str], build: Callable[[], QWidget],
                     follows_result: bool = False) -> LazyPage:
        """See ``TabHost.add_lazy_tab``."""
        tab = LazyPage(build)
        tab.setObjectName(name)
        tab.built.connect(lambda page: self._adopt(tab, page, follows_result))
        self.tabs.addTab(tab, title() if self._translated else "")
        self._tab_titles.append((tab, title))
        return tab

    def show_tab(self, tab: LazyPage) -> QWidget:
        """See ``TabHost.show_tab``. A tab built here is laid out at the size it will be seen at."""
        self.tabs.setCurrentWidget(tab)
        tab.layout().activate()
        return tab.ensure_built()

    def add_figures(self, titles: Callable[[], dict[str, str]], views: Callable[[], dict[str, QWidget]],
                    tab: LazyPage | None = None) -> None:
        """See ``TabHost.add_figures``."""
        self._figures.add(titles, views, tab)

    def bind_text(self, target: Bound, text: Callable[[], str]) -> Bound:
        """See ``TabHost.bind_text``."""
        return self._texts.bind(target, text, now=self._translated)

    def add_menu(self, title: Callable[[], str]) -> QMenu:
        """See ``TabHost.add_menu``: before Help, which stays last."""
        menu = self.bind_text(QMenu(self.menuBar()), title)
        self.menuBar().insertMenu(self.menus.help_menu.menuAction(), menu)
        return menu

    def add_undo_stack(self, tab: QWidget, stack: QUndoStack) -> None:
        """See ``TabHost.add_undo_stack``."""
        self.undo_routing.add(tab, stack)

    def _adopt(self, tab: LazyPage, page: QWidget, follows_result: bool) -> None:
        """A lazily built page joins the app: themed, scaled for presentation, its figures' menus, the result."""
        apply_plot_theme(page, self.dark)
        self.presentation.adopt(page)
        self._figure_menus.install(self._figures.views_on(tab))
        if follows_result:
            self.results.add(page, show_now=True)

    def _match_look(self, widget: QWidget) -> None:
        """Items just added to the plots under ``widget`` as the theme and presentation mode left the others:
        recoloured once a theme recoloured the plots (those the window starts with keep their build
        colours in the light theme), scaled in presentation mode."""
        if self._plots_recoloured:
            apply_plot_theme(widget, self.dark)
        self.presentation.adopt(widget)

    # --- figures -------------------------------------------------------------------------------------

    def figures(self, build: bool = False) -> dict[str, QWidget]:
        """Every figure by export name: those of the tabs built (``build``: of every tab, built now, each
        view given the latest result)."""
        return self._figures.views(build)

    def figure(self, name: str) -> QWidget:
        """The figure ``name`` with the latest result, its tab built if need be (KeyError: none such)."""
        return self._figures.view(name)

    def figure_titles(self) -> dict[str, str]:
        """Every figure's title in the UI language by export name (for the File menu)."""
        return self._figures.titles()

    # --- behaviour -----------------------------------------------------------------------------

    def add_note(self, text: str) -> None:
        """One more line about how this start went (a folder that can't be written, ...)."""
        self.notes.add_startup(text)

    def preset_name(self, preset_id: str) -> str:
        return self.window_title.preset_name(preset_id)

    def load_preset(self, preset_id: str) -> None:
        self.document.load_scenario(load_preset(preset_id), self.tr("Load preset {name}").format(
            name=self.preset_name(preset_id)))

    def set_language(self, choice: str) -> None:
        """Switch the UI language at once ("system", "en" or "zh_CN"), and remember it."""
        language.apply_language(choice)
        self._settings.setValue("ui/language", choice)
        self.menus.check_choice("language", choice)

    def set_theme(self, choice: str) -> None:
        """Light, dark, or following the system; plots follow."""
        # The plots are built in the light colours (use_light_theme): at start-up a light theme
        # leaves them alone.
        self.dark = theme.apply_theme(choice, self, plots_dark=self.dark)
        self._plots_recoloured = self._plots_recoloured or self.dark  # the light plots left alone until dark
        self._settings.setValue("ui/theme", choice)
        self.menus.check_choice("theme", choice)

    def retranslate(self) -> None:
        self._texts.apply()
        self._translated = True
        self.menus.retranslate()
        self.window_title.refresh()
        for page, title in self._tab_titles:
            self.tabs.setTabText(self.tabs.indexOf(page), title())

    def _on_current_cell(self, current, _previous) -> None:
        self.row_stats_plot.set_current(current.row(), current.column())
        self._hand_calc.select(current.row(), current.column())

    def dragEnterEvent(self, event) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            self.files.open_path(files[0])
            event.acceptProposedAction()

    def _show_modified(self) -> None:
        self.window_title.show_modified()

    def _restore_layout(self) -> None:
        geometry = settings_file.byte_array(self._settings, "window/geometry")
        state = settings_file.byte_array(self._settings, "window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)  # bytes it does not understand are ignored
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.autosave.released:  # closed before: Qt sends another close event to a hidden window
            super().closeEvent(event)
            return
        self.document.wait_until_idle()
        if not self.unsaved.may_close():
            event.ignore()
            return
        self.closing.emit()
        self.training.shutdown()  # no worker outlives the window
        self.presentation.set_enabled(False)  # remember the ordinary layout, not the projector's
        self._settings.setValue("window/geometry", self.saveGeometry())
        self._settings.setValue("window/state", self.saveState())
        settings_file.remember_scenario(self._settings, self.document.scenario)
        self._settings.sync()  # on disk now: a crash later in the process can't lose them
        self.autosave.release()
        super().closeEvent(event)
