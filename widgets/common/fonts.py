"""Fonts shipped with the app, so CJK token labels render on machines without CJK fonts."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase

from engine.resources import resource_path

FONT_DIR = resource_path("fonts")
BUNDLED_FAMILY = "NormScope Sans SC"  # the family of resources/fonts/NormScopeSansSC-Regular.otf


def register_bundled_fonts() -> list[str]:
    """Add every .otf/.ttf in resources/fonts to Qt's font database; return their families.

    Call after the QApplication exists. Qt then falls back to these fonts for glyphs the
    default font lacks, so no widget needs a setFont call.
    """
    families: list[str] = []
    for path in sorted(FONT_DIR.iterdir()):
        if path.suffix.lower() not in {".otf", ".ttf"}:
            continue
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id != -1:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return families
