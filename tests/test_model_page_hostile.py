"""The Model tab with hostile models: a refusal is one line worded as a Problem, and the model loaded
before stays with its run; a NaN model is drawn with its non-finite values named."""

import os

import pytest

from tests import hostile_models as H
from tests.model_fixtures import model_page


@pytest.fixture
def page(qtbot):
    page = model_page(qtbot)
    page.resize(1200, 800)
    page.text.setText("hello world")
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(str(H.TINY))
    return page


def _load_refused(page, qtbot, source) -> str:
    with qtbot.waitSignal(page.source.failed, timeout=10_000):
        page.load(str(source))
    return page.status.text()


@pytest.mark.parametrize("case", ["fifo", "layers", "merges", "f8"])
def test_a_hostile_model_is_refused_in_one_line_and_the_last_model_stays(page, qtbot, tmp_path, case):
    before, trace = page.source.model, page.analysis
    if case == "fifo":
        source = tmp_path / "x.gguf"
        os.mkfifo(source)
        expected = "x.gguf: is a pipe (FIFO)"
    elif case == "layers":
        source = H.with_config(tmp_path / "model", "num_hidden_layers", 10**9)
        expected = "config.json: num_hidden_layers must lie in [1, 1024]"
    elif case == "merges":
        source = H.write_gguf(tmp_path / "m.gguf", dict(H.GGUF_REFUSED)["merges-integers"]())
        expected = "m.gguf: has tokenizer.ggml.merges as an array of numbers"
    else:
        source = H.with_tensors(tmp_path / "model", dict(H.TENSORS_REFUSED)["all-f8"])
        expected = "model.safetensors: is not a readable .safetensors file"
    text = _load_refused(page, qtbot, source)
    assert text.startswith(expected) and "\n" not in text and "Error" not in text, text
    assert page.source.model is before and page.analysis is trace and page.run_button.isEnabled()


def test_a_panicking_tokenizer_says_so_in_the_tab(page, qtbot, tmp_path):
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(str(H.with_tokenizer(tmp_path / "model", H.CATASTROPHIC_SPLIT)))
    trace = page.analysis
    page.text.setText(H.CATASTROPHIC_TEXT)
    page.run_button.click()
    assert page.status.text().startswith("The tokenizer failed on this text") and page.analysis is trace


def test_a_nan_model_is_drawn_and_its_non_finite_values_named(page, qtbot, tmp_path):
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(str(H.with_tensors(tmp_path / "model", dict(H.TENSORS_COMPUTED)["all-nan"])))
    assert "NaN or inf from the embedding output" in page.status.text()
    assert "NaN or inf" in page.depth_view.note.text() and "NaN or inf" in page.outlier_view.note.text()
    page.choose_place(("norm", 0, "attn_norm"))
    assert "NaN or inf" in page.scatter_view.note.text()
