"""The Training tab: runs train on the worker, curves fill, pause and stop work, divergence is marked."""

import numpy as np
import pytest

from app.window.training_session import TrainingSession
from widgets.common.lazy_page import LazyPage
from widgets.training.training_page import TrainingPage


def histories(page) -> dict:
    """The runs' histories by id, as the page's source keeps them."""
    return {run_id: record.history for run_id, record in page.source.runs().items()}


@pytest.fixture
def page(qtbot):
    widget = TrainingPage(TrainingSession())
    qtbot.addWidget(widget)
    f = widget.form
    f.layers.setValue(2)
    f.width.setValue(16)
    f.heads.setValue(2)
    f.batch.setValue(4)
    f.seq.setValue(8)
    f.steps.setValue(25)
    f.data.setCurrentIndex(f.data.findData("reverse"))
    yield widget
    widget.source.shutdown()


def test_train_button_fills_the_loss_curve_and_heatmaps(page, qtbot):
    page.train_button.click()
    qtbot.waitUntil(lambda: histories(page)[0].count == 25, timeout=20_000)
    qtbot.waitUntil(lambda: not page.stop_button.isEnabled(), timeout=5_000)
    curve = page.plots.loss_plot.runs[0].curve
    x, y = curve.getData()
    assert len(x) == 25 and np.all(np.isfinite(y))
    image = page.plots.heatmaps["layer_grad_norm"].image.image
    assert image.shape == (2, 25)  # layers × steps
    assert page.plots.loss_plot.entropy_line.isVisible()
    assert page.progress.value() == page.progress.maximum() == 25


def test_two_runs_with_other_seeds_are_overlaid(page, qtbot):
    page.train_button.click()
    page.form.seed.setValue(1)
    page.train_button.click()
    qtbot.waitUntil(lambda: all(h.count == 25 for h in histories(page).values()), timeout=20_000)
    assert len(page.plots.loss_plot.runs) == 2
    assert page.run_choice.count() == 2
    a, b = (page.plots.loss_plot.runs[i].curve.getData()[1] for i in (0, 1))
    assert not np.array_equal(a, b)


def test_pause_holds_the_run_and_stop_ends_it(page, qtbot):
    page.form.steps.setValue(5000)
    page.train_button.click()
    qtbot.waitUntil(lambda: histories(page)[0].count > 0, timeout=10_000)
    page.source.toggle_pause()
    assert page.pause_button.text() == "Continue"
    qtbot.wait(400)  # the step under way finishes and is reported
    held = histories(page)[0].count
    qtbot.wait(300)
    assert histories(page)[0].count == held
    page.source.toggle_pause()
    qtbot.waitUntil(lambda: histories(page)[0].count > held, timeout=10_000)
    page.source.stop()
    qtbot.waitUntil(lambda: not page.source.running(), timeout=10_000)
    assert histories(page)[0].count < 5000


def test_diverging_run_is_marked_on_its_curve(page, qtbot):
    f = page.form
    f.layers.setValue(4)
    f.norm.setCurrentIndex(f.norm.findData("none"))
    f.placement.setCurrentIndex(f.placement.findData("pre"))
    f.lr.setValue(1.0)
    f.steps.setValue(60)
    f.batch.setValue(16)
    f.seq.setValue(32)
    f.data.setCurrentIndex(f.data.findData("copy"))
    f.init.setCurrentIndex(f.init.findData("torch"))
    page.train_button.click()
    qtbot.waitUntil(lambda: histories(page)[0].diverged_at is not None, timeout=20_000)
    k = histories(page)[0].diverged_at
    qtbot.waitUntil(lambda: page.plots.loss_plot.diverged_label(0) == f"diverged at step {k}", timeout=5_000)
    mark_x, _ = page.plots.loss_plot.runs[0].mark.getData()
    assert list(mark_x) == [k]  # the mark sits at the step where the run turned NaN/inf
    assert "diverged at step" in page.status.text()


def test_bad_settings_are_said_in_the_status_not_raised(page):
    page.form.width.setValue(24)
    page.form.heads.setValue(5)
    page.train_button.click()
    assert not histories(page)
    assert "multiple of heads" in page.status.text()


