"""The Model tab and the Model menu of the main window, added by ``install_model_tab(window)``.

The tab (widgets.models.model_page) is built when first opened, so start-up imports none of it. "Show
in the token grid" loads the chosen hidden state, its labels and the norm's γ/β/ε into the document
as one undo step, where every other view works on it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

from widgets.common.lazy_page import LazyPage


def show_state_in_grid(window, state: dict) -> bool:
    """Load a hidden state from the Model tab into ``window``'s document (one undo step)."""
    changes = {"matrix": state["matrix"].astype("float32"), "labels": tuple(state["labels"]),
               "gamma": state["gamma"], "beta": state["beta"], "heads": 1}
    if state["norm"] in ("layer", "rms"):
        changes.update(norm=state["norm"], eps=float(state["eps"]))
    text = QCoreApplication.translate("ModelTab", "Model state: {place}").format(place=state["title"])
    return window.document.set_fields(changes, text)


def _add_figure_menus(window, page) -> None:
    """Right-click Export… and Copy image on each of the tab's plots, as on the Plots tab's."""
    translate = QCoreApplication.translate
    for name, view in page.figures().items():
        export, copy = QAction(window), QAction(window)
        for action, text in ((export, lambda: translate("ModelTab", "Export…")),
                             (copy, lambda: translate("ModelTab", "Copy image"))):
            window._texts.bind(action, text)
            action.setText(text())  # the tab is built after the window's texts were applied
        export.triggered.connect(lambda _=False, n=name: window.files.export_figure_dialog(n))
        copy.triggered.connect(lambda _=False, n=name: window.files.copy_figure(n))
        view.scene().contextMenu = [export, copy]


def install_model_tab(window) -> LazyPage:
    """Add the Model tab and menu to ``window`` (a MainWindow); returns the tab's lazy page."""

    def build():
        from widgets.models.model_page import ModelPage

        page = ModelPage()
        page.hiddenStateChosen.connect(lambda state: show_state_in_grid(window, state))
        _add_figure_menus(window, page)
        return window._built((page, []))

    lazy = LazyPage(build)
    lazy.setObjectName("modelTab")
    # The window's exportable figures (File → Export plot, right-click Export…) include the tab's plots.
    window.model_figures = lambda build=False: (lazy.ensure_built().figures() if build or lazy.content is not None
                                                else {})
    window.tabs.addTab(lazy, "")
    window._tab_titles.append(lambda: QCoreApplication.translate("ModelTab", "Model"))
    # Only once the window really closes (not when a Save / Discard / Cancel question is cancelled).
    window.closing.connect(lambda: lazy.content is not None and lazy.content.runner.shutdown())

    def page():
        window.tabs.setCurrentWidget(lazy)
        return lazy.ensure_built()

    translate = QCoreApplication.translate
    menu = window._texts.bind(window.menuBar().addMenu(""), lambda: translate("ModelTab", "&Model"))
    for text, slot, name in (
        (lambda: translate("ModelTab", "&Open model…"), lambda: page().open_dialog(), "openModel"),
        (lambda: translate("ModelTab", "MiniLM (BERT, Post-LN)"), lambda: page().load("minilm"), "openMiniLM"),
        (lambda: translate("ModelTab", "SmolLM2-135M (Llama, Pre-RMSNorm)"), lambda: page().load("smollm2"),
         "openSmolLM2"),
    ):
        action = window._texts.bind(QAction(window), text)
        action.setObjectName(name)
        action.triggered.connect(slot)
        menu.addAction(action)
    return lazy
