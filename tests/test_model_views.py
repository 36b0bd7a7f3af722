"""The Model tab's plots on the plot kit: an empty state that says what to do, MiniLM's real depth beside the
simulated stacks, the outlier strip's marked dimensions, figures in every format, and what-ifs redrawing them."""

import numpy as np
import pytest

from tests.model_fixtures import model_page, needs_model


@pytest.fixture
def empty_page(qtbot):
    page = model_page(qtbot)
    page.resize(1200, 800)
    page.show()
    return page


@pytest.fixture
def page(empty_page, qtbot):
    with qtbot.waitSignal(empty_page.source.simulated, timeout=60_000):
        empty_page.load("minilm")
    return empty_page


@pytest.fixture(scope="module")
def read_page(qapp):
    """A page with MiniLM loaded and simulated, shared by the module's tests that only read it (each
    load costs about 0.8 s); a test that changes the page takes ``page``."""
    import shiboken6
    from PySide6.QtCore import QEventLoop, QTimer

    from app.window.model_session import ModelSession
    from widgets.models.model_page import ModelPage

    session = ModelSession()
    shared = ModelPage(session)
    session.setParent(shared)
    shared.resize(1200, 800)
    shared.show()
    loop = QEventLoop()
    shared.source.simulated.connect(loop.quit)
    QTimer.singleShot(60_000, loop.quit)  # as page's timeout: the test then fails on what is missing
    shared.load("minilm")
    loop.exec()
    yield shared
    shared.close()
    shiboken6.delete(shared)


def test_before_a_load_each_plot_says_to_load_a_model_and_shows_no_numbers(empty_page):
    views = (empty_page.depth_view, empty_page.outlier_view, empty_page.scatter_view)
    assert all(view.note.text().startswith("Load a model") and view.note.isVisible() for view in views)
    for axis in ("left", "bottom"):
        assert empty_page.depth_view.getAxis(axis)._tickLevels == [[]]
        assert empty_page.scatter_view.getAxis(axis)._tickLevels == [[]]
    for axis in ("left", "bottom", "top"):
        assert empty_page.outlier_view.getAxis(axis)._tickLevels == [[]]
    assert empty_page.depth_view.key.names() == [] and empty_page.outlier_view.marked_dims() == []


def test_each_model_view_exports_as_png_svg_and_pdf_even_when_empty(empty_page, tmp_path):
    from widgets.plotkit.figure_export import FORMATS, export_widget

    for name, view in empty_page.figures().items():
        for fmt in FORMATS:
            path = export_widget(view, tmp_path / f"{name}.{fmt}")
            assert path.stat().st_size > 1000
    assert b"Load a model" in (tmp_path / "model_depth.svg").read_bytes()


@needs_model("minilm")
def test_minilm_draws_its_flat_real_depth_beside_simulated_pre_and_post_stacks(read_page):
    data = read_page.depth_view.data
    assert len(data["sim_pre"]) == len(data["rms"]) == 7
    assert data["sim_pre"][0] == pytest.approx(data["rms"][0], rel=1e-5)  # the same input: the embedding output
    assert np.all(np.diff(data["sim_pre"]) > 0) and data["sim_pre"][-1] > 2 * data["sim_pre"][1]  # Pre-Norm grows
    assert data["sim_post"][1:] == pytest.approx(1.0, abs=1e-3)  # Post-Norm: LayerNorm's output, RMS 1
    assert read_page.depth_view.key.names()[0] == "MiniLM (real) RMS"
    assert read_page.depth_view.note.text() == ""
    powers = [label for _, label in read_page.depth_view.getAxis("left")._tickLevels[0]]
    assert "1" in powers and "10" in powers  # the log axis labels its powers of ten


@needs_model("minilm")
def test_a_failed_simulation_says_the_engines_reason_on_the_depth_plot(empty_page, qtbot, monkeypatch):
    from engine.problem import Problem
    from engine.models import analysis

    def failing(x, norm, layers, heads=1):
        raise Problem("{layers} simulated layers need more memory than this machine has", layers=layers)

    monkeypatch.setattr(analysis, "simulated_depth", failing)
    with qtbot.waitSignal(empty_page.source.simulationFailed, timeout=60_000):
        empty_page.load("minilm")
    view = empty_page.depth_view
    assert view.note.text() == ("The simulated Pre-Norm and Post-Norm stacks failed: "
                                "6 simulated layers need more memory than this machine has")
    assert view.note.isVisible()
    assert "rms" in view.data and "sim_pre" not in view.data  # the real curves are drawn all the same


def test_log_ticks_label_powers_of_ten_and_two_and_five_only_over_few_decades():
    from widgets.models.real_depth_view import log_ticks

    major, minor = log_ticks(np.log10(0.2), np.log10(20))
    assert [label for _, label in major] == ["0.2", "0.5", "1", "2", "5", "10", "20"]  # three at least
    assert not any(label for _, label in minor)
    major, minor = log_ticks(-1.0, 4.0)
    assert [label for _, label in major] == ["0.1", "1", "10", "100", "1000", "10000"]
    assert not any(label for _, label in minor) and len(minor) == 5 * 8


