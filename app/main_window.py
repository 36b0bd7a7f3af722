"""The main window: docks, menus and actions; wiring only, no numbers computed here."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (QDockWidget, QGridLayout, QLabel, QMainWindow, QMessageBox, QProgressBar,
                               QWidget)

from app.autosave import Autosave
from app.document import Document
from app.file_actions import FileActions
from engine.presets import PRESETS, load_preset
from engine.scenario import Scenario
from widgets.controls_panel import ControlsPanel
from widgets.depth_plot import DepthPlot
from widgets.grad_plot import GradPlot
from widgets.matrix_view import MatrixView
from widgets.plot_style import use_light_theme
from widgets.row_stats_plot import RowStatsPlot
from widgets.stage_heatmaps import StageHeatmaps

#: Settings remembered between runs (the matrix itself is not: it comes from the preset).
REMEMBERED_FIELDS = ("norm", "placement", "eps", "layers", "bn_training", "bn_momentum", "activation",
                     "seed", "toy_a", "toy_b", "causal")
BUSY_INDICATOR_DELAY_MS = 500


class MainWindow(QMainWindow):
    def __init__(self, preset: str = "xian", settings: QSettings | None = None, scenario: Scenario | None = None):
        """Open on ``scenario`` if given, else on ``preset`` with the remembered settings."""
        super().__init__()
        use_light_theme()
        self.setObjectName("mainWindow")
        self._settings = settings if settings is not None else QSettings()
        self.document = Document(scenario if scenario is not None else self._initial_scenario(preset), self)
        self.setWindowTitle(f"NormScope — {PRESETS[preset].display_name if scenario is None else scenario.name}")

        self.token_grid = MatrixView(self.document, "matrix", "tokenGrid")
        self.affine_grid = MatrixView(self.document, "affine", "affineGrid")
        self.controls = ControlsPanel(self.document)
        self.row_stats_plot = RowStatsPlot()
        self.depth_plot = DepthPlot()
        self.grad_plot = GradPlot()
        self.stage_heatmaps = StageHeatmaps()
        self._views = (self.row_stats_plot, self.depth_plot, self.grad_plot, self.stage_heatmaps)

        plots = QWidget()
        grid = QGridLayout(plots)
        grid.setContentsMargins(4, 4, 4, 4)
        # Three line plots side by side above the four stage heatmaps, which need the width.
        for col, view in enumerate(self._views[:3]):
            view.setMinimumSize(240, 200)
            grid.addWidget(view, 0, col)
        grid.addWidget(self.stage_heatmaps, 1, 0, 1, 3)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        self.setCentralWidget(plots)
        self._docks = [
            self._add_dock("Tokens", "tokensDock", self.token_grid, Qt.DockWidgetArea.LeftDockWidgetArea),
            self._add_dock("γ / β", "affineDock", self.affine_grid, Qt.DockWidgetArea.LeftDockWidgetArea),
            self._add_dock("Settings", "settingsDock", self.controls, Qt.DockWidgetArea.LeftDockWidgetArea),
        ]
        self.files = FileActions(self, self._settings)
        self.autosave = Autosave(self.document, Autosave.beside(self._settings.fileName()), self)
        self._build_menus()
        self._build_status_bar()
        self._replace_plot_export_menus()
        self.setAcceptDrops(True)

        self.document.resultChanged.connect(self.show_result)
        self.document.statusMessage.connect(lambda text: self.statusBar().showMessage(text, 10_000))
        self.document.busyChanged.connect(self._on_busy)
        self.resize(1400, 860)
        self.resizeDocks(self._docks[:1], [380], Qt.Orientation.Horizontal)
        self.resizeDocks(self._docks, [320, 110, 330], Qt.Orientation.Vertical)
        self._default_state = self.saveState()
        self._restore_layout()
        if self.document.result is not None:
            self.show_result(self.document.result)

    # --- construction --------------------------------------------------------------------------

    def _initial_scenario(self, preset: str) -> Scenario:
        scenario = load_preset(preset)
        remembered = {}
        for field in REMEMBERED_FIELDS:
            value = self._settings.value(f"scenario/{field}")
            if value is not None:
                remembered[field] = type(getattr(scenario, field))(value if not isinstance(getattr(scenario, field), bool)
                                                                  else value in (True, "true", "1"))
        try:
            return scenario.replace(**remembered)
        except (ValueError, TypeError):
            return scenario  # stale or foreign settings never block the start

    def _add_dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.files.build_menu(file_menu)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        edit_menu = bar.addMenu("&Edit")
        undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence.StandardKey.Redo])
        edit_menu.addActions([undo, redo])
        edit_menu.addSeparator()
        reset = QAction("Reset γ to 1 and β to 0", self)
        reset.triggered.connect(self.document.reset_affine)
        edit_menu.addAction(reset)

        preset_menu = bar.addMenu("&Presets")
        for preset in PRESETS.values():
            action = QAction(preset.display_name, self)
            action.setObjectName(f"preset_{preset.id}")
            action.triggered.connect(lambda _=False, p=preset: self.load_preset(p.id))
            preset_menu.addAction(action)

        view_menu = bar.addMenu("&View")
        for dock in self._docks:
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        restore = QAction("Restore default layout", self)
        restore.triggered.connect(lambda: self.restoreState(self._default_state))
        view_menu.addAction(restore)

        help_menu = bar.addMenu("&Help")
        about = QAction("About NormScope", self)
        about.triggered.connect(lambda: QMessageBox.about(
            self, "About NormScope",
            "NormScope: LayerNorm, RMSNorm and BatchNorm inside a Transformer block.\n"
            "Numbers follow PyTorch's semantics; edit any cell and every plot follows."))
        help_menu.addAction(about)

    def _replace_plot_export_menus(self) -> None:
        # pyqtgraph's own "Export..." offers its SVG exporter, which fails on current PySide6.
        for name, widget in self.figures().items():
            view = widget.plot if isinstance(widget, DepthPlot) else widget
            action = QAction("Export…", self)
            action.triggered.connect(lambda _=False, n=name: self.files.export_figure_dialog(n))
            view.scene().contextMenu = [action]

    def offer_recovery(self) -> None:
        """After a crash, offer the autosaved session left behind."""
        if not self.autosave.has_recovery():
            return
        answer = QMessageBox.question(
            self, "Restore unsaved work?",
            "NormScope did not close normally last time. Restore the work it autosaved?")
        problem = self.autosave.restore() if answer == QMessageBox.StandardButton.Yes else None
        if problem:
            self.statusBar().showMessage(f"The autosaved work could not be restored: {problem}", 15_000)

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
        self._busy.setToolTip("Simulating the stacked blocks")
        self._busy.hide()
        self._busy_label = QLabel("Computing the block simulation…")
        self._busy_label.hide()
        self.statusBar().addPermanentWidget(self._busy_label)
        self.statusBar().addPermanentWidget(self._busy)
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_INDICATOR_DELAY_MS)
        self._busy_timer.timeout.connect(self._show_busy)

    # --- behaviour -----------------------------------------------------------------------------

    def figures(self) -> dict[str, QWidget]:
        """Every plot panel by its export name."""
        return {"row_stats": self.row_stats_plot, "depth": self.depth_plot, "grad": self.grad_plot,
                "stages": self.stage_heatmaps}

    def load_preset(self, preset_id: str) -> None:
        if self.document.load_scenario(load_preset(preset_id), f"Load preset {preset_id}"):
            self.setWindowTitle(f"NormScope — {PRESETS[preset_id].display_name}")

    def show_result(self, result) -> None:
        for view in self._views:
            view.show_result(result)
        if result.messages:
            self.statusBar().showMessage(" ".join(result.messages), 15_000)

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
        geometry = self._settings.value("window/geometry")
        state = self._settings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._settings.setValue("window/geometry", self.saveGeometry())
        self._settings.setValue("window/state", self.saveState())
        for field in REMEMBERED_FIELDS:
            self._settings.setValue(f"scenario/{field}", getattr(self.document.scenario, field))
        self.document.wait_until_idle()
        self.autosave.discard()
        super().closeEvent(event)
