"""The bundled CJK font registers with Qt and covers the Chinese token labels."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

from widgets.common.fonts import register_bundled_fonts


def test_bundled_cjk_font_registers_and_has_glyphs(qtbot) -> None:
    families = register_bundled_fonts()

    assert "NormScope Sans SC" in families
    metrics = QFontMetrics(QFont("NormScope Sans SC"))
    # inFontUcs4, not inFont: PySide6 6.11's inFont(str) misreports some code points
    # (False for fullwidth "？" U+FF1F, which the font has; True for U+0080, which it lacks).
    for char in ("西", "安", "怎", "？", "苹", "μ"):
        assert metrics.inFontUcs4(ord(char)), char
