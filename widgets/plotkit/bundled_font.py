"""Where the fonts shipped with the app are and the family figures name: kept in plotkit, the lowest
widgets room, because figure export names the family and common's font registration reads the folder."""

from __future__ import annotations

from engine.resources import resource_path

FONT_DIR = resource_path("fonts")
BUNDLED_FAMILY = "NormScope Sans SC"  # the family of resources/fonts/NormScopeSansSC-Regular.otf
