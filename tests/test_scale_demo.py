"""Seed 001's scale demo: which vectors LayerNorm makes identical, and that γ/β keep them so."""

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTranslator
from PySide6.QtWidgets import QTableWidget

from engine.results.batch_lessons import scale_invariance
from engine.results.compute import compute
from engine.setup.presets import XIAN_BETA, XIAN_GAMMA, load_preset
from widgets.teaching.scale_demo import AFFINE, INPUT, NORMALIZED, SAME, ScaleDemo, parse_vector


class MarkingTranslator(QTranslator):
    def translate(self, context, source, disambiguation=None, n=-1):
        return "译:" + source if context == "ScaleDemo" else None

    def isEmpty(self):
        return False


@pytest.fixture
def demo(qtbot):
    widget = ScaleDemo()
    qtbot.addWidget(widget)
    widget.show_result(compute(load_preset("xian"), stack=False))
    return widget


def test_scaled_row_is_marked_same_and_swapped_row_different(demo):
    assert demo.objectName() == "scaleDemo"
    assert demo.findChild(QTableWidget, "scaleTable") is demo.table
    assert demo.cell_text(1, INPUT) == "[20, 40, 60, 80]"
    assert demo.cell_text(1, SAME).startswith("✓")
    assert demo.cell_text(2, INPUT) == "[2, 6, 4, 8]"
    assert demo.cell_text(2, SAME).startswith("✗")
    assert demo.cell_text(0, NORMALIZED) == "[−1.342, −0.447, 0.447, 1.342]"
    assert demo.cell_text(2, NORMALIZED) == "[−1.342, 0.447, −0.447, 1.342]"


def test_affine_column_uses_the_scenarios_gamma_beta_when_d_is_4(demo):
    expected = scale_invariance(gamma=XIAN_GAMMA, beta=XIAN_BETA).affine
    assert demo.cell_text(0, AFFINE) == "[" + ", ".join(f"{v:.3f}".replace("-", "−") for v in expected[0]) + "]"
    assert demo.cell_text(0, AFFINE) == demo.cell_text(1, AFFINE)  # γ/β can't separate them
    assert demo.cell_text(0, AFFINE) != demo.cell_text(0, NORMALIZED)
    assert "scenario's" in demo.affine_note.text()


def test_wide_scenario_falls_back_to_identity_affine(demo):
    demo.show_result(compute(load_preset("random"), stack=False))
    assert demo.cell_text(0, AFFINE) == demo.cell_text(0, NORMALIZED)
    assert "d = 768" in demo.affine_note.text()


def test_editing_a_vector_recomputes_and_bad_input_is_refused(demo, qtbot):
    with qtbot.waitSignal(demo.rowsChanged):
        demo.table.item(2, INPUT).setText("3, 6, 9, 12")
    assert demo.rows[2] == (3.0, 6.0, 9.0, 12.0)
    assert demo.cell_text(2, SAME).startswith("✓")
    demo.table.item(1, INPUT).setText("1, 2")
    assert demo.rows[1] == (20.0, 40.0, 60.0, 80.0)
    assert demo.cell_text(1, INPUT) == "[20, 40, 60, 80]"
    assert "not 4 numbers" in demo.status.text()
    demo.reset_rows()
    assert demo.cell_text(2, SAME).startswith("✗") and demo.status.text() == ""


def test_parse_vector_accepts_the_shown_spelling():
    assert parse_vector("[−1.5, 2, 3e1]") == [-1.5, 2.0, 30.0]
    with pytest.raises(ValueError):
        parse_vector("a, b")


def test_retranslate_rereads_texts(demo):
    demo.retranslate()
    translator = MarkingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        QCoreApplication.sendEvent(demo, QEvent(QEvent.Type.LanguageChange))
        assert demo.title.text().startswith("译:")
        assert demo.table.horizontalHeaderItem(SAME).text().startswith("译:")
        assert demo.cell_text(1, SAME) == "译:✓ same"
        assert demo.explanation.text().startswith("译:")
    finally:
        QCoreApplication.removeTranslator(translator)
    QCoreApplication.sendEvent(demo, QEvent(QEvent.Type.LanguageChange))
    assert demo.cell_text(1, SAME) == "✓ same"


def test_the_explanation_speaks_of_the_rows_in_the_table(demo, qtbot):
    assert "吃 = 10 × 苹果 [20, 40, 60, 80] is 苹果 × 10 + 0" in demo.explanation.text()
    assert "[2, 6, 4, 8] is not 苹果 shifted or scaled" in demo.explanation.text()
    with qtbot.waitSignal(demo.rowsChanged):
        demo.table.item(2, INPUT).setText("5, 9, 13, 17")  # 2 × [2, 4, 6, 8] + 1
    text = demo.explanation.text()
    assert "[5, 9, 13, 17] is row 1 × 2 + 1" in text and "[2, 6, 4, 8]" not in text
