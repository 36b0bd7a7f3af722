"""Help → Lessons in the window, offscreen: a step is one undo step, Reveal shows the engine's number,
the answer follows a cell edit, the panel follows the language and stays in presentation mode."""

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from engine.results.compute import compute
from engine.setup.presets import load_preset


def settle(window):
    window.document.wait_until_idle()
    QApplication.processEvents()


def test_help_lessons_opens_the_first_article_lesson(window):
    window.findChild(type(window.lessons.action), "helpLessons").trigger()
    dock = window.findChild(QDockWidget, "lessonDock")
    assert dock.isVisible()
    panel = window.lessons.panel
    assert panel.heading.text() == "Step 1 of 9: Six tokens, four dimensions"
    assert panel.chooser.currentData() == "000-layernorm"


def test_each_step_is_one_undo_step_and_undo_restores_the_work(window):
    document = window.document
    document.set_setting("layers", 3)
    before, count = document.scenario, document.undo_stack.count()
    window.lessons.open("001-hand-calculation")  # step 1: the apple preset, row 2 selected
    assert document.undo_stack.count() == count + 1
    assert document.scenario == load_preset("apple")
    assert window.token_grid.currentIndex().row() == 2
    window.lessons.go_to(7)  # ε = 1
    assert document.undo_stack.count() == count + 2 and document.scenario.eps == 1.0
    window.lessons.panel.next.click()  # γ and β of their own, ε back to 1e-5: again one step
    assert document.undo_stack.count() == count + 3
    assert document.scenario.gamma.tolist() == [1.5, 1, 1, 1] and document.scenario.eps == 1e-5
    window.lessons.panel.back.click()
    assert document.undo_stack.count() == count + 4  # a state of its own, never relative to the step after
    for _ in range(4):
        document.undo_stack.undo()
    assert document.scenario == before


def test_reveal_shows_the_engine_s_number_and_judges_the_student_s(window):
    window.lessons.open("001-hand-calculation")
    window.lessons.go_to(1)  # σ of [2, 4, 6, 8]
    panel = window.lessons.panel
    assert "2.236" not in panel.verdict.text()  # predict first
    panel.answer_box.setText("2.24")
    panel.reveal_button.click()
    assert "Engine: <b>2.2361</b> (sigma[2])" in panel.verdict.text()
    assert "Yours: 2.24 ✓ (right within ±0.005)" in panel.verdict.text()
    panel.answer_box.setText("2.3")
    panel.answer_box.textEdited.emit("2.3")
    assert "✗" in panel.verdict.text()


def test_a_cell_edit_moves_the_answer(window):
    window.lessons.open("000-layernorm")  # step 1: μ of 西安
    panel = window.lessons.panel
    panel.reveal()
    assert "−0.3787" in panel.verdict.text()
    window.document.set_cells("matrix", 1, 0, [[1.0]])
    settle(window)
    expected = compute(window.document.scenario).norm.row_stats.mean_in[1]
    assert expected == pytest.approx((1.0 + 0.004 + 0.277 - 0.717) / 4, abs=1e-6)
    assert f"{expected:.4f}" in panel.verdict.text()
    assert "computed again" in panel.follows.text() and "You changed the state" in panel.follows.text()
    panel.again.click()  # back to the step's own state: the article's number
    assert "−0.3787" in panel.verdict.text() and "You changed" not in panel.follows.text()


def test_a_choice_follows_the_state_and_says_when_no_option_is_right(window):
    window.lessons.open("000-layernorm")
    window.lessons.go_to(3)  # σ of 今天: options 0.346, 0.543, 0.710, 0.915
    panel = window.lessons.panel
    panel.choices.button(2).click()
    panel.reveal()
    assert "Right option: 0.71" in panel.verdict.text() and "Yours: 0.71 ✓" in panel.verdict.text()
    window.document.set_cells("matrix", 0, 0, [[0.32, -1.07, 0.88, 0.05 + 3.0]])
    settle(window)
    assert "Right option: 0.915" in panel.verdict.text() and "✗" in panel.verdict.text()


