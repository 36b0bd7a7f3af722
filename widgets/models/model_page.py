"""The Model tab: open a real model, type a sentence, pick a place in the model, and try what-ifs.

The page draws and forwards gestures only: its ``source`` (a ModelSource, app.window.model_session.ModelSession
in the window) holds the model, the text and the what-ifs with their undo steps, runs the model off the UI
thread and hands back a ModelAnalysis (engine.models.analysis) to draw. Shows the tokens with their ids,
the real depth of the residual stream, the outlier dimensions beside each head's attention sink, the chosen
norm's γ/β and its input → output, and what a what-if does downstream (SmolLM2: the top-5 next tokens and
the next-token loss, with the loss table; MiniLM: the sentence embedding's cosine to the unedited one). "Show in the token grid" emits
``hiddenStateChosen(state)``, a dict with the chosen hidden state (``matrix``, ``labels``), its norm's
``gamma``, ``beta``, ``norm`` kind and ``eps`` (None for a residual state) and a ``title``, for the window
to load into its editors.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QBoxLayout, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QProgressBar, QPushButton, QSpinBox, QSplitter, QVBoxLayout, QWidget)

from engine.models.analysis import ModelAnalysis, NextTokens, Place
from engine.models.installed import KNOWN_MODELS, installed_path
from engine.models.norm_parameters import VectorStats
from engine.models.what_if import SetParameter, SwapNorm, ZeroHidden, ZeroNormInput
from engine.problem import Problem
from widgets.models.loss_table import LossTable
from widgets.models.model_figures import draw_analysis, place_text
from widgets.models.model_installer import ModelInstaller
from widgets.models.model_source import LoadCancelled, ModelSource
from widgets.models.norm_scatter_view import NormScatterView
from widgets.models.outlier_strip_view import OutlierStripView
from widgets.models.real_depth_view import RealDepthView
from widgets.models.sink_mass_map import SinkMassMap
from widgets.models.token_table import TokenTable
from widgets.common.problem_text import describe, describe_failure
from widgets.common.retranslation import Retranslating

ACTIONS = ("zero_input", "gamma", "beta", "swap_layer", "swap_rms", "swap_none", "freeze_norm", "zero_hidden")
NORM_ACTIONS = ACTIONS[:-1]
#: Below this width (pixels) the place and what-if panels are stacked.
NARROW = 900


def _info_label(name: str) -> QLabel:
    """A line of the information panel: wraps on a narrow window, can be selected and copied."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ModelPage(Retranslating, QWidget):
    """The whole Model tab, drawing what ``source`` reports and forwarding the gestures to it."""

    hiddenStateChosen = Signal(object)

    def __init__(self, source: ModelSource, parent=None):
        super().__init__(parent)
        self.setObjectName("modelPage")
        self.source = source
        #: The analysis drawn now (None before a model's first run).
        self.analysis: ModelAnalysis | None = None
        self._places: tuple[Place, ...] = ()
        self._busy = False
        #: The loss of freezing each block in turn (rows after the base's), for the base they were costed on.
        self._block_costs: tuple = ()
        self._block_base = None
        self._asked: str | None = None  # the source of the model loaded or loading (a lesson step names it)

        self.model_choice = QComboBox()
        self.model_choice.setObjectName("modelChoice")
        self.model_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.model_choice.setMinimumContentsLength(16)
        self.load_button = QPushButton()
        self.open_button = QPushButton()
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.cancel_button = QPushButton()
        self.cancel_button.hide()
        self.installer = ModelInstaller()  # for a chosen model that is not installed
        self.text = QLineEdit("The cat sat on the mat")
        self.text.setObjectName("modelText")
        self.run_button = QPushButton()
        self.token_table = TokenTable()
        self.status = QLabel()
        self.status.setObjectName("modelStatus")
        # What the status line says, worded again on a language switch (the model's line included).
        self._status: Callable[[], str] = lambda: self.tr("Pick a model and press Load (SmolLM2 takes about 3 s).")
        self.status.setWordWrap(True)
        self.place = QComboBox()
        self.place.setObjectName("modelPlace")
        self.place.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.place.setMinimumContentsLength(12)
        self.grid_button = QPushButton()
        self.grid_button.setObjectName("modelToGrid")
        #: The chosen place: its shape, RMS and max |x|; the norm's γ and β (empty for a residual state).
        self.state_info, self.gamma_info, self.beta_info = (_info_label(name) for name in
                                                            ("modelStateInfo", "modelGammaInfo", "modelBetaInfo"))
        self.action = QComboBox()
        self.action.setObjectName("whatIfAction")
        self.action.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.action.setMinimumContentsLength(12)
        self.dim = QSpinBox()
        self.dim.setObjectName("whatIfDim")
        self.value = QDoubleSpinBox()
        self.value.setObjectName("whatIfValue")
        self.value.setRange(-1e4, 1e4)
        self.value.setDecimals(4)
        self.apply_button = QPushButton()
        self.apply_button.setObjectName("whatIfApply")
        self.undo_button = QPushButton()
        self.clear_button = QPushButton()
        self.edits_label = _info_label("whatIfCount")
        self.effect_label = _info_label("whatIfEffect")
        self.loss_table = LossTable()
        self.loss_table.setMaximumHeight(110)  # a few rows, scrolled: the plots below need the height more
        self.freeze_blocks_button = QPushButton()
        self.freeze_blocks_button.setObjectName("freezeEachBlock")
        self.depth_view = RealDepthView()
        self.outlier_view = OutlierStripView()
        self.scatter_view = NormScatterView()
        self.sink_view = SinkMassMap()
        for view in (self.depth_view, self.outlier_view, self.scatter_view):
            view.setMinimumSize(160, 200)
        self.sink_view.setMinimumSize(120, 200)  # a few heads wide: a narrow tab still fits all four

        self._captions = {key: QLabel() for key in ("model", "text", "tokens", "place", "state", "gamma", "beta",
                                                    "action", "effect", "loss")}
        top = QGridLayout()
        top.setColumnStretch(1, 1)
        top.addWidget(self._captions["model"], 0, 0)
        row = QHBoxLayout()
        for w in (self.model_choice, self.load_button, self.open_button, self.progress, self.cancel_button,
                  self.installer):
            row.addWidget(w)
        row.addWidget(self.status, 1)
        top.addLayout(row, 0, 1)
        top.addWidget(self._captions["text"], 1, 0)
        row = QHBoxLayout()
        row.addWidget(self.text, 1)
        row.addWidget(self.run_button)
        top.addLayout(row, 1, 1)
        top.addWidget(self._captions["tokens"], 2, 0)
        top.addWidget(self.token_table, 2, 1)

        self.place_box = QGroupBox()
        form = QFormLayout(self.place_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        row = QHBoxLayout()
        row.addWidget(self.place, 1)
        row.addWidget(self.grid_button)
        form.addRow(self._captions["place"], row)
        form.addRow(self._captions["state"], self.state_info)
        form.addRow(self._captions["gamma"], self.gamma_info)
        form.addRow(self._captions["beta"], self.beta_info)

        self.what_if_box = QGroupBox()
        form = QFormLayout(self.what_if_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        row = QHBoxLayout()
        for w in (self.action, self.dim, self.value):
            row.addWidget(w)
        row.setStretch(0, 1)
        form.addRow(self._captions["action"], row)
        row = QHBoxLayout()
        for w in (self.apply_button, self.undo_button, self.clear_button):
            row.addWidget(w)
        row.addWidget(self.edits_label, 1)
        form.addRow("", row)
        form.addRow(self._captions["effect"], self.effect_label)
        self._loss_row = QWidget()  # the loss table and its sweep: language models only
        row = QHBoxLayout(self._loss_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.loss_table, 1)
        row.addWidget(self.freeze_blocks_button, 0, Qt.AlignmentFlag.AlignTop)
        form.addRow(self._captions["loss"], self._loss_row)
        self._loss_row.hide()
        self._captions["loss"].hide()

        self._boxes = QBoxLayout(QBoxLayout.Direction.TopToBottom)  # side by side once wide enough (resizeEvent)
        self._boxes.addWidget(self.place_box, 1)
        self._boxes.addWidget(self.what_if_box, 1)
        top.addLayout(self._boxes, 3, 0, 1, 2)
        plots = QSplitter()
        plots.setChildrenCollapsible(False)
        # The sink map right of the massive-activation strip: layer k's heads beside the stream entering block k.
        for view in (self.depth_view, self.outlier_view, self.sink_view, self.scatter_view):
            plots.addWidget(view)
        plots.setSizes([380, 380, 300, 360])  # the sink map wide enough for three head numbers at 9 heads
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(plots, 1)

        self.load_button.clicked.connect(lambda: self._on_load())
        self.model_choice.currentIndexChanged.connect(self._offer_install)
        self.installer.installed.connect(self._on_installed)
        self.installer.noted.connect(self.status.setText)
        self.open_button.clicked.connect(self.open_dialog)
        self.cancel_button.clicked.connect(source.cancel_load)
        self.run_button.clicked.connect(self._on_run)
        self.text.returnPressed.connect(self._on_run)
        self.place.currentIndexChanged.connect(self._on_place)
        self.action.currentIndexChanged.connect(self._on_action)
        self.apply_button.clicked.connect(self._on_apply)
        self.grid_button.clicked.connect(self._on_to_grid)
        self.undo_button.clicked.connect(source.undo_stack.undo)
        self.clear_button.clicked.connect(source.clear)
        self.freeze_blocks_button.clicked.connect(self._on_freeze_blocks)
        source.blockCosts.connect(self._on_block_costs)
        source.blockCostsFailed.connect(lambda error: self._say(lambda: describe_failure(error)))
        # Queued: a stack being destroyed with its owner still signals, and the page may be gone by then.
        source.undo_stack.canUndoChanged.connect(self._enable, Qt.ConnectionType.QueuedConnection)
        source.loadProgress.connect(lambda f: self.progress.setValue(int(round(100 * f))))
        source.modelLoaded.connect(self._on_loaded)
        source.analysed.connect(self._on_analysed)
        source.simulated.connect(self.depth_view.show_simulated)
        source.simulationFailed.connect(lambda error: self.depth_view.show_simulated({}, describe_failure(error)))
        source.failed.connect(self._on_failed)
        source.busyChanged.connect(self._on_busy)
        self.retranslate()
        self._enable()

    # --- texts ---------------------------------------------------------------------------------

    def _model_texts(self) -> dict[str, str]:
        return {"minilm": self.tr("MiniLM (all-MiniLM-L6-v2: BERT, Post-LN LayerNorm)"),
                "smollm2": self.tr("SmolLM2-135M (Llama: Pre-RMSNorm)"),
                "gemma3": self.tr("Gemma 3 270M (RMSNorm before and after each sublayer, QK-Norm)")}

    def _action_texts(self) -> dict[str, str]:
        return {"zero_input": self.tr("zero this dimension of the norm's input"),
                "gamma": self.tr("set γ of this dimension"), "beta": self.tr("set β of this dimension"),
                "swap_layer": self.tr("swap the norm for LayerNorm"), "swap_rms": self.tr("swap the norm for RMSNorm"),
                "swap_none": self.tr("remove the norm (identity)"),
                "freeze_norm": self.tr("freeze the norm: its mean scale over the text for every token"),
                "zero_hidden": self.tr("zero this dimension of the hidden state")}

    def retranslate(self) -> None:
        captions = {"model": self.tr("Model:"), "text": self.tr("Text:"), "tokens": self.tr("Tokens:"),
                    "place": self.tr("Place:"), "state": self.tr("State:"), "gamma": "γ:", "beta": "β:",
                    "action": self.tr("Edit:"), "effect": self.tr("Effect:"), "loss": self.tr("Loss:")}
        for key, text in captions.items():
            self._captions[key].setText(text)
        self.place_box.setTitle(self.tr("The chosen place"))
        self.what_if_box.setTitle(self.tr("What if"))
        self.model_choice.setToolTip(self.tr("The known models; one not installed yet can be installed here"))
        self.load_button.setText(self.tr("Load"))
        self.load_button.setToolTip(self.tr("Load the chosen model (off the UI thread; SmolLM2 takes about 3 s)"))
        self.open_button.setText(self.tr("Open folder or GGUF…"))
        self.open_button.setToolTip(self.tr("Open a Hugging Face folder (config.json, model.safetensors, "
                                            "tokenizer.json) or a .gguf file of the Llama family"))
        self.progress.setToolTip(self.tr("Loading the model"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop loading; the model loaded before stays"))
        self.text.setToolTip(self.tr("A sentence, English or Chinese; press Enter to run the model on it"))
        self.run_button.setText(self.tr("Run"))
        self.run_button.setToolTip(self.tr("Run the model on the text (Enter in the text field does the same)"))
        self.place.setToolTip(self.tr("Where in the model to look: a residual state, or the input of a norm"))
        self.grid_button.setText(self.tr("Show in the token grid"))
        self.grid_button.setToolTip(self.tr("Load this hidden state (and the norm's γ/β) into the token and γ/β grids, "
                                            "where every other view works on it"))
        self.action.setToolTip(self.tr("What to change at the chosen place; the rest of the model runs again from there"))
        self.dim.setToolTip(self.tr("The dimension to edit (it starts at the one with the largest |x| here)"))
        self.value.setToolTip(self.tr("The new value of γ or β in that dimension"))
        self.apply_button.setText(self.tr("Apply"))
        self.apply_button.setToolTip(self.tr("Apply the edit and re-run the layers above it"))
        self.undo_button.setText(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Take back the last step: a what-if, Clear what-ifs or a new text "
                                            "(Ctrl+Z in this tab; Ctrl+Shift+Z redoes it)"))
        self.clear_button.setText(self.tr("Clear what-ifs"))
        self.clear_button.setToolTip(self.tr("Take back every what-if: the unedited model again"))
        self.freeze_blocks_button.setText(self.tr("Freeze each block in turn"))
        self.freeze_blocks_button.setToolTip(self.tr(
            "Cost freezing the final norm, then each block's norms alone, on the unedited run: one row each in "
            "the loss table (off the UI thread; a new text stops it)"))
        self.dim.setPrefix(self.tr("dim "))
        self.value.setPrefix(self.tr("value "))
        self._fill_models()
        self._fill_actions()
        self._fill_places()
        self._show_analysis()
        self.status.setText(self._status())

    def _say(self, words: Callable[[], str]) -> None:
        """Show ``words()`` on the status line, now and in each language switched to later."""
        self._status = words
        self.status.setText(words())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        # On a narrow window the two panels go one above the other instead of squeezing each other.
        side_by_side = event.size().width() >= NARROW
        direction = QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        if self._boxes.direction() != direction:
            self._boxes.setDirection(direction)
        super().resizeEvent(event)

    def _fill_models(self) -> None:
        current = self.model_choice.currentData()
        self.model_choice.blockSignals(True)
        self.model_choice.clear()
        for name, text in self._model_texts().items():
            if installed_path(name) is None:
                text = self.tr("{model} — not installed ({size:g} MB)").format(
                    model=text, size=KNOWN_MODELS[name].megabytes)
            self.model_choice.addItem(text, name)
        if current is not None:
            self.model_choice.setCurrentIndex(max(0, self.model_choice.findData(current)))
        self.model_choice.blockSignals(False)
        self._offer_install()

    def _offer_install(self) -> None:
        """A chosen model that is not installed: Install instead of Load."""
        name = self.model_choice.currentData()
        self.installer.offer(name if name in KNOWN_MODELS and installed_path(name) is None else None)
        self._enable()

    def _on_installed(self, name: str) -> None:
        self._fill_models()
        self.model_choice.setCurrentIndex(max(0, self.model_choice.findData(name)))
        self.status.setText(self.tr("{model} is installed: press Load.").format(model=KNOWN_MODELS[name].title))

    def _fill_actions(self) -> None:
        current = self.action.currentData()
        record = self._chosen_norm()
        allowed = NORM_ACTIONS if record is not None else ("zero_hidden",)
        texts = self._action_texts()
        self.action.blockSignals(True)
        self.action.clear()
        for key in allowed:
            self.action.addItem(texts[key], key)
            if key == "beta" and record is not None and record.kind == "rms":
                self.action.model().item(self.action.count() - 1).setEnabled(False)  # RMSNorm has no β
            if key == "freeze_norm" and self.analysis.place.freeze is None:
                self.action.model().item(self.action.count() - 1).setEnabled(False)  # the identity has no scale
        self.action.setCurrentIndex(max(0, self.action.findData(current)))
        self.action.blockSignals(False)
        self._on_action()

    def _fill_places(self) -> None:
        """The place menu: the shown run's places, the shown place chosen (signals blocked: no echo)."""
        analysis = self.analysis
        self._places = analysis.places if analysis is not None else ()
        layers = len(analysis.base.states) - 1 if analysis is not None else 0
        self.place.blockSignals(True)
        self.place.clear()
        for place in self._places:
            self.place.addItem(place_text(place, layers))
        if analysis is not None and analysis.place is not None:
            self.place.setCurrentIndex(self._places.index(analysis.place.place))
        self.place.blockSignals(False)

    # --- actions -------------------------------------------------------------------------------

    def _on_load(self, source: str | None = None) -> None:
        source = source or self.model_choice.currentData()
        if source is None:
            return
        if self.model_choice.findData(source) >= 0:
            self.model_choice.setCurrentIndex(self.model_choice.findData(source))
        self._asked = source  # what is loaded or loading now (a lesson step names it)
        self._say(lambda: self.tr("Loading {model}…").format(model=Path(str(source)).name))
        self.progress.setValue(0)
        self.progress.show()
        self.cancel_button.show()
        self.source.load(str(source), self.text.text())

    def load(self, source: str) -> None:
        """Load a model by name (``minilm``, ``smollm2``), folder or .gguf path."""
        self._on_load(source)

    def open_named(self, name: str) -> None:
        """Model ``name`` as a lesson step asks for it: chosen in the list and loaded, unless it is loaded
        or loading already (a step set again keeps the run); not installed, the list offers Install and
        the status line says so."""
        index = self.model_choice.findData(name)
        if index >= 0:
            self.model_choice.setCurrentIndex(index)
        if installed_path(name) is None:
            self._say(lambda: self.tr("{model} is not installed: press Install ({size:g} MB) or run "
                                      "normscope models install {name}.").format(
                model=KNOWN_MODELS[name].title, size=KNOWN_MODELS[name].megabytes, name=name))
            return
        if self._asked != name:
            self.load(name)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a model"), "",
            self.tr("Models (*.gguf config.json model.safetensors);;GGUF files (*.gguf);;All files (*)"))
        if path:
            self._on_load(str(Path(path).parent) if Path(path).suffix != ".gguf" else path)

    def _on_run(self) -> None:
        try:
            self.source.set_text(self.text.text())
        except Problem as problem:
            self._say(lambda: describe(problem))

    def _on_loaded(self, model) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        s = model.spec
        self._say(lambda: self.tr("{name}: {layers} layers, d = {dims}, {heads} heads ({kv} key/value), {norm}, {placement}").format(
            name=model.name, layers=s.layers, dims=s.dims, heads=s.heads, kv=s.kv_heads,
            norm="LayerNorm" if s.norm_kind == "layer" else "RMSNorm", placement="Post-LN" if s.placement == "post" else "Peri-LN" if s.family == "gemma3" else "Pre-LN"))
        self.dim.setRange(0, s.dims - 1)
        self._on_analysed(None)  # the last model's run is gone; this one's first run follows

    def _on_failed(self, error) -> None:
        self._asked = None  # the model loaded before stays, but a step naming this one tries again
        self.progress.hide()
        self.cancel_button.hide()
        if isinstance(error, LoadCancelled):
            self._say(lambda: self.tr("Loading cancelled."))
        else:  # the model loaded before (if any) stays, with its run
            self._say(lambda: describe_failure(error))
        self._enable()

    def _on_busy(self, busy: bool) -> None:
        self._busy = busy
        self._enable()

    def _enable(self) -> None:
        busy = self._busy
        has_run = self.analysis is not None
        self.run_button.setEnabled(self.source.model is not None and not busy)
        for w in (self.apply_button, self.place, self.action, self.dim, self.value, self.grid_button,
                  self.freeze_blocks_button):
            w.setEnabled(has_run and not busy)
        self.undo_button.setEnabled(not busy and self.source.undo_stack.canUndo())
        self.clear_button.setEnabled(has_run and not busy and bool(self.source.edits))
        self.load_button.setEnabled(not busy and self.installer.name is None)

    def _on_analysed(self, analysis: ModelAnalysis | None) -> None:
        """Draw ``analysis``: a new run, an undo or redo, another place."""
        before = self.analysis
        self.analysis = analysis
        if analysis is not None and self.text.text() != analysis.text:  # an undone or redone text
            self.text.blockSignals(True)
            self.text.setText(analysis.text)
            self.text.blockSignals(False)
        if before is None or analysis is None or analysis.places != before.places:
            self._fill_places()
        elif analysis.place is not None:
            self.place.blockSignals(True)
            self.place.setCurrentIndex(self._places.index(analysis.place.place))
            self.place.blockSignals(False)
        new_place = (analysis is not None and analysis.place is not None and
                     (before is None or before.place is None or before.place.place != analysis.place.place
                      or before.base is not analysis.base))
        if new_place:  # the dimension that stands out there, and the actions of the place
            self.dim.setValue(analysis.place.max_dim)
        self._fill_actions()
        self._show_analysis()
        self._enable()

    def _chosen_place(self) -> Place | None:
        index = self.place.currentIndex()
        return self._places[index] if 0 <= index < len(self._places) else None

    def choose_place(self, place: Place) -> None:
        """Pick ``("state", k)`` or ``("norm", layer, name)`` (layer None: embedding or final norm)."""
        self.place.setCurrentIndex(self._places.index(place))

    def _chosen_norm(self):
        """The norm at the shown place (None for a residual state or before a run)."""
        if self.analysis is None or self.analysis.place is None:
            return None
        return self.analysis.place.norm

    def _on_place(self) -> None:
        place = self._chosen_place()
        if place is not None:
            self.source.choose_place(place)

    def _on_action(self) -> None:
        key = self.action.currentData()
        self.value.setVisible(key in ("gamma", "beta"))
        self.dim.setVisible(key in ("zero_input", "gamma", "beta", "zero_hidden"))
        record = self._chosen_norm()
        if record is not None and key in ("gamma", "beta"):
            vector = record.gamma if key == "gamma" else record.beta  # the what-ifs' γ/β: an edit builds on the last
            if vector is not None and self.dim.value() < len(vector):
                self.value.setValue(0.0 if key == "beta" else float(vector[self.dim.value()]))

    def _on_apply(self) -> None:
        place, key, dim = self._chosen_place(), self.action.currentData(), self.dim.value()
        if place is None or key is None:
            return
        if place[0] == "state":
            edit = ZeroHidden(place[1], dim)
        elif key == "zero_input":
            edit = ZeroNormInput(place[1], place[2], dim)
        elif key in ("gamma", "beta"):
            edit = SetParameter(place[1], place[2], key, dim, float(self.value.value()))
        elif key == "freeze_norm":
            edit = self.analysis.place.freeze  # at the base run's own mean scale (engine.models.analysis)
            if edit is None:
                return
        else:
            edit = SwapNorm(place[1], place[2], key.removeprefix("swap_"))
        try:
            self.source.apply(edit)
        except Problem as problem:  # outside the model: said, nothing applied
            self._say(lambda: describe(problem))

    # --- drawing -------------------------------------------------------------------------------

    def figures(self) -> dict[str, QWidget]:
        """The tab's plots by export name (as the headless model export names their files)."""
        return {"model_depth": self.depth_view, "model_outliers": self.outlier_view, "model_norm_fit": self.scatter_view,
                "model_sinks": self.sink_view}

    def _show_analysis(self) -> None:
        analysis = self.analysis
        draw_analysis(self.depth_view, self.outlier_view, self.scatter_view, self.sink_view, analysis)
        self._show_losses()
        if analysis is None:
            self.token_table.show_tokens(None)
            self.effect_label.setText("")
            self.edits_label.setText("")
            self._show_place()
            return
        tokens = analysis.tokens
        self.token_table.show_tokens(tokens)
        if tokens.truncated:
            self._say(lambda: self.tr("The text was cut to its first {n} tokens.").format(n=len(tokens.ids)))
        for note in analysis.notes:  # NaN weights, a negative ε: drawn, and said where they began
            self._say(lambda note=note: describe(note))
        self.edits_label.setText(self.tr("{count} what-if(s) applied").format(count=len(analysis.edits))
                                 if analysis.edited else "")
        self._show_effect()
        self._show_place()

    def _show_losses(self) -> None:
        """The loss table: the base, each what-if alone, all together, and the blocks frozen in turn if asked."""
        analysis = self.analysis
        has_loss = analysis is not None and analysis.loss is not None
        self._loss_row.setVisible(has_loss)
        self._captions["loss"].setVisible(has_loss)
        if not has_loss:
            self.loss_table.show_costs(())
            return
        if self._block_base is not analysis.base:
            self._block_costs, self._block_base = (), None
        self.loss_table.show_costs(analysis.costs + self._block_costs)

    def _on_freeze_blocks(self) -> None:
        self._say(lambda: self.tr("Freezing each block's norms in turn…"))
        self.source.cost_frozen_blocks()

    def _on_block_costs(self, rows) -> None:
        self._block_costs, self._block_base = tuple(rows[1:]), self.analysis.base  # the base row is there already
        self._say(lambda: self.tr("Each block frozen in turn: {count} rows in the loss table.").format(count=len(rows) - 1))
        self._show_losses()

    def _show_effect(self) -> None:
        analysis = self.analysis
        if analysis.next_base is not None:
            def top(tokens: NextTokens) -> str:
                return ", ".join(f"“{text}” {p:.1%}" for text, p in zip(tokens.texts, tokens.probabilities))
            text = self.tr("next token: {top}").format(top=top(analysis.next_base))
            if analysis.next_edited is not None:
                text += "\n" + self.tr("after the what-if: {top}").format(top=top(analysis.next_edited))
            if analysis.loss is not None:
                text += "\n" + self.tr("next-token loss over the text: {loss} nats").format(loss=f"{analysis.loss:.3f}")
                if analysis.edited_loss is not None:
                    text += " → " + self.tr("{loss} after the what-ifs (Δ {delta})").format(
                        loss=f"{analysis.edited_loss:.3f}", delta=f"{analysis.edited_loss - analysis.loss:+.3f}")
        else:
            text = self.tr("sentence embedding's cosine to the unedited one = {cosine}").format(
                cosine=f"{analysis.cosine:.6f}")
        self.effect_label.setText(text)

    def _show_place(self) -> None:
        shown = self.analysis.place if self.analysis is not None else None
        if shown is None:
            for label in (self.state_info, self.gamma_info, self.beta_info):
                label.setText("")
            return
        prefix = self.tr("after the what-ifs: ") if self.analysis.edited else ""
        self.state_info.setText(prefix + self.tr("{tokens} × {dims} · RMS {rms} · max |x| {max} in dim {dim}").format(
            tokens=shown.matrix.shape[0], dims=shown.matrix.shape[1], rms=f"{shown.rms:.4g}",
            max=f"{shown.max_abs:.4g}", dim=shown.max_dim))
        if shown.norm is not None:
            self.gamma_info.setText(self._vector_text(shown.gamma))
            self.beta_info.setText(self._vector_text(shown.beta) if shown.norm.kind == "layer"
                                   else self.tr("RMSNorm has no β."))
        else:
            for label in (self.gamma_info, self.beta_info):
                label.setText(self.tr("— (a residual state has no norm)"))

    def _on_to_grid(self) -> None:
        if self.analysis is None or self.analysis.place is None:
            return
        matrix, record = self.analysis.place.matrix, self.analysis.place.norm
        labels = self.analysis.tokens.labels
        if matrix.shape[0] != len(labels):  # a q/k norm's rows: each head's vector of each token
            labels = tuple(f"h{h}·{label}" for h in range(matrix.shape[0] // len(labels)) for label in labels)
        self.hiddenStateChosen.emit({
            "matrix": matrix, "labels": labels, "title": self.place.currentText(),
            "model": self.analysis.model_name,
            "gamma": None if record is None else record.gamma, "beta": None if record is None else record.beta,
            "norm": None if record is None else record.kind, "eps": None if record is None else record.eps})

    def _vector_text(self, s: VectorStats | None) -> str:
        if s is None:
            return self.tr("none (the norm is off)")
        far = ", ".join(str(d) for d in s.outlier_dims[:8]) or self.tr("none")
        return self.tr("mean {mean} · min {min} · max {max} · dims beyond 4σ: {far}").format(
            mean=f"{s.mean:.4g}", min=f"{s.min:.4g}", max=f"{s.max:.4g}", far=far)