@needs_model("minilm")
def test_the_outlier_strip_marks_dim_99_and_its_hover_names_the_token(read_page):
    view = read_page.outlier_view
    assert view.marked_dims()[0] == 99 and "d99" in view.getAxis("top").toolTip()
    assert "“" in view.getAxis("top").toolTip()  # the token's label is named
    strip = view.shown_image()  # pooled to the view's pixels: dim 99 still sets its column's colour
    by = -(-384 // strip.shape[1])
    assert strip.shape[0] == 7 and strip[:, 99 // by].max() == pytest.approx(strip.max())


def test_pooling_the_strip_to_the_screen_keeps_a_single_outlier_column():
    from widgets.plotkit.decimate import pooled_columns

    strip = np.ones((2, 7))
    strip[1, 5] = 100.0
    pooled = pooled_columns(strip, 3)
    assert pooled.shape == (2, 3) and pooled[1, 1] == 100.0 and pooled[0].tolist() == [1.0, 1.0, 1.0]
    assert pooled_columns(strip, 1) is strip


@needs_model("minilm")
def test_chinese_text_shows_minilms_unknown_tokens_honestly(page, qtbot):
    page.text.setText("今天天气")
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.text.returnPressed.emit()  # Enter in the text field runs
    labels = [label for label, _ in page.token_table.cells()]
    assert labels[0] == "[CLS]" and "[UNK]" in labels
    column = labels.index("[UNK]")
    assert "vocabulary" in page.token_table.item(0, column).toolTip()


@needs_model("minilm")
def test_a_what_if_redraws_the_depth_key_the_strip_and_the_effect(page, qtbot):
    page.choose_place(("norm", 3, "ffn_norm"))
    before = page.outlier_view.shown_image().copy()
    page.action.setCurrentIndex(page.action.findData("zero_input"))
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.apply_button.click()
    assert "RMS, what-if" in page.depth_view.key.names()
    assert "sim_pre" in page.depth_view.data  # the simulated stacks stay: the input is the same
    after = page.outlier_view.shown_image()
    assert np.array_equal(after[:4], before[:4]) and not np.array_equal(after[4:], before[4:])
    assert page.edits_label.text() == "1 what-if(s) applied"


@needs_model("minilm")
def test_every_control_of_the_tab_has_a_tooltip(read_page):
    controls = (read_page.model_choice, read_page.load_button, read_page.open_button, read_page.cancel_button, read_page.text,
                read_page.run_button, read_page.place, read_page.grid_button, read_page.action, read_page.dim, read_page.value,
                read_page.apply_button, read_page.undo_button, read_page.clear_button, read_page.token_table)
    assert all(control.toolTip() for control in controls)


@needs_model("minilm")
@pytest.mark.window(shown=False)
def test_the_window_lists_the_model_plots_as_figures_once_the_tab_is_built(window, tmp_path):
    assert "model_depth" not in window.figures()  # start-up doesn't build the tab
    assert window.files.figures.export_figure("model_outliers", tmp_path / "strip.svg")  # builds it on demand
    assert {"model_depth", "model_outliers", "model_norm_fit"} <= set(window.figures())
    assert (tmp_path / "strip.svg").stat().st_size > 1000
    menu = window.figures()["model_depth"].scene().contextMenu
    assert [action.text() for action in menu] == ["Export…", "Copy image"]


@pytest.mark.slow
@needs_model("smollm2")
def test_smollm2_grows_with_depth_and_marks_its_massive_activation(empty_page, qtbot):
    empty_page.text.setText("我吃了一个苹果")
    with qtbot.waitSignal(empty_page.source.simulated, timeout=120_000):
        empty_page.load("smollm2")
    data = empty_page.depth_view.data
    assert len(data["rms"]) == 31 and data["rms"][-1] > 10 * data["rms"][1]
    assert empty_page.depth_view.key.names()[0] == "SmolLM2 (real) RMS"
    assert 507 in empty_page.outlier_view.marked_dims()
    assert "[UNK]" not in [label for label, _ in empty_page.token_table.cells()]


@needs_model("minilm")
def test_after_a_load_the_what_if_follows_the_first_place_and_its_largest_dimension(read_page):
    assert read_page.place.currentText() == "embedding norm" and read_page.dim.value() == 99
    assert read_page.action.currentData() == "zero_input"


def test_a_narrow_tab_stacks_the_place_and_what_if_panels(empty_page, qtbot):
    from PySide6.QtWidgets import QBoxLayout

    from widgets.models.model_page import NARROW

    empty_page.resize(NARROW - 200, 800)
    qtbot.waitUntil(lambda: empty_page._boxes.direction() == QBoxLayout.Direction.TopToBottom)
    qtbot.waitUntil(lambda: empty_page.minimumSizeHint().width() < NARROW - 200)  # stacked, it fits
    empty_page.resize(NARROW + 300, 800)
    qtbot.waitUntil(lambda: empty_page._boxes.direction() == QBoxLayout.Direction.LeftToRight)
