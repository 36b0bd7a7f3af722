"""The activations tab (seed 004 §3): each function with its derivative, from engine.core.activation_curves."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from engine.core import activations as act
from engine.core.activation_curves import KEYS, curves_for, magnification_for
from widgets.teaching.activations_view import ActivationsView


@pytest.fixture
def view(qtbot):
    widget = ActivationsView()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_each_function_is_drawn_with_its_derivative_and_pros_and_cons(view):
    for key in KEYS:
        view.select(key)
        curves = view.shown_curves()
        assert {"f", "df"} <= set(curves.lines), key
        assert len(view.key.names()) == len(curves.lines)
        assert view.pros.text().count("<li>") >= 2 and view.cons.text().count("<li>") >= 1, key
        assert view.plot.titleLabel.text.endswith("and its derivative")


def test_sigmoid_curve_is_the_engines_and_peaks_at_a_quarter(view):
    view.select("sigmoid")
    curves = view.shown_curves()
    np.testing.assert_array_equal(curves.lines["f"], act.sigmoid(curves.x))
    assert curves.lines["df"].max() == pytest.approx(0.25, abs=1e-6)


def test_gelu_shows_both_forms_and_their_difference_magnified():
    curves = curves_for("gelu")
    assert curves.magnification == 1000.0  # the forms differ by at most about 4.7e-4
    np.testing.assert_allclose(curves.lines["diff"], 1000.0 * (act.gelu(curves.x) - act.gelu_tanh(curves.x)))
    assert 0.1 < np.abs(curves.lines["diff"]).max() <= 1.0
    assert magnification_for(np.array([0.0])) == 1.0


def test_swish_beta_changes_the_curve_and_beta_one_is_silu(view):
    view.select("swish")
    assert view.beta.isVisible() and not view.vector.isVisible()
    np.testing.assert_array_equal(view.shown_curves().lines["f"], act.silu(view.shown_curves().x))
    view.beta.setValue(4.0)
    np.testing.assert_array_equal(view.shown_curves().lines["f"], act.swish(view.shown_curves().x, 4.0))


def test_swiglu_is_the_gated_product_for_the_chosen_linear_branch(view):
    view.select("swiglu")
    view.up.setValue(-2.0)
    curves = view.shown_curves()
    np.testing.assert_allclose(curves.lines["f"], -2.0 * act.silu(curves.x))
    np.testing.assert_allclose(curves.lines["df"], -2.0 * act.silu_grad(curves.x))
    assert "u = -2" in view.key.names()[0]


def test_softmax_of_the_vector_and_its_jacobian_column_are_shown(view):
    view.select("softmax")
    assert view.vector.isVisible() and not view.beta.isVisible()
    curves = view.shown_curves()
    s = np.exp([2.0, 1.0, 0.1]) / np.exp([2.0, 1.0, 0.1]).sum()
    np.testing.assert_allclose(curves.extra["softmax"], s, rtol=1e-14)
    np.testing.assert_allclose(curves.extra["column"], s[0] * (np.eye(3)[0] - s), atol=1e-15)
    assert curves.marker == pytest.approx((2.0, s[0]))
    assert "0.659" in view.values.text() and view.values.isVisible()
    # Moving one entry alone: s_k rises from 0 to 1, with slope s_k (1 − s_k).
    assert curves.lines["f"][0] < 0.01 and curves.lines["f"][-1] > 0.99
    np.testing.assert_allclose(curves.lines["df"], curves.lines["f"] * (1 - curves.lines["f"]), atol=1e-15)


def test_a_bad_vector_is_refused_and_the_old_one_kept(view):
    view.select("softmax")
    view.vector.setText("1, abc")
    view.vector.editingFinished.emit()
    assert view.softmax_vector == (2.0, 1.0, 0.1)
    assert "kept [2.000, 1.000, 0.100]" in view.status.text()
    view.vector.setText("0 0 0 3")
    view.vector.editingFinished.emit()
    assert view.softmax_vector == (0.0, 0.0, 0.0, 3.0) and view.status.text() == ""
    assert view.index.maximum() == 4
    view.index.setValue(4)
    assert view.shown_curves().marker[0] == 3.0


def test_the_main_window_builds_the_tab_when_opened_and_translates_it(window):
    index = [window.tabs.tabText(i) for i in range(window.tabs.count())].index("Activations")
    assert not hasattr(window, "activations_view")
    window.tabs.setCurrentIndex(index)
    assert window.teaching.activations_view.isVisible()
    window.teaching.activations_view.select("gelu")
    window.set_language("zh_CN")
    assert window.tabs.tabText(index) == "激活函数"
    assert "优点" in window.teaching.activations_view.pros.text()
    assert "导数" in window.teaching.activations_view.plot.titleLabel.text


def test_the_ffn_activation_combo_offers_swish_and_gelu_tanh_with_formulas(qtbot):
    from app.window.document import Document
    from engine.setup.presets import load_preset
    from widgets.editors.controls_panel import ControlsPanel

    document = Document(load_preset("xian"))
    controls = ControlsPanel(document)
    qtbot.addWidget(controls)
    combo = controls.findChild(QComboBox, "activation")
    values = [combo.itemData(i) for i in range(combo.count())]
    assert values == list(act.ACTIVATIONS)
    silu = combo.findData("silu")
    assert combo.itemText(silu) == "Swish / SiLU"
    assert "sigmoid" in combo.itemData(silu, Qt.ItemDataRole.ToolTipRole)
    assert "tanh" in combo.itemData(combo.findData("gelu_tanh"), Qt.ItemDataRole.ToolTipRole)
    combo.setCurrentIndex(silu)
    combo.activated.emit(silu)
    document.wait_until_idle()
    assert document.scenario.activation == "silu"
