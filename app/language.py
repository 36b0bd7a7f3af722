"""The UI language: English (the source texts) or Simplified Chinese, switchable while running.

Installing or removing a QTranslator makes Qt send every widget a LanguageChange event; each
view then re-reads its texts (``retranslate``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QObject, QTranslator
from PySide6.QtWidgets import QApplication

TRANSLATIONS = Path(__file__).resolve().parents[1] / "resources" / "translations"
CHOICES = ("system", "en", "zh_CN")


def effective_language(choice: str) -> str:
    """``"zh_CN"`` or ``"en"``: "system" follows the system locale."""
    if choice == "system":
        return "zh_CN" if QLocale.system().name().startswith("zh") else "en"
    return choice


class Language(QObject):
    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._installed: list[QTranslator] = []
        self.current = "en"

    def apply(self, choice: str) -> str:
        """Switch the whole UI to ``choice`` ("system", "en" or "zh_CN"); return the language used."""
        app = QApplication.instance()
        language = effective_language(choice if choice in CHOICES else "system")
        for translator in self._installed:
            app.removeTranslator(translator)
        self._installed = []
        if language == "zh_CN":
            for name, folder in (("normscope_zh_CN", TRANSLATIONS),
                                 ("qtbase_zh_CN", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))):
                translator = QTranslator(self)
                if translator.load(name, str(folder)):
                    app.installTranslator(translator)
                    self._installed.append(translator)
        QLocale.setDefault(QLocale(QLocale.Language.Chinese if language == "zh_CN" else QLocale.Language.English))
        self.current = language
        return language