def test_the_training_lab_is_a_tab_of_the_main_window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.window.main_window import MainWindow

    window = MainWindow("xian", QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    window.tabs.setCurrentIndex(titles.index("Training"))
    qtbot.waitUntil(lambda: window.tabs.currentWidget().content is not None)  # built when first shown
    assert window.teaching.training_page.isVisible()


def _train_once(page, qtbot):
    page.train_button.click()
    qtbot.waitUntil(lambda: histories(page)[0].count == 25, timeout=20_000)
    qtbot.waitUntil(lambda: not page.stop_button.isEnabled(), timeout=5_000)


def test_exported_csv_is_the_headless_train_log_of_the_same_settings(page, qtbot, tmp_path):
    from app.cli import main

    page.form.warmup.setValue(5)
    _train_once(page, qtbot)
    page.source.export_csv(0, tmp_path / "gui.csv")
    assert main(["train", "--layers", "2", "--width", "16", "--heads", "2", "--batch", "4", "--seq", "8",
                 "--data", "reverse", "--steps", "25", "--warmup", "5", "--out", str(tmp_path / "cli")]) == 0
    # Same settings and seed: the same numbers, bit for bit, in the same columns.
    assert (tmp_path / "gui.csv").read_text(encoding="utf-8") == (tmp_path / "cli" / "train_log.csv").read_text(
        encoding="utf-8")


def test_sample_after_a_run_shows_text_from_its_model(page, qtbot):
    _train_once(page, qtbot)
    assert page.sample_button.isEnabled()
    page.sample_button.click()
    qtbot.waitUntil(lambda: "— 3 —" in page.samples.toPlainText(), timeout=20_000)
    assert page.names[0] in page.samples.toPlainText()


def test_figures_name_every_plot_of_the_tab(page):
    figures = page.figures()
    assert list(figures) == ["training_loss", "training_layer_grad_norm", "training_update_ratio",
                             "training_residual_rms", "training_max_logit"]
    assert figures["training_loss"] is page.plots.loss_plot


def test_empty_plots_say_what_to_do_and_show_no_numbers(page):
    loss = page.plots.loss_plot
    assert "Press Train" in loss.note.text()
    assert loss.getAxis("left")._tickLevels == [[]]
    for view in page.plots.heatmaps.values():
        assert "Press Train" in view.note.text()
        assert not view.colour_bar.view.isVisible()


def test_runs_loaded_from_a_session_show_their_curves_and_say_samples_need_a_rerun(page, qtbot):
    _train_once(page, qtbot)
    records = page.source.run_records()
    page.source.clear()
    assert not histories(page) and not page.plots.loss_plot.runs
    page.source.load_runs(records)
    (run_id,) = histories(page)  # a new id: a report still queued from the old worker can't reach it
    x, y = page.plots.loss_plot.runs[run_id].raw.getData()
    np.testing.assert_array_equal(y, records[0].history.loss[:25])
    assert page.plots.heatmaps["residual_rms"].image.image.shape == (2, 25)
    assert not page.sample_button.isEnabled()
    assert "weights are not saved" in page.sample_button.toolTip()
    assert "weights are not" in page.status.text()


def test_choice_lists_are_the_engines_and_the_deepnorm_preset_follows_the_engine(monkeypatch):
    from engine.training import settings as engine_settings
    from widgets.training import settings_form
    from widgets.training.settings_form import SettingsForm

    form = SettingsForm()
    for combo, choices in ((form.norm, engine_settings.NORMS), (form.placement, engine_settings.PLACEMENTS),
                           (form.init, engine_settings.INITS)):
        assert tuple(combo.itemData(i) for i in range(combo.count())) == choices
    monkeypatch.setattr(settings_form, "PLACEMENTS", ("pre", "post"))
    assert "deepnorm_24" not in settings_form.available_presets()
    monkeypatch.setattr(settings_form, "PLACEMENTS", ("pre", "post", "deepnorm"))
    assert "deepnorm_24" in settings_form.available_presets()
    assert {"post_vs_pre_12", "post_vs_pre_24"} <= set(settings_form.available_presets())


def test_a_session_saved_before_the_tab_was_opened_keeps_its_runs(qtbot, tmp_path, page):
    from PySide6.QtCore import QSettings

    from app.window.main_window import MainWindow

    _train_once(page, qtbot)
    page.form.seed.setValue(1)
    page.train_button.click()
    qtbot.waitUntil(lambda: histories(page)[1].count == 25 and not page.stop_button.isEnabled(), timeout=20_000)
    from engine.setup.presets import load_preset
    from engine.state.session import session_json

    path = tmp_path / "runs.normscope.json"
    path.write_text(session_json(load_preset("xian"), page.source.run_records()), encoding="utf-8")
    ini = QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat)
    window = MainWindow("apple", ini)
    qtbot.addWidget(window)
    assert window.files.sessions.open_session(path)
    assert window.findChild(LazyPage, "trainingTab").content is None  # the tab was never opened
    again = tmp_path / "again.normscope.json"
    assert window.files.sessions.save_session(again)
    other = MainWindow("apple", ini)
    qtbot.addWidget(other)
    other.show()
    assert other.files.sessions.open_session(again)
    titles = [other.tabs.tabText(i) for i in range(other.tabs.count())]
    other.tabs.setCurrentIndex(titles.index("Training"))
    qtbot.waitUntil(lambda: other.tabs.currentWidget().content is not None)
    shown = other.teaching.training_page
    assert len(shown.plots.loss_plot.runs) == 2
    for run_id, record in zip(histories(shown), page.source.run_records()):
        np.testing.assert_allclose(histories(shown)[run_id].loss[:25], record.history.loss[:25], rtol=5e-7)
    # Opened again while the tab is built: the tab shows that session's runs.
    assert other.files.sessions.save_session(again)
    assert other.files.sessions.open_session(again)
    assert len(other.training.runs()) == 2
    other.training.shutdown()


