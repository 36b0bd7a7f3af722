"""Open one view alone on a preset: ``python -m widgets.plots.depth_plot [preset]`` and the like."""

from __future__ import annotations

import sys
from typing import Callable

from PySide6.QtWidgets import QApplication, QWidget


def preview(make_view: Callable[[], QWidget], size: tuple[int, int] = (800, 450)) -> None:
    """Show ``make_view()`` with the Result of the preset named on the command line (default xian)."""
    from widgets.common.fonts import register_bundled_fonts
    from engine.results.compute import compute
    from engine.setup.presets import load_preset
    from widgets.plotkit.plot_style import use_light_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    use_light_theme()
    view = make_view()
    view.show_result(compute(load_preset(sys.argv[1] if len(sys.argv) > 1 else "xian")))
    view.resize(*size)
    view.show()
    app.exec()
