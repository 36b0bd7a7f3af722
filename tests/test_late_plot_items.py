"""Plot items built at first need, not at start-up, look as if they had been built with the window:
A's curves of the depth and gradient plots, built at the first pin, in presentation mode, and back at
the ordinary scale with the rest when it ends."""

import numpy as np
import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from app.window.presentation import FACTOR
from widgets.plotkit.plot_style import pinned_pen
from widgets.plots import depth_plot, grad_plot

pytestmark = pytest.mark.window(size=(1400, 860))


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



def test_row_statistics_build_a_at_the_first_pin_stacked_as_before(window):
    plot = window.row_stats_plot
    assert not plot._pinned_bars  # none before a pin
    window.presentation.set_enabled(True)
    window.findChild(QAction, "comparePin").trigger()
    QApplication.processEvents()
    order = plot.vb.addedItems
    stacked = sorted(order, key=lambda item: plot.vb.childGroup.childItems().index(item))
    fields = list(plot._bars)
    expected = [item for field in fields for item in (plot._bars[field], plot._lines[field],
                                                      plot._pinned_bars[field], plot._pinned_lines[field])]
    assert [item for item in stacked if item in expected] == expected  # A's marks over B's of their series
    assert stacked.index(plot._pinned_lines[fields[-1]]) < stacked.index(plot._zero_line)
    scaled = plot._pinned_lines[fields[0]].opts["pen"].widthF()
    window.presentation.set_enabled(False)
    assert scaled == pytest.approx(plot._pinned_lines[fields[0]].opts["pen"].widthF() * FACTOR)


def test_a_curves_built_after_an_overflow_label_go_under_it(window):
    """ε = 0 on a constant row: the depth plot labels where Pre-Norm's curve stops (NaN), then A is pinned."""
    m = np.array(window.document.scenario.matrix)
    m[1] = 5.0
    assert window.document.set_fields({"matrix": m, "eps": 0.0}, "ε = 0")
    window.document.wait_until_idle()
    window.results.flush()
    plot = window.depth_plot
    label = plot._overflow_labels["pre"]
    window.findChild(QAction, "comparePin").trigger()
    QApplication.processEvents()
    stacking = plot.plot.vb.childGroup.childItems()
    assert all(stacking.index(curve) < stacking.index(label) for curve in plot._pinned_curves.values())


def test_a_stack_picked_after_a_pin_gets_curves_under_a_and_at_the_presentation_scale(window):
    """B's curves of stacks not drawn at start are built when first picked: stacked where they would
    have been (under A's dashed twins, above the curves declared before them) and scaled like the rest."""
    assert "peri" not in window.depth_plot._curves._curves  # not picked: not built at start
    assert ("peri", grad_plot.WEIGHT) not in window.grad_plot._curves._curves
    window.presentation.set_enabled(True)
    window.findChild(QAction, "comparePin").trigger()
    QApplication.processEvents()
    {a.objectName(): a for a in window.stacks.picker.actions()}["draw_peri"].trigger()
    window.document.wait_until_idle()
    window.results.flush()
    QApplication.processEvents()
    depth, grads = window.depth_plot, window.grad_plot
    peri = depth._curves["peri"]
    assert len(peri.xData) > 0  # drawn
    assert peri.opts["pen"].widthF() == pytest.approx(dict(depth_plot.CURVES)["peri"].widthF() * FACTOR)
    stacking = depth.plot.vb.childGroup.childItems()
    assert stacking.index(depth._curves["post"]) < stacking.index(peri)
    assert all(stacking.index(peri) < stacking.index(twin) for twin in depth._pinned_curves.values())
    late = grads._curves[("peri", grad_plot.WEIGHT)]
    stacking = grads.vb.childGroup.childItems()
    assert all(stacking.index(late) < stacking.index(twin) for twin in grads._pinned_curves.values())
    window.presentation.set_enabled(False)
    assert peri.opts["pen"].widthF() == pytest.approx(dict(depth_plot.CURVES)["peri"].widthF())
