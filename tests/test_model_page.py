"""The Model tab: load MiniLM off the UI thread, run a sentence, pick a norm, zero dim 99, undo."""

import numpy as np
import pytest

from tests.model_fixtures import model_page, needs_model

pytestmark = needs_model("minilm")


@pytest.fixture
def page(qtbot):
    page = model_page(qtbot)
    page.resize(1200, 800)
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load("minilm")
    return page


def choose(page, place):
    page.choose_place(place)


def test_loading_minilm_shows_its_tokens_and_a_flat_post_ln_depth(page):
    cells = page.token_table.cells()
    assert cells[1] == ("the", 1996) and cells[0][0] == "[CLS]"
    rms = page.depth_view.data["rms"]
    assert len(rms) == 7 and rms.max() < 2 * rms.min()
    assert page.outlier_view.outliers[0].dim == 99


def test_layer_3s_ffn_norm_shows_dim_99_and_its_tanh_shape(page):
    choose(page, ("norm", 3, "ffn_norm"))
    assert page.dim.value() == 99
    assert "dim 99" in page.state_info.text() and "mean" in page.beta_info.text()
    assert page.scatter_view.fit.tanh_r2 > page.scatter_view.fit.line_r2


def test_zeroing_dim_99_changes_the_layers_above_and_undo_restores(page, qtbot):
    choose(page, ("norm", 3, "ffn_norm"))
    page.action.setCurrentIndex(page.action.findData("zero_input"))
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.apply_button.click()
    assert "rms_edit" in page.depth_view.data
    assert np.array_equal(page.depth_view.data["rms_edit"][:4], page.depth_view.data["rms"][:4])
    assert not np.allclose(page.depth_view.data["rms_edit"][4:], page.depth_view.data["rms"][4:])
    cosine = float(page.effect_label.text().rsplit("=", 1)[1])
    assert cosine < 0.9999
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.undo_button.click()
    assert "rms_edit" not in page.depth_view.data and float(page.effect_label.text().rsplit("=", 1)[1]) == 1.0


def test_empty_text_says_so_and_keeps_the_last_run(page):
    page.text.setText("  ")
    page.run_button.click()
    assert "empty" in page.status.text() and page.analysis is not None


def test_an_unknown_model_path_is_shown_not_raised(page, qtbot):
    with qtbot.waitSignal(page.source.failed, timeout=30_000):
        page.load("/no/such/model")
    assert "neither a model name" in page.status.text() and page.source.model is not None


def test_cancelling_a_load_says_so_and_keeps_the_model(page, qtbot, monkeypatch):
    import threading

    import app.window.model_session as runner_module

    started = threading.Event()

    def endless_load(source, progress):  # reports progress until the cancel makes it raise
        while True:
            progress(0.5)
            started.set()
            threading.Event().wait(0.01)

    monkeypatch.setattr(runner_module, "load_model", endless_load)
    page.load("smollm2")
    try:
        assert started.wait(10)
        assert not page.cancel_button.isHidden() and not page.progress.isHidden()
        with qtbot.waitSignal(page.source.failed, timeout=10_000):
            page.cancel_button.click()
    finally:
        page.source.cancel_load()  # never leave the endless load running
    assert page.status.text() == "Loading cancelled." and page.source.model.spec.family == "bert"
    assert page.cancel_button.isHidden() and page.progress.isHidden()


@pytest.mark.window(shown=False)
def test_the_main_window_has_a_model_tab_that_loads_a_state_into_the_token_grid(window, qtbot):
    from PySide6.QtGui import QAction

    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles[-1] == "Model" and window.findChild(QAction, "openMiniLM") is not None
    lazy = window.tabs.widget(window.tabs.count() - 1)
    assert lazy.content is None  # built when first opened
    with qtbot.waitSignal(lazy.ensure_built().source.analysed, timeout=30_000):
        lazy.content.load("minilm")
    page = lazy.content
    page.choose_place(("norm", 3, "ffn_norm"))
    page.grid_button.click()
    scenario = window.document.scenario
    assert scenario.matrix.shape == (8, 384) and scenario.labels[1] == "the" and scenario.norm == "layer"
    assert scenario.eps == pytest.approx(1e-12) and scenario.beta is not None
    title = window.windowTitle()  # it follows the grid: not "今天西安的天气怎么样 (6 × 4)" any more
    assert "MiniLM" in title and "(8 × 384)" in title and "6 × 4" not in title, title
    window.document.undo_stack.undo()
    assert window.document.scenario.matrix.shape == (6, 4)  # one undo step back to the preset
    assert "(6 × 4)" in window.windowTitle()
