"""Seed 004 §3: the activation functions, each drawn with its derivative, with what speaks for and against it.

Sigmoid, Tanh, ReLU, Softmax (of a small editable vector), Swish/SiLU (β settable), GELU (the exact erf
form, the tanh approximation and their difference magnified) and SwiGLU (the gated product as a curve of
the gate's input for a fixed linear branch). Every curve comes from ``engine.core.activation_curves``.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDoubleSpinBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QSpinBox, QVBoxLayout, QWidget)

from engine.core.activation_curves import KEYS, SOFTMAX_DEFAULT, Curves, curves_for
from widgets.plotkit.plot_panel import PlotPanel
from widgets.plotkit.plot_style import BLUE, GREEN, ORANGE, RED, configure_plot, pen, set_title_once
from widgets.plotkit.round_limits import linear_limits
from widgets.teaching.scale_demo import parse_vector
from widgets.common.retranslation import Retranslating

# The roles a curve can have; each keeps one pen, so a role looks the same under every function.
PENS = {
    "f": pen(BLUE, 2.5),
    "df": pen(ORANGE, 2.5, Qt.PenStyle.DashLine),
    "f_tanh": pen(GREEN, 2.5, Qt.PenStyle.DashDotLine),
    "diff": pen(RED, 2.0, Qt.PenStyle.DotLine),
}
MAX_VECTOR = 10  # a "small vector": its numbers fit on one line of the view


def _editable(values) -> str:
    """The vector as the line edit shows it: "2, 1, 0.1"."""
    return ", ".join(f"{v:g}" for v in values)


def _numbers(values) -> str:
    return "[" + ", ".join(f"{v:.3f}".replace("-", "−") for v in values) + "]"


class ActivationsView(Retranslating, QWidget):
    """A list of the functions; for the chosen one, its formula, its settings, the plot of the function and
    its derivative, and its pros and cons."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("activationsView")
        self.setAccessibleName("activationsView")
        self._vector: tuple[float, ...] = SOFTMAX_DEFAULT
        self._error = ""
        self._shown: Curves | None = None

        self.list = QListWidget()
        self.list.setObjectName("activationList")
        for key in KEYS:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.list.addItem(item)
        self.list.setMaximumWidth(170)
        self.title = QLabel()
        self.title.setObjectName("activationTitle")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title.setFont(font)
        self.formula = QLabel()
        self.formula.setObjectName("activationFormula")
        self.formula.setWordWrap(True)
        self.formula.setTextFormat(Qt.TextFormat.RichText)
        self.formula.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.beta_label, self.beta = QLabel(), QDoubleSpinBox()
        self.beta.setObjectName("swishBeta")
        self.beta.setRange(0.0, 10.0)
        self.beta.setSingleStep(0.25)
        self.beta.setDecimals(2)
        self.beta.setValue(1.0)
        self.vector_label, self.vector = QLabel(), QLineEdit()
        self.vector.setObjectName("softmaxVector")
        self.vector.setText(_editable(self._vector))
        self.index_label, self.index = QLabel(), QSpinBox()
        self.index.setObjectName("softmaxIndex")
        self.index.setRange(1, len(self._vector))
        self.up_label, self.up = QLabel(), QDoubleSpinBox()
        self.up.setObjectName("swigluUp")
        self.up.setRange(-5.0, 5.0)
        self.up.setSingleStep(0.25)
        self.up.setDecimals(2)
        self.up.setValue(1.0)
        settings = QHBoxLayout()
        self._setting_widgets = {"swish": (self.beta_label, self.beta),
                                 "softmax": (self.vector_label, self.vector, self.index_label, self.index),
                                 "swiglu": (self.up_label, self.up)}
        for widgets in self._setting_widgets.values():
            for widget in widgets:
                settings.addWidget(widget, 1 if widget is self.vector else 0)
        settings.addStretch(1)
        for spin in (self.beta, self.index, self.up):
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(self._redraw)
        self.vector.editingFinished.connect(self._on_vector)

        self.plot = PlotPanel()
        self.plot.setObjectName("activationPlot")
        self.plot.setAccessibleName("activationPlot")
        self.plot.setMinimumHeight(220)
        configure_plot(self.plot)
        self.key = self.plot.key
        self._curves = {}
        for role, line_pen in PENS.items():
            curve = pg.PlotCurveItem(pen=line_pen)
            self.plot.addItem(curve)
            self._curves[role] = curve
        self._marker = pg.ScatterPlotItem(size=9, brush=pg.mkBrush(BLUE), pen=pg.mkPen("k"))
        self.plot.addItem(self._marker)
        self.values = QLabel()
        self.values.setObjectName("activationValues")
        self.values.setWordWrap(True)
        self.values.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pros = QLabel()
        self.pros.setObjectName("activationPros")
        self.cons = QLabel()
        self.cons.setObjectName("activationCons")
        for label in (self.pros, self.cons):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 1.1)  # read from afar, as the other teaching tabs
            label.setFont(font)
        self.status = QLabel()
        self.status.setObjectName("activationStatus")
        self.status.setWordWrap(True)

        right = QVBoxLayout()
        right.addWidget(self.title)
        right.addWidget(self.formula)
        right.addLayout(settings)
        right.addWidget(self.plot, 1)
        right.addWidget(self.values)
        texts = QHBoxLayout()
        texts.addWidget(self.pros, 1, Qt.AlignmentFlag.AlignTop)
        texts.addWidget(self.cons, 1, Qt.AlignmentFlag.AlignTop)
        right.addLayout(texts)
        right.addWidget(self.status)
        layout = QHBoxLayout(self)
        layout.addWidget(self.list)
        layout.addLayout(right, 1)
        self.list.setCurrentRow(0)
        self.list.currentRowChanged.connect(lambda _: self._redraw())
        self.retranslate()

    # --- language -------------------------------------------------------------------------------

    def _names(self) -> dict[str, str]:
        return {"sigmoid": "Sigmoid", "tanh": "Tanh", "relu": "ReLU", "softmax": "Softmax",
                "swish": "Swish / SiLU", "gelu": "GELU", "swiglu": "SwiGLU"}

    def _formulas(self) -> dict[str, str]:
        return {
            "sigmoid": "σ(x) = 1 / (1 + e<sup>−x</sup>),&nbsp;&nbsp; σ′(x) = σ(x) · (1 − σ(x))",
            "tanh": "tanh(x) = (e<sup>x</sup> − e<sup>−x</sup>) / (e<sup>x</sup> + e<sup>−x</sup>) = 2σ(2x) − 1,"
                    "&nbsp;&nbsp; tanh′(x) = 1 − tanh²(x)",
            "relu": self.tr("ReLU(x) = max(0, x),&nbsp;&nbsp; ReLU′(x) = 1 for x &gt; 0, else 0"),
            "softmax": self.tr("s = softmax(v), s<sub>i</sub> = e<sup>v<sub>i</sub></sup> / Σ<sub>j</sub> "
                               "e<sup>v<sub>j</sub></sup>;&nbsp;&nbsp; ∂s<sub>i</sub>/∂v<sub>k</sub> = "
                               "s<sub>i</sub> (δ<sub>ik</sub> − s<sub>k</sub>). The plot moves v<sub>k</sub> alone."),
            "swish": self.tr("Swish(x) = x · σ(βx) (β = 1: SiLU),&nbsp;&nbsp; Swish′(x) = s (1 + βx (1 − s)) "
                             "with s = σ(βx)"),
            "gelu": self.tr("GELU(x) = x · Φ(x) = ½ x (1 + erf(x / √2));&nbsp;&nbsp; tanh form: "
                            "½ x (1 + tanh(√(2/π) (x + 0.044715 x³)))"),
            "swiglu": self.tr("SwiGLU(x) = (SiLU(x W<sub>1</sub>) ⊙ x W<sub>3</sub>) W<sub>2</sub>. Drawn: "
                              "SiLU(h) · u over the gate's input h = (x W<sub>1</sub>)<sub>i</sub>, for a fixed "
                              "u = (x W<sub>3</sub>)<sub>i</sub>"),
        }

    def _pros_cons(self) -> dict[str, tuple[list[str], list[str]]]:
        return {
            "sigmoid": ([
                self.tr("Squeezes any input into (0, 1): reads as a probability or as a gate that opens and closes"),
                self.tr("Smooth and monotonic, with a derivative written in its own output"),
            ], [
                self.tr("Saturates: beyond |x| ≈ 5 the slope is almost 0, and it is never above ¼, so a deep "
                        "stack of sigmoids shrinks the gradient layer by layer"),
                self.tr("Its outputs are all positive (not centred on 0), which pushes the next layer's weight "
                        "updates in one direction"),
                self.tr("Needs an exponential"),
            ]),
            "tanh": ([
                self.tr("Centred on 0, range (−1, 1): the next layer gets inputs of both signs"),
                self.tr("Its slope at 0 is 1, four times the sigmoid's; DyT uses tanh(αx) in place of a norm"),
            ], [
                self.tr("Saturates in both tails as the sigmoid does: the gradient still vanishes for large |x|"),
                self.tr("Needs exponentials"),
            ]),
            "relu": ([
                self.tr("Almost free to compute: one comparison"),
                self.tr("Slope exactly 1 for every positive input: no saturation on that side"),
                self.tr("Sparse: about half the units are exactly 0"),
            ], [
                self.tr("Slope 0 for negative inputs: a unit whose input stays negative gets no gradient and "
                        "stops learning (a \"dead\" ReLU)"),
                self.tr("A kink at 0, and its outputs are unbounded and not centred on 0"),
            ]),
            "softmax": ([
                self.tr("Turns any vector of scores into a probability distribution (positive, summing to 1) and "
                        "keeps their order: the output layer of a classifier, and attention's weights"),
                self.tr("Its backward pass is short: s ⊙ (g − ⟨s, g⟩)"),
            ], [
                self.tr("Not element-wise: every output depends on every input"),
                self.tr("Only differences count (adding a constant to v changes nothing); large differences make "
                        "it nearly one-hot and its gradient nearly 0, hence attention's division by √d"),
                self.tr("exp overflows unless the maximum is subtracted first (done here, as PyTorch does)"),
            ]),
            "swish": ([
                self.tr("Smooth, and lets small negative values through (lowest value about −0.28, at x ≈ −1.28 "
                        "for β = 1) instead of cutting them to 0"),
                self.tr("β moves it between x/2 (β = 0) and ReLU (β → ∞)"),
                self.tr("SiLU is the gate of SwiGLU"),
            ], [
                self.tr("Not monotonic: the dip below 0 is harder to reason about"),
                self.tr("Costs an exponential; no outputs that are exactly 0"),
            ]),
            "gelu": ([
                self.tr("Smooth everywhere, with no kink at 0 like ReLU's"),
                self.tr("Keeps a little of negative inputs (lowest value about −0.17 at x ≈ −0.75): fewer dead units"),
                self.tr("Weighs x by the chance Φ(x) that a standard normal value is below it, a smooth, "
                        "deterministic cousin of dropout; the activation of BERT, GPT-2 and ViT"),
            ], [
                self.tr("Needs erf, or the tanh form, which differs from it by up to about 5·10⁻⁴ (the dotted "
                        "curve, magnified): a model should run with the form it was trained with"),
                self.tr("A little more work than ReLU"),
            ]),
            "swiglu": ([
                self.tr("A gate: one projection through SiLU decides, element by element, how much of a second, "
                        "linear projection passes"),
                self.tr("Better results per unit of compute in practice: the FFN of PaLM, LLaMA and Mistral"),
                self.tr("No saturation: along u the output is linear, so the gradient keeps flowing"),
            ], [
                self.tr("A third weight matrix: 1.5 × the FFN's weights at the same hidden width (models shrink "
                        "the width to about 8/3 · d to make up for it)"),
                self.tr("A product of two projections grows with the square of the input's scale: a source of "
                        "very large activations"),
            ]),
        }

    def _curve_names(self, key: str, curves: Curves) -> dict[str, str]:
        if key == "gelu":
            return {"f": self.tr("GELU, erf form (exact)"), "f_tanh": self.tr("GELU, tanh form"),
                    "df": self.tr("derivative (erf form)"),
                    "diff": self.tr("(erf form − tanh form) × {k}").format(k=f"{curves.magnification:g}")}
        if key == "softmax":
            return {"f": self.tr("s_k as v_k varies"), "df": "∂s_k/∂v_k = s_k (1 − s_k)"}
        if key == "swiglu":
            return {"f": self.tr("SiLU(h) · u, u = {u}").format(u=f"{self.up.value():g}"),
                    "df": "∂/∂h = SiLU′(h) · u"}
        return {"f": f"{self._names()[key]}(x)", "df": self.tr("derivative")}

    def retranslate(self) -> None:
        """Re-read every visible text (called at start and on a language change)."""
        names = self._names()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setText(names[item.data(Qt.ItemDataRole.UserRole)])
        self.list.setToolTip(self.tr("Pick an activation function"))
        self.beta_label.setText("β")
        self.beta.setToolTip(self.tr("Swish's β: 1 gives SiLU, 0 the line x/2, large values approach ReLU"))
        self.vector_label.setText(self.tr("Vector v"))
        self.vector.setToolTip(self.tr("A few numbers, separated by commas or spaces"))
        self.index_label.setText(self.tr("entry k"))
        self.index.setToolTip(self.tr("The entry of v that the plot moves, the others held fixed"))
        self.up_label.setText(self.tr("linear branch u"))
        self.up.setToolTip(self.tr("The value of the linear projection x W₃ that the gate multiplies"))
        self.plot.setLabel("bottom", "x")
        self._redraw()

    # --- behaviour ------------------------------------------------------------------------------

    def current_key(self) -> str:
        item = self.list.currentItem()
        return KEYS[0] if item is None else item.data(Qt.ItemDataRole.UserRole)

    def select(self, key: str) -> None:
        """Show the function ``key`` (one of ``KEYS``)."""
        self.list.setCurrentRow(KEYS.index(key))

    def set_vector(self, values) -> None:
        """Softmax's vector (2 to MAX_VECTOR finite numbers)."""
        values = tuple(float(v) for v in values)
        if not 2 <= len(values) <= MAX_VECTOR:
            raise ValueError(len(values))
        self._vector = values
        self.vector.setText(_editable(values))
        self.index.blockSignals(True)
        self.index.setRange(1, len(values))
        self.index.blockSignals(False)
        self._error = ""
        self._redraw()

    @property
    def softmax_vector(self) -> tuple[float, ...]:
        return self._vector

    def _on_vector(self) -> None:
        text = self.vector.text()
        try:
            self.set_vector(parse_vector(text))
        except ValueError:
            self._error = self.tr("“{text}” is not 2 to {n} numbers; kept {old}.").format(
                text=text, n=MAX_VECTOR, old=_numbers(self._vector))
            self.vector.setText(_editable(self._vector))
            self._redraw()

    def shown_curves(self) -> Curves | None:
        """The curves drawn now (for tests)."""
        return self._shown

    def _redraw(self) -> None:
        key = self.current_key()
        curves = curves_for(key, self.beta.value(), self._vector, self.index.value() - 1, self.up.value())
        self._shown = curves
        names = self._curve_names(key, curves)
        set_title_once(self.plot, self.tr("{name} and its derivative").format(name=self._names()[key]))
        self.title.setText(self._names()[key])
        self.formula.setText(self._formulas()[key])
        for role, curve in self._curves.items():
            y = curves.lines.get(role)
            curve.setData(curves.x, y) if y is not None else curve.setData([], [])
        self.key.set_entries([(self._curves[role], names[role]) for role in PENS if role in curves.lines])
        if curves.marker is None:
            self._marker.setData([], [])
        else:
            self._marker.setData([curves.marker[0]], [curves.marker[1]])
        for k, widgets in self._setting_widgets.items():
            for widget in widgets:
                widget.setVisible(k == key)
        self.values.setVisible(key == "softmax")
        if key == "softmax":
            k = self.index.value()
            self.values.setText(self.tr("softmax(v) = {s} (sum 1);  ∂softmax(v)/∂v_{k} = {column} (sums to 0: "
                                        "raising one score takes probability from all the others)").format(
                s=_numbers(curves.extra["softmax"]), k=k, column=_numbers(curves.extra["column"])))
        pros, cons = self._pros_cons()[key]
        self.pros.setText("<b>" + self.tr("Pros") + "</b><ul>" + "".join(f"<li>{p}</li>" for p in pros) + "</ul>")
        self.cons.setText("<b>" + self.tr("Cons") + "</b><ul>" + "".join(f"<li>{c}</li>" for c in cons) + "</ul>")
        self.status.setText(self._error)
        values = np.concatenate(list(curves.lines.values()))
        low, high = float(values.min()), float(values.max())
        margin = 0.04 * (high - low) or 0.5
        self.plot.vb.fit((float(curves.x[0]), float(curves.x[-1])), linear_limits(low - margin, high + margin))
        self.plot.vb.refit()  # another function: the user's zoom on the last one means nothing here


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(ActivationsView, (1000, 700))
