"""The Model tab: open a real model, type a sentence, pick a place in the model, and try what-ifs.

Shows the tokens with their ids, the real depth of the residual stream, the outlier dimensions, the
chosen norm's γ/β and its input → output, and what a what-if does downstream (SmolLM2: the top-5 next
tokens; MiniLM: the sentence embedding's cosine to the unedited one). "Show in the token grid" emits
``hiddenStateChosen(state)``, a dict with the chosen hidden state (``matrix``, ``labels``), its norm's
``gamma``, ``beta``, ``norm`` kind and ``eps`` (None for a residual state) and a ``title``, for the window
to load into its editors.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QBoxLayout, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QProgressBar, QPushButton, QSpinBox, QSplitter, QVBoxLayout, QWidget)

from engine.models.installed import KNOWN_MODELS, installed_path
from engine.models.norm_fit import fit_norm
from engine.models.norm_parameters import vector_stats
from engine.models.real_depth import depth_profile
from engine.models.trace import Trace, top_tokens
from engine.models.what_if import SetParameter, SwapNorm, ZeroHidden, ZeroNormInput
from engine.models.non_finite import non_finite_notes
from engine.problem import Problem
from widgets.models.figure_subtitle import model_subtitle, show_subtitle
from widgets.models.model_installer import ModelInstaller
from widgets.models.model_runner import LoadCancelled, ModelRunner
from widgets.models.norm_scatter_view import NormScatterView
from widgets.models.outlier_strip_view import OutlierStripView
from widgets.models.real_depth_view import RealDepthView
from widgets.models.token_table import TokenTable
from widgets.common.problem_text import describe, describe_failure
from widgets.common.retranslation import Retranslating

ACTIONS = ("zero_input", "gamma", "beta", "swap_layer", "swap_rms", "swap_none", "zero_hidden")
NORM_ACTIONS = ACTIONS[:-1]
#: The installed models' names on the curves (names of models, not translated).
SHORT_NAMES = {"minilm": "MiniLM", "smollm2": "SmolLM2"}
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
    """The whole Model tab; ``runner`` (a ModelRunner) does the loading and running off the UI thread."""

    hiddenStateChosen = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("modelPage")
        self.runner = ModelRunner(self)
        self.trace: Trace | None = None
        self.base: Trace | None = None
        self._places: list[tuple] = []
        self._asked: str | None = None  # the source of the model loaded or loading

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
        self.depth_view = RealDepthView()
        self.outlier_view = OutlierStripView()
        self.scatter_view = NormScatterView()
        for view in (self.depth_view, self.outlier_view, self.scatter_view):
            view.setMinimumSize(180, 200)

        self._captions = {key: QLabel() for key in ("model", "text", "tokens", "place", "state", "gamma", "beta",
                                                    "action", "effect")}
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

        self._boxes = QBoxLayout(QBoxLayout.Direction.TopToBottom)  # side by side once wide enough (resizeEvent)
        self._boxes.addWidget(self.place_box, 1)
        self._boxes.addWidget(self.what_if_box, 1)
        top.addLayout(self._boxes, 3, 0, 1, 2)
        plots = QSplitter()
        plots.setChildrenCollapsible(False)
        for view in (self.depth_view, self.outlier_view, self.scatter_view):
            plots.addWidget(view)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(plots, 1)

        self.load_button.clicked.connect(lambda: self._on_load())
        self.model_choice.currentIndexChanged.connect(self._offer_install)
        self.installer.installed.connect(self._on_installed)
        self.installer.noted.connect(self.status.setText)
        self.open_button.clicked.connect(self.open_dialog)
        self.cancel_button.clicked.connect(self.runner.cancel_load)
        self.run_button.clicked.connect(self._on_run)
        self.text.returnPressed.connect(self._on_run)
        self.place.currentIndexChanged.connect(self._on_place)
        self.action.currentIndexChanged.connect(self._on_action)
        self.apply_button.clicked.connect(self._on_apply)
        self.grid_button.clicked.connect(self._on_to_grid)
        self.undo_button.clicked.connect(self.runner.undo)
        self.clear_button.clicked.connect(self.runner.clear)
        self.runner.loadProgress.connect(lambda f: self.progress.setValue(int(round(100 * f))))
        self.runner.modelLoaded.connect(self._on_loaded)
        self.runner.traced.connect(self._on_traced)
        self.runner.simulated.connect(self._on_simulated)
        self.runner.simulationFailed.connect(lambda error: self.depth_view.show_simulated({}, describe_failure(error)))
        self.runner.failed.connect(self._on_failed)
        self.runner.busyChanged.connect(self._on_busy)
        self.retranslate()
        self._enable()

    # --- texts ---------------------------------------------------------------------------------

    def _model_texts(self) -> dict[str, str]:
        return {"minilm": self.tr("MiniLM (all-MiniLM-L6-v2: BERT, Post-LN LayerNorm)"),
                "smollm2": self.tr("SmolLM2-135M (Llama: Pre-RMSNorm)")}

    def _action_texts(self) -> dict[str, str]:
        return {"zero_input": self.tr("zero this dimension of the norm's input"),
                "gamma": self.tr("set γ of this dimension"), "beta": self.tr("set β of this dimension"),
                "swap_layer": self.tr("swap the norm for LayerNorm"), "swap_rms": self.tr("swap the norm for RMSNorm"),
                "swap_none": self.tr("remove the norm (identity)"),
                "zero_hidden": self.tr("zero this dimension of the hidden state")}

    def retranslate(self) -> None:
        captions = {"model": self.tr("Model:"), "text": self.tr("Text:"), "tokens": self.tr("Tokens:"),
                    "place": self.tr("Place:"), "state": self.tr("State:"), "gamma": "γ:", "beta": "β:",
                    "action": self.tr("Edit:"), "effect": self.tr("Effect:")}
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
        self.undo_button.setText(self.tr("Undo what-if"))
        self.undo_button.setToolTip(self.tr("Take back the last what-if"))
        self.clear_button.setText(self.tr("Clear what-ifs"))
        self.clear_button.setToolTip(self.tr("Take back every what-if: the unedited model again"))
        self.dim.setPrefix(self.tr("dim "))
        self.value.setPrefix(self.tr("value "))
        self._fill_models()
        self._fill_actions()
        self._fill_places()
        self._show_trace()
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
        self.action.setCurrentIndex(max(0, self.action.findData(current)))
        self.action.blockSignals(False)
        self._on_action()

    def _place_text(self, place: tuple) -> str:
        if place[0] == "state":
            k = place[1]
            layers = len(self.base.states) - 1 if self.base is not None else 0
            if k == layers:
                return self.tr("state {k}: after the last block").format(k=k)
            return self.tr("state {k}: entering block {k}").format(k=k)
        _, layer, name = place
        if name == "embedding_norm":
            return self.tr("embedding norm")
        if name == "final_norm":
            return self.tr("final norm")
        norm = self.tr("attention norm") if name == "attn_norm" else self.tr("FFN norm")
        return self.tr("block {k} · {norm}").format(k=layer, norm=norm)

    def _fill_places(self) -> None:
        current = self._chosen_place()
        self._places = []
        if self.base is not None:
            layers = len(self.base.states) - 1
            names = {(r.layer, r.name) for r in self.base.norms}
            if (None, "embedding_norm") in names:
                self._places.append(("norm", None, "embedding_norm"))
            for k in range(layers):
                self._places += [("state", k), ("norm", k, "attn_norm"), ("norm", k, "ffn_norm")]
            self._places.append(("state", layers))
            if (None, "final_norm") in names:
                self._places.append(("norm", None, "final_norm"))
        self.place.blockSignals(True)
        self.place.clear()
        for place in self._places:
            self.place.addItem(self._place_text(place))
        if current in self._places:
            self.place.setCurrentIndex(self._places.index(current))
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
        self.runner.load(str(source))

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
            self.runner.set_text(self.text.text())
            self._run_text = self.text.text()  # what the figures say they show
        except Problem as problem:
            self._say(lambda: describe(problem))

    def _on_loaded(self, model) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        s = model.spec
        self._say(lambda: self.tr("{name}: {layers} layers, d = {dims}, {heads} heads ({kv} key/value), {norm}, {placement}").format(
            name=model.name, layers=s.layers, dims=s.dims, heads=s.heads, kv=s.kv_heads,
            norm="LayerNorm" if s.norm_kind == "layer" else "RMSNorm", placement="Post-LN" if s.placement == "post" else "Pre-LN"))
        self.base = self.trace = None
        self.dim.setRange(0, s.dims - 1)
        self._on_run()

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
        busy = getattr(self, "_busy", False)
        has_run = self.base is not None
        self.run_button.setEnabled(self.runner.model is not None and not busy)
        for w in (self.apply_button, self.place, self.action, self.dim, self.value, self.grid_button):
            w.setEnabled(has_run and not busy)
        self.undo_button.setEnabled(has_run and not busy and self.runner.can_undo())
        self.clear_button.setEnabled(has_run and not busy and bool(self.runner.edits))
        self.load_button.setEnabled(not busy and self.installer.name is None)

    def _on_traced(self, tokens, base: Trace, trace: Trace) -> None:
        new_base = base is not self.base
        self.base, self.trace, self._tokens = base, trace, tokens
        if new_base:
            self._fill_places()
            if self.place.currentIndex() < 0 and self._places:
                self.place.setCurrentIndex(0)
            self._follow_place()  # the place may be index 0 already (the refill), which signals no change
        self._show_trace()
        self._enable()

    def _on_simulated(self, base: Trace, curves: dict) -> None:
        if base is self.base:
            self.depth_view.show_simulated(curves)

    def _chosen_place(self) -> tuple | None:
        index = self.place.currentIndex()
        return self._places[index] if 0 <= index < len(self._places) else None

    def choose_place(self, place: tuple) -> None:
        """Pick ``("state", k)`` or ``("norm", layer, name)`` (layer None: embedding or final norm)."""
        self.place.setCurrentIndex(self._places.index(place))

    def _chosen_norm(self):
        place = self._chosen_place()
        if self.trace is None or place is None or place[0] != "norm":
            return None
        return self.trace.norm(place[1], place[2])

    def _chosen_matrix(self) -> np.ndarray | None:
        place = self._chosen_place()
        if self.trace is None or place is None:
            return None
        return self.trace.states[place[1]] if place[0] == "state" else self._chosen_norm().input

    def _on_place(self) -> None:
        self._follow_place()
        self._show_place()

    def _follow_place(self) -> None:
        """The what-if controls for the chosen place: its actions, and the dimension that stands out there."""
        matrix = self._chosen_matrix()
        if matrix is not None:
            self.dim.setValue(int(np.abs(matrix).max(axis=0).argmax()))
        self._fill_actions()

    def _on_action(self) -> None:
        key = self.action.currentData()
        self.value.setVisible(key in ("gamma", "beta"))
        self.dim.setVisible(key in ("zero_input", "gamma", "beta", "zero_hidden"))
        record = self._chosen_norm()
        if record is not None and key in ("gamma", "beta"):
            vector = record.gamma if key == "gamma" else record.beta
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
        else:
            edit = SwapNorm(place[1], place[2], key.removeprefix("swap_"))
        self.runner.apply(edit)

    # --- drawing -------------------------------------------------------------------------------

    def figures(self) -> dict[str, QWidget]:
        """The tab's plots by export name (as the headless model export names their files)."""
        return {"model_depth": self.depth_view, "model_outliers": self.outlier_view, "model_norm_fit": self.scatter_view}

    def _model_name(self) -> str:
        """The loaded model's short name for the curves ("MiniLM", "SmolLM2" for the installed ones)."""
        model = self.runner.model
        if model is None:
            return ""
        for name, short in SHORT_NAMES.items():
            path = installed_path(name)
            if path is not None and Path(model.source).resolve() == path.resolve():
                return short
        return model.name

    def _show_trace(self) -> None:
        if self.trace is None or self.base is None:
            self.token_table.show_tokens(None)
            self.depth_view.clear()
            self.outlier_view.clear()
            self.effect_label.setText("")
            self.edits_label.setText("")
            show_subtitle(self.figures().values(), "")
            self._show_place()
            return
        tokens = self._tokens
        show_subtitle(self.figures().values(), model_subtitle(self._model_name(), getattr(self, "_run_text", "")))
        self.token_table.show_tokens(tokens)
        if tokens.truncated:
            self._say(lambda: self.tr("The text was cut to its first {n} tokens.").format(n=len(tokens.ids)))
        for note in non_finite_notes(self.trace):  # NaN weights, a negative ε: drawn, and said where they began
            self._say(lambda note=note: describe(note))
        edited = self.trace is not self.base
        self.depth_view.show_profiles(depth_profile(self.base.states), depth_profile(self.trace.states) if edited else None,
                                      self._model_name())
        self.outlier_view.show_states(self.trace.states, tokens.labels)
        self.edits_label.setText(self.tr("{count} what-if(s) applied").format(count=len(self.runner.edits)) if edited else "")
        self._show_effect(edited)
        self._show_place()

    def _show_effect(self, edited: bool) -> None:
        base, trace = self.base, self.trace
        if base.logits is not None:
            model = self.runner.model

            def top(t: Trace) -> str:
                ids, probabilities = top_tokens(t.logits)
                return ", ".join(f"“{model.tokenizer.backend.decode([int(i)])}” {p:.1%}" for i, p in zip(ids, probabilities))
            text = self.tr("next token: {top}").format(top=top(base))
            if edited:
                text += "\n" + self.tr("after the what-if: {top}").format(top=top(trace))
        else:
            a, b = base.embedding, trace.embedding
            cosine = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
            text = self.tr("sentence embedding's cosine to the unedited one = {cosine}").format(cosine=f"{cosine:.6f}")
        self.effect_label.setText(text)

    def _show_place(self) -> None:
        matrix = self._chosen_matrix()
        self.scatter_view.loaded = self.trace is not None
        if matrix is None:
            for label in (self.state_info, self.gamma_info, self.beta_info):
                label.setText("")
            self.scatter_view.show_fit(None, "")
            return
        record = self._chosen_norm()
        per_dim = np.abs(matrix).max(axis=0)
        prefix = self.tr("after the what-ifs: ") if self.trace is not self.base else ""
        self.state_info.setText(prefix + self.tr("{tokens} × {dims} · RMS {rms} · max |x| {max} in dim {dim}").format(
            tokens=matrix.shape[0], dims=matrix.shape[1], rms=f"{float(np.sqrt((matrix.astype(np.float64) ** 2).mean())):.4g}",
            max=f"{float(per_dim.max()):.4g}", dim=int(per_dim.argmax())))
        if record is not None:
            self.gamma_info.setText(self._vector_text(record.gamma))
            self.beta_info.setText(self._vector_text(record.beta) if record.kind == "layer" else self.tr("RMSNorm has no β."))
            self.scatter_view.show_fit(fit_norm(record), self.place.currentText())
        else:
            for label in (self.gamma_info, self.beta_info):
                label.setText(self.tr("— (a residual state has no norm)"))
            self.scatter_view.show_fit(None, "")

    def _on_to_grid(self) -> None:
        matrix, record = self._chosen_matrix(), self._chosen_norm()
        if matrix is None:
            return
        self.hiddenStateChosen.emit({
            "matrix": matrix, "labels": self._tokens.labels, "title": self.place.currentText(), "model": self._model_name(),
            "gamma": None if record is None else record.gamma, "beta": None if record is None else record.beta,
            "norm": None if record is None else record.kind, "eps": None if record is None else record.eps})

    def _vector_text(self, vector) -> str:
        if vector is None:
            return self.tr("none (the norm is off)")
        s = vector_stats(vector)
        far = ", ".join(str(d) for d in s.outlier_dims[:8]) or self.tr("none")
        return self.tr("mean {mean} · min {min} · max {max} · dims beyond 4σ: {far}").format(
            mean=f"{s.mean:.4g}", min=f"{s.min:.4g}", max=f"{s.max:.4g}", far=far)


if __name__ == "__main__":  # python -m widgets.models.model_page [minilm|smollm2|PATH]
    import sys

    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    page = ModelPage()
    page.resize(1300, 800)
    page.show()
    page.load(sys.argv[1] if len(sys.argv) > 1 else "minilm")
    app.exec()
