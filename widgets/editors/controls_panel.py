"""The settings: norm kind, placement, ε, depth, BatchNorm mode, FFN, seed, the toy's a and b."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSignalBlocker, Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit, QSpinBox,
                               QWidget)

from widgets.editors.editor import Editor
from engine.activations import ACTIVATIONS
from engine.limits import SETTINGS, check_setting
from engine.scenario import Scenario
from engine.table_text import format_number, parse_number
from widgets.common.problem_text import describe

#: field -> (objectName, values); the texts shown for them come from ``_texts``.
COMBOS = {
    "norm": ("normKind", ("layer", "rms", "batch", "none")),
    "placement": ("placement", ("pre", "post")),
    "bn_training": ("bnMode", (True, False)),
    "activation": ("activation", ACTIVATIONS),
}
#: field -> (objectName, widget class, step, decimals); the range is the setting's (engine.limits).
SPINS = {
    "layers": ("layers", QSpinBox, 1, None),
    "bn_momentum": ("bnMomentum", QDoubleSpinBox, 0.05, 3),
    "heads": ("heads", QSpinBox, 1, None),
    "seed": ("seed", QSpinBox, 1, None),
    "toy_a": ("toyA", QDoubleSpinBox, 0.1, 3),
    "toy_b": ("toyB", QDoubleSpinBox, 0.1, 3),
}
ORDER = ("norm", "placement", "eps", "layers", "bn_training", "bn_momentum", "activation", "heads", "causal",
         "seed", "toy_a", "toy_b")


class ControlsPanel(QWidget):
    """Every change is one Editor call; updates coming back are applied with signals blocked."""

    def __init__(self, document: Editor, parent=None):
        super().__init__(parent)
        self._document = document
        form = QFormLayout(self)
        self._labels: dict[str, QLabel] = {}
        self._combos: dict[str, QComboBox] = {}
        self._spins: dict[str, QSpinBox | QDoubleSpinBox] = {}
        self.epsilon = QLineEdit()
        self.epsilon.setObjectName("epsilon")
        self.epsilon.setAccessibleName("epsilon")
        self.epsilon.editingFinished.connect(self._on_epsilon)
        self.causal = QCheckBox()
        self.causal.setObjectName("causal")
        self.causal.toggled.connect(lambda on: self._set("causal", on))
        for field in ORDER:
            self._labels[field] = QLabel()
            form.addRow(self._labels[field], self._make_editor(field))
        document.scenarioChanged.connect(self.show_scenario)
        self.retranslate()
        self.show_scenario(document.scenario)

    def _make_editor(self, field: str) -> QWidget:
        if field == "eps":
            return self.epsilon
        if field == "causal":
            return self.causal
        if field in COMBOS:
            name, values = COMBOS[field]
            combo = QComboBox()
            combo.setObjectName(name)
            combo.setAccessibleName(name)
            for value in values:
                combo.addItem("", value)
            combo.activated.connect(lambda i, f=field, c=combo: self._set(f, c.itemData(i)))
            self._combos[field] = combo
            return combo
        name, cls, step, decimals = SPINS[field]
        spin = cls()
        spin.setObjectName(name)
        spin.setAccessibleName(name)
        spin.setRange(SETTINGS[field].low, SETTINGS[field].high)  # a seed beyond a C int can't be typed
        spin.setSingleStep(step)
        if decimals is not None:
            spin.setDecimals(decimals)
        spin.setKeyboardTracking(False)  # one change when typing ends, not one per keystroke
        spin.valueChanged.connect(lambda v, f=field: self._set(f, v, merge=True))
        self._spins[field] = spin
        return spin

    def _texts(self) -> dict:
        """field -> (label, tooltip, {value: item text}) in the current language."""
        return {
            "norm": (self.tr("Norm"), self.tr("LayerNorm and RMSNorm normalize each token (row); BatchNorm each dimension (column)"),
                     {"layer": "LayerNorm", "rms": "RMSNorm", "batch": "BatchNorm", "none": self.tr("None")}),
            "placement": (self.tr("Placement"), self.tr("Where the norm sits relative to the residual connection"),
                          {"pre": self.tr("Pre-Norm  x + F(N(x))"), "post": self.tr("Post-Norm  N(x + F(x))")}),
            "eps": ("ε", self.tr("ε, added to the variance inside the square root (PyTorch's default 1e-5)"), {}),
            "layers": (self.tr("Layers N"), self.tr("Number of stacked blocks in the depth and gradient plots"), {}),
            "bn_training": (self.tr("BatchNorm mode"), self.tr("Training normalizes with the batch's statistics; eval with the running ones"),
                            {True: self.tr("train (batch statistics)"), False: self.tr("eval (running statistics)")}),
            "bn_momentum": (self.tr("BN momentum"), self.tr("running = (1 − momentum) · running + momentum · batch"), {}),
            "activation": (self.tr("FFN activation"), self.tr("The feed-forward network's non-linearity"),
                           {"relu": "ReLU", "gelu": "GELU", "gelu_tanh": self.tr("GELU (tanh approximation)"),
                            "silu": "Swish / SiLU", "swiglu": "SwiGLU"}),
            "heads": (self.tr("Attention heads"), self.tr("Number of attention heads; must divide the number of dimensions"), {}),
            "causal": ("", self.tr("Each token attends only to itself and earlier tokens, as in a decoder"), {}),
            "seed": (self.tr("Random seed"), self.tr("Seed of the stacked blocks' random weights"), {}),
            "toy_a": (self.tr("Toy a"), self.tr("The seed's toy explosion: v ← a·v + b per layer"), {}),
            "toy_b": (self.tr("Toy b"), self.tr("The seed's toy explosion: v ← a·v + b per layer"), {}),
        }

    def _item_tooltips(self) -> dict:
        """field -> {value: the item's own tooltip, its formula}."""
        return {"activation": {
            "relu": "max(0, x)",
            "gelu": self.tr("x · Φ(x), Φ the standard normal CDF (exact, with erf; PyTorch's default)"),
            "gelu_tanh": self.tr("½ x (1 + tanh(√(2/π) (x + 0.044715 x³))), GELU's tanh approximation (GPT-2)"),
            "silu": self.tr("x · sigmoid(x): Swish with β = 1, also called SiLU"),
            "swiglu": self.tr("SiLU(x W₁) ⊙ (x W₃), then W₂: a gated FFN with a third matrix"),
        }}

    def retranslate(self) -> None:
        for field, (label, tip, items) in self._texts().items():
            self._labels[field].setText(label)
            editor = self._combos.get(field) or self._spins.get(field) or (
                self.epsilon if field == "eps" else self.causal)
            editor.setToolTip(tip)
            if field in self._combos:
                combo = self._combos[field]
                tips = self._item_tooltips().get(field, {})
                for i in range(combo.count()):
                    combo.setItemText(i, items[combo.itemData(i)])
                    combo.setItemData(i, tips.get(combo.itemData(i)), Qt.ItemDataRole.ToolTipRole)
        self.causal.setText(self.tr("Causal mask"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _set(self, field: str, value, merge: bool = False) -> None:
        label, _, items = self._texts()[field]
        shown = items.get(value, format_number(value) if isinstance(value, float) else value)
        text = self.tr("{setting}: {value}").format(setting=label or self.causal.text(), value=shown)
        if not self._document.set_setting(field, value, merge, text):
            self.show_scenario(self._document.scenario)  # refused (e.g. heads not dividing d): show what holds

    def _on_epsilon(self) -> None:
        try:
            eps = check_setting("eps", parse_number(self.epsilon.text()))
        except ValueError as error:
            self._document.report(self.tr("ε refused: {error}").format(error=describe(error)))
            self.epsilon.setText(format_number(self._document.scenario.eps))
            return
        self._set("eps", eps)

    def show_scenario(self, s: Scenario) -> None:
        # Only what changed is touched: setting an equal value still repaints the widget.
        for field, combo in self._combos.items():
            index = combo.findData(getattr(s, field))
            if combo.currentIndex() != index:
                with QSignalBlocker(combo):
                    combo.setCurrentIndex(index)
        for field, spin in self._spins.items():
            if spin.value() != getattr(s, field):
                with QSignalBlocker(spin):
                    spin.setValue(getattr(s, field))
        if self.epsilon.text() != format_number(s.eps):
            with QSignalBlocker(self.epsilon):
                self.epsilon.setText(format_number(s.eps))
        if self.causal.isChecked() != s.causal:
            with QSignalBlocker(self.causal):
                self.causal.setChecked(s.causal)
