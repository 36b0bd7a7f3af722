"""The main window: docks, menus and actions; wiring only, no numbers computed here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QApplication, QDockWidget, QFrame, QGridLayout, QLabel, QMainWindow, QMessageBox,
                               QProgressBar, QScrollArea, QSplitter, QTabWidget, QWidget)

from app import language, settings_file, theme
from app.autosave import Autosave
from app.compare_actions import CompareActions
from widgets.common.lazy_page import LazyPage
from app.model_tab import install_model_tab
from app.document import Document
from app.file_actions import FileActions
from app.help_menu import HelpMenu
from app.placement_choice import PlacementChoice
from app.presentation import Presentation
from app.result_hub import ResultHub
from widgets.common.retranslation import Retranslating, TextBinder
from engine.presets import PRESETS, load_preset
from engine.scenario import Scenario
from widgets.compare.differences_view import DifferencesView
from widgets.editors.controls_panel import ControlsPanel
from widgets.plots.depth_laws_caption import DepthLawsCaption
from widgets.plots.depth_plot import DepthPlot
from widgets.plotkit.fitted_view import FittedViewBox
from widgets.plots.grad_plot import GradPlot
from widgets.editors.matrix_view import MatrixView
from widgets.plotkit.plot_style import apply_plot_theme, graphics_views, use_light_theme
from widgets.plots.row_stats_plot import RowStatsPlot
from widgets.plots.stage_heatmaps import StageHeatmaps
from widgets.common.problem_text import describe

if TYPE_CHECKING:
    from widgets.teaching.hand_calc_panel import HandCalcPanel

BUSY_INDICATOR_DELAY_MS = 500


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
        ``app.settings_file``), with a note in the status bar when something had to be left out."""
        super().__init__()
        use_light_theme()
        self.setObjectName("mainWindow")
        checked = settings_file.open_settings(settings)
        self._settings = checked.settings
        self.startup_notes: list[str] = list(checked.notes)
        self.document = Document(scenario if scenario is not None else self._initial_scenario(preset), self)
        self._texts = TextBinder()
        self.dark = False

        self.token_grid = MatrixView(self.document, "matrix", "tokenGrid")
        self.affine_grid = MatrixView(self.document, "affine", "affineGrid")
        self.controls = ControlsPanel(self.document)
        self.row_stats_plot = RowStatsPlot()
        self.depth_plot = DepthPlot()
        self.grad_plot = GradPlot()
        self.stage_heatmaps = StageHeatmaps()
        # Built when its dock is first in front (see _on_dock_shown): at start it is tabbed behind Settings.
        self._hand_calc_page = LazyPage(self._build_hand_calc, build_on_show=False)
        self.depth_laws = DepthLawsCaption()
        self.differences = DifferencesView(self.controls.describe_setting)  # A/B compare (app/compare_actions.py)

        plots = QWidget()
        grid = QGridLayout(plots)
        grid.setContentsMargins(4, 4, 4, 4)
        # Three line plots side by side above the four stage heatmaps, which need the width.
        for col, view in enumerate((self.row_stats_plot, self.depth_plot, self.grad_plot)):
            view.setMinimumSize(180, 200)  # three side by side still fit a 1024-pixel screen
            grid.addWidget(view, 0, col)
        grid.addWidget(self.stage_heatmaps, 1, 0, 1, 3)
        grid.addWidget(self.depth_laws, 2, 0, 1, 3)  # what the depth and gradient curves show, measured
        self.depth_laws.follow(plots)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("centralTabs")
        self._tab_titles = [lambda: self.tr("Plots"), lambda: self.tr("Block flow"), lambda: self.tr("LN vs BN groups"),
                            lambda: self.tr("BatchNorm's problems"), lambda: self.tr("Scale invariance"),
                            lambda: self.tr("Activations"), lambda: self.tr("Training")]
        self.tabs.addTab(plots, "")
        # The teaching tabs are built when first opened: a third of the start-up time otherwise.
        for build in (self._build_block_page, self._build_grouping_page, self._build_batchnorm_page,
                      self._build_scale_page, self._build_activations_page, self._build_training_page):
            self.tabs.addTab(LazyPage(lambda b=build: self._built(b())), "")
        self.setCentralWidget(self.tabs)
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self._docks = [
            self._add_dock(lambda: self.tr("Tokens"), "tokensDock", self.token_grid, left),
            self._add_dock(lambda: "γ / β", "affineDock", self.affine_grid, left),
            self._add_dock(lambda: self.tr("Settings"), "settingsDock", self._scrolled(self.controls), left),
            self._add_dock(lambda: self.tr("Hand calculation"), "handCalcDock", self._hand_calc_page, left),
            self._add_dock(lambda: self.tr("Differences"), "differencesDock", self.differences, left),
        ]
        self.tabifyDockWidget(self._docks[2], self._docks[3])
        self.tabifyDockWidget(self._docks[3], self._docks[4])
        self.results = ResultHub(self, lambda: self.document.result, self._docks)
        self.results.dockShown.connect(self._on_dock_shown)
        for view in (self.row_stats_plot, self.depth_plot, self.grad_plot, self.depth_laws, self.stage_heatmaps,
                     self.differences):
            self.results.add(view)
        self.token_grid.selectionModel().currentChanged.connect(self._on_current_cell)
        self._last_grid = self.token_grid
        QApplication.instance().focusChanged.connect(self._on_focus_changed)
        self.files = FileActions(self, self._settings, self._texts)
        # Beside the settings: per user, and per test with a throwaway settings file.
        autosave_folder = checked.folder.resolve()
        self.autosave = Autosave(self.document, autosave_folder, self)
        self.presentation = Presentation(self)
        # Which stacks the depth and gradient plots draw (their right-click menus), remembered.
        self.stacks = PlacementChoice(self, self.document, self._settings, [self.depth_plot, self.grad_plot])
        self._build_menus()
        install_model_tab(self)  # the Model tab and menu (app/model_tab.py)
        self._build_status_bar()
        self._replace_plot_export_menus()
        self.setAcceptDrops(True)
        self.retranslate()

        self.tabs.currentChanged.connect(self.results.catch_up)
        self.document.resultChanged.connect(self.results.show_result)
        self.document.resultChanged.connect(self._show_result_notes)
        self.document.scenarioLoaded.connect(self._fit_plots_again)
        for view in self._fitted_views():
            view.sigUserMoved.connect(lambda: self.statusBar().showMessage(self.tr(
                "View moved: edits keep this view. Double-click the plot to fit the data again."), 10_000))
        self.document.scenarioChanged.connect(lambda _: self._update_title())
        self.files.sessionPathChanged.connect(self._update_title)
        # The title's [*] shows while there are edits since the last save (or the start).
        self.document.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.autosave.failed.connect(lambda reason: self.statusBar().showMessage(
            self.tr("Autosave failed: {reason}").format(reason=reason), 15_000))
        if self.autosave.path is None:
            self.startup_notes.append(self.tr("Autosave is off: {reason}.").format(reason=self.autosave.off_reason))
        self._problem_note: str | None = None
        self.document.statusMessage.connect(self._show_problem_note)
        self.document.scenarioChanged.connect(lambda _: self._clear_stale_problem_note())
        self.document.busyChanged.connect(self._on_busy)
        self.resize(1400, 860)
        self.resizeDocks(self._docks[:1], [380], Qt.Orientation.Horizontal)
        self.resizeDocks(self._docks[:3], [320, 110, 330], Qt.Orientation.Vertical)
        self._docks[2].raise_()
        # Typing goes into the matrix from the start, at the seed's 西安 row (the hand calculation's too).
        self.token_grid.setCurrentIndex(self.token_grid.model().index(min(1, self.document.scenario.tokens - 1), 0))
        self.token_grid.setFocus()
        self._default_state = self.saveState()
        self._restore_layout()
        if self.document.result is not None:
            self._show_result_notes(self.document.result)
        self.set_theme(settings_file.text(self._settings, "ui/theme", "system", theme.CHOICES))
        self.set_language(settings_file.text(self._settings, "ui/language", "system", language.CHOICES))
        self._show_notes()

    # --- construction --------------------------------------------------------------------------

    def _initial_scenario(self, preset: str) -> Scenario:
        scenario = load_preset(preset)
        try:
            return settings_file.remembered_scenario(self._settings, scenario)
        except ValueError as problem:  # stale, foreign or damaged settings never block the start
            self._settings, note = settings_file.set_aside_settings(self._settings, str(problem))
            self.startup_notes.append(note)
            return scenario

    def add_note(self, text: str) -> None:
        """One more line about how this start went (a folder that can't be written, ...)."""
        self.startup_notes.append(text)
        self._show_notes()

    def _show_notes(self) -> None:
        if self.startup_notes:
            self.statusBar().showMessage(" ".join(self.startup_notes), 30_000)

    @property
    def hand_calc(self) -> HandCalcPanel:
        """The hand calculation panel (built on first use)."""
        return self._hand_calc_page.ensure_built()

    def _build_hand_calc(self) -> HandCalcPanel:
        from widgets.teaching.hand_calc_panel import HandCalcPanel

        panel = HandCalcPanel()
        current = self.token_grid.currentIndex()
        if current.isValid():
            panel.select(current.row(), current.column())
        self.results.add(panel, show_now=True)
        return panel

    def _on_current_cell(self, current, _previous) -> None:
        self.row_stats_plot.set_current(current.row(), current.column())
        if hasattr(self, "batchnorm_lab"):  # else it picks the row up when built
            self.batchnorm_lab.select_token(current.row())
        if self._hand_calc_page.content is not None:  # else it picks the cell up when built
            self.hand_calc.select(current.row(), current.column())

    # The teaching tabs' modules are imported by their builders: not needed for the first paint.
    def _build_block_page(self) -> tuple[QWidget, list]:
        from widgets.teaching.block_flow import BlockFlow
        from widgets.plots.stage_heatmap import StageHeatmap
        from widgets.teaching.stage_table import StageTable

        self.block_flow = BlockFlow()
        self.stage_table = StageTable()
        self.stage_heatmap = StageHeatmap()
        self.block_flow.stageSelected.connect(lambda _: self._show_selected_stage(self.document.result))
        # The block view retranslates after the window (Qt tells parents first): its description then.
        self.block_flow.retranslated.connect(lambda: self._show_selected_stage(self.document.result))
        self.block_flow.select_stage("input", emit=False)  # the walk starts at x: its matrix, not an empty plot
        stage_views = QSplitter(Qt.Orientation.Vertical)
        stage_views.addWidget(self.stage_heatmap)
        stage_views.addWidget(self.stage_table)
        page = QSplitter(Qt.Orientation.Horizontal)
        page.addWidget(self.block_flow)
        page.addWidget(stage_views)
        page.setSizes([420, 600])
        return page, [self.block_flow]

    def _build_grouping_page(self) -> tuple[QWidget, list]:
        from widgets.teaching.grouping_view import GroupingView

        self.grouping_view = GroupingView()
        return self.grouping_view, [self.grouping_view]

    def _build_batchnorm_page(self) -> tuple[QWidget, list]:
        from widgets.teaching.batchnorm_lab import BatchNormLab

        self.batchnorm_lab = BatchNormLab()
        self.batchnorm_lab.select_token(max(self.token_grid.currentIndex().row(), 0))
        return self.batchnorm_lab, [self.batchnorm_lab]

    def _build_scale_page(self) -> tuple[QWidget, list]:
        from widgets.teaching.scale_demo import ScaleDemo

        self.scale_demo = ScaleDemo()
        return self.scale_demo, [self.scale_demo]

    def _build_activations_page(self) -> tuple[QWidget, list]:
        from widgets.teaching.activations_view import ActivationsView

        self.activations_view = ActivationsView()
        return self.activations_view, []  # the functions don't depend on the scenario

    def _build_training_page(self) -> tuple[QWidget, list]:
        from widgets.training.training_page import TrainingPage

        self.training_page = TrainingPage()  # it stops its own worker when the app quits
        return self.training_page, []  # its runs have settings of their own, not the scenario's

    def _built(self, built: tuple[QWidget, list]) -> QWidget:
        """A lazily built tab joins the app: themed, scaled for presentation, showing the result."""
        page, views = built
        apply_plot_theme(page, self.dark)
        self.presentation.adopt(page)
        for view in views:
            self.results.add(view, then=self._show_selected_stage if view is getattr(self, "block_flow", None)
                             else None, show_now=True)
        return page

    @staticmethod
    def _scrolled(widget: QWidget) -> QScrollArea:
        """``widget`` in a frameless scroll area: the settings outgrow a small screen's dock."""
        area = QScrollArea()
        area.setWidget(widget)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        return area

    def _add_dock(self, title, name: str, widget: QWidget, area) -> QDockWidget:
        dock = self._texts.bind(QDockWidget(self), title)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, menu, text, slot, shortcut=None, name: str | None = None) -> QAction:
        action = self._texts.bind(QAction(self), text)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if name:
            action.setObjectName(name)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self._texts.bind(bar.addMenu(""), lambda: self.tr("&File"))
        self.files.build_menu(file_menu)
        file_menu.addSeparator()
        # StandardKey.Quit is empty on some platforms (Windows, and Linux outside a desktop session).
        self._action(file_menu, lambda: self.tr("&Quit"), self.close, QKeySequence("Ctrl+Q"), name="quit")

        self._edit_menu = edit_menu = self._texts.bind(bar.addMenu(""), lambda: self.tr("&Edit"))
        self._undo_actions: list[QAction] = []
        edit_menu.addSeparator()
        # The keys stay the grids' own (Ctrl+C elsewhere copies from the focused field or text): the
        # menu shows them and acts on the grid used last.
        self._action(edit_menu, lambda: self._with_key(self.tr("&Copy"), QKeySequence.StandardKey.Copy),
                     lambda: self._grid().copy_selection(), name="editCopy")
        self._action(edit_menu, lambda: self._with_key(self.tr("&Paste"), QKeySequence.StandardKey.Paste),
                     lambda: self._grid().paste(), name="editPaste")
        self._action(edit_menu, lambda: self.tr("Insert &token below"), lambda: self.token_grid.insert_tokens(1),
                     name="editInsertToken")
        self._action(edit_menu, lambda: self.tr("Insert &dimension right"), lambda: self._grid().insert_dims(1),
                     name="editInsertDimension")
        edit_menu.addSeparator()
        self._action(edit_menu, lambda: self.tr("Reset γ to 1 and β to 0"), self.document.reset_affine)

        preset_menu = self._texts.bind(bar.addMenu(""), lambda: self.tr("&Presets"))
        for number, preset_id in enumerate(PRESETS, start=1):  # Ctrl+1, Ctrl+2, ...: quick in a lecture
            self._action(preset_menu, lambda p=preset_id: self.preset_name(p),
                         lambda _=False, p=preset_id: self.load_preset(p),
                         QKeySequence(f"Ctrl+{number}") if number <= 9 else None, name=f"preset_{preset_id}")

        view_menu = self._texts.bind(bar.addMenu(""), lambda: self.tr("&View"))
        for dock in self._docks:
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.presentation_action = self._action(view_menu, lambda: self.tr("&Presentation mode"),
                                                self.presentation.set_enabled, QKeySequence("F11"), "presentationMode")
        self.presentation_action.setCheckable(True)
        self._choice_menu(view_menu, lambda: self.tr("&Theme"), "theme", {
            "system": lambda: self.tr("Follow the system"), "light": lambda: self.tr("Light"),
            "dark": lambda: self.tr("Dark")}, self.set_theme)
        self._choice_menu(view_menu, lambda: self.tr("&Language"), "language", {
            "system": lambda: self.tr("Follow the system"), "en": lambda: "English",
            "zh_CN": lambda: "简体中文"}, self.set_language)
        view_menu.addSeparator()
        self._action(view_menu, lambda: self.tr("Restore default layout"),
                     lambda: self.restoreState(self._default_state))

        # A/B compare: pin, swap, clear; A's Result reaches every view that draws it.
        compare_menu = self._texts.bind(bar.addMenu(""), lambda: self.tr("&Compare"))
        self.compare = CompareActions(self, self.document, compare_menu, self._texts, [
            self.row_stats_plot, self.depth_plot, self.grad_plot, self.stage_heatmaps, self.differences])
        self.differences.set_pin_keys(self.compare.pin_keys())

        help_menu = self._texts.bind(bar.addMenu(""), lambda: self.tr("&Help"))
        self.help = HelpMenu(self, help_menu, self._texts)

    @staticmethod
    def _with_key(text: str, key: QKeySequence.StandardKey) -> str:
        """A menu text showing ``key`` after a tab, as Qt shows an action's own shortcut."""
        return f"{text}\t{QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)}"

    def _grid(self) -> MatrixView:
        """The grid with the focus, else the one used last (a menu opened with the mouse)."""
        return self._last_grid

    def _on_focus_changed(self, _old, new) -> None:
        for grid in (self.token_grid, self.affine_grid):
            if new is not None and (new is grid or grid.isAncestorOf(new)):
                self._last_grid = grid

    def _choice_menu(self, parent, title, key: str, choices: dict, apply) -> None:
        menu = self._texts.bind(parent.addMenu(""), title)
        group = QActionGroup(self)
        self._choice_actions = getattr(self, "_choice_actions", {})
        for value, text in choices.items():
            action = self._action(menu, text, lambda _=False, v=value: apply(v), name=f"{key}_{value}")
            action.setCheckable(True)
            group.addAction(action)
            self._choice_actions[(key, value)] = action

    def preset_name(self, preset_id: str) -> str:
        names = {"xian": self.tr("今天西安的天气怎么样 (6 × 4)"), "apple": self.tr("我 吃 苹果 (5 × 4)"),
                 "random": self.tr("Random hidden states (128 × 768)"), "large": self.tr("Large (2048 × 4096)")}
        return names.get(preset_id, PRESETS[preset_id].display_name)

    def set_language(self, choice: str) -> None:
        """Switch the UI language at once ("system", "en" or "zh_CN"), and remember it."""
        language.apply_language(choice)
        self._settings.setValue("ui/language", choice)
        self._check_choice("language", choice)

    def set_theme(self, choice: str) -> None:
        """Light, dark, or following the system; plots follow."""
        # The plots are built in the light colours (use_light_theme): at start-up a light theme
        # leaves them alone.
        self.dark = theme.apply_theme(choice, self, plots_dark=self.dark)
        self._settings.setValue("ui/theme", choice)
        self._check_choice("theme", choice)

    def _check_choice(self, key: str, value: str) -> None:
        action = self._choice_actions.get((key, value))
        if action is not None:
            action.setChecked(True)

    def _rebuild_undo_actions(self) -> None:
        # QUndoStack fixes the "Undo"/"Redo" prefix when it creates the actions: a new language
        # needs new actions.
        for action in self._undo_actions:
            self._edit_menu.removeAction(action)
            action.setShortcuts([])  # until deleteLater runs it would still claim its keys (and its name)
            action.setObjectName("")
            action.deleteLater()
        undo = self.document.undo_stack.createUndoAction(self, self.tr("&Undo"))
        undo.setShortcuts(QKeySequence.StandardKey.Undo)
        redo = self.document.undo_stack.createRedoAction(self, self.tr("&Redo"))
        # StandardKey.Redo holds Ctrl+Shift+Z on X11, Windows and macOS alike (and Ctrl+Y beside it):
        # naming Ctrl+Shift+Z again makes Qt refuse the key as an ambiguous overload.
        redo.setShortcuts(QKeySequence.StandardKey.Redo)
        undo.setObjectName("undo")
        redo.setObjectName("redo")
        first = self._edit_menu.actions()[0] if self._edit_menu.actions() else None
        self._edit_menu.insertActions(first, [undo, redo])
        self._undo_actions = [undo, redo]

    def retranslate(self) -> None:
        self._texts.apply()
        self._rebuild_undo_actions()
        self._update_title()
        self._busy.setToolTip(self.tr("Simulating the stacked blocks"))
        self._busy_label.setText(self.tr("Computing the block simulation…"))
        for action in self._export_actions:
            action.setText(self.tr("Export…"))
        for action in self._copy_image_actions:
            action.setText(self.tr("Copy image"))
        for index, title in enumerate(self._tab_titles):
            self.tabs.setTabText(index, title())

    def _replace_plot_export_menus(self) -> None:
        # pyqtgraph's own "Export..." offers its SVG exporter, which fails on current PySide6.
        self._export_actions, self._copy_image_actions = [], []
        for name, view in self.figures().items():
            export, copy = QAction(self), QAction(self)
            export.triggered.connect(lambda _=False, n=name: self.files.export_figure_dialog(n))
            copy.triggered.connect(lambda _=False, n=name: self.files.copy_figure(n))
            view.scene().contextMenu = [export, copy, *getattr(view, "scale_actions", list)()]
            self._export_actions.append(export)
            self._copy_image_actions.append(copy)

    def offer_recovery(self) -> None:
        """Offer the autosaved session a crash or an unsaved close left behind (No discards it)."""
        if not self.autosave.has_recovery():
            return
        answer = QMessageBox.question(
            self, self.tr("Restore unsaved work?"),
            self.tr("NormScope closed with unsaved work last time. Restore the work it autosaved?"))
        if answer != QMessageBox.StandardButton.Yes:
            self.autosave.discard()
            return
        problem = self.autosave.restore()
        if problem:
            self.statusBar().showMessage(
                self.tr("The autosaved work could not be restored: {problem}.").format(problem=problem), 30_000)

    def dragEnterEvent(self, event) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            self.files.open_path(files[0])
            event.acceptProposedAction()

    def _build_status_bar(self) -> None:
        self._busy = QProgressBar()
        self._busy.setRange(0, 0)
        self._busy.setMaximumWidth(160)
        self._busy.hide()
        self._busy_label = QLabel()
        self._busy_label.hide()
        self.statusBar().addPermanentWidget(self._busy_label)
        self.statusBar().addPermanentWidget(self._busy)
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_INDICATOR_DELAY_MS)
        self._busy_timer.timeout.connect(self._show_busy)

    # --- behaviour -----------------------------------------------------------------------------

    def figures(self, build: bool = False) -> dict[str, QWidget]:
        """Every plot panel by its export name; the Model tab's once it is built (``build``: build it now)."""
        return {"row_stats": self.row_stats_plot, "depth": self.depth_plot.plot, "grad": self.grad_plot,
                "stages": self.stage_heatmaps, **self.model_figures(build)}

    def teaching_figures(self) -> dict[str, QWidget]:
        """The teaching tabs' figures by export name; tabs never opened are built, and every view
        waiting for the latest result gets it, so each figure shows the current data."""
        shown = self.tabs.currentIndex()
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            if isinstance(page, LazyPage) and page.content is None:
                self.tabs.setCurrentIndex(index)  # built and laid out at the size it will be seen at
                page.layout().activate()
        self.tabs.setCurrentIndex(shown)
        self.results.flush()
        return {"block_flow": self.block_flow, "block_stage": self.stage_heatmap, "groups": self.grouping_view,
                "batch_size": self.batchnorm_lab.batch_plot, "running_stats": self.batchnorm_lab.running_plot}

    def load_preset(self, preset_id: str) -> None:
        self.document.load_scenario(load_preset(preset_id), self.tr("Load preset {name}").format(
            name=self.preset_name(preset_id)))

    def _show_result_notes(self, result) -> None:
        notes = self.result_notes(result)
        if notes:
            self.statusBar().showMessage(" ".join(notes), 15_000)

    def _fitted_views(self) -> list[FittedViewBox]:
        """The views of the Plots tab that follow the data until the user zooms."""
        return [item for view in graphics_views(self.tabs.widget(0)) for item in view.scene().items()
                if isinstance(item, FittedViewBox)]

    def _fit_plots_again(self) -> None:
        """New data: the plots drop the user's zoom and show their fits."""
        for view in self._fitted_views():
            view.refit()

    def _show_selected_stage(self, result) -> None:
        if not hasattr(self, "block_flow"):
            return  # the block tab was never opened
        key = self.block_flow.selected_stage()
        self.stage_table.show_stage(result, key)
        self.stage_heatmap.show_stage(result, key, self.block_flow.stage_description(key) if key else "")

    def _on_dock_shown(self, dock: QDockWidget) -> None:
        if dock.widget() is self._hand_calc_page:
            self._hand_calc_page.ensure_built()  # built when first in front: at start it is behind Settings

    def _show_problem_note(self, text: str) -> None:
        self.statusBar().showMessage(text, 10_000)
        self._problem_note = None
        # Armed once this gesture is over: a note about the edit that was just accepted (say, a value
        # rounded) stays, while the next successful edit clears a refusal it made obsolete.
        QTimer.singleShot(0, lambda: setattr(self, "_problem_note", text))

    def _clear_stale_problem_note(self) -> None:
        if self._problem_note is not None and self.statusBar().currentMessage() == self._problem_note:
            self.statusBar().clearMessage()
        self._problem_note = None

    def _on_clean_changed(self, clean: bool) -> None:
        # A method, not a lambda: the connection ends with the window (the stack outlives it briefly).
        self.setWindowModified(not clean)

    def _update_title(self) -> None:
        """The window names the session's file, else what the document holds (a preset, or the
        scenario's own name); ``[*]`` becomes the modified marker."""
        if self.files.session_path is not None:
            name = self.files.session_path.name
        else:
            name = self.document.scenario.name
            name = self.preset_name(name) if name in PRESETS else name or self.tr("untitled")
        self.setWindowTitle(f"NormScope — {name}[*]")

    def result_notes(self, result) -> list[str]:
        """The Result's messages (why something is shown otherwise than asked) in the UI language."""
        return [describe(note) for note in result.notes]

    def _on_busy(self, busy: bool) -> None:
        if busy:
            self._busy_timer.start()
        else:
            self._busy_timer.stop()
            self._busy.hide()
            self._busy_label.hide()

    def _show_busy(self) -> None:
        if self.document.busy:
            self._busy.show()
            self._busy_label.show()

    def _restore_layout(self) -> None:
        geometry = settings_file.byte_array(self._settings, "window/geometry")
        state = settings_file.byte_array(self._settings, "window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)  # bytes it does not understand are ignored
        if state is not None:
            self.restoreState(state)

    def _can_ask(self) -> bool:
        if self.ask_before_discarding is not None:
            return self.ask_before_discarding
        return self.isVisible() and QGuiApplication.platformName() != "offscreen"

    def _may_close(self) -> bool:
        """Whether the window may close. Unsaved edits are autosaved first (the next start offers
        them back); then, where a user can be asked, Save / Discard / Cancel, or, when the autosave
        failed (a full or read-only disk), what to do instead of losing them silently."""
        if self.document.undo_stack.isClean():
            self.autosave.discard()
            return True
        problem = self.autosave.save_and_wait()
        if not self._can_ask():
            return True
        if problem is not None:
            return self._ask_after_failed_autosave(problem)
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, self.tr("Save changes?"),
            self.tr("{name} has changes that are not saved. Save them before closing?").format(
                name=self.files.session_path.name if self.files.session_path else self.tr("This session")),
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        if answer == buttons.Save and self.files.save() or answer == buttons.Discard:
            self.autosave.discard()  # saved, or discarded on purpose: no snapshot offered next time
            return True
        return False

    def _ask_after_failed_autosave(self, problem: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Unsaved edits"), self.tr(
            "Your unsaved edits could not be autosaved ({problem}). If NormScope closes now, they are lost.").format(
            problem=problem), QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("unsavedEditsDialog")
        save = box.addButton(self.tr("Save elsewhere…"), QMessageBox.ButtonRole.AcceptRole)
        close = box.addButton(self.tr("Close anyway"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.exec()
        if box.clickedButton() is close:
            return True
        if box.clickedButton() is save and self.files.save_session_as():
            self.autosave.discard()  # saved: an older snapshot must not be offered next time
            return True
        return False

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.autosave.released:  # closed before: Qt sends another close event to a hidden window
            super().closeEvent(event)
            return
        self.document.wait_until_idle()
        if not self._may_close():
            event.ignore()
            return
        self.closing.emit()
        self.presentation.set_enabled(False)  # remember the ordinary layout, not the projector's
        self._settings.setValue("window/geometry", self.saveGeometry())
        self._settings.setValue("window/state", self.saveState())
        settings_file.remember_scenario(self._settings, self.document.scenario)
        self._settings.sync()  # on disk now: a crash later in the process can't lose them
        self.autosave.release()
        super().closeEvent(event)
