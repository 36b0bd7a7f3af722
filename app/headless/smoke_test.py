"""``normscope --smoke-test``: build the window, paint it once and exit 0, for CI and for a build's own test.

It also checks what a build can silently lose: the bundled CJK font (without it the export breaks) and the
Chinese translation (without it the app stays English without a word). Any of these missing: one line on
stderr and status 1. The user's settings are neither read nor written (a throwaway settings file).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

#: Longer than this without a paint counts as a failure (a hung start, not a slow one).
PAINT_TIMEOUT_MS = 60_000


class _FirstPaint(QObject):
    """Quits the event loop at the first Paint event any widget of the window receives."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.painted = False
        self._app = app

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            QTimer.singleShot(0, self._app.quit)  # after this paint completes
        return False


def _missing_resources() -> list[str]:
    from app.window.language import TRANSLATIONS
    from widgets.common.fonts import register_bundled_fonts
    from widgets.plotkit.bundled_font import BUNDLED_FAMILY

    missing = []
    if BUNDLED_FAMILY not in register_bundled_fonts():
        missing.append(f"the font {BUNDLED_FAMILY} (looked in {Path(TRANSLATIONS).parent / 'fonts'})")
    if not QTranslator().load("normscope_zh_CN", str(TRANSLATIONS)):
        missing.append(f"the Chinese translation (looked in {TRANSLATIONS})")
    return missing


def run_smoke_test(preset: str, shown: Callable[[], None] = lambda: None) -> int:
    started = time.perf_counter()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("NormScope")
    missing = _missing_resources()
    if missing:
        print("normscope --smoke-test: missing " + "; ".join(missing), file=sys.stderr)
        return 1
    from app.window.main_window import MainWindow

    with tempfile.TemporaryDirectory(prefix="normscope-smoke-") as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(preset, settings)
        first_paint = _FirstPaint(app)
        app.installEventFilter(first_paint)
        QTimer.singleShot(PAINT_TIMEOUT_MS, app.quit)
        window.show()
        shown()  # the command line's: the garbage collector back, as run_gui does (app/startup_collector.py)
        app.exec()
        app.removeEventFilter(first_paint)
        window.hide()
        if not first_paint.painted:
            print(f"normscope --smoke-test: the window did not paint within {PAINT_TIMEOUT_MS // 1000} s",
                  file=sys.stderr)
            return 1
        print(f"smoke test passed: window painted {time.perf_counter() - started:.2f} s after Qt started "
              f"({app.platformName()})")
        window.deleteLater()
    return 0
