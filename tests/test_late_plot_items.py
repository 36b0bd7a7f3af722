"""Plot items built at first need, not at start-up, look as if they had been built with the window:
the stage heatmaps' own colour bars (when a panel first needs a scale of its own) in the dark theme
and presentation mode, A's curves of the depth and gradient plots (at the first pin) in presentation
mode; leaving presentation mode or the theme puts them back with the rest."""

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from app.window.presentation import FACTOR
from engine.setup.presets import load_preset
from widgets.plotkit.plot_style import pinned_pen
from widgets.plots import depth_plot, grad_plot

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


def test_a_curves_built_at_the_first_pin_are_scaled_in_presentation_mode(window):
    assert not window.depth_plot._pinned_curves and not window.grad_plot._pinned_curves  # none before a pin
    window.presentation.set_enabled(True)
    window.findChild(QAction, "comparePin").trigger()
    QApplication.processEvents()
    plain = {key: pinned_pen(p).widthF() for key, p in depth_plot.CURVES}
    assert {key: p.widthF() for key, p in window.depth_plot.curve_pens(pinned=True).items()} == pytest.approx(
        {key: width * FACTOR for key, width in plain.items()})
    grads = {(placement, attr): pinned_pen(p).widthF() for placement, attr, p in grad_plot.CURVES}
    assert {key: curve.opts["pen"].widthF() for key, curve in window.grad_plot._pinned_curves.items()} == pytest.approx(
        {key: width * FACTOR for key, width in grads.items()})
    window.presentation.set_enabled(False)
    assert {key: p.widthF() for key, p in window.depth_plot.curve_pens(pinned=True).items()} == pytest.approx(plain)
    assert {key: curve.opts["pen"].widthF() for key, curve in window.grad_plot._pinned_curves.items()} == pytest.approx(
        grads)
