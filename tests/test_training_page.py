"""The Training tab: runs train on the worker, curves fill, pause and stop work, divergence is marked."""

import numpy as np
import pytest

from widgets.training.training_page import TrainingPage


@pytest.fixture
def page(qtbot):
    widget = TrainingPage()
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
    widget.shutdown()


def test_train_button_fills_the_loss_curve_and_heatmaps(page, qtbot):
    page.train_button.click()
    qtbot.waitUntil(lambda: page.histories[0].count == 25, timeout=20_000)
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
    qtbot.waitUntil(lambda: all(h.count == 25 for h in page.histories.values()), timeout=20_000)
    assert len(page.plots.loss_plot.runs) == 2
    assert page.run_choice.count() == 2
    a, b = (page.plots.loss_plot.runs[i].curve.getData()[1] for i in (0, 1))
    assert not np.array_equal(a, b)


def test_pause_holds_the_run_and_stop_ends_it(page, qtbot):
    page.form.steps.setValue(5000)
    page.train_button.click()
    qtbot.waitUntil(lambda: page.histories[0].count > 0, timeout=10_000)
    page.toggle_pause()
    assert page.pause_button.text() == "Continue"
    qtbot.wait(400)  # the step under way finishes and is reported
    held = page.histories[0].count
    qtbot.wait(300)
    assert page.histories[0].count == held
    page.toggle_pause()
    qtbot.waitUntil(lambda: page.histories[0].count > held, timeout=10_000)
    page.stop()
    qtbot.waitUntil(lambda: not page._thread.isRunning(), timeout=10_000)
    assert page.histories[0].count < 5000


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
    qtbot.waitUntil(lambda: page.histories[0].diverged_at is not None, timeout=20_000)
    k = page.histories[0].diverged_at
    qtbot.waitUntil(lambda: page.plots.loss_plot.diverged_label(0) == f"diverged at step {k}", timeout=5_000)
    mark_x, _ = page.plots.loss_plot.runs[0].mark.getData()
    assert list(mark_x) == [k]  # the mark sits at the step where the run turned NaN/inf
    assert "diverged at step" in page.status.text()


def test_bad_settings_are_said_in_the_status_not_raised(page):
    page.form.width.setValue(24)
    page.form.heads.setValue(5)
    page.train_button.click()
    assert not page.histories
    assert "multiple of heads" in page.status.text()


def test_the_training_lab_is_a_tab_of_the_main_window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    window = MainWindow("xian", QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    window.tabs.setCurrentIndex(titles.index("Training"))
    qtbot.waitUntil(lambda: getattr(window, "training_page", None) is not None)
    assert window.training_page.isVisible()
