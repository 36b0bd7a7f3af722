"""How the depth and gradient plots name each stack: the design's own name, as the papers write it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

NAMES = {"pre": "Pre-Norm", "post": "Post-Norm", "peri": "Peri-Norm", "deepnorm": "DeepNorm", "mixln": "Mix-LN"}
#: The placements a depth profile holds only when chosen, beside Pre-Norm and Post-Norm: one at a time,
#: so the plots draw them with one curve item.
VARIANTS = tuple(p for p in NAMES if p not in ("pre", "post"))


def placement_names(ln_scaling: bool = False) -> dict[str, str]:
    """placement -> curve name; with LayerNorm scaling, the stacks it acts on say so."""
    scaled = QCoreApplication.translate("PlacementNames", "{name}, norms × 1/√l")
    return {p: scaled.format(name=name) if ln_scaling and p in ("pre", "mixln") else name for p, name in NAMES.items()}
