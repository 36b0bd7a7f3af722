"""GroupingView (which numbers a norm normalizes together), offscreen."""

import re

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QPointF, QTranslator

from engine.results.compute import compute
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from widgets.teaching.grouping_view import MAX_COLS, MAX_ROWS, GroupingView


def xian(**changes):
    return compute(load_preset("xian").replace(**changes), stack=False)


@pytest.fixture
def view(qtbot):
    w = GroupingView()
    qtbot.addWidget(w)
    w.resize(500, 360)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.mark.parametrize("norm, grouping, count", [
    ("layer", "rows", 6), ("rms", "rows", 6), ("batch", "columns", 4), ("none", "none", 0)])
def test_grouping_follows_the_norm(view, norm, grouping, count):
    view.show_result(xian(norm=norm))
    assert view.grouping() == grouping
    assert view.group_count() == count


def test_switching_norm_switches_the_grouping_and_caption(view):
    view.show_result(xian(norm="layer"))
    assert "row" in view.caption()
    view.show_result(xian(norm="batch"))
    assert view.grouping() == "columns" and "column" in view.caption()


def test_layer_norm_tooltip_of_xian_gives_its_mu_and_sigma(view):
    view.show_result(xian(norm="layer"))
    text = view.group_tooltip(1)
    assert "西安" in text
    assert "-0.379" in text or "−0.379" in text
    assert "0.543" in text
    assert "1.01" in text  # σ after γ/β: from row_stats.std_out, not 1


def test_batch_norm_tooltip_uses_the_column_statistics(view):
    result = xian(norm="batch")
    view.show_result(result)
    text = view.group_tooltip(1)
    assert "d2" in text
    assert f"{result.norm.col_stats.mean_in[1]:.3g}" in text   # -0.365
    assert f"{result.norm.col_stats.std_out[1]:.3g}" in text   # 0.8 = γ₂
    assert "西安" not in text


def test_group_at_maps_a_point_in_row_one_to_one(view):
    view.show_result(xian(norm="layer"))
    rect = view.group_rect(1)
    assert view.group_at(rect.center()) == 1
    assert view.group_at(QPointF(rect.right() - 2, rect.top() + 2)) == 1
    assert view.group_at(view.group_rect(0).center()) == 0
    assert view.group_at(QPointF(rect.left() - 10, rect.center().y())) == 1  # the token label
    assert view.group_at(QPointF(view.width() - 2, view.height() - 2)) is None


def test_group_at_maps_columns_under_batch_norm_and_nothing_without_a_norm(view):
    view.show_result(xian(norm="batch"))
    point = view.group_rect(2).center()
    assert view.group_at(point) == 2
    view.show_result(xian(norm="none"))
    assert view.group_at(point) is None
    assert view.group_tooltip(0) == ""


@pytest.mark.parametrize("norm", ["layer", "batch"])
def test_groups_are_separate_and_inside_the_widget(view, norm):
    view.show_result(xian(norm=norm))
    rects = [view.group_rect(i) for i in range(view.group_count())]
    for a, b in zip(rects, rects[1:]):
        assert not a.intersects(b)
    bounds = view.rect().toRectF()
    assert all(bounds.contains(r) for r in rects)


def test_a_large_matrix_is_clipped_to_sixteen_by_sixteen(view):
    matrix = np.random.default_rng(3).standard_normal((40, 100))
    view.show_result(compute(Scenario(matrix, norm="batch"), stack=False))
    assert view.group_count() == MAX_COLS
    assert "16 of 40" in view.caption() and "16 of 100" in view.caption()
    view.show_result(compute(Scenario(matrix, norm="rms"), stack=False))
    assert view.group_count() == MAX_ROWS
    assert view.group_at(view.group_rect(MAX_ROWS - 1).center()) == MAX_ROWS - 1
    view.grab()


def test_hovering_a_group_highlights_it(qtbot, view):
    view.show_result(xian(norm="layer"))
    qtbot.mouseMove(view, view.group_rect(3).center().toPoint())
    qtbot.waitUntil(lambda: view.hovered_group() == 3, timeout=1000)


class _Shouting(QTranslator):
    """A stand-in translation: every string in upper case (placeholders kept)."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return re.sub(r"[^{}]+(?=\{|$)", lambda m: m.group(0).upper(), source)

    def isEmpty(self):
        return False


def test_retranslate_rereads_caption_and_tooltips(qtbot, view):
    view.show_result(xian(norm="layer"))
    view.retranslate()
    assert view.caption().startswith("LayerNorm: each token")
    translator = _Shouting()
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: view.caption().startswith("LAYERNORM: EACH TOKEN"), timeout=2000)
        assert "BEFORE:" in view.group_tooltip(1) and "-0.379" in view.group_tooltip(1)
        view.grab()
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: view.caption().startswith("LayerNorm"), timeout=2000)
