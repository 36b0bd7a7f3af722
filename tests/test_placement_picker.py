"""Which stacks the depth and gradient plots draw: picked in their menus, remembered, each in its own style."""

import numpy as np
from PySide6.QtCore import QSettings

from app.window.main_window import MainWindow
from engine.results.compute import compute
from tests.test_main_window import settle
from widgets.plots.placement_styles import STYLES


def open_window(qtbot, path):
    w = MainWindow("xian", QSettings(str(path), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    return w


def entries(window):
    return {a.objectName(): a for a in window.stacks.picker.actions()}


def test_by_default_no_norm_pre_post_and_the_chosen_placement_are_drawn(window):
    assert set(window.depth_plot.curve_data()) == {"none", "pre", "post", "toy", "toy_normalized"}
    window.document.set_setting("placement", "deepnorm")
    settle(window)
    assert set(window.depth_plot.curve_data()) == {"none", "pre", "post", "deepnorm", "toy", "toy_normalized"}
    chosen = entries(window)["draw_deepnorm"]
    assert chosen.isChecked() and not chosen.isEnabled()


def test_picking_a_placement_draws_its_own_stack_in_both_plots(window):
    entries(window)["draw_peri"].trigger()
    settle(window)
    expected = compute(window.document.scenario, placements=("peri",)).depth.runs["peri"]
    np.testing.assert_array_equal(window.depth_plot.curve_data()["peri"], expected.rms)
    np.testing.assert_array_equal(window.grad_plot.curve_data()["Peri-Norm ‖∂L/∂W‖"], expected.weight_grad)
    assert window.document.scenario.placement == "pre" and window.document.undo_stack.count() == 0


def test_unpicking_hides_a_stack_and_the_choice_is_remembered(qtbot, tmp_path):
    first = open_window(qtbot, tmp_path / "n.ini")
    assert not entries(first)["draw_pre"].isEnabled()  # the chosen placement is always drawn
    entries(first)["draw_post"].trigger()
    entries(first)["draw_none"].trigger()
    entries(first)["draw_mixln"].trigger()
    settle(first)
    assert "none" not in first.depth_plot.curve_data() and "mixln" in first.depth_plot.curve_data()
    first.close()
    second = open_window(qtbot, tmp_path / "n.ini")
    settle(second)
    assert set(second.stacks.picker.picked()) == {"pre", "mixln"}
    assert set(second.depth_plot.curve_data()) == {"pre", "mixln", "toy", "toy_normalized"}


def test_a_remembered_choice_with_unknown_names_keeps_the_known_ones(qtbot, tmp_path):
    path = tmp_path / "n.ini"
    QSettings(str(path), QSettings.Format.IniFormat).setValue("plots/stacks", "post,bogus,peri")
    window = open_window(qtbot, path)
    assert window.stacks.picker.picked() == ("post", "peri")


def test_every_stack_has_a_line_style_of_its_own(window):
    pens = window.depth_plot.curve_pens()
    styles = {(p.style(), tuple(p.dashPattern()) if p.style().name == "CustomDashLine" else ())
              for key, p in pens.items() if key in STYLES}
    assert len(styles) == len(STYLES)  # told apart in greyscale, not by colour alone


def test_the_plot_menus_offer_the_picker(window):
    names = [a.objectName() for a in window.grad_plot.scene().contextMenu]
    assert "draw_peri" in names
    assert "draw_none" in [a.objectName() for a in window.depth_plot.plot.scene().contextMenu]


def test_compute_simulates_the_extra_placements_asked_for_and_reuses_only_a_matching_stack():
    from engine.results.compute import stack_is_current
    from engine.setup.presets import load_preset

    s = load_preset("xian")
    plain = compute(s)
    assert tuple(plain.depth.runs) == ("pre", "post")
    extra = compute(s, plain, placements=("deepnorm", "peri"))
    assert tuple(extra.depth.runs) == ("pre", "post", "peri", "deepnorm")
    np.testing.assert_array_equal(extra.depth.runs["peri"].rms, compute(s.replace(placement="peri")).depth.runs["peri"].rms)
    assert not stack_is_current(s, plain, ("peri",)) and stack_is_current(s, extra, ("peri", "deepnorm"))
    assert compute(s, extra, placements=("peri", "deepnorm")).depth is extra.depth  # reused as it is


def test_the_document_simulates_picked_placements_without_an_undo_step(qapp):
    from app.window.document import Document
    from engine.setup.presets import load_preset

    doc = Document(load_preset("xian"))
    seen = []
    doc.resultChanged.connect(seen.append)
    doc.set_extra_placements(("mixln",))
    assert "mixln" in doc.result.depth.runs and len(seen) == 1 and doc.undo_stack.count() == 0
    doc.set_setting("layers", 12)
    assert "mixln" in doc.result.depth.runs  # every later compute keeps them
