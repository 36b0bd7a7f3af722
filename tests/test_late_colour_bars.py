"""The stage heatmaps' own colour bars are built when a panel first needs a scale of its own (not at
start-up); built late, in the dark theme and in presentation mode, they look as the bar built at the
start does, and leaving presentation mode or the theme puts them back with it."""

import pytest
from PySide6.QtWidgets import QApplication

from engine.setup.presets import load_preset

pytestmark = pytest.mark.window(size=(1400, 860))


def look(bar) -> tuple:
    """What the theme and presentation mode set on a colour bar's axis."""
    axis = bar.axis
    font = axis.style["tickFont"]
    return (axis.pen().color().name(), axis.textPen().color().name(), axis.tickPen().color().name(),
            font.pointSizeF() if font is not None else None, axis.labelStyle.get("font-size"),
            axis.labelStyle.get("color"), axis.fixedWidth)


def test_bars_built_late_look_as_the_one_built_at_the_start(window):
    heatmaps = window.stage_heatmaps
    assert heatmaps._colour_bars[:3] == [None] * 3  # xian: one shared scale, its bar alone built
    window.set_theme("dark")
    window.presentation.set_enabled(True)
    window.document.load_scenario(load_preset("apple"), "apple")  # an input of ±50, LayerNorm outputs of ±1.3
    QApplication.processEvents()
    assert heatmaps.per_panel_scales()
    first = heatmaps._colour_bars[-1]
    presenting = look(first)
    assert all(look(bar) == presenting for bar in heatmaps._colour_bars[:3])
    window.presentation.set_enabled(False)
    ordinary = look(first)
    assert ordinary != presenting and all(look(bar) == ordinary for bar in heatmaps._colour_bars[:3])
    window.set_theme("light")
    light = look(first)
    assert light != ordinary and all(look(bar) == light for bar in heatmaps._colour_bars[:3])
