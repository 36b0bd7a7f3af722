"""The norm variants in the window: the settings offer them, the plots draw the chosen one, the caption
states the laws measured from the curves."""

import numpy as np
import pytest
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox

from engine.core.depth_laws import depth_laws

pytestmark = pytest.mark.window(size=(1400, 900))


def test_the_settings_offer_every_norm_placement_and_initialisation(settings_panel):
    controls, document = settings_panel.controls, settings_panel.document
    norms = controls.findChild(QComboBox, "normKind")
    assert [norms.itemData(i) for i in range(norms.count())] == ["layer", "rms", "batch", "dyt", "none"]
    placements = controls.findChild(QComboBox, "placement")
    assert [placements.itemData(i) for i in range(placements.count())] == ["pre", "post", "peri", "deepnorm", "mixln"]
    assert all(placements.itemData(i, 3) for i in range(placements.count()))  # a formula as each item's tooltip
    alpha = controls.findChild(QDoubleSpinBox, "dytAlpha")
    assert not alpha.isEnabled()
    document.set_setting("norm", "dyt")
    assert alpha.isEnabled()


def test_choosing_peri_norm_draws_its_curves_beside_pre_and_post(plots_tab):
    tab = plots_tab("xian")
    assert "peri" not in tab.page.depth_plot.curve_data()
    tab.document.set_setting("placement", "peri")
    tab.document.wait_until_idle()
    depth = tab.page.depth_plot.curve_data()
    np.testing.assert_array_equal(depth["peri"], tab.document.result.depth.runs["peri"].rms)
    assert {"pre", "post"} <= set(depth)
    grads = tab.page.grad_plot.curve_data()
    assert "Peri-Norm ‖∂L/∂W‖" in grads and "Pre-Norm ‖∂L/∂W‖" in grads


def test_the_caption_states_the_laws_measured_from_the_curves(window):
    window.document.set_setting("layers", 12)
    window.document.wait_until_idle()
    text, numbers = window.depth_laws.text(), window.depth_laws.numbers()
    laws = {law.placement: law for law in depth_laws(window.document.result.depth)}
    assert "Post-Norm: stays flat" in text and "No norm: grows ×" in text  # words, from the curves' shapes
    assert f"{laws['post'].grad_skew:.3g}×" in numbers and "Post-Norm" in numbers and "No norm" in numbers
    assert window.depth_laws.isVisible()


def test_the_caption_steps_aside_on_a_projector(window, qtbot):
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: not window.depth_laws.isVisible())
