"""The training recipe as a form: the presets on top, then every setting of ``TrainSettings`` the user may
flip, each with the range ``engine.training.settings.RANGES`` declares.

A preset only fills the form: the settings it names take its first run's values, and Train then starts
each of its runs (the form's settings with that run's changes). Changing a setting the preset names
makes the form the user's own again: Train starts one run.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout, QLabel,
                               QSizePolicy, QSpinBox, QWidget)

from engine.training.settings import INITS, NORMS, PLACEMENTS, QKV_XAVIER, RANGES, SCHEDULES, TASKS, TrainSettings
from widgets.common.retranslation import Retranslating
from widgets.plots.placement_names import NAMES as PLACEMENT_NAMES  # as the depth plots name them

#: Each preset's runs, as changes to the form's settings.
PRESETS = {
    "post_vs_pre_12": [dict(placement="post", warmup=0, layers=12), dict(placement="post", warmup=100, layers=12),
                       dict(placement="pre", warmup=0, layers=12)],
    "post_vs_pre_24": [dict(placement="post", warmup=0, layers=24), dict(placement="post", warmup=100, layers=24),
                       dict(placement="pre", warmup=0, layers=24)],
    "deepnorm_24": [dict(placement="post", warmup=0, layers=24), dict(placement="deepnorm", warmup=0, layers=24),
                    dict(placement="pre", warmup=0, layers=24)],
}
#: Names of the engine's choices that are not words of the UI (the others are shown as the engine names them).
NORM_NAMES = {"layer": "LayerNorm", "rms": "RMSNorm", "dyt": "DyT"}
#: Characters a choice list needs at least; longer items are shown whole in the open list.
COMBO_CHARS = 10
#: The largest value a QSpinBox holds (a C int): the seed's declared range goes beyond it.
SPIN_MAX = 2**31 - 1


def available_presets() -> dict[str, list[dict]]:
    """The presets the engine can train: DeepNorm's once the engine has that placement."""
    return {key: runs for key, runs in PRESETS.items()
            if all(run.get("placement", "post") in PLACEMENTS for run in runs)}


