"""A training run named by the settings that tell runs apart, as the papers write them: 'Post-LN, 12
layers, warmup 0, seed 0' (the run chooser, the loss plot's key, the figures' subtitles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from engine.training.settings import TrainSettings


def run_name(s: TrainSettings) -> str:
    """The name of a run with settings ``s`` in the UI language."""
    norm = {"layer": "LN", "rms": "RMSNorm", "dyt": "DyT",
            "none": QCoreApplication.translate("TrainingPage", "no norm")}.get(s.norm, s.norm)
    placement = {"deepnorm": "DeepNorm"}.get(s.placement, s.placement.capitalize())
    text = QCoreApplication.translate("TrainingPage", "{placement}-{norm}, {layers} layers, warmup {warmup}, seed {seed}")
    return text.format(placement=placement, norm=norm, layers=s.layers, warmup=s.warmup, seed=s.seed)
