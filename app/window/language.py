"""The UI language: English (the source texts) or Simplified Chinese, switchable while running.

The language belongs to the application, not to a window: the translators are installed once
per process. Installing or removing them makes Qt send every widget a LanguageChange event;
each view then re-reads its texts (``retranslate``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from engine.problem import QT_TRANSLATE_NOOP
from engine.resources import resource_path

TRANSLATIONS = resource_path("translations")
CHOICES = ("system", "en", "zh_CN")

_installed: list[QTranslator] = []

#: Qt's own words (QFileDialog's) that the qtbase_zh_CN.qm shipped with PySide6 6.11 lacks: Qt 6.11 gave
#: these labels a mnemonic, and the shipped file still has only "Look in:" and "Files of type:". Listed
#: here, they are translated in NormScope's own .ts, whose translator Qt asks after Qt's.
QT_WORDS_MISSING_IN_QTBASE = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)


def effective_language(choice: str) -> str:
    """``"zh_CN"`` or ``"en"``: "system" follows the system locale."""
    if choice == "system":
        return "zh_CN" if QLocale.system().name().startswith("zh") else "en"
    return choice


def current_language() -> str:
    return "zh_CN" if _installed else "en"


def apply_language(choice: str) -> str:
    """Switch the whole UI to ``choice`` ("system", "en" or "zh_CN"); return the language used."""
    app = QApplication.instance()
    language = effective_language(choice if choice in CHOICES else "system")
    while _installed:
        app.removeTranslator(_installed.pop())
    if language == "zh_CN":
        for name, folder in (("normscope_zh_CN", TRANSLATIONS),
                             ("qtbase_zh_CN", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))):
            translator = QTranslator(app)
            if translator.load(name, str(folder)):
                app.installTranslator(translator)
                _installed.append(translator)
    QLocale.setDefault(QLocale(QLocale.Language.Chinese if language == "zh_CN" else QLocale.Language.English))
    # Deliver the LanguageChange events now, so the whole UI is retranslated when this returns.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    return language
