"""The Training tab: the recipe form, Train / preset / pause / stop, a progress bar, and the live plots.

Runs train on a ``TrainingThread`` (one worker for all runs, one step each in turn); the page
keeps each run's ``RunHistory`` and redraws when the worker reports, a few times a second.
Open it alone with ``python -m widgets.training.training_page``.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QProgressBar, QPushButton, QScrollArea,
                               QVBoxLayout, QWidget)

from engine.problem import Problem
from engine.training.history import RunHistory
from engine.training.trainer import Trainer
from widgets.common.problem_text import describe
from widgets.training.settings_form import PRESETS, SettingsForm
from widgets.training.training_plots import TrainingPlots
from widgets.training.training_thread import TrainingThread
from widgets.common.retranslation import Retranslating


class TrainingPage(Retranslating, QWidget):
    """Settings on the left, plots on the right; several runs overlaid."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("trainingPage")
        self.form = SettingsForm()
        self.form.presetChosen.connect(self.start_preset)
        self.plots = TrainingPlots()
        self.train_button, self.pause_button = QPushButton(), QPushButton()
        self.stop_button, self.clear_button = QPushButton(), QPushButton()
        self.train_button.setObjectName("trainButton")
        self.train_button.clicked.connect(lambda: self.start_runs([{}]))
        self.pause_button.clicked.connect(self.toggle_pause)
        self.stop_button.clicked.connect(self.stop)
        self.clear_button.clicked.connect(self.clear)
        self.run_choice = QComboBox()
        self.run_choice.currentIndexChanged.connect(lambda _: self._redraw())
        self.progress = QProgressBar()
        self.status = QLabel()
        self.status.setWordWrap(True)

        left = QVBoxLayout()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.form)
        left.addWidget(scroll, 1)
        buttons = QHBoxLayout()
        for button in (self.train_button, self.pause_button, self.stop_button, self.clear_button):
            buttons.addWidget(button)
        left.addLayout(buttons)
        self.heatmap_label = QLabel()
        left.addWidget(self.heatmap_label)
        left.addWidget(self.run_choice)
        left.addWidget(self.progress)
        left.addWidget(self.status)
        layout = QHBoxLayout(self)
        side = QWidget()
        side.setLayout(left)
        side.setMaximumWidth(360)
        layout.addWidget(side)
        layout.addWidget(self.plots, 1)

        self.histories: dict[int, RunHistory] = {}
        self.names: dict[int, str] = {}
        self._planned: dict[int, int] = {}
        self._entropy: float | None = None
        self._next_id = 0
        self._thread: TrainingThread | None = None
        self._old_threads: list[TrainingThread] = []
        self._started = 0.0
        self._steps_at_start = 0
        self._message = ""
        self._update_buttons()
        self.retranslate()
        app = QCoreApplication.instance()
        if app is not None:  # a worker still running at exit would abort the process
            app.aboutToQuit.connect(self.shutdown)

    def figures(self) -> dict[str, QWidget]:
        """The live plots by export name (the loss, then one heatmap per measure)."""
        return {"training_loss": self.plots.loss_plot,
                **{f"training_{name}": plot for name, (plot, _, _) in self.plots.heatmaps.items()}}

    # -- runs ------------------------------------------------------------------------------------
    def start_preset(self, key: str) -> None:
        self.start_runs(PRESETS[key])

    def start_runs(self, changes: list[dict]) -> None:
        """Add one run per entry (the form's settings with those changes) and train them."""
        try:
            trainers = [Trainer(self.form.settings(**change)) for change in changes]
        except Problem as problem:
            self._message = describe(problem)
            self._show_status()
            return
        except MemoryError:  # a model too large for this machine: say so, keep the window
            self._message = self.tr("Not enough memory for this model: make it smaller (width, layers, batch).")
            self._show_status()
            return
        for trainer in trainers:
            run_id = self._next_id
            self._next_id += 1
            s = trainer.settings
            self.histories[run_id] = RunHistory(s.steps, s.layers)
            self.names[run_id] = self.run_name(s)
            self._planned[run_id] = s.steps
            self._entropy = trainer.unigram_entropy
            self.run_choice.addItem(self.names[run_id], run_id)
            if self._thread is None or not self._thread.add(run_id, trainer):
                self._start_thread({run_id: trainer})
        self.run_choice.setCurrentIndex(self.run_choice.count() - len(trainers))
        self._message = ""
        self._started, self._steps_at_start = time.perf_counter(), self._steps_done()
        self._update_buttons()
        self._redraw()

    def run_name(self, s) -> str:
        """A run named by the settings that tell runs apart: 'Post-LN, 12 layers, warmup 0, seed 0'."""
        norm = {"layer": "LN", "rms": "RMSNorm", "none": self.tr("no norm")}[s.norm]
        return self.tr("{placement}-{norm}, {layers} layers, warmup {warmup}, seed {seed}").format(
            placement=s.placement.capitalize(), norm=norm, layers=s.layers, warmup=s.warmup, seed=s.seed)

    def _start_thread(self, trainers: dict[int, Trainer]) -> None:
        if self._thread is not None:
            self._old_threads.append(self._thread)  # kept alive until it has finished
        thread = TrainingThread(trainers, self)
        thread.progressed.connect(self._on_progress)
        thread.runFinished.connect(self._on_run_finished)
        thread.failed.connect(self._on_failed)
        thread.finished.connect(self._update_buttons)
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
        self.stop()
        self.histories.clear()
        self.names.clear()
        self._planned.clear()
        self.run_choice.clear()
        self.plots.clear()
        self._message = ""
        self._show_status()

    def shutdown(self) -> None:
        """Stop the worker and wait for it (call before the page is destroyed)."""
        for thread in [self._thread, *self._old_threads]:
            if thread is not None:
                thread.stop()
                thread.wait()

    # -- worker reports --------------------------------------------------------------------------
    def _on_progress(self, records: list) -> None:
        for run_id, record in records:
            if run_id in self.histories:
                self.histories[run_id].append(record)
        self._redraw()

    def _on_run_finished(self, run_id: int, diverged_at) -> None:
        self._show_status()

    def _on_failed(self, message: str) -> None:
        self._message = self.tr("Training stopped: {reason}").format(reason=message)
        self._show_status()

    # -- drawing ---------------------------------------------------------------------------------
    def _steps_done(self) -> int:
        return sum(h.count for h in self.histories.values())

    def _redraw(self) -> None:
        self.plots.show_runs(self.histories, self.names, self._entropy, self.run_choice.currentData())
        self._show_status()

    def _show_status(self) -> None:
        planned = sum(min(self._planned[r], h.diverged_at or self._planned[r]) for r, h in self.histories.items())
        done = self._steps_done()
        self.progress.setMaximum(max(1, planned))
        self.progress.setValue(done)
        parts = []
        running = self._thread is not None and self._thread.isRunning() and not self._thread.paused
        elapsed = time.perf_counter() - self._started
        if running and elapsed > 0.5 and done > self._steps_at_start:
            rate = (done - self._steps_at_start) / elapsed
            parts.append(self.tr("{rate:.1f} steps/s, about {left:.0f} s left").format(
                rate=rate, left=max(0, planned - done) / rate))
        if self._entropy is not None:
            parts.append(self.tr("learned nothing = {h:.2f} nats").format(h=self._entropy))
        for run_id, history in self.histories.items():
            if history.diverged_at is not None:
                parts.append(self.tr("{run}: diverged at step {k}").format(run=self.names[run_id], k=history.diverged_at))
        if self._message:
            parts.append(self._message)
        self.status.setText("\n".join(parts))

    def _update_buttons(self) -> None:
        running = self._thread is not None and self._thread.isRunning()
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        paused = running and self._thread.paused
        self.pause_button.setText(self.tr("Continue") if paused else self.tr("Pause"))

    def retranslate(self) -> None:
        self.train_button.setText(self.tr("Train"))
        self.train_button.setToolTip(self.tr("Add a run with these settings and train it"))
        self.stop_button.setText(self.tr("Stop"))
        self.clear_button.setText(self.tr("Clear runs"))
        self.heatmap_label.setText(self.tr("Heatmaps show run:"))
        self._update_buttons()
        self._show_status()


if __name__ == "__main__":
    import sys

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    page = TrainingPage()
    page.resize(1300, 800)
    page.show()
    app.exec()
