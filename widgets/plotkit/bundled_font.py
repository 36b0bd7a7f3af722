"""Where the fonts shipped with the app are and the family figures name: kept in plotkit, the lowest
widgets room, because figure export names the family and common's font registration reads the folder."""

from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parents[2] / "resources" / "fonts"
BUNDLED_FAMILY = "NormScope Sans SC"  # the family of resources/fonts/NormScopeSansSC-Regular.otf
