"""BlockFlow (one block as clickable steps) and StageTable (one stage's numbers), offscreen."""

import dataclasses
import itertools
import re

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QPointF, Qt, QTranslator
from PySide6.QtWidgets import QLabel, QPushButton

from engine.results.compute import compute
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from widgets.teaching.block_flow import BlockFlow
from widgets.teaching.stage_table import VALUE_ROLE, StageTable


def xian(**changes):
    return compute(load_preset("xian").replace(**changes))


@pytest.fixture
def flow(qtbot):
    w = BlockFlow()
    qtbot.addWidget(w)
    w.resize(420, 620)
    w.show()
    qtbot.waitExposed(w)
    return w


def click(qtbot, widget, point: QPointF):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point.toPoint())


@pytest.mark.parametrize("placement", ["pre", "post"])
def test_stage_order_is_the_engine_blocks_order(flow, placement):
    result = xian(placement=placement)
    flow.show_result(result)
    assert flow.stage_order() == list(result.stages)


def test_pre_and_post_norm_orders_differ_after_the_input(flow):
    flow.show_result(xian(placement="pre"))
    pre = flow.stage_order()
    flow.show_result(xian(placement="post"))
    post = flow.stage_order()
    assert pre[0] == post[0] == "input"
    assert pre[1] == "norm1" and post[1] == "attn"
    assert pre == ["input", "norm1", "attn", "add1", "norm2", "ffn", "add2"]
    assert post == ["input", "attn", "add1", "norm1", "ffn", "add2", "norm2"]


@pytest.mark.parametrize("placement", ["pre", "post"])
def test_boxes_are_laid_out_top_to_bottom_without_overlap(flow, placement):
    flow.show_result(xian(placement=placement))
    rects = [flow.box_rect(key) for key in flow.stage_order()]
    caption_top = flow.findChild(QLabel, "blockFlowCaption").geometry().top()
    for upper, lower in zip(rects, rects[1:]):
        assert upper.bottom() < lower.top()
    for rect in rects:
        assert rect.left() >= 0 and rect.right() <= flow.width() and rect.bottom() < caption_top


@pytest.mark.parametrize("key", ["attn", "add1", "input", "norm2"])
def test_clicking_a_box_selects_it_and_emits_its_key(qtbot, flow, key):
    flow.show_result(xian())
    with qtbot.waitSignal(flow.stageSelected, timeout=1000) as signal:
        click(qtbot, flow, flow.box_rect(key).center())
    assert signal.args == [key]
    assert flow.selected_stage() == key


def test_clicking_between_boxes_selects_nothing(qtbot, flow):
    flow.show_result(xian())
    emitted = []
    flow.stageSelected.connect(emitted.append)
    click(qtbot, flow, QPointF(4, flow.box_rect("attn").center().y()))
    assert emitted == [] and flow.selected_stage() is None


def test_step_button_walks_every_stage_in_order_and_wraps(qtbot, flow):
    flow.show_result(xian(placement="post"))
    emitted = []
    flow.stageSelected.connect(emitted.append)
    step = flow.findChild(QPushButton, "blockFlowStep")
    order = flow.stage_order()
    for _ in range(len(order) + 2):
        qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    assert emitted == order + order[:2]
    assert flow.selected_stage() == order[1]


def test_back_button_walks_backwards_from_a_selection(qtbot, flow):
    flow.show_result(xian())
    flow.select_stage("norm1")
    emitted = []
    flow.stageSelected.connect(emitted.append)
    back = flow.findChild(QPushButton, "blockFlowBack")
    for _ in range(3):
        qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert emitted == ["input", "add2", "ffn"]


def test_a_new_result_keeps_the_selection_and_moves_its_box(flow):
    flow.show_result(xian(placement="pre"))
    flow.select_stage("norm1")
    pre_rect = flow.box_rect("norm1")
    flow.show_result(xian(placement="post"))
    assert flow.selected_stage() == "norm1"
    assert flow.box_rect("norm1").top() > pre_rect.top()  # after attention and the first ⊕ now