def test_a_hostile_training_section_refuses_the_whole_session_with_a_message(qtbot, tmp_path, monkeypatch):
    import json

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from app.window.main_window import MainWindow
    from engine.setup.presets import load_preset
    from engine.state.session import session_json

    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    document = json.loads(session_json(load_preset("apple")))
    document["training"] = {"runs": [{"settings": {"layers": "many"}}]}
    path = tmp_path / "bad.normscope.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    window = MainWindow("xian", QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert not window.files.sessions.open_session(path)
    assert window.document.scenario == load_preset("xian")  # the work is untouched
    (message,) = shown
    assert "bad.normscope.json" in message and "training run 1" in message and "settings.layers" in message


def test_new_training_runs_mark_the_window_unsaved_and_closing_asks(qtbot, tmp_path, monkeypatch):
    """New runs are unsaved work: the title marks it and closing asks about them, as about edits."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from app.window.main_window import MainWindow

    window = MainWindow("xian", QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.ask_before_discarding = True
    window.show()
    page = window.teaching.training_page
    assert not window.isWindowModified()
    page.form.steps.setValue(3)
    page.form.layers.setValue(1)
    page.start_runs([{}])
    assert window.isWindowModified()
    qtbot.waitUntil(lambda: not page.stop_button.isEnabled(), timeout=20_000)
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: asked.append(args) or QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert asked and "training runs" in asked[0][2]
    assert window.files.sessions.save_session(tmp_path / "runs")
    assert not window.isWindowModified()
    asked.clear()
    assert window.close() and not asked  # saved: nothing to ask


def test_the_form_offers_the_settings_that_decide_whether_post_ln_trains(qtbot):
    from engine.training.settings import QKV_XAVIER, SCHEDULES
    from widgets.training.settings_form import SettingsForm

    form = SettingsForm()
    qtbot.addWidget(form)
    assert [form.qkv_xavier.itemData(i) for i in range(form.qkv_xavier.count())] == list(QKV_XAVIER)
    assert [form.schedule.itemData(i) for i in range(form.schedule.count())] == list(SCHEDULES)
    form.qkv_xavier.setCurrentIndex(form.qkv_xavier.findData("separate"))
    form.schedule.setCurrentIndex(form.schedule.findData("inverse_sqrt"))
    chosen = form.settings()
    assert (chosen.qkv_xavier, chosen.schedule) == ("separate", "inverse_sqrt")
    other = SettingsForm()
    qtbot.addWidget(other)
    other.show_settings(chosen)
    assert other.settings() == chosen


def test_a_run_that_fails_midway_says_why_in_the_ui_language_and_keeps_its_curve(page, qtbot, monkeypatch):
    from engine.problem import QT_TRANSLATE_NOOP, Problem
    from engine.training.trainer import Trainer

    real_step = Trainer.step

    def failing_step(trainer):
        if trainer.steps_done == 5:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "Not enough memory for {what}."), what="the test")
        return real_step(trainer)

    monkeypatch.setattr(Trainer, "step", failing_step)
    page.train_button.click()
    qtbot.waitUntil(lambda: not page.stop_button.isEnabled(), timeout=20_000)
    assert "Training stopped: Not enough memory for the test." in page.status.text()
    assert "Problem" not in page.status.text()  # worded, not the exception's type
    assert histories(page)[0].count == 5


def test_runs_of_the_variants_are_named_as_the_papers_write_them(page):
    from engine.training.settings import TrainSettings
    from widgets.training.run_names import run_name

    assert run_name(TrainSettings(norm="dyt", placement="deepnorm", layers=24)) == \
        "DeepNorm-DyT, 24 layers, warmup 0, seed 0"
    assert run_name(TrainSettings(norm="rms", placement="peri")).startswith("Peri-RMSNorm")


def test_the_presets_sit_on_top_of_the_form_and_only_fill_it(page, qtbot):
    form = page.form
    label = form._layout.itemAt(0, form._layout.ItemRole.LabelRole).widget()
    assert form._layout.itemAt(0, form._layout.ItemRole.FieldRole).widget() is form.preset and label.text() == "Preset"
    form.preset.activated.emit(form.preset.findData("post_vs_pre_12"))  # as a click on the item does
    assert not histories(page) and not page.source.running()  # nothing trains before Train is pressed
    assert (form.layers.value(), form.placement.currentData(), form.warmup.value()) == (12, "post", 0)
    assert page.train_button.text() == "Train 3 runs" and form.preset_note.isVisibleTo(form)
    assert "Post-Norm, warmup 100, 12 layers" in form.preset_note.text()
    form.lr.setValue(2e-3)  # a setting the preset leaves alone: still the preset's runs
    form.steps.setValue(3)
    assert len(form.runs()) == 3
    page.train_button.click()
    qtbot.waitUntil(lambda: len(histories(page)) == 3 and all(h.count == 3 for h in histories(page).values()),
                    timeout=30_000)
    settings = [record.settings for record in page.source.runs().values()]
    assert [s.placement for s in settings] == ["post", "post", "pre"] and {s.lr for s in settings} == {2e-3}
    form.warmup.setValue(50)  # a setting the preset sets: the form is the user's own again
    assert form.preset.currentData() == "" and form.runs() == [{}] and page.train_button.text() == "Train"
    assert not form.preset_note.isVisibleTo(form)


def test_the_forms_ranges_are_the_declared_ones(page):
    from engine.training.settings import RANGES

    f = page.form
    for key in ("layers", "width", "heads", "warmup", "batch", "seq", "steps"):
        assert (getattr(f, key).minimum(), getattr(f, key).maximum()) == RANGES[key], key
    assert f.seed.maximum() == 2**31 - 1  # a QSpinBox's C int, below the declared 2³² − 1
    assert f.beta2.maximum() == 0.99999 < RANGES["beta2"][1]  # rounded down to what its decimals show


@pytest.mark.parametrize("change, message", [
    (dict(seq=1024), "this run needs about 6.8 GiB of memory (limit 1.0 GiB); the attention weights"),
    (dict(batch=1024, seq=1024), "lower seq, batch or heads"),
])
def test_a_run_too_big_for_the_memory_budget_is_refused_with_a_message_and_nothing_starts(page, change, message):
    page.form.layers.setValue(12)
    page.form.width.setValue(64)
    page.form.heads.setValue(4)
    page.form.batch.setValue(16)
    for key, value in change.items():
        getattr(page.form, key).setValue(value)
    page.train_button.click()
    assert not histories(page) and not page.source.running()
    assert message in page.status.text()


def test_bad_data_files_are_refused_in_the_status_and_nothing_starts(page, tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01" * 500)
    f = page.form
    f.data.setCurrentIndex(f.data.findData("file"))
    for name, why in (("pipe.txt", "is a pipe (FIFO)"), ("empty.txt", "is empty"), ("binary.txt", "NUL bytes")):
        f._file = str(tmp_path / name)
        page.train_button.click()
        assert not histories(page) and f"{name}: " in page.status.text() and why in page.status.text()


def test_a_second_run_that_would_not_fit_beside_the_first_is_refused(page, qtbot, monkeypatch):
    from engine.training import budget

    _train_once(page, qtbot)
    trainer = page.source._trainers[0]
    monkeypatch.setattr(budget, "MAX_TRAINING_BYTES", trainer.memory.total + trainer.memory.kept // 2)
    page.train_button.click()
    assert len(histories(page)) == 1 and "beside the" in page.status.text() and "clear the runs" in page.status.text()
    page.clear_button.click()
    page.train_button.click()  # alone, it fits
    assert len(histories(page)) == 1


def test_a_sample_that_would_take_too_long_is_refused_in_the_samples_box(page, qtbot, monkeypatch):
    from engine.training import budget

    _train_once(page, qtbot)
    monkeypatch.setattr(budget, "MAX_SAMPLE_SECONDS", 1e-9)
    page.sample_button.click()
    assert "sampling 360 characters from this model would take about" in page.samples.toPlainText()


def test_loss_curves_are_smoothed_with_the_raw_loss_faint_behind(page, qtbot):
    from engine.training.smoothing import trailing_mean

    _train_once(page, qtbot)
    loss = histories(page)[0].loss[:25]
    items = page.plots.loss_plot.runs[0]
    page.plots.smoothing.steps.setValue(5)  # as the person types it
    np.testing.assert_allclose(items.curve.getData()[1], trailing_mean(loss, 5))
    assert items.raw.isVisible() and items.raw.opts["pen"].color().alpha() < 100
    np.testing.assert_array_equal(items.raw.getData()[1], loss)
    page.plots.smoothing.steps.setValue(1)
    np.testing.assert_array_equal(items.curve.getData()[1], loss)
    assert not items.raw.isVisible() and page.plots.smoothing.steps.text() == "off"


def test_the_smoothing_is_remembered_across_starts(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.window.main_window import MainWindow

    ini = str(tmp_path / "n.ini")
    window = MainWindow("xian", QSettings(ini, QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.teaching.training_page.plots.smoothing.steps.setValue(37)
    window.close()
    again = MainWindow("xian", QSettings(ini, QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    page = again.teaching.training_page
    assert page.plots.smoothing.steps.value() == 37 and page.plots.loss_plot.smoothing == 37


def test_edit_undo_brings_back_the_runs_cleared_in_the_training_tab(window, qtbot):
    """Edit → Undo acts on the Training tab's stack while it is in front, and on the document's again
    once the token grid is clicked into."""
    from PySide6.QtGui import QAction

    from engine.training.settings import TrainSettings

    window.activateWindow()  # focus moves only within the active window
    qtbot.waitUntil(window.isActiveWindow)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    window.tabs.setCurrentIndex(titles.index("Training"))
    page = window.teaching.training_page
    window.training.start_runs([TrainSettings(steps=3, layers=1, width=16, heads=2, batch=2, seq=8, data="reverse")])
    qtbot.waitUntil(lambda: not window.training.running(), timeout=20_000)
    window.document.set_setting("layers", 4)
    page.clear_button.setFocus()  # as a click on it does
    qtbot.waitUntil(lambda: page.clear_button.hasFocus())
    page.clear_button.click()
    assert not window.training.runs() and page.run_choice.count() == 0
    undo = window.findChild(QAction, "undo")
    undo.trigger()
    assert len(window.training.runs()) == 1 and page.run_choice.count() == 1
    assert window.document.scenario.layers == 4  # the scenario's edit is still there
    window.token_grid.setFocus()
    qtbot.waitUntil(lambda: window.token_grid.hasFocus())
    undo.trigger()
    assert window.document.scenario.layers != 4 and len(window.training.runs()) == 1
