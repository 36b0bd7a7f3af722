"""The depth-laws caption in plain words, chosen by the curve's shape, and never cut in the window."""

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction

from engine.core.depth_laws import _shape
from widgets.plots.depth_laws_caption import SEPARATOR, plain_number

LAYERS = np.arange(11, dtype=float)


@pytest.mark.parametrize("rms, shape", [
    (1.6 ** LAYERS, "exponential"),  # the no-norm stack: a straight line on the log axis
    (np.sqrt(1.0 + LAYERS), "linear_rms2"),  # Pre-Norm: each layer adds about 1 to RMS²
    (np.r_[25.0, np.full(10, 1.0) + 0.01 * np.sin(LAYERS[1:])], "flat"),  # Post-Norm: 1 from layer 1 on
    (np.r_[1.0, 3.0, 1.0, 4.0, 1.0, 5.0, 1.0, 6.0, 1.0, 7.0, 1.0], ""),  # nothing simple: no words claimed
])
def test_the_shape_is_the_description_that_fits_the_curve(rms, shape):
    assert _shape(rms)[0] == shape


def test_numbers_read_as_a_student_reads_them():
    assert [plain_number(v) for v in (0.754, 3.26, 141.2, 647853.4, 2e16)] == ["0.75", "3.3", "141", "647,853", "2e+16"]


def test_six_stacks_and_a_pinned_a_never_cut_the_caption(qtbot, tmp_path):
    from app.window.main_window import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("plots/stacks", "none,pre,post,peri,deepnorm,mixln")
    window = MainWindow("apple", settings)
    qtbot.addWidget(window)
    window.resize(1400, 860)
    window.show()
    qtbot.waitUntil(lambda: len(window.depth_laws.text().split(SEPARATOR)) == 6, timeout=60_000)
    window.findChild(QAction, "comparePin").trigger()
    qtbot.waitUntil(lambda: not window.document.busy, timeout=60_000)
    caption = window.depth_laws
    assert caption.isVisible()
    entries = caption.text().split(SEPARATOR)
    assert len(entries) == 6 and entries[0].startswith("No norm: grows ×")
    assert "Post-Norm: stays flat" in caption.text()
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
    area = caption.rect().adjusted(0, 2, 0, -2)
    seen = []
    assert caption.page_count() >= 2  # six stacks at 1400 × 860 in English: more than two lines hold
    for page in range(caption.page_count()):  # a click shows the next page
        shown = caption.shown_text()
        assert caption.fontMetrics().boundingRect(area, flags, shown).height() <= area.height()  # no half line
        shown_entries = [e for e in shown.split(SEPARATOR) if "click or scroll for more" not in e]
        assert all(entry in entries for entry in shown_entries)  # whole entries only
        if caption.page_count() > 1:
            assert f"{page + 1}/{caption.page_count()}: click or scroll for more" in shown
        seen += shown_entries
        qtbot.mouseClick(caption, Qt.MouseButton.LeftButton)
    assert sorted(seen) == sorted(entries)  # every stack in the visible caption, each once
    assert caption.shown_text() == caption._pages[0]  # round again to the first page
    assert all(entry.split(":")[0] in caption.numbers() for entry in entries)  # and one hover away