class _Shouting(QTranslator):
    """A stand-in translation: every string in upper case (placeholders kept), so a test can see
    that the texts were read again."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return re.sub(r"[^{}]+(?=\{|$)", lambda m: m.group(0).upper(), source)

    def isEmpty(self):
        return False


def test_language_change_retranslates_buttons_and_caption(qtbot, flow):
    flow.show_result(xian())
    flow.select_stage("ffn")
    step = flow.findChild(QPushButton, "blockFlowStep")
    caption = flow.findChild(QLabel, "blockFlowCaption")
    assert step.text() == "Step ▶" and "FFN(N₂(h))" in caption.text()
    translator = _Shouting()
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: step.text() == "STEP ▶", timeout=2000)
        assert caption.text().startswith("SELECTED:")
        flow.grab()  # paints with the new texts
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: step.text() == "Step ▶", timeout=2000)
    flow.retranslate()
    assert caption.text().startswith("Selected:")


# --- StageTable -----------------------------------------------------------------------------

@pytest.fixture
def table(qtbot):
    t = StageTable()
    qtbot.addWidget(t)
    return t


@pytest.mark.parametrize("key", ["attn", "add2"])
def test_stage_table_shows_the_stages_numbers(table, key):
    result = xian(placement="post")
    table.show_stage(result, key)
    model = table.model()
    expected = result.stages[key]
    assert (model.rowCount(), model.columnCount()) == expected.shape
    for r, c in itertools.product(range(expected.shape[0]), range(expected.shape[1])):
        index = model.index(r, c)
        assert model.data(index, VALUE_ROLE) == float(expected[r, c])
        assert model.data(index) == f"{expected[r, c]:.4g}"
        assert float(model.data(index, Qt.ItemDataRole.ToolTipRole)) == pytest.approx(float(expected[r, c]), rel=1e-6)
    assert model.headerData(1, Qt.Orientation.Vertical) == "西安"
    assert model.headerData(3, Qt.Orientation.Horizontal) == "d4"
    assert table.stage_key() == key


def test_stage_table_is_read_only(table):
    table.show_stage(xian(), "attn")
    model = table.model()
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(model.index(0, 0), "1.0")


def test_stage_table_clears_without_stages(table):
    table.show_stage(xian(), "ffn")
    pending = compute(load_preset("xian"), stack=False)
    assert pending.stages is None
    table.show_stage(pending, "ffn")
    assert table.model().rowCount() == 0 and table.stage_key() is None
    table.show_stage(xian(), "no such stage")
    assert table.model().rowCount() == 0


def test_stage_table_takes_a_32_by_4096_stage(table):
    base = compute(Scenario(np.zeros((32, 4))), stack=False)
    wide = np.random.default_rng(1).standard_normal((32, 4096)).astype(np.float32)
    table.resize(600, 400)
    table.show()
    table.show_stage(dataclasses.replace(base, stages={"add2": wide}), "add2")
    model = table.model()
    assert (model.rowCount(), model.columnCount()) == (32, 4096)
    assert model.data(model.index(31, 4095), VALUE_ROLE) == float(wide[31, 4095])
    assert model.headerData(4095, Qt.Orientation.Horizontal) == "d4096"
    table.grab()  # paints only the visible cells


def test_the_formula_shrinks_to_fit_a_narrow_panel(qtbot, flow):
    from PySide6.QtGui import QFontMetricsF

    flow.show_result(xian())
    wide = flow._formula_font(flow._geometry()).pixelSize()
    flow.resize(250, 620)
    qtbot.wait(10)
    geometry = flow._geometry()
    font = flow._formula_font(geometry)
    assert font.pixelSize() < wide
    assert QFontMetricsF(font).horizontalAdvance(flow.formula()) <= geometry.formula.width()


@pytest.mark.parametrize("placement, layers, drawn, title", [
    ("peri", 10, "peri", "Peri-Norm block"),
    ("deepnorm", 12, "deepnorm", "DeepNorm block, α = 2.213"),
    ("mixln", 12, "post", "Mix-LN: layers 1–3 Post-Norm, then Pre-Norm"),
    ("mixln", 3, "pre", "Mix-LN: every layer Pre-Norm (N < 4)"),
])
def test_the_flow_draws_each_variant_and_walks_its_stages(qtbot, placement, layers, drawn, title):
    from engine.results.compute import compute
    from engine.setup.presets import load_preset
    from widgets.teaching.block_flow import STAGE_ORDER, BlockFlow

    flow = BlockFlow()
    qtbot.addWidget(flow)
    result = compute(load_preset("xian").replace(placement=placement, layers=layers))
    flow.show_result(result)
    assert flow.title() == title
    assert flow.stage_order() == list(result.stages) == list(STAGE_ORDER[drawn])
    for _ in flow.stage_order():
        flow.step_forward()
        assert flow.stage_description(flow.selected_stage())
    flow.grab()  # paints every box and bypass of the layout without raising


def test_an_exported_block_flow_carries_no_selection_and_keeps_it_on_screen(flow, tmp_path):
    from tests.figure_raster import load
    from widgets.plotkit.figure_export import LAYOUT_DPI, FigureOptions, export_widget

    flow.show_result(xian())
    export_widget(flow, tmp_path / "plain.png", FigureOptions(dpi=LAYOUT_DPI))
    flow.select_stage("norm1")
    export_widget(flow, tmp_path / "selected.png", FigureOptions(dpi=LAYOUT_DPI))
    assert (load(tmp_path / "plain.png") == load(tmp_path / "selected.png")).all()
    assert flow.selected_stage() == "norm1"


@pytest.mark.parametrize("placement", ["pre", "post", "peri", "deepnorm"])
def test_a_column_wide_figure_leaves_room_for_the_arrows_between_the_steps(flow, placement):
    from widgets.plotkit.figure_export import FigureOptions, _diagram_sized

    flow.show_result(xian(placement=placement))
    with _diagram_sized(flow, FigureOptions(8.5, 6.4, "cm", 600, True)):
        nodes = [flow.box_rect(key) for key in flow.stage_order()]
    gaps = [b.top() - a.bottom() for a, b in zip(nodes, nodes[1:])]
    # 8.5 × 6.4 cm left 4.9 layout px (of 242) between Pre-Norm's boxes, 3.9 between Peri-Norm's: the
    # arrowheads vanished between them. The ⊕ gave up some of its slot: it stays a circle one can read.
    assert min(gaps) >= 5.5, gaps
    assert min(rect.height() for rect in nodes) >= 11, [rect.height() for rect in nodes]
