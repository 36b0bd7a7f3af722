"""The Training tab: the recipe form (its presets on top), Train / pause / stop, a progress bar, the live
plots with their loss smoothing, and after a run its samples and its CSV.

Runs train on a ``TrainingThread`` (one worker for all runs, one step each in turn); the page keeps each
run's ``RunHistory``. The worker's reports only fill the histories; a timer redraws what changed a few
times a second, so the UI stays responsive however fast the steps come. The runs go with the session
(``run_records`` / ``load_runs``) without their weights: a run read from a file shows its curves, and
sampling from it needs a re-run. A run that would not fit the training memory budget beside the runs the
page keeps (engine.training.budget), or a sample that would take too long, is refused with the reason
before anything starts. Open it alone with ``python -m widgets.training.training_page``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QCoreApplication, QThreadPool, QTimer, Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPlainTextEdit,
                               QProgressBar, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from engine.problem import Problem
from engine.training.budget import SAMPLE_DEADLINE, check_sample
from engine.training.history import RunHistory
from engine.training.run_record import RunRecord
from engine.training.trainer import Trainer
from widgets.common.generation_task import GenerationRelay, GenerationTask
from widgets.common.problem_text import describe, describe_failure
from widgets.common.retranslation import Retranslating
from widgets.training.settings_form import SettingsForm
from widgets.training.training_plots import TrainingPlots
from widgets.training.training_thread import TrainingThread

#: While training, the plots are redrawn this often (ms), the heatmaps in two halves by turns (see
#: TrainingPlots.show_runs): the loss 10 times a second, each heatmap 5 times.
REDRAW_MS = 100
#: Samples drawn after a run: how many, and characters each.
SAMPLES, SAMPLE_CHARS = 3, 120
#: The settings column's width: this share of the tab, between these pixels (a 1024-pixel window
#: leaves the tab ~600 of them beside the docks; the plots need the rest).
SIDE_SHARE, SIDE_WIDTHS = 0.3, (250, 330)


class TrainingPage(Retranslating, QWidget):
    """Settings on the left, plots on the right; several runs overlaid."""

    #: The user changed the runs (started, trained on, or cleared them): a saved session no longer holds them.
    runsEdited = Signal()
    #: The person chose another loss smoothing (steps), for the app to remember.
    smoothingChanged = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("trainingPage")
        self.form = SettingsForm()
        self.form.runsChanged.connect(lambda _count: self._show_train_text())
        self.plots = TrainingPlots()
        self.plots.smoothing.stepsChanged.connect(self._on_smoothing)
        self.train_button, self.pause_button = QPushButton(), QPushButton()
        self.stop_button, self.clear_button = QPushButton(), QPushButton()
        self.train_button.setObjectName("trainButton")
        self.train_button.clicked.connect(lambda: self.start_runs(self.form.runs()))
        self.pause_button.clicked.connect(self.toggle_pause)
        self.stop_button.clicked.connect(self.stop)
        self.clear_button.clicked.connect(self.clear)
        self.clear_button.clicked.connect(self.runsEdited)
        self.run_choice = QComboBox()
        self.run_choice.setObjectName("trainingRunChoice")
        self.run_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.run_choice.setMinimumContentsLength(10)
        self.run_choice.currentIndexChanged.connect(self._on_run_chosen)
        self.progress = QProgressBar()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sample_button, self.export_button = QPushButton(), QPushButton()
        self.sample_button.setObjectName("trainingSampleButton")
        self.sample_button.clicked.connect(self.sample_chosen_run)
        self.export_button.clicked.connect(self._export_dialog)
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

        self.histories: dict[int, RunHistory] = {}
        self.names: dict[int, str] = {}
        self._settings: dict[int, object] = {}  # run id -> TrainSettings
        self._trainers: dict[int, Trainer] = {}  # runs trained in this session (a loaded one has none)
        self._entropies: dict[int, float] = {}
        self._next_id = 0
        self._thread: TrainingThread | None = None
        self._old_threads: list[TrainingThread] = []
        self._started = 0.0
        self._steps_at_start = 0
        self._message = ""
        self._dirty = False
        self._redraw_timer = QTimer(self)
        self._redraw_timer.setInterval(REDRAW_MS)
        self._redraw_timer.timeout.connect(self._redraw_if_new)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = GenerationRelay(self)
        self._relay.finished.connect(self._on_sampled)
        self._relay.failed.connect(self._on_sample_failed)
        self._sampling = 0  # the request shown when it comes back (newer ones win)
        self._update_buttons()
        self.retranslate()
        app = QCoreApplication.instance()
        if app is not None:  # a worker still running at exit would abort the process
            app.aboutToQuit.connect(self.shutdown)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        low, high = SIDE_WIDTHS
        self._side.setFixedWidth(int(max(low, min(high, SIDE_SHARE * event.size().width()))))
        super().resizeEvent(event)

    # -- runs ------------------------------------------------------------------------------------
    def start_preset(self, key: str) -> None:
        """Fill the form with preset ``key`` and press Train (the screenshot and benchmark scripts do)."""
        self.form.choose_preset(key)
        self.start_runs(self.form.runs())

    def _kept_bytes(self) -> int:
        """What the runs trained here keep between their steps (their weights stay, for sampling)."""
        return sum(trainer.memory.kept for trainer in self._trainers.values())

    def start_runs(self, changes: list[dict]) -> None:
        """Add one run per entry (the form's settings with those changes) and train them; none when one
        of them is refused (bad settings or data, or no room in the memory budget beside the others)."""
        trainers: list[Trainer] = []
        try:
            for change in changes:
                beside = self._kept_bytes() + sum(t.memory.kept for t in trainers)
                trainers.append(Trainer(self.form.settings(**change), beside=beside))
        except Problem as problem:
            self._message = describe(problem)
            self._show_status()
            return
        except MemoryError:  # a model too large for this machine: say so, keep the window
            self._message = self.tr("Not enough memory for this model: make it smaller (width, layers, batch).")
            self._show_status()
            return
        first = None
        for trainer in trainers:
            s = trainer.settings
            run_id = self._add_run(s, trainer.unigram_entropy, RunHistory(s.steps, s.layers))
            first = run_id if first is None else first
            self._trainers[run_id] = trainer
            if self._thread is None or not self._thread.add(run_id, trainer):
                self._start_thread({run_id: trainer})
        self.run_choice.setCurrentIndex(self.run_choice.findData(first))
        self._message = ""
        self._started, self._steps_at_start = time.perf_counter(), self._steps_done()
        self._redraw_timer.start()
        self._update_buttons()
        self._redraw()
        self.runsEdited.emit()

    def _add_run(self, settings, entropy: float, history: RunHistory) -> int:
        run_id = self._next_id
        self._next_id += 1
        self.histories[run_id] = history
        self._settings[run_id] = settings
        self._entropies[run_id] = entropy
        self.names[run_id] = self.run_name(settings)
        self.run_choice.addItem(self.names[run_id], run_id)
        return run_id

    def run_name(self, s) -> str:
        """A run named by the settings that tell runs apart: 'Post-LN, 12 layers, warmup 0, seed 0'."""
        norm = {"layer": "LN", "rms": "RMSNorm", "dyt": "DyT", "none": self.tr("no norm")}.get(s.norm, s.norm)
        placement = {"deepnorm": "DeepNorm"}.get(s.placement, s.placement.capitalize())
        return self.tr("{placement}-{norm}, {layers} layers, warmup {warmup}, seed {seed}").format(
            placement=placement, norm=norm, layers=s.layers, warmup=s.warmup, seed=s.seed)

    def _start_thread(self, trainers: dict[int, Trainer]) -> None:
        if self._thread is not None:
            self._old_threads.append(self._thread)  # kept alive until it has finished
        thread = TrainingThread(trainers, self)
        thread.progressed.connect(self._on_progress)
        thread.runFinished.connect(self._on_run_finished)
        thread.failed.connect(self._on_failed)
        thread.finished.connect(self._on_thread_finished)
        thread.finished.connect(lambda t=thread: t in self._old_threads and self._old_threads.remove(t))
        self._thread = thread
        thread.start()

    def toggle_pause(self) -> None:
        if self._thread is None or not self._thread.isRunning():
            return
        if self._thread.paused:
            self._thread.resume()
            self._started, self._steps_at_start = time.perf_counter(), self._steps_done()
        else:
            self._thread.pause()
        self._update_buttons()

    def stop(self) -> None:
        """Stop every run after its current step; the curves so far stay."""
        if self._thread is not None:
            self._thread.stop()
        self._update_buttons()

    def clear(self) -> None:
        """Stop training and forget every run."""
        self.shutdown()
        self._thread = None
        for store in (self.histories, self.names, self._settings, self._trainers, self._entropies):
            store.clear()
        self.run_choice.clear()
        self.plots.clear()
        self._sampling += 1  # a sample still on its way belongs to a run that is gone
        self.samples.clear()
        self._message = ""
        self._update_buttons()
        self._show_status()

    def shutdown(self) -> None:
        """Stop the worker and wait for it (call before the page is destroyed)."""
        self._redraw_timer.stop()
        for thread in [self._thread, *self._old_threads]:
            if thread is not None:
                thread.stop()
                thread.wait()
        self._pool.waitForDone()

    # -- loss smoothing ----------------------------------------------------------------------------
    def set_loss_smoothing(self, steps: int) -> None:
        """Smooth the loss curves over ``steps`` steps (a remembered choice; nothing is emitted)."""
        self.plots.loss_plot_smoothing(steps)
        self._redraw()

    def _on_smoothing(self, steps: int) -> None:
        self._redraw()
        self.smoothingChanged.emit(steps)

    # -- the session -----------------------------------------------------------------------------
    def run_records(self) -> list[RunRecord]:
        """Every run as the session keeps it (settings and history, no weights)."""
        return [RunRecord(self._settings[r], self._entropies[r], h) for r, h in self.histories.items()]

    def load_runs(self, records) -> None:
        """Show the runs of an opened session instead of the present ones."""
        self.clear()
        for record in records:
            self._add_run(record.settings, record.unigram_entropy, record.history)
        if self.histories:
            self._message = self.tr("Runs read from the session: their curves only. The models' weights are not "
                                    "saved, so a sample needs the run trained again.")
        self._redraw()
        self._update_buttons()

    # -- worker reports --------------------------------------------------------------------------
    def _on_progress(self, records: list) -> None:
        for run_id, record in records:
            if run_id in self.histories:
                self.histories[run_id].append(record)
        self._dirty = True

    def _redraw_if_new(self) -> None:
        if self._dirty:
            self._redraw(live=True)

    def _on_run_finished(self, run_id: int, diverged_at) -> None:
        self._redraw()
        self._update_buttons()

    def _on_thread_finished(self) -> None:
        if not any(t.isRunning() for t in [self._thread, *self._old_threads] if t is not None):
            self._redraw_timer.stop()
        self._redraw()
        self._update_buttons()
        self.runsEdited.emit()  # the curves have grown since the run started

    def _on_failed(self, error: Exception) -> None:
        self._message = self.tr("Training stopped: {reason}").format(reason=describe_failure(error))
        self._show_status()

    def _on_run_chosen(self) -> None:
        self._redraw()
        self._update_buttons()

    # -- after a run: samples and CSV ---------------------------------------------------------------
    def _chosen(self) -> int | None:
        return self.run_choice.currentData()

    def _can_sample(self, run_id: int | None) -> bool:
        """A run trained here whose weights are no longer changing (finished, or the worker stopped)."""
        trainer = self._trainers.get(run_id)
        if trainer is None:
            return False
        running = any(t.isRunning() for t in [self._thread, *self._old_threads] if t is not None)
        return trainer.finished or not running

    def sample_chosen_run(self) -> None:
        """Sample a few texts from the chosen run's model, on a worker (a few seconds at 24 layers)."""
        run_id = self._chosen()
        if not self._can_sample(run_id):
            self.samples.setPlainText(self._why_no_sample(run_id))
            return
        trainer = self._trainers[run_id]
        try:
            check_sample(trainer.settings, trainer.corpus.vocab_size, SAMPLES * SAMPLE_CHARS)
        except Problem as problem:  # a model too large to sample in time: say so, start nothing
            self.samples.setPlainText(describe(problem))
            return
        self._sampling += 1
        self.samples.setPlainText(self.tr("Sampling…"))
        self.sample_button.setEnabled(False)

        def work(_progress):
            from engine.training.sampling import sample_text

            rng = np.random.default_rng([trainer.settings.seed, 2])
            return [sample_text(trainer.params, trainer.settings, trainer.corpus, "\n", SAMPLE_CHARS, rng,
                                seconds=SAMPLE_DEADLINE / SAMPLES) for _ in range(SAMPLES)]

        self._pool.start(GenerationTask(self._sampling, work, self._relay))

    def _why_no_sample(self, run_id: int | None) -> str:
        if run_id is None:
            return self.tr("Train a run first.")
        if run_id not in self._trainers:
            return self.tr("This run was read from a session: its weights are not saved. Train it again to sample.")
        return self.tr("The run is still training: let it finish, or stop it, to sample.")

    def _on_sampled(self, generation: int, texts: list) -> None:
        if generation != self._sampling:
            return
        run = self.names.get(self._chosen(), "")
        parts = [self.tr("Samples from {run} (temperature 1):").format(run=run)]
        parts += [f"— {i + 1} —\n{text.strip()}" for i, text in enumerate(texts)]
        self.samples.setPlainText("\n".join(parts))
        self._update_buttons()

    def _on_sample_failed(self, generation: int, error) -> None:
        if generation == self._sampling:
            self.samples.setPlainText(self.tr("Sampling failed: {reason}").format(
                reason=describe_failure(error)))
            self._update_buttons()

    def export_csv(self, run_id: int, path) -> None:
        """Write run ``run_id``'s curves to ``path`` as the headless command's ``train_log.csv``."""
        from engine.files.io import atomic_write
        from engine.training.train_log import train_log_text

        atomic_write(Path(path), train_log_text(self.histories[run_id]).encode("utf-8"))

    def _export_dialog(self) -> None:
        run_id = self._chosen()
        if run_id is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the run's curves"), "train_log.csv",
                                              self.tr("CSV files (*.csv)"))
        if not path:
            return
        try:
            self.export_csv(run_id, path)
        except OSError as error:
            self._message = self.tr("{name} could not be saved: {error}").format(name=Path(path).name, error=error)
        else:
            self._message = self.tr("Saved {path}").format(path=path)
        self._show_status()

    def figures(self) -> dict[str, QWidget]:
        """The tab's plots by export name (as the headless command names its figures)."""
        return self.plots.views()

    # -- drawing ---------------------------------------------------------------------------------
    def _steps_done(self) -> int:
        return sum(h.count for h in self.histories.values())

    def _planned(self) -> dict[int, int]:
        return {r: s.steps for r, s in self._settings.items()}

    def _redraw(self, live: bool = False) -> None:
        self._dirty = live  # a live update drew half of the heatmaps: the other half next time
        entropy = next(reversed(self._entropies.values()), None)
        self.plots.show_runs(self.histories, self.names, entropy, self._planned(), self._chosen(), live)
        self._show_status()

    def _show_status(self) -> None:
        planned = sum(min(self._settings[r].steps, h.diverged_at or self._settings[r].steps)
                      for r, h in self.histories.items() if r in self._trainers)
        done = sum(h.count for r, h in self.histories.items() if r in self._trainers)
        self.progress.setMaximum(max(1, planned))
        self.progress.setValue(done)
        parts = []
        running = self._thread is not None and self._thread.isRunning() and not self._thread.paused
        elapsed = time.perf_counter() - self._started
        if running and elapsed > 0.5 and self._steps_done() > self._steps_at_start:
            rate = (self._steps_done() - self._steps_at_start) / elapsed
            parts.append(self.tr("{rate:.1f} steps/s, about {left:.0f} s left").format(
                rate=rate, left=max(0, planned - done) / rate))
        entropy = next(reversed(self._entropies.values()), None)
        if entropy is not None:
            parts.append(self.tr("learned nothing = {h:.2f} nats").format(h=entropy))
        for run_id, history in self.histories.items():
            if history.diverged_at is not None:
                parts.append(self.tr("{run}: diverged at step {k}").format(run=self.names[run_id],
                                                                           k=history.diverged_at))
        if self._message:
            parts.append(self._message)
        self.status.setText("\n".join(parts))

    def _update_buttons(self) -> None:
        running = self._thread is not None and self._thread.isRunning()
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        paused = running and self._thread.paused
        self.pause_button.setText(self.tr("Continue") if paused else self.tr("Pause"))
        chosen = self._chosen()
        self.export_button.setEnabled(chosen is not None)
        self.sample_button.setEnabled(self._can_sample(chosen))
        self.sample_button.setToolTip(self.tr("Sample a few texts from this run's model")
                                      if self._can_sample(chosen) else self._why_no_sample(chosen))

    def _show_train_text(self) -> None:
        runs = len(self.form.runs())
        self.train_button.setText(self.tr("Train") if runs == 1 else self.tr("Train {n} runs").format(n=runs))
        self.train_button.setToolTip(self.tr("Add a run with these settings and train it") if runs == 1 else
                                     self.tr("Add the preset's runs with these settings and train them"))

    def retranslate(self) -> None:
        self._show_train_text()
        self.stop_button.setText(self.tr("Stop"))
        self.clear_button.setText(self.tr("Clear"))
        self.clear_button.setToolTip(self.tr("Stop training and remove every run"))
        self.after_box.setTitle(self.tr("After a run"))
        self.run_label.setText(self.tr("Run"))
        self.run_choice.setToolTip(self.tr("The run the heatmaps show, and that Sample and Export use"))
        self.sample_button.setText(self.tr("Sample"))
        self.export_button.setText(self.tr("Export CSV…"))
        self.export_button.setToolTip(self.tr("Save this run's curves as train_log.csv (the columns of "
                                              "python main.py train)"))
        self.samples.setPlaceholderText(self.tr("Samples of the chosen run's model appear here."))
        for i in range(self.run_choice.count()):
            run_id = self.run_choice.itemData(i)
            self.names[run_id] = self.run_name(self._settings[run_id])
            self.run_choice.setItemText(i, self.names[run_id])
        self._update_buttons()
        if self.histories:
            self._redraw()
        else:
            self._show_status()


if __name__ == "__main__":
    import sys

    from PySide6.QtWidgets import QApplication

    from widgets.plotkit.plot_style import use_light_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    use_light_theme()
    page = TrainingPage()
    page.resize(1400, 860)
    page.show()
    app.exec()
