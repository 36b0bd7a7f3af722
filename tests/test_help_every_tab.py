"""Help → What am I looking at? has an entry for every tab and dock, in English and in 简体中文."""

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

pytestmark = pytest.mark.window(shown=False)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_tab_and_dock_has_a_help_entry(window, monkeypatch, language):
    window.set_language(language)
    shown = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append((title, text)))
    titles = window.menus.help.view_titles()
    tabs = {window.tabs.tabText(i).replace("&", "") for i in range(window.tabs.count())}
    plots_tab = window.tr("Plots")  # its plots have entries of their own (μ and σ plot, depth, ...)
    assert len(tabs) >= 8 and tabs - {plots_tab} <= set(titles.values()), tabs - set(titles.values())
    # The docks: Tokens and γ / β, Settings, Hand calculation, Differences (A/B compare).
    assert {"grids", "settings", "hand_calc", "compare"} <= titles.keys()
    texts = {key: window.menus.help.explanation(key) for key in titles}
    for key, title in titles.items():
        window.findChild(QAction, f"help_{key}").trigger()
        assert shown[-1] == (title, texts[key]) and len(shown[-1][1]) > 60
    if language == "zh_CN":
        window.set_language("en")
        for key in ("activations", "training", "model", "grids", "settings"):
            assert window.menus.help.explanation(key) != texts[key]  # the Chinese was not the English
