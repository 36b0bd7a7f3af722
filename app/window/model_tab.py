"""The Model tab and the Model menu of the main window, added by ``install_model_tab(window)``.

The tab (widgets.models.model_page) is built when first opened, so start-up imports none of it; it draws
what its owner, a ModelSession (app/window/model_session.py), reports, and Ctrl+Z in the tab undoes the
session's steps (app/window/undo_routing.py). "Show
in the token grid" loads the chosen hidden state, its labels and the norm's γ/β/ε into the document
as one undo step, where every other view works on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction

if TYPE_CHECKING:
    from app.window.tab_host import TabHost
    from widgets.common.lazy_page import LazyPage


def show_state_in_grid(window: TabHost, state: dict) -> bool:
    """Load a hidden state from the Model tab into ``window``'s document (one undo step)."""
    changes = {"matrix": state["matrix"].astype("float32"), "labels": tuple(state["labels"]),
               "gamma": state["gamma"], "beta": state["beta"], "heads": 1}
    if state["norm"] in ("layer", "rms"):
        changes.update(norm=state["norm"], eps=float(state["eps"]))
    text = QCoreApplication.translate("ModelTab", "Model state: {place}").format(place=state["title"])
    # The window's title follows the grid: the model and the place, not the preset shown before.
    tokens, dims = changes["matrix"].shape
    changes["name"] = QCoreApplication.translate("ModelTab", "{model}: {place} ({tokens} × {dims})").format(
        model=state.get("model") or QCoreApplication.translate("ModelTab", "Model"), place=state["title"],
        tokens=tokens, dims=dims)
    return window.document.set_fields(changes, text)


def install_model_tab(window: TabHost) -> LazyPage:
    """Add the Model tab, its figures and the Model menu to ``window``; returns the tab's lazy page."""
    translate = QCoreApplication.translate

    def build():
        from app.window.model_session import ModelSession
        from widgets.models.model_page import ModelPage

        session = ModelSession(window)
        page = ModelPage(session)
        page.hiddenStateChosen.connect(lambda state: show_state_in_grid(window, state))
        window.add_undo_stack(lazy, session.undo_stack)
        return page

    lazy = window.add_lazy_tab("modelTab", lambda: translate("ModelTab", "Model"), build)
    # File → Export plot and Export all figures, and the plots' right-click menu, include the tab's plots.
    window.add_figures(lambda: {"model_depth": translate("ModelTab", "Real-depth plot (Model tab)"),
                                "model_outliers": translate("ModelTab", "Outlier strip (Model tab)"),
                                "model_norm_fit": translate("ModelTab", "Norm input → output plot (Model tab)"),
                                "model_sinks": translate("ModelTab", "Attention-sink map (Model tab)")},
                       lambda: lazy.content.figures(), lazy)
    # Only once the window really closes (not when a Save / Discard / Cancel question is cancelled).
    window.closing.connect(lambda: lazy.content is not None and lazy.content.source.shutdown())
    window.closing.connect(lambda: lazy.content is not None and lazy.content.installer.shutdown())  # a running pip

    def page():
        return window.show_tab(lazy)

    menu = window.add_menu(lambda: translate("ModelTab", "&Model"))
    for text, slot, name in (
        (lambda: translate("ModelTab", "&Open model…"), lambda: page().open_dialog(), "openModel"),
        (lambda: translate("ModelTab", "MiniLM (BERT, Post-LN)"), lambda: page().load("minilm"), "openMiniLM"),
        (lambda: translate("ModelTab", "SmolLM2-135M (Llama, Pre-RMSNorm)"), lambda: page().load("smollm2"),
         "openSmolLM2"),
        (lambda: translate("ModelTab", "Gemma 3 270M (RMSNorm before and after each sublayer)"),
         lambda: page().load("gemma3"), "openGemma"),
    ):
        action = window.bind_text(QAction(window), text)
        action.setObjectName(name)
        action.triggered.connect(slot)
        menu.addAction(action)
    return lazy


if __name__ == "__main__":  # python -m app.window.model_tab [minilm|smollm2|PATH]: the tab alone
    import sys

    from PySide6.QtWidgets import QApplication

    from app.window.model_session import ModelSession
    from widgets.models.model_page import ModelPage

    app = QApplication(sys.argv[:1])
    preview = ModelPage(ModelSession())
    preview.resize(1300, 800)
    preview.show()
    preview.load(sys.argv[1] if len(sys.argv) > 1 else "minilm")
    app.exec()