def test_a_removed_row_is_said_not_crashed_on(window):
    window.lessons.open("000-layernorm")
    window.lessons.go_to(3)  # about row 0 … but ask for row 5 by removing rows
    window.lessons.go_to(0)  # μ of row 1
    window.lessons.panel.reveal()
    window.document.remove_tokens([1, 2, 3, 4, 5])
    settle(window)
    assert "row 1 is out of range (0 to 0)" in window.lessons.panel.verdict.text()


def test_the_panel_follows_the_language_switch_keeping_the_step(window):
    window.lessons.open("000-layernorm")
    window.lessons.go_to(4)
    panel = window.lessons.panel
    panel.reveal()
    count = window.document.undo_stack.count()
    window.set_language("zh_CN")
    assert panel.heading.text() == "第 5 步，共 9 步：不归一化，数值会爆炸"
    assert panel.reveal_button.text() == "揭晓答案"
    assert "114.330" in panel.verdict.text() and panel.revealed
    assert window.document.undo_stack.count() == count  # the language changes no state
    window.set_language("en")
    assert panel.heading.text() == "Step 5 of 9: Without a norm, numbers explode"


def test_in_presentation_mode_the_plot_a_step_is_about_gets_the_room(window):
    window.presentation.set_enabled(True)
    try:
        window.lessons.open("000-layernorm")  # step 1: μ of 西安, on the μ/σ plot
        QApplication.processEvents()
        row_stats, depth = window.plots.row_stats_plot, window.plots.depth_plot
        assert window.plots.emphasized() == "row_stats" and row_stats.width() > depth.width()
        window.lessons.go_to(1)  # the hand calculation: its dock comes, even in presentation mode
        assert window.findChild(QDockWidget, "handCalcDock").isVisible()
        window.lessons.go_to(4)  # the toy's explosion, on the depth plot: the dock goes, the plots get the room
        QApplication.processEvents()
        assert not window.findChild(QDockWidget, "handCalcDock").isVisible()
        assert window.plots.emphasized() == "depth" and depth.width() > row_stats.width()
    finally:
        window.presentation.set_enabled(False)


def test_the_lesson_stays_in_presentation_mode(window):
    window.lessons.open()
    window.presentation.set_enabled(True)
    QApplication.processEvents()
    assert window.findChild(QDockWidget, "lessonDock").isVisible()
    assert not window.findChild(QDockWidget, "settingsDock").isVisible()
    window.lessons.panel.next.click()
    assert window.lessons.index == 1
    window.presentation.set_enabled(False)


def test_a_step_brings_its_view_to_the_front(window):
    window.lessons.open("004-block-and-training")
    assert window.tabs.currentWidget().objectName() == "blockTab"
    window.lessons.go_to(8)
    assert window.tabs.currentWidget().objectName() == "trainingTab"
    window.lessons.go_to(2)  # the hand calculation, under RMSNorm
    assert window.tabs.currentWidget() is window.plots
    assert window.findChild(QDockWidget, "handCalcDock").isVisible()
    assert window.document.scenario.norm == "rms"


def test_the_activations_step_shows_the_activation_it_names(window):
    lesson = "004-block-and-training"
    window.lessons.open(lesson)
    step = next(i for i, s in enumerate(window.lessons.lesson.steps) if s.state.view == "activations")
    window.lessons.go_to(step)
    assert window.document.scenario.activation == "swiglu"
    assert window.teaching.activations_view.current_key() == "swiglu"  # the tab's curve, not the first (Sigmoid)


def test_the_model_step_loads_the_model_it_names_or_says_it_is_not_installed(window, monkeypatch):
    from engine.models.installed import installed_path

    window.lessons.open("2020-modern-norms")
    last = len(window.lessons.lesson.steps) - 1
    if installed_path("minilm") is None:  # CI without the model package: the tab must say so
        window.lessons.go_to(last)
        page = window.tabs.currentWidget().ensure_built()
        assert "not installed" in page.status.text() and page.model_choice.currentData() == "minilm"
        return
    loads = []
    monkeypatch.setattr("app.window.model_session.ModelSession.load", lambda session, source, text: loads.append(source))
    window.lessons.go_to(last)
    page = window.tabs.currentWidget().ensure_built()
    assert window.tabs.currentWidget().objectName() == "modelTab" and loads == ["minilm"]
    assert page.model_choice.currentData() == "minilm"
    window.lessons.go_to(last)  # Set this step again: the model loaded (or loading) is kept
    assert loads == ["minilm"]
    monkeypatch.setattr("widgets.models.model_page.installed_path", lambda name: None)
    page._asked = None
    window.lessons.go_to(last)
    assert "MiniLM-L6 (all-MiniLM-L6-v2) is not installed" in page.status.text() and loads == ["minilm"]


