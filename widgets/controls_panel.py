"""The settings: norm kind, placement, ε, depth, BatchNorm mode, FFN, seed, the toy's a and b."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLineEdit, QSpinBox,
                               QWidget)

from app.document import Document
from engine.scenario import Scenario
from engine.table_text import format_number, parse_number

NORM_CHOICES = (("LayerNorm", "layer"), ("RMSNorm", "rms"), ("BatchNorm", "batch"), ("None", "none"))
PLACEMENT_CHOICES = (("Pre-Norm  x + F(N(x))", "pre"), ("Post-Norm  N(x + F(x))", "post"))
BN_MODE_CHOICES = (("train (batch statistics)", True), ("eval (running statistics)", False))
ACTIVATION_CHOICES = (("ReLU", "relu"), ("GELU", "gelu"), ("SwiGLU", "swiglu"))


class ControlsPanel(QWidget):
    """Every change is one Document call; updates coming back are applied with signals blocked."""

    def __init__(self, document: Document, parent=None):
        super().__init__(parent)
        self._document = document
        form = QFormLayout(self)
        self._combos: dict[str, QComboBox] = {}
        self._spins: dict[str, QSpinBox | QDoubleSpinBox] = {}

        self._add_combo(form, "norm", "normKind", "Norm", NORM_CHOICES,
                        "LayerNorm and RMSNorm normalize each token (row); BatchNorm each dimension (column)")
        self._add_combo(form, "placement", "placement", "Placement", PLACEMENT_CHOICES,
                        "Where the norm sits relative to the residual connection")
        self.epsilon = QLineEdit()
        self.epsilon.setObjectName("epsilon")
        self.epsilon.setAccessibleName("epsilon")
        self.epsilon.setToolTip("ε, added to the variance inside the square root (PyTorch's default 1e-5)")
        self.epsilon.editingFinished.connect(self._on_epsilon)
        form.addRow("ε", self.epsilon)
        self._add_spin(form, "layers", "layers", "Layers N", QSpinBox(), 1, 128,
                       "Number of stacked blocks in the depth and gradient plots")
        self._add_combo(form, "bn_training", "bnMode", "BatchNorm mode", BN_MODE_CHOICES,
                        "Training normalizes with the batch's statistics; eval with the running ones")
        self._add_spin(form, "bn_momentum", "bnMomentum", "BN momentum", QDoubleSpinBox(), 0.0, 1.0,
                       "running = (1 − momentum) · running + momentum · batch", step=0.05, decimals=3)
        self._add_combo(form, "activation", "activation", "FFN activation", ACTIVATION_CHOICES,
                        "The feed-forward network's non-linearity")
        self._add_spin(form, "heads", "heads", "Attention heads", QSpinBox(), 1, 64,
                       "Number of attention heads; must divide the number of dimensions")
        self.causal = QCheckBox("Causal mask")
        self.causal.setObjectName("causal")
        self.causal.setToolTip("Each token attends only to itself and earlier tokens, as in a decoder")
        self.causal.toggled.connect(lambda on: document.set_setting("causal", on))
        form.addRow("", self.causal)
        self._add_spin(form, "seed", "seed", "Random seed", QSpinBox(), 0, 2**31 - 1,
                       "Seed of the stacked blocks' random weights")
        self._add_spin(form, "toy_a", "toyA", "Toy a", QDoubleSpinBox(), -10.0, 10.0,
                       "The seed's toy explosion: v ← a·v + b per layer", step=0.1, decimals=3)
        self._add_spin(form, "toy_b", "toyB", "Toy b", QDoubleSpinBox(), -10.0, 10.0,
                       "The seed's toy explosion: v ← a·v + b per layer", step=0.1, decimals=3)
        document.scenarioChanged.connect(self.show_scenario)
        self.show_scenario(document.scenario)

    def _add_combo(self, form, field, object_name, label, choices, tip) -> None:
        combo = QComboBox()
        combo.setObjectName(object_name)
        combo.setAccessibleName(object_name)
        combo.setToolTip(tip)
        for text, value in choices:
            combo.addItem(text, value)
        combo.activated.connect(lambda i: self._document.set_setting(field, combo.itemData(i)))
        form.addRow(label, combo)
        self._combos[field] = combo

    def _add_spin(self, form, field, object_name, label, spin, low, high, tip, step=1, decimals=None) -> None:
        spin.setObjectName(object_name)
        spin.setAccessibleName(object_name)
        spin.setToolTip(tip)
        spin.setRange(low, high)
        spin.setSingleStep(step)
        if decimals is not None:
            spin.setDecimals(decimals)
        spin.setKeyboardTracking(False)  # one change when typing ends, not one per keystroke
        spin.valueChanged.connect(lambda v: self._document.set_setting(field, v))
        form.addRow(label, spin)
        self._spins[field] = spin

    def _on_epsilon(self) -> None:
        try:
            eps = parse_number(self.epsilon.text())
            if eps < 0:
                raise ValueError("ε must be ≥ 0")
        except ValueError as error:
            self._document.statusMessage.emit(f"ε refused: {error}")
            self.epsilon.setText(format_number(self._document.scenario.eps))
            return
        self._document.set_setting("eps", eps)

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
