"""The Model tab on a Gemma 3 model (the tiny random gemma3_text folder, so CI runs it): every one of the
six norms of a block is a place, a query norm's rows are its heads' vectors, and a what-if on it runs."""

import numpy as np
import pytest

from tests.model_fixtures import REFERENCE, model_page


@pytest.fixture
def page(qtbot):
    page = model_page(qtbot)
    page.resize(1200, 800)
    page.text.setText("Hi 你好!")
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.load(str(REFERENCE / "tiny_gemma3"))
    return page


def test_every_gemma_norm_is_a_place_named_for_what_it_does(page):
    texts = [page.place.itemText(i) for i in range(page.place.count())]
    assert list(page._places[1:7]) == [("norm", 0, name) for name in
                                 ("attn_norm", "q_norm", "k_norm", "post_attn_norm", "ffn_norm", "post_ffn_norm")]
    assert "block 0 · norm after the FFN" in texts and "block 1 · query norm (per head)" in texts
    assert "RMSNorm, Peri-LN" in page.status.text()


def test_a_query_norm_shows_one_row_per_head_and_token_and_takes_a_what_if(page, qtbot):
    page.choose_place(("norm", 1, "q_norm"))
    assert page.state_info.text().startswith("32 × 16")  # 4 heads × 8 tokens, head size 16
    page.action.setCurrentIndex(page.action.findData("zero_input"))
    page.dim.setValue(3)
    with qtbot.waitSignal(page.source.analysed, timeout=30_000):
        page.apply_button.click()
    edited, base = page.analysis.trace, page.analysis.base
    assert np.array_equal(edited.states[1], base.states[1]) and not np.allclose(edited.states[2], base.states[2])
    chosen = []
    page.hiddenStateChosen.connect(chosen.append)
    page.grid_button.click()
    assert chosen[0]["matrix"].shape == (32, 16) and len(chosen[0]["labels"]) == 32
    assert chosen[0]["labels"][8].startswith("h1·") and chosen[0]["gamma"].shape == (16,)
