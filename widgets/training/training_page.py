"""The Training tab: the recipe form (its presets on top), Train / pause / stop / remove / clear, a progress
bar, the live plots with their loss smoothing, and after a run its samples and its CSV.

It draws and forwards gestures only: the runs, their worker, their samples and undo belong to the
``TrainingSource`` it is given (the app's TrainingSession). Each redraw draws
``engine.training.run_curves.training_curves`` of the source's runs, as the headless ``train`` command's
figures do. A run that would not fit the training memory budget beside the runs kept, or a sample that
would take too long, is refused with the reason before anything starts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer, Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPlainTextEdit,
                               QProgressBar, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from engine.problem import Problem
from engine.training.run_curves import training_curves
from widgets.common.problem_text import describe, describe_failure
from widgets.common.retranslation import Retranslating
from widgets.training.run_names import run_name
from widgets.training.settings_form import SettingsForm
from widgets.training.training_plots import TrainingPlots
from widgets.training.training_source import BROUGHT_BACK, FROM_SESSION, NO_RUN, TrainingSource

#: After a live redraw (half of the heatmaps, see TrainingPlots.show_curves), the other half this much later
#: (ms) when no new steps came first.
OTHER_HALF_MS = 100
#: Samples drawn after a run: how many, and characters each.
SAMPLES, SAMPLE_CHARS = 3, 120
#: The settings column's width: this share of the tab, between these pixels (a 1024-pixel window
#: leaves the tab ~600 of them beside the docks; the plots need the rest).
SIDE_SHARE, SIDE_WIDTHS = 0.3, (250, 330)


class TrainingPage(Retranslating, QWidget):
    """Settings on the left, plots on the right; several runs overlaid."""

    #: The person chose another loss smoothing (steps), for the app to remember.
    smoothingChanged = Signal(int)

    def __init__(self, source: TrainingSource, parent=None):
        super().__init__(parent)
        self.setObjectName("trainingPage")
        self.source = source
        self.form = SettingsForm()
        self.form.runsChanged.connect(lambda _count: self._show_train_text())
        self.plots = TrainingPlots()
        self.plots.smoothing.stepsChanged.connect(self._on_smoothing)
        self.train_button, self.pause_button = QPushButton(), QPushButton()
        self.stop_button, self.clear_button = QPushButton(), QPushButton()
        self.train_button.setObjectName("trainButton")
        self.train_button.clicked.connect(lambda: self.start_runs(self.form.runs()))
        self.pause_button.clicked.connect(source.toggle_pause)
        self.stop_button.clicked.connect(source.stop)
        self.clear_button.clicked.connect(source.clear)
        self.run_choice = QComboBox()
        self.run_choice.setObjectName("trainingRunChoice")
        self.run_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_choice.setMinimumContentsLength(10)
        self.run_choice.currentIndexChanged.connect(self._on_run_chosen)
        self.progress = QProgressBar()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sample_button, self.export_button, self.remove_button = QPushButton(), QPushButton(), QPushButton()
        self.sample_button.setObjectName("trainingSampleButton")
        self.remove_button.setObjectName("trainingRemoveButton")
        self.sample_button.clicked.connect(self.sample_chosen_run)
        self.export_button.clicked.connect(self._export_dialog)
        self.remove_button.clicked.connect(lambda: self._chosen() is not None and source.remove_run(self._chosen()))
        self.samples = QPlainTextEdit()
        self.samples.setObjectName("trainingSamples")
        self.samples.setReadOnly(True)
        self.samples.setMinimumHeight(60)
        self.samples.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.form)
        buttons = QHBoxLayout()
        for button in (self.train_button, self.pause_button, self.stop_button, self.clear_button):
            buttons.addWidget(button)
        self.after_box = QGroupBox()
        after = QVBoxLayout(self.after_box)
        chooser = QFormLayout()
        self.run_label = QLabel()
        chooser.addRow(self.run_label, self.run_choice)
        after.addLayout(chooser)
        actions = QHBoxLayout()
        actions.addWidget(self.sample_button)
        actions.addWidget(self.export_button)
        actions.addWidget(self.remove_button)
        after.addLayout(actions)
        after.addWidget(self.samples, 1)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(scroll, 5)
        left.addLayout(buttons)
        left.addWidget(self.progress)
        left.addWidget(self.status)
        left.addWidget(self.after_box, 2)
        self._side = QWidget()
        self._side.setLayout(left)
        self._side.setFixedWidth(SIDE_WIDTHS[1])
        layout = QHBoxLayout(self)
        layout.addWidget(self._side)
        layout.addWidget(self.plots, 1)

        self.names: dict[int, str] = {}
        self._curves = training_curves({})  # what was drawn last (the status reads its entropy, divergences)
        self._message = ""
        self._other_half = QTimer(self)
        self._other_half.setSingleShot(True)
        self._other_half.setInterval(OTHER_HALF_MS)
        self._other_half.timeout.connect(lambda: self._redraw(live=True))
        source.runsChanged.connect(self._on_runs_changed)
        source.runsGrew.connect(self._on_runs_grew)
        source.stateChanged.connect(self._on_state_changed)
        source.trainingFailed.connect(self._on_failed)
        source.sampled.connect(self._on_sampled)
        source.sampleFailed.connect(self._on_sample_failed)
        self.retranslate()
        self._on_runs_changed("opened")  # runs the source holds already (a session opened before)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        low, high = SIDE_WIDTHS
        self._side.setFixedWidth(int(max(low, min(high, SIDE_SHARE * event.size().width()))))
        super().resizeEvent(event)

    # -- gestures --------------------------------------------------------------------------------
    def start_preset(self, key: str) -> None:
        """Fill the form with preset ``key`` and press Train (the screenshot and benchmark scripts do)."""
        self.form.choose_preset(key)
        self.start_runs(self.form.runs())

    def start_runs(self, changes: list[dict]) -> None:
        """Add one run per entry (the form's settings with those changes) and train them; none when one
        of them is refused (bad settings or data, or no room in the memory budget beside the others)."""
        try:
            ids = self.source.start_runs([self.form.settings(**change) for change in changes])
        except Problem as problem:
            self._message = describe(problem)
            self._show_status()
            return
        except MemoryError:  # a model too large for this machine: say so, keep the window
            self._message = self.tr("Not enough memory for this model: make it smaller (width, layers, batch).")
            self._show_status()
            return
        self.run_choice.setCurrentIndex(self.run_choice.findData(ids[0]) if ids else -1)
        self._message = ""
        self._redraw()

    def set_loss_smoothing(self, steps: int) -> None:
        """Smooth the loss curves over ``steps`` steps (a remembered choice; nothing is emitted)."""
        self.plots.loss_plot_smoothing(steps)
        self._redraw()

    def _on_smoothing(self, steps: int) -> None:
        self._redraw()
        self.smoothingChanged.emit(steps)

    def _on_run_chosen(self) -> None:
        self._redraw()
        self._update_buttons()

    def _chosen(self) -> int | None:
        return self.run_choice.currentData()

    # -- what the source reports -------------------------------------------------------------------
    def _on_runs_changed(self, cause: str) -> None:
        """The set of runs changed: the chooser lists them again (keeping the chosen run while it is there)."""
        runs = self.source.runs()
        chosen = self._chosen()
        self.names = {run_id: run_name(record.settings) for run_id, record in runs.items()}
        self.run_choice.blockSignals(True)
        self.run_choice.clear()
        for run_id, name in self.names.items():
            self.run_choice.addItem(name, run_id)
        self.run_choice.setCurrentIndex(max(self.run_choice.findData(chosen), 0) if runs else -1)
        self.run_choice.blockSignals(False)
        if cause == "opened":
            self.samples.clear()
            self._message = self.tr("Runs read from the session: their curves only. The models' weights are not "
                                    "saved, so a sample needs the run trained again.") if runs else ""
        elif cause == "removed":
            self._message = ""
            if chosen not in runs:
                self.samples.clear()
        elif cause == "restored":
            self._message = self.tr("The runs are back: their curves only (their models were let go when they "
                                    "were removed), so a sample needs the run trained again.")
        if not runs:
            self.plots.clear()
        self._redraw()
        self._update_buttons()

    def _on_runs_grew(self) -> None:
        self._redraw(live=True)
        self._other_half.start()

    def _on_state_changed(self) -> None:
        self._update_buttons()
        self._show_status()
        if not self.source.running():
            self._other_half.stop()
            self._redraw()

    def _on_failed(self, error: Exception) -> None:
        self._message = self.tr("Training stopped: {reason}").format(reason=describe_failure(error))
        self._show_status()

    # -- after a run: samples and CSV ---------------------------------------------------------------
    def sample_chosen_run(self) -> None:
        """Sample a few texts from the chosen run's model, on the source's worker (a few seconds at 24 layers)."""
        run_id = self._chosen()
        if self.source.sample_refusal(run_id) is not None:
            self.samples.setPlainText(self._why_no_sample(run_id))
            return
        try:
            self.source.sample(run_id, SAMPLES, SAMPLE_CHARS)
        except Problem as problem:  # a model too large to sample in time: say so, start nothing
            self.samples.setPlainText(describe(problem))
            return
        self.samples.setPlainText(self.tr("Sampling…"))
        self.sample_button.setEnabled(False)

    def _why_no_sample(self, run_id: int | None) -> str:
        refusal = self.source.sample_refusal(run_id)
        if refusal == NO_RUN:
            return self.tr("Train a run first.")
        if refusal == FROM_SESSION:
            return self.tr("This run was read from a session: its weights are not saved. Train it again to sample.")
        if refusal == BROUGHT_BACK:
            return self.tr("This run was removed and brought back: its weights were let go. Train it again to "
                           "sample.")
        return self.tr("The run is still training: let it finish, or stop it, to sample.")

    def _on_sampled(self, run_id: int, texts: list) -> None:
        parts = [self.tr("Samples from {run} (temperature 1):").format(run=self.names.get(run_id, ""))]
        parts += [f"— {i + 1} —\n{text.strip()}" for i, text in enumerate(texts)]
        self.samples.setPlainText("\n".join(parts))
        self._update_buttons()

    def _on_sample_failed(self, _run_id: int, error) -> None:
        self.samples.setPlainText(self.tr("Sampling failed: {reason}").format(reason=describe_failure(error)))
        self._update_buttons()

    def _export_dialog(self) -> None:
        run_id = self._chosen()
        if run_id is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the run's curves"), "train_log.csv",
                                              self.tr("CSV files (*.csv)"))
        if not path:
            return
        try:
            self.source.export_csv(run_id, path)
        except OSError as error:
            self._message = self.tr("{name} could not be saved: {error}").format(name=Path(path).name, error=error)
        else:
            self._message = self.tr("Saved {path}").format(path=path)
        self._show_status()

    def figures(self) -> dict[str, QWidget]:
        """The tab's plots by export name (as the headless command names its figures)."""
        return self.plots.views()

    # -- drawing ---------------------------------------------------------------------------------
    def _redraw(self, live: bool = False) -> None:
        self._curves = training_curves(self.source.runs(), self._chosen(), self.plots.smoothing_steps())
        self.plots.show_curves(self._curves, self.names, live)
        self._show_status()

    def _show_status(self) -> None:
        progress = self.source.progress()
        self.progress.setMaximum(max(1, progress.planned))
        self.progress.setValue(progress.done)
        parts = []
        if progress.rate is not None:
            parts.append(self.tr("{rate:.1f} steps/s, about {left:.0f} s left").format(
                rate=progress.rate, left=max(0, progress.planned - progress.done) / progress.rate))
        if self._curves.entropy is not None:
            parts.append(self.tr("learned nothing = {h:.2f} nats").format(h=self._curves.entropy))
        for run_id, loss in self._curves.losses.items():
            if loss.diverged is not None:
                parts.append(self.tr("{run}: diverged at step {k}").format(run=self.names.get(run_id, ""),
                                                                           k=loss.diverged[0]))
        if self._message:
            parts.append(self._message)
        self.status.setText("\n".join(parts))

    def _update_buttons(self) -> None:
        running = self.source.running()
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        self.pause_button.setText(self.tr("Continue") if self.source.paused() else self.tr("Pause"))
        chosen = self._chosen()
        self.export_button.setEnabled(chosen is not None)
        self.remove_button.setEnabled(chosen is not None)
        can_sample = self.source.sample_refusal(chosen) is None
        self.sample_button.setEnabled(can_sample)
        self.sample_button.setToolTip(self.tr("Sample a few texts from this run's model")
                                      if can_sample else self._why_no_sample(chosen))

    def _show_train_text(self) -> None:
        runs = len(self.form.runs())
        self.train_button.setText(self.tr("Train") if runs == 1 else self.tr("Train {n} runs").format(n=runs))
        self.train_button.setToolTip(self.tr("Add a run with these settings and train it") if runs == 1 else
                                     self.tr("Add the preset's runs with these settings and train them"))

    def retranslate(self) -> None:
        self._show_train_text()
        self.stop_button.setText(self.tr("Stop"))
        self.clear_button.setText(self.tr("Clear"))
        self.clear_button.setToolTip(self.tr("Stop training and remove every run (Undo brings their curves back)"))
        self.after_box.setTitle(self.tr("After a run"))
        self.run_label.setText(self.tr("Run"))
        self.run_choice.setToolTip(self.tr("The run the heatmaps show, and that Sample, Export and Remove use"))
        self.sample_button.setText(self.tr("Sample"))
        self.export_button.setText(self.tr("Export CSV…"))
        self.export_button.setToolTip(self.tr("Save this run's curves as train_log.csv (the columns of "
                                              "python main.py train)"))
        self.remove_button.setText(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Stop this run and remove it (Undo brings its curves back)"))
        self.samples.setPlaceholderText(self.tr("Samples of the chosen run's model appear here."))
        runs = self.source.runs()
        for i in range(self.run_choice.count()):
            run_id = self.run_choice.itemData(i)
            self.names[run_id] = run_name(runs[run_id].settings)
            self.run_choice.setItemText(i, self.names[run_id])
        self._update_buttons()
        if runs:
            self._redraw()
        else:
            self._show_status()