def test_every_view_a_lesson_may_name_is_in_the_window(window):
    from app.window.lesson_views import VIEW_PLACES, show_view, view_figure
    from engine.lessons.step_state import VIEWS
    from widgets.common.lazy_page import LazyPage

    assert set(VIEW_PLACES) == set(VIEWS)
    for view, (tab, figure) in VIEW_PLACES.items():
        show_view(window, view)
        expected = window.plots if tab is None else window.tabs.findChild(LazyPage, tab)
        assert window.tabs.currentWidget() is expected, view
        assert view_figure(window, view) is (window if figure is None else window.figure(figure))


def test_a_presenter_s_clicker_walks_the_lesson(window, qtbot):
    from PySide6.QtCore import Qt

    window.lessons.open("000-layernorm")
    panel = window.lessons.panel
    panel.next.setFocus()
    qtbot.keyClick(panel.next, Qt.Key.Key_PageDown)
    assert window.lessons.index == 1
    qtbot.keyClick(panel.next, Qt.Key.Key_PageUp)
    qtbot.keyClick(panel.back if panel.back.isEnabled() else panel.next, Qt.Key.Key_PageUp)  # no step before 0
    assert window.lessons.index == 0


def test_help_lessons_again_brings_the_dock_back_at_the_same_step(window):
    window.lessons.action.trigger()
    window.lessons.go_to(3)
    dock = window.findChild(QDockWidget, "lessonDock")
    dock.close()
    window.lessons.action.trigger()
    assert dock.isVisible() and window.lessons.index == 3


def test_without_lesson_files_the_panel_says_so(window, monkeypatch):
    monkeypatch.setattr("engine.lessons.lesson_file.lesson_files", lambda folder=None: [])  # read at first opening
    window.lessons.open()
    assert window.lessons.panel.heading.text() == "This lesson can't be shown"
    assert "No lessons were found" in window.lessons.panel.text.text()
    assert window.document.undo_stack.count() == 0


def test_a_lesson_title_splits_into_its_name_and_what_it_is_about():
    from widgets.lessons.lesson_chooser import split_title

    assert split_title("Article 000: why normalize") == ("Article 000", "why normalize")
    assert split_title("第 000 篇：为什么要归一化") == ("第 000 篇", "为什么要归一化")
    assert split_title("My lesson") == ("My lesson", "")
    assert split_title("ratio 1:2 and more") == ("ratio 1:2 and more", "")  # a colon without a space
    assert split_title(": odd") == (": odd", "")


def _shows_whole(label) -> bool:
    """``label`` is as wide as its widest line (for a word-wrapped one, its longest word) and as high as its
    text needs at that width, and it lies inside its parent."""
    needed = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
    return (label.isVisible() and label.minimumSizeHint().width() <= label.width() and label.height() >= needed
            and label.geometry().right() < label.parentWidget().width())


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_in_presentation_mode_every_lesson_s_title_shows_whole_in_both_languages(window, size):
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    window.resize(*size)
    window.lessons.open()
    window.presentation.set_enabled(True)
    panel = window.lessons.panel
    chooser = panel.chooser
    for language in ("en", "zh_CN"):
        window.set_language(language)
        for name in [chooser.itemData(i) for i in range(chooser.count())]:
            window.lessons.choose(name)
            QApplication.processEvents()
            option = QStyleOptionComboBox()
            chooser.initStyleOption(option)
            face = chooser.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                                  QStyle.SubControl.SC_ComboBoxEditField, chooser)
            assert chooser.fontMetrics().horizontalAdvance(chooser.face_text()) <= face.width(), (language, name)
            assert panel.about.text() and _shows_whole(panel.about), (language, name)
            assert _shows_whole(panel.heading), (language, name)
            assert window.width() == size[0]  # no title pushed the window off the screen
        # The open list shows every whole title: it is wider than the dock, never wider than the screen.
        assert chooser.view().sizeHintForColumn(0) + 2 * chooser.view().frameWidth() <= size[0], language
