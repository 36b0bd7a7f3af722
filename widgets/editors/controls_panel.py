"""The settings: norm kind (and DyT's α), placement, QK-Norm and LayerNorm scaling, ε, depth, BatchNorm
mode, FFN, initialisation, seed, the toy's a and b."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit, QSpinBox,
                               QWidget)

from widgets.editors.editor import Editor
from engine.core.activations import ACTIVATIONS
from engine.setup.limits import NORM_KINDS, PLACEMENTS, SETTINGS, check_setting
from engine.setup.scenario import Scenario
from engine.core.weights import INITS
from engine.files.table_text import format_number, parse_number
from widgets.common.problem_text import describe
from widgets.common.retranslation import Retranslating

#: field -> (objectName, values); the texts shown for them come from ``_texts``.
COMBOS = {
    "norm": ("normKind", NORM_KINDS),
    "placement": ("placement", PLACEMENTS),
    "bn_training": ("bnMode", (True, False)),
    "activation": ("activation", ACTIVATIONS),
    "init": ("init", INITS),
}
#: field -> objectName of its check box.
CHECKS = {"qk_norm": "qkNorm", "ln_scaling": "lnScaling", "causal": "causal"}
#: field -> (objectName, widget class, step, decimals); the range is the setting's (engine.setup.limits).
SPINS = {
    "dyt_alpha": ("dytAlpha", QDoubleSpinBox, 0.1, 3),
    "layers": ("layers", QSpinBox, 1, None),
    "bn_momentum": ("bnMomentum", QDoubleSpinBox, 0.05, 3),
    "heads": ("heads", QSpinBox, 1, None),
    "seed": ("seed", QSpinBox, 1, None),
    "toy_a": ("toyA", QDoubleSpinBox, 0.1, 3),
    "toy_b": ("toyB", QDoubleSpinBox, 0.1, 3),
}
ORDER = ("norm", "dyt_alpha", "placement", "qk_norm", "ln_scaling", "eps", "layers", "bn_training", "bn_momentum",
         "activation", "heads", "causal", "init", "seed", "toy_a", "toy_b")


class ControlsPanel(Retranslating, QWidget):
    """Every change is one Editor call; updates coming back are applied with signals blocked."""

    def __init__(self, document: Editor, parent=None):
        super().__init__(parent)
        self._document = document
        form = QFormLayout(self)
        self._labels: dict[str, QLabel] = {}
        self._combos: dict[str, QComboBox] = {}
        self._spins: dict[str, QSpinBox | QDoubleSpinBox] = {}
        self._checks: dict[str, QCheckBox] = {}
        self.epsilon = QLineEdit()
        self.epsilon.setObjectName("epsilon")
        self.epsilon.setAccessibleName("epsilon")
        self.epsilon.editingFinished.connect(self._on_epsilon)
        for field, name in CHECKS.items():
            check = self._checks[field] = QCheckBox()
            check.setObjectName(name)
            check.setAccessibleName(name)
            check.toggled.connect(lambda on, f=field: self._set(f, on))
        self.causal = self._checks["causal"]
        for field in ORDER:
            self._labels[field] = QLabel()
            form.addRow(self._labels[field], self._make_editor(field))
        document.scenarioChanged.connect(self._on_scenario_changed)
        self.retranslate()
        self.show_scenario(document.scenario)

    def _make_editor(self, field: str) -> QWidget:
        if field == "eps":
            return self.epsilon
        if field in self._checks:
            return self._checks[field]
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
            "norm": (self.tr("Norm"), self.tr("LayerNorm and RMSNorm normalize each token (row); BatchNorm each "
                                              "dimension (column); DyT squashes each value without statistics"),
                     {"layer": "LayerNorm", "rms": "RMSNorm", "batch": "BatchNorm", "dyt": "DyT",
                      "none": self.tr("None")}),
            "dyt_alpha": (self.tr("DyT α"), self.tr("DyT's α in γ ⊙ tanh(α·x) + β (the paper's default 0.5)"), {}),
            "placement": (self.tr("Placement"), self.tr("Where the norm sits relative to the residual connection"),
                          {"pre": self.tr("Pre-Norm  x + F(N(x))"), "post": self.tr("Post-Norm  N(x + F(x))"),
                           "peri": self.tr("Peri-Norm  x + N(F(N(x)))"),
                           "deepnorm": self.tr("DeepNorm  N(α·x + F(x))"),
                           "mixln": self.tr("Mix-LN  Post, then Pre")}),
            "qk_norm": ("", self.tr("Normalize each head's queries and keys before their dot product (QK-Norm; "
                                    "RMSNorm under RMSNorm, LayerNorm otherwise): it bounds the attention logits"), {}),
            "ln_scaling": ("", self.tr("Scale each Pre-Norm norm's output by 1/√l in layer l (LayerNorm scaling, "
                                       "Sun et al. 2025, \"The Curse of Depth\")"), {}),
            "init": (self.tr("Initialisation"), self.tr("How the stacked blocks' random weights are drawn"),
                     {"fan_in": self.tr("fan-in  N(0, 1/fan_in)"), "xiong": self.tr("Xiong et al.  FFN width d"),
                      "uniform_1_over_d": self.tr("every matrix N(0, 1/d)")}),
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
        return {"norm": {
            "layer": self.tr("(x − μ) / √(σ² + ε) · γ + β, per token"),
            "rms": self.tr("x / √(mean(x²) + ε) · γ, per token: no centring, no β"),
            "batch": self.tr("(x − μ) / √(σ² + ε) · γ + β, per dimension over the tokens"),
            "dyt": self.tr("γ ⊙ tanh(α·x) + β: no statistics at all (Zhu et al. 2025)"),
            "none": self.tr("the block without any norm"),
        }, "placement": {
            "pre": self.tr("x + F(N(x)): the residual stream is never normalized (GPT-2, Llama)"),
            "post": self.tr("N(x + F(x)): the original Transformer's; every block ends normalized"),
            "peri": self.tr("x + N_out(F(N_in(x))): a norm before and after each sublayer (Peri-LN, sandwich; "
                            "Ding et al. 2021, Kim et al. 2025)"),
            "deepnorm": self.tr("N(α·x + F(x)) with α = (2N)^¼ and the value, output and FFN weights scaled by "
                                "β = (8N)^−¼ (Wang et al. 2022)"),
            "mixln": self.tr("Post-Norm in the first ⌊N/4⌋ layers, Pre-Norm after (Li et al. 2025)"),
        }, "init": {
            "fan_in": self.tr("each matrix N(0, 1/fan_in): the FFN's down projection N(0, 1/(4d))"),
            "xiong": self.tr("the setting of Xiong et al. (2020)'s analysis: an FFN as wide as the model, "
                             "every matrix N(0, 1/d)"),
            "uniform_1_over_d": self.tr("every matrix N(0, 1/d) with a 4d-wide FFN: the FFN branch carries twice "
                                        "its input's variance (NormScope before 2026-12)"),
        }, "activation": {
            "relu": "max(0, x)",
            "gelu": self.tr("x · Φ(x), Φ the standard normal CDF (exact, with erf; PyTorch's default)"),
            "gelu_tanh": self.tr("½ x (1 + tanh(√(2/π) (x + 0.044715 x³))), GELU's tanh approximation (GPT-2)"),
            "silu": self.tr("x · sigmoid(x): Swish with β = 1, also called SiLU"),
            "swiglu": self.tr("SiLU(x W₁) ⊙ (x W₃), then W₂: a gated FFN with a third matrix"),
        }}

    def retranslate(self) -> None:
        for field, (label, tip, items) in self._texts().items():
            self._labels[field].setText(label)
            editor = self._combos.get(field) or self._spins.get(field) or self._checks.get(field) or self.epsilon
            editor.setToolTip(tip)
            if field in self._combos:
                combo = self._combos[field]
                tips = self._item_tooltips().get(field, {})
                for i in range(combo.count()):
                    combo.setItemText(i, items[combo.itemData(i)])
                    combo.setItemData(i, tips.get(combo.itemData(i)), Qt.ItemDataRole.ToolTipRole)
        self._checks["causal"].setText(self.tr("Causal mask"))
        self._checks["qk_norm"].setText(self.tr("QK-Norm"))
        self._checks["ln_scaling"].setText(self.tr("LayerNorm scaling 1/√l"))

    def describe_setting(self, field: str, value) -> tuple[str, str] | None:
        """A setting's label and the text of ``value`` as this panel shows them (None: no editor here)."""
        texts = self._texts()
        if field not in texts:
            return None
        label, _, items = texts[field]
        if field in self._checks:
            return self._checks[field].text(), self.tr("on") if value else self.tr("off")
        return label, items.get(value, format_number(value) if isinstance(value, float) else str(value))

    def _set(self, field: str, value, merge: bool = False) -> None:
        label, _, items = self._texts()[field]
        shown = items.get(value, format_number(value) if isinstance(value, float) else value)
        text = self.tr("{setting}: {value}").format(setting=label or self._checks[field].text(), value=shown)
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

    def _settings_of(self, s: Scenario) -> tuple:
        return tuple(getattr(s, field) for field in (*self._combos, *self._spins, *self._checks, "eps"))

    def _on_scenario_changed(self, s: Scenario) -> None:
        """A new scenario: the panel is set again only when one of its settings changed (a cell edit
        changes none; checking the widgets one by one cost a quarter of a millisecond an edit)."""
        if self._settings_of(s) != self._shown:
            self.show_scenario(s)

    def show_scenario(self, s: Scenario) -> None:
        self._shown = self._settings_of(s)
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
        for field, check in self._checks.items():
            if check.isChecked() != getattr(s, field):
                with QSignalBlocker(check):
                    check.setChecked(getattr(s, field))
        # Settings that only act in some designs are greyed out in the others.
        self._spins["dyt_alpha"].setEnabled(s.norm == "dyt")
        self._checks["ln_scaling"].setEnabled(s.placement in ("pre", "mixln"))
