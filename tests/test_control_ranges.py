"""The settings' widgets take their ranges from engine.setup.limits: nothing out of range can be typed."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox

from engine.setup.limits import SETTINGS
from widgets.editors.controls_panel import COMBOS, SPINS


@pytest.mark.parametrize("field", list(SPINS))
def test_each_spin_box_has_its_settings_range(settings_panel, field):
    spin = settings_panel.controls.findChild(SPINS[field][1], SPINS[field][0])
    assert (spin.minimum(), spin.maximum()) == (SETTINGS[field].low, SETTINGS[field].high)


@pytest.mark.parametrize("field", [f for f in COMBOS if SETTINGS[f].choices])
def test_each_combo_offers_only_the_settings_choices(settings_panel, field):
    combo = settings_panel.controls.findChild(QComboBox, COMBOS[field][0])
    offered = [combo.itemData(i) for i in range(combo.count())]
    assert offered and set(offered) <= set(SETTINGS[field].choices)


def test_a_seed_beyond_a_c_int_cannot_be_typed(settings_panel, qtbot):
    spin = settings_panel.controls.findChild(QSpinBox, "seed")
    spin.selectAll()
    qtbot.keyClicks(spin, "1099511627776")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert 0 <= settings_panel.document.scenario.seed <= SETTINGS["seed"].high
    assert spin.value() == settings_panel.document.scenario.seed


@pytest.mark.parametrize("text, reason", [("-1", "[0, 1e+06]"), ("1e7", "[0, 1e+06]"), ("abc", "")])
def test_an_out_of_range_epsilon_is_refused_and_the_old_one_shown(settings_panel, qtbot, text, reason):
    field = settings_panel.controls.findChild(QLineEdit, "epsilon")
    messages = []
    settings_panel.document.statusMessage.connect(messages.append)
    field.setText(text)
    field.editingFinished.emit()
    assert settings_panel.document.scenario.eps == 1e-5 and field.text() == "1e-05"
    assert messages and reason in messages[-1]
