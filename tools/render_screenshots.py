"""Render the README's screenshots offscreen: python tools/render_screenshots.py [out_dir].

Uses a throwaway settings file, so the user's remembered layout never leaks into the pictures.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.fonts import register_bundled_fonts  # noqa: E402
from app.main_window import MainWindow  # noqa: E402

SHOTS = {  # file name: (preset, settings changed before the shot)
    "main-window-xian-layernorm.png": ("xian", {}),
    "main-window-xian-batchnorm-post.png": ("xian", {"norm": "batch", "placement": "post"}),
    "main-window-apple.png": ("apple", {"layers": 24}),
}


def render(out_dir: Path) -> list[Path]:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (preset, changes) in SHOTS.items():
            settings = QSettings(str(Path(tmp) / f"{name}.ini"), QSettings.Format.IniFormat)
            window = MainWindow(preset, settings)
            for field, value in changes.items():
                window.document.set_setting(field, value)
            window.show()
            window.resize(1400, 860)
            window.document.wait_until_idle()
            QTest.qWait(300)  # let queued results and layouts settle
            path = out_dir / name
            window.grab().save(str(path))
            written.append(path)
            window.close()
    app.processEvents()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    for path in render(target):
        print(path)
