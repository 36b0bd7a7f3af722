"""Render the README's screenshots offscreen: python tools/render_screenshots.py [out_dir [name ...]].

Names (e.g. training-lab.png) render only those. The training shot trains the 12-layer preset for
150 steps first (about a minute). The figures-*.png shots are exported figures (FIGURES), side by side.

Uses a throwaway settings file, so the user's remembered layout never leaks into the pictures.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDockWidget  # noqa: E402

from widgets.common.fonts import register_bundled_fonts  # noqa: E402
from app.window.main_window import MainWindow  # noqa: E402

TAB_PLOTS, TAB_BLOCK, TAB_GROUPS, TAB_BATCHNORM, TAB_SCALE, TAB_ACTIVATIONS, TAB_TRAINING = range(7)
#: file name: (preset, settings changed first, central tab, language, extra steps)
SHOTS = {
    "main-window-xian-layernorm.png": ("xian", {}, TAB_PLOTS, "en", ()),
    "main-window-xian-layernorm-zh.png": ("xian", {}, TAB_PLOTS, "zh_CN", ()),
    "main-window-xian-batchnorm-post.png": ("xian", {"norm": "batch", "placement": "post"}, TAB_PLOTS, "en", ()),
    "main-window-apple.png": ("apple", {"layers": 24}, TAB_PLOTS, "en", ()),
    "hand-calculation-xian.png": ("xian", {}, TAB_BLOCK, "en", ("hand_calc", "stage:norm1")),
    "hand-calculation-xian-zh.png": ("xian", {}, TAB_BLOCK, "zh_CN", ("hand_calc", "stage:norm1")),
    "groups-batchnorm.png": ("xian", {"norm": "batch"}, TAB_GROUPS, "en", ()),
    "groups-layernorm-zh.png": ("xian", {}, TAB_GROUPS, "zh_CN", ()),
    "batchnorm-problems.png": ("xian", {}, TAB_BATCHNORM, "en", ()),
    "batchnorm-problems-zh.png": ("xian", {}, TAB_BATCHNORM, "zh_CN", ()),
    "scale-invariance.png": ("apple", {}, TAB_SCALE, "en", ()),
    "scale-invariance-zh.png": ("apple", {}, TAB_SCALE, "zh_CN", ()),
    "presentation-dark.png": ("xian", {}, TAB_PLOTS, "en", ("dark", "presentation")),
    "main-window-xian-peri.png": ("xian", {"placement": "peri", "layers": 12}, TAB_PLOTS, "en", ()),
    "activations.png": ("xian", {}, TAB_ACTIVATIONS, "en", ()),
    "training-lab.png": ("xian", {}, TAB_TRAINING, "en", ("train:300",)),
    "compare-layernorm-vs-rmsnorm.png": ("xian", {"layers": 12}, TAB_PLOTS, "en",
                                ("pin", "set:norm=rms", "dock:differencesDock")),
}


def _prepare(window: MainWindow, steps) -> None:
    for step in steps:
        if step == "hand_calc":
            window.findChild(QDockWidget, "handCalcDock").raise_()
            window.token_grid.setCurrentIndex(window.token_grid.model().index(1, 0))
        elif step.startswith("stage:"):
            window.teaching.block_page.flow.select_stage(step.split(":")[1])
        elif step == "pin":  # A/B compare: the settings so far as A
            window.document.wait_until_idle()
            window.document.pin()
        elif step.startswith("set:"):
            field, value = step.removeprefix("set:").split("=")
            window.document.set_setting(field, type(getattr(window.document.scenario, field))(value))
        elif step.startswith("dock:"):
            window.findChild(QDockWidget, step.removeprefix("dock:")).raise_()
        elif step == "dark":
            window.set_theme("dark")
        elif step == "presentation":
            window.presentation.set_enabled(True)
        elif step.startswith("train:"):
            _train_preset(window, int(step.split(":")[1]))


def _train_preset(window: MainWindow, steps: int) -> None:
    """The 12-layer preset trained for ``steps`` steps, the Post-LN run without warmup chosen, and samples of it."""
    QTest.qWait(100)  # the tab is built when shown
    page = window.teaching.training_page
    page.form.steps.setValue(steps)
    page.start_preset("post_vs_pre_12")
    while window.training.running():
        _run_events(200)
    _run_events(300)
    page.run_choice.setCurrentIndex(0)
    page.sample_chosen_run()
    while "— 3 —" not in page.samples.toPlainText():
        _run_events(200)


def _run_events(ms: int) -> None:
    """Run the event loop for ``ms``: QTest.qWait holds Python's lock while it sleeps, which
    starves the training worker (one step in seconds)."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


#: Exported figures side by side, each exported at its size and DPI, shown in the README at ``WIDTH``:
#: file name: (preset, stacks drawn, [(figure, FigureOptions arguments)]).
FIGURES = {
    "figures-column-600dpi-publication.png": (
        "apple", "none,pre,post,peri,deepnorm,mixln",
        [("depth", (8.5, 6.4, "cm", 600, True)), ("grad", (8.5, 6.4, "cm", 600, True))]),
    "figures-stages-column-and-17x6cm.png": (
        "apple", None, [("stages", (8.5, 6.4, "cm", 600, True)), ("stages", (17, 6, "cm", 600, True))]),
}
FIGURE_SHOT_HEIGHT = 560  # pixels of the README picture; each figure scaled to it, side by side


def render_figures(out_dir: Path, names=()) -> list[Path]:
    """The README's pictures of exported figures (FIGURES), drawn as ``export`` draws them."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter

    from app.headless.export_command import headless_window
    from engine.setup.presets import load_preset
    from widgets.plotkit.figure_export import FigureOptions, export_widget

    written = []
    for name, (preset, stacks, figures) in FIGURES.items():
        if names and name not in names:
            continue
        with headless_window(load_preset(preset), tuple(stacks.split(",")) if stacks else None) as window, \
                tempfile.TemporaryDirectory() as tmp:
            images = []
            for i, (figure, options) in enumerate(figures):
                png = Path(tmp) / f"{i}.png"
                export_widget(window.figures()[figure], png, FigureOptions(*options))
                images.append(QImage(str(png)).scaledToHeight(FIGURE_SHOT_HEIGHT, Qt.TransformationMode.SmoothTransformation))
        gap = 24
        shot = QImage(sum(image.width() for image in images) + gap * (len(images) - 1), FIGURE_SHOT_HEIGHT,
                      QImage.Format.Format_RGB32)
        shot.fill(0xFFFFFFFF)
        painter = QPainter(shot)
        x = 0
        for image in images:
            painter.drawImage(x, 0, image)
            x += image.width() + gap
        painter.end()
        path = out_dir / name
        shot.save(str(path))
        written.append(path)
    return written


def render(out_dir: Path, names=()) -> list[Path]:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (preset, changes, tab, language, steps) in SHOTS.items():
            if names and name not in names:
                continue
            settings = QSettings(str(Path(tmp) / f"{name}.ini"), QSettings.Format.IniFormat)
            window = MainWindow(preset, settings)
            for field, value in changes.items():
                window.document.set_setting(field, value)
            window.set_language(language)
            window.tabs.setCurrentIndex(tab)
            window.show()
            window.resize(1400, 860)
            _prepare(window, steps)
            window.document.wait_until_idle()
            QTest.qWait(300)  # let queued results and layouts settle
            path = out_dir / name
            window.grab().save(str(path))
            written.append(path)
            window.presentation.set_enabled(False)
            window.set_language("en")
            window.close()
    app.processEvents()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    for path in [*render(target, sys.argv[2:]), *render_figures(target, sys.argv[2:])]:
        print(path)