class SettingsForm(Retranslating, QWidget):
    """``settings()`` reads the form as TrainSettings (may raise the engine's Problem); ``runs()`` the
    changes of each run Train starts: one, or the chosen preset's."""

    #: The runs Train would start changed (a preset chosen, or dropped by an edit): their number.
    runsChanged = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        d = TrainSettings()
        self._layout = QFormLayout(self)
        self._labels: list[tuple[QLabel, str]] = []
        self._layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.preset = self._fitting(QComboBox())
        self.preset.setObjectName("training_preset")
        self.preset.addItem("", "")
        for key in available_presets():
            self.preset.addItem("", key)
        self.preset.activated.connect(lambda i: self.choose_preset(self.preset.itemData(i)))
        self._add("preset", self.preset)
        self.preset_note = QLabel()
        self.preset_note.setObjectName("trainingPresetNote")
        self.preset_note.setWordWrap(True)
        self.preset_note.hide()
        self._layout.addRow(self.preset_note)
        self._filling = False  # set while a preset fills the form: its own changes don't drop it
        self.norm = self._combo("norm", NORMS, d.norm)
        self.placement = self._combo("placement", PLACEMENTS, d.placement)
        self.layers = self._int("layers", d.layers)
        self.width = self._int("width", d.width, step=8)
        self.heads = self._int("heads", d.heads)
        self.lr = self._float("lr", d.lr, decimals=5, step=1e-4)
        self.warmup = self._int("warmup", d.warmup, step=10)
        self.schedule = self._combo("schedule", SCHEDULES, d.schedule)
        self.beta1 = self._float("beta1", d.beta1, decimals=4, step=0.01)
        self.beta2 = self._float("beta2", d.beta2, decimals=5, step=0.001)
        self.clip_on = QCheckBox()
        self._add("clip_on", self.clip_on)
        # Off is the check box's: the spin box starts above RANGES' 0.
        self.clip = self._float("clip", 1.0, decimals=2, step=0.1, low=0.01)
        self.clip.setEnabled(False)
        self.clip_on.toggled.connect(self.clip.setEnabled)
        self.batch = self._int("batch", d.batch)
        self.seq = self._int("seq", d.seq)
        self.steps = self._int("steps", d.steps, step=100)
        self.seed = self._int("seed", d.seed)
        self.init = self._combo("init", INITS, d.init)
        self.qkv_xavier = self._combo("qkv_xavier", QKV_XAVIER, d.qkv_xavier)
        self.sqrt_scale = QCheckBox()
        self.sqrt_scale.setChecked(True)
        self._add("sqrt_scale", self.sqrt_scale)
        self.data = self._combo("data", ("stdlib", *TASKS, "file"), d.data)
        self._file = ""
        self.data.activated.connect(self._maybe_pick_file)
        self._preset_key = ""
        for key in ("placement", "norm", "init", "schedule", "qkv_xavier"):
            getattr(self, key).currentIndexChanged.connect(lambda _i, key=key: self._edited(key))
        for key in ("layers", "width", "heads", "lr", "warmup", "beta1", "beta2", "batch", "seq", "steps", "seed"):
            getattr(self, key).valueChanged.connect(lambda _v, key=key: self._edited(key))
        self.retranslate()

    # -- building --------------------------------------------------------------------------------
    def _add(self, key: str, widget: QWidget) -> None:
        label = QLabel()
        self._labels.append((label, key))
        self._layout.addRow(label, widget)

    @staticmethod
    def _fitting(combo: QComboBox) -> QComboBox:
        """A choice list as wide as the form gives it, whatever its longest item."""
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(COMBO_CHARS)
        combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        return combo

    def _combo(self, key: str, choices, current: str) -> QComboBox:
        combo = self._fitting(QComboBox())
        for data in choices:
            combo.addItem("", data)
        combo.setCurrentIndex(combo.findData(current))
        combo.setObjectName(f"training_{key}")
        self._add(key, combo)
        return combo

    def _int(self, key: str, value: int, step: int = 1) -> QSpinBox:
        """A spin box over setting ``key``'s declared range."""
        low, high = RANGES[key]
        box = QSpinBox()
        box.setRange(int(low), int(min(high, SPIN_MAX)))
        box.setSingleStep(step)
        box.setValue(value)
        box.setObjectName(f"training_{key}")
        self._add(key, box)
        return box

    def _float(self, key: str, value: float, decimals: int, step: float, low: float | None = None) -> QDoubleSpinBox:
        """A spin box over setting ``key``'s declared range, its top rounded down to what ``decimals`` show
        (β₂'s 0.999999999 would otherwise show, and give, 1.00000)."""
        declared_low, high = RANGES[key]
        box = QDoubleSpinBox()
        box.setDecimals(decimals)
        box.setRange(declared_low if low is None else low, math.floor(high * 10**decimals) / 10**decimals)
        box.setSingleStep(step)
        box.setValue(value)
        box.setObjectName(f"training_{key}")
        self._add(key, box)
        return box

    def _maybe_pick_file(self, index: int) -> None:
        if self.data.itemData(index) != "file":
            return
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a UTF-8 text file"), "",
                                              self.tr("Text files (*.txt *.md *.py);;All files (*)"))
        if path:
            self._file = path
        else:
            self.data.setCurrentIndex(0)

    # -- presets ---------------------------------------------------------------------------------
    def choose_preset(self, key: str) -> None:
        """Fill the form with preset ``key``'s first run (its other runs differ in the settings it names);
        "" leaves the form as it is and Train starts one run."""
        runs = available_presets().get(key)
        self._preset_key = key if runs else ""
        self.preset.setCurrentIndex(max(0, self.preset.findData(self._preset_key)))
        if runs:
            self._filling = True
            try:
                for name, value in runs[0].items():
                    widget = getattr(self, name)
                    if isinstance(widget, QComboBox):
                        widget.setCurrentIndex(widget.findData(value))
                    else:
                        widget.setValue(value)
            finally:
                self._filling = False
        self._show_preset_note()
        self.runsChanged.emit(len(self.runs()))

    def runs(self) -> list[dict]:
        """The changes to the form's settings of each run Train starts."""
        return [dict(run) for run in available_presets().get(self._preset_key, [{}])]

    def _edited(self, key: str) -> None:
        """A setting changed: one the preset names makes the form the user's own."""
        if self._filling or not self._preset_key:
            return
        if any(key in run for run in available_presets()[self._preset_key]):
            self.choose_preset("")

    def _show_preset_note(self) -> None:
        runs = available_presets().get(self._preset_key)
        self.preset_note.setVisible(bool(runs))
        if runs:
            self.preset_note.setText(self.tr("Train starts {n} runs: {runs}. Change a setting the preset sets and "
                                             "Train starts one run.").format(
                n=len(runs), runs="; ".join(self._run_text(run) for run in runs)))

    def _run_text(self, run: dict) -> str:
        """A preset's run in a few words: 'Post-Norm, warmup 100, 12 layers'."""
        words = {"placement": lambda v: PLACEMENT_NAMES.get(v, v), "warmup": self.tr("warmup {0}").format,
                 "layers": self.tr("{0} layers").format}
        return ", ".join(words[key](value) for key, value in run.items())

    # -- reading ---------------------------------------------------------------------------------
    def settings(self, **changes) -> TrainSettings:
        data = self.data.currentData()
        values = dict(
            norm=self.norm.currentData(), placement=self.placement.currentData(), layers=self.layers.value(),
            width=self.width.value(), heads=self.heads.value(), lr=self.lr.value(), warmup=self.warmup.value(),
            beta1=self.beta1.value(), beta2=self.beta2.value(),
            clip=self.clip.value() if self.clip_on.isChecked() else 0.0, batch=self.batch.value(),
            seq=self.seq.value(), steps=self.steps.value(), seed=self.seed.value(), init=self.init.currentData(),
            schedule=self.schedule.currentData(), qkv_xavier=self.qkv_xavier.currentData(),
            embed_scale=None if self.sqrt_scale.isChecked() else 1.0,
            data=self._file if data == "file" else data)
        values.update(changes)
        return TrainSettings(**values)

    def show_settings(self, settings: TrainSettings) -> None:
        """Put ``settings`` into the form (a run's recipe, to start another from it)."""
        for key in ("norm", "placement", "init", "schedule", "qkv_xavier"):
            combo = getattr(self, key)
            combo.setCurrentIndex(max(0, combo.findData(getattr(settings, key))))
        for key in ("layers", "width", "heads", "lr", "warmup", "beta1", "beta2", "batch", "seq", "steps", "seed"):
            getattr(self, key).setValue(getattr(settings, key))
        self.clip_on.setChecked(settings.clip > 0)
        self.sqrt_scale.setChecked(settings.embed_scale is None)

    # -- text ------------------------------------------------------------------------------------
    def retranslate(self) -> None:
        names = {
            "norm": self.tr("Norm"), "placement": self.tr("Placement"), "layers": self.tr("Layers"),
            "width": self.tr("Width d"), "heads": self.tr("Heads"), "lr": self.tr("Learning rate"),
            "warmup": self.tr("Warmup steps"), "beta1": self.tr("Adam β₁"), "beta2": self.tr("Adam β₂"),
            "clip_on": self.tr("Clip gradients"), "clip": self.tr("Clip at norm"), "batch": self.tr("Batch"),
            "seq": self.tr("Sequence length"), "steps": self.tr("Steps"), "seed": self.tr("Seed"),
            "init": self.tr("Init"), "sqrt_scale": self.tr("Embeddings × √d"), "data": self.tr("Data"),
            "preset": self.tr("Preset"), "schedule": self.tr("After warmup"), "qkv_xavier": self.tr("Q/K/V init"),
        }
        for label, key in self._labels:
            label.setText(names[key])
        norms = {**NORM_NAMES, "none": self.tr("none")}
        inits = {"xavier": self.tr("Xavier-uniform"), "torch": self.tr("torch default"), "gpt2": "N(0, 0.02²)"}
        schedules = {"constant": self.tr("hold the peak"), "inverse_sqrt": self.tr("decay as 1/√step")}
        packing = {"packed": self.tr("packed (d × 3d, as torch)"), "separate": self.tr("three d × d")}
        self.schedule.setToolTip(self.tr("The learning rate after the warmup: held at the peak, or the original "
                                         "Transformer's peak · √(warmup / step)"))
        self.qkv_xavier.setToolTip(self.tr("Xavier-uniform for q, k and v as one packed d × 3d in-projection (as "
                                           "torch.nn.MultiheadAttention and fairseq: gain 1/√2 each), or as three "
                                           "d × d matrices. Packed is what lets warmup rescue 12-layer Post-LN here."))
        for combo, names in ((self.norm, norms), (self.placement, PLACEMENT_NAMES), (self.init, inits),
                             (self.schedule, schedules), (self.qkv_xavier, packing)):
            for i in range(combo.count()):
                combo.setItemText(i, names.get(combo.itemData(i), combo.itemData(i)))
        texts = {"stdlib": self.tr("Python standard library"), "copy": self.tr("task: copy"),
                 "reverse": self.tr("task: reverse"), "sort": self.tr("task: sort"),
                 "modadd": self.tr("task: modular addition"), "file": self.tr("text file…")}
        for i in range(self.data.count()):
            self.data.setItemText(i, texts[self.data.itemData(i)])
        presets = {"": self.tr("choose…"),
                   "post_vs_pre_12": self.tr("Post-LN without warmup vs with warmup vs Pre-LN (12 layers)"),
                   "post_vs_pre_24": self.tr("Post-LN without warmup vs with warmup vs Pre-LN (24 layers)"),
                   "deepnorm_24": self.tr("DeepNorm vs Post-LN vs Pre-LN (24 layers)")}
        for i in range(self.preset.count()):
            self.preset.setItemText(i, presets[self.preset.itemData(i)])
            self.preset.setItemData(i, presets[self.preset.itemData(i)], Qt.ItemDataRole.ToolTipRole)
        self.preset.setToolTip(self.tr("Fill the form for several runs at once, the comparisons of Xiong et al. "
                                       "(2020) and Wang et al. (2022); Train starts them"))
        self._show_preset_note()
        self.sqrt_scale.setToolTip(self.tr("Scale token embeddings by √d (Vaswani et al.); off: by 1"))
