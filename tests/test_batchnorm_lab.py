"""The BatchNorm lab draws the engine's batch lessons and follows its token and steps controls."""

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTranslator
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QTabWidget, QWidget

from engine.results.batch_lessons import batch_dependence, running_statistics, single_token
from engine.results.compute import compute
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from widgets.teaching.batchnorm_lab import BatchNormLab


class MarkingTranslator(QTranslator):
    """Prefixes every text of the lab and its lessons, to prove that they re-read their texts through tr()."""

    def translate(self, context, source, disambiguation=None, n=-1):
        lab = ("BatchNormLab", "BatchSizeLesson", "OneTokenLesson", "RunningStatsLesson")
        return "译:" + source if context in lab else None

    def isEmpty(self):
        return False


@pytest.fixture
def lab(qtbot):
    widget = BatchNormLab()
    qtbot.addWidget(widget)
    widget.show_result(compute(load_preset("xian"), stack=False))
    return widget


def test_named_children_exist(lab):
    assert lab.objectName() == "batchNormLab"
    for kind, name in ((QComboBox, "labToken"), (QSpinBox, "labSteps"), (QWidget, "batchDependencePlot"),
                       (QWidget, "runningStatsPlot"), (QLabel, "singleTokenText"), (QTabWidget, "labTabs")):
        assert lab.findChild(kind, name) is not None, name
    assert lab.findChild(QSpinBox, "labSteps").value() == 30
    assert [lab.token_combo.itemText(i) for i in range(6)] == list(load_preset("xian").labels)


def test_batch_plot_shows_the_engines_rows(lab):
    s = load_preset("xian")
    lesson = batch_dependence(s, 0)
    data = lab.batch_size.curve_data()
    assert {"bn d1", "ln d1", "bn d4", "ln d4"} <= data.keys()
    x, y = data["bn d2"]
    np.testing.assert_array_equal(x, [2, 3, 4, 5, 6])  # k = 1 is refused by BatchNorm: not drawn
    np.testing.assert_allclose(y, lesson.bn_rows[1:, 1])
    x, y = data["ln d1"]
    np.testing.assert_array_equal(x, [1, 2, 3, 4, 5, 6])
    np.testing.assert_allclose(y, np.full(6, 0.565), atol=5e-4)  # seed 000: 今天's LayerNorm d1
    assert np.ptp(data["bn d1"][1]) > 0.1
    ticks = lab.batch_plot.plotItem.getAxis("bottom")._tickLevels[0]
    assert [label for _, label in ticks] == ["1", "2", "3", "4", "5", "6"]  # whole batch sizes only


def test_batch_size_ticks_thin_out_in_round_steps():
    from widgets.teaching.batchnorm_batch_size import batch_size_ticks

    assert [label for _, label in batch_size_ticks(64)] == ["1", "10", "20", "30", "40", "50", "60"]


def test_choosing_a_token_redraws_with_its_rows(lab):
    before = lab.batch_size.curve_data()["bn d1"][1].copy()
    lab.token_combo.setCurrentIndex(1)  # 西安
    after = lab.batch_size.curve_data()["bn d1"][1]
    assert not np.allclose(before, after)
    np.testing.assert_allclose(after, batch_dependence(load_preset("xian"), 1).bn_rows[1:, 0])
    np.testing.assert_allclose(lab.batch_size.curve_data()["ln d1"][1], -1.446, atol=5e-4)
    assert "西安" in lab.batch_plot.plotItem.titleLabel.text
    assert "西安" in lab.one_token.text.text()


def test_single_token_text_explains_the_refusal_and_shows_eval_numbers(lab):
    lab.token_combo.setCurrentIndex(1)
    text = lab.one_token.text.text()
    assert "one value per channel" in text  # batch_norm's own message
    assert "variance is 0" in text
    lesson = single_token(load_preset("xian"), 1, 30)
    for value in lesson.eval_output:
        assert f"{value:.3f}".replace("-", "−") in text


def test_running_statistics_plot_follows_the_steps_spin_box(lab):
    s = load_preset("xian")
    data = lab.running_stats.curve_data()
    j = lab.running_stats.dimension_combo.currentIndex()
    stats = running_statistics(s, 30)
    assert len(data["running_mean"][0]) == 31
    np.testing.assert_allclose(data["running_var"][1], stats.running_var[:, j])
    np.testing.assert_allclose(data["batch_mean"][1], stats.batch_mean[j])
    lab.steps_spin.setValue(5)
    data = lab.running_stats.curve_data()
    assert len(data["running_mean"][0]) == 6
    np.testing.assert_allclose(data["running_mean"][1], running_statistics(s, 5).running_mean[:, j])
    assert "after 5 steps" in lab.running_stats.caption.text()
    lab.running_stats.dimension_combo.setCurrentIndex((j + 1) % 4)
    np.testing.assert_allclose(lab.running_stats.curve_data()["running_var"][1],
                               running_statistics(s, 5).running_var[:, (j + 1) % 4])


def test_wide_scenarios_plot_the_distance_and_say_the_tokens_were_capped(qtbot):
    lab = BatchNormLab()
    qtbot.addWidget(lab)
    lab.show_result(compute(load_preset("random"), stack=False))
    data = lab.batch_size.curve_data()
    assert set(data) == {"bn distance", "ln distance"}
    assert len(data["bn distance"][0]) == 63  # k = 2..64
    np.testing.assert_array_equal(data["ln distance"][1], 0.0)
    assert lab.token_combo.count() == 64
    assert "64 of the 128" in lab.batch_size.caption.text()


def test_a_single_token_scenario_is_shown_without_errors(qtbot):
    lab = BatchNormLab()
    qtbot.addWidget(lab)
    lab.show_result(compute(Scenario(np.array([[1.0, 2.0, 4.0]])), stack=False))
    assert "one value per channel" in lab.one_token.text.text()
    assert "can't train" in lab.running_stats.caption.text()
    assert lab.batch_size.curve_data()["ln d1"][0].tolist() == [1.0]


def test_retranslate_rereads_every_text_on_a_language_change(lab):
    lab.retranslate()
    assert lab.tabs.tabText(1) == "One token"
    translator = MarkingTranslator()
    QCoreApplication.installTranslator(translator)  # sends LanguageChange to every widget
    try:
        QCoreApplication.sendEvent(lab, QEvent(QEvent.Type.LanguageChange))
        assert lab.tabs.tabText(1) == "译:One token"
        assert lab.batch_plot.plotItem.titleLabel.text.startswith("译:")
        assert lab.batch_size.caption.text().startswith("译:")
        assert "译:Training mode: refused" in lab.one_token.text.text()
        assert lab.running_stats.caption.text().startswith("译:")
        legend_texts = [label.text for _, label in lab.batch_plot.plotItem.legend.items]
        assert legend_texts and all(t.startswith("译:") for t in legend_texts)
    finally:
        QCoreApplication.removeTranslator(translator)
    QCoreApplication.sendEvent(lab, QEvent(QEvent.Type.LanguageChange))
    assert lab.tabs.tabText(1) == "One token"
