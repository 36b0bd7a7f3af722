"""The Help menu: the keyboard shortcuts, a short "what am I looking at" for every plot and view, About."""

from __future__ import annotations

from html import escape
from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from app.window.shortcut_keys import readable_keys


class HelpMenu(QObject):
    def __init__(self, window: QMainWindow, menu: QMenu, bind_text: Callable[[object, Callable[[], str]], object]):
        """Fill ``menu``; ``bind_text(target, text)`` shows ``text()`` on it in every language."""
        super().__init__(window)
        self._window = window
        shortcuts = bind_text(QAction(window), lambda: self.tr("&Keyboard shortcuts…"))
        shortcuts.setObjectName("helpShortcuts")
        shortcuts.triggered.connect(self.show_shortcuts)
        menu.addAction(shortcuts)
        views = bind_text(menu.addMenu(""), lambda: self.tr("&What am I looking at?"))
        for key in self.view_titles():
            action = bind_text(QAction(window), lambda k=key: self.view_titles()[k])
            action.setObjectName(f"help_{key}")
            action.triggered.connect(lambda _=False, k=key: self.explain(k))
            views.addAction(action)
        menu.addSeparator()
        about = bind_text(QAction(window), lambda: self.tr("About NormScope"))
        about.triggered.connect(lambda: QMessageBox.about(
            window, self.tr("About NormScope"),
            self.tr("NormScope: LayerNorm, RMSNorm and BatchNorm inside a Transformer block.\n"
                    "Numbers follow PyTorch's semantics; edit any cell and every plot follows.")))
        menu.addAction(about)

    # --- the shortcut list ---------------------------------------------------------------------------

    def shortcuts(self) -> list[tuple[str, str]]:
        """(what, keys) for every action of the window that has keys, in menu order; the grids' own
        keys (Copy, Paste) once, for both grids."""
        rows, seen = [], set()
        for action in self._window.findChildren(QAction):
            keys = readable_keys(action.shortcuts())
            what = action.text().split("\t")[0].replace("&", "")
            if keys and (what, keys) not in seen:
                seen.add((what, keys))
                in_grid = action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut
                rows.append((self.tr("{what} (in a grid)").format(what=what) if in_grid else what, keys))
        rows += [(self.tr("Edit the current cell"), self.tr("type, or F2; Enter keeps it, Esc drops it")),
                 (self.tr("Rename a token"), self.tr("double-click its row header"))]
        # The lesson panel's keys (a presenter's clicker sends them) are shortcuts of the panel, not actions.
        for what, key in ((self.tr("Lesson: next step (in the lesson panel)"), QKeySequence.StandardKey.MoveToNextPage),
                          (self.tr("Lesson: the step before (in the lesson panel)"),
                           QKeySequence.StandardKey.MoveToPreviousPage)):
            rows.append((what, readable_keys(QKeySequence.keyBindings(key))))
        return rows

    def show_shortcuts(self) -> None:
        table = "".join(f"<tr><td>{escape(what)}</td><td>&nbsp;&nbsp;<b>{escape(keys)}</b></td></tr>"
                        for what, keys in self.shortcuts())
        QMessageBox.information(self._window, self.tr("Keyboard shortcuts"), f"<table>{table}</table>")

    # --- what am I looking at ------------------------------------------------------------------------

    def view_titles(self) -> dict[str, str]:
        return {"row_stats": self.tr("μ and σ plot"), "depth": self.tr("Value size by depth"),
                "grad": self.tr("Gradient norms"), "stages": self.tr("Stage heatmaps"),
                "hand_calc": self.tr("Hand calculation"), "block": self.tr("Block flow"),
                "groups": self.tr("LN vs BN groups"), "batchnorm": self.tr("BatchNorm's problems"),
                "scale": self.tr("Scale invariance"), "activations": self.tr("Activations"),
                "training": self.tr("Training"), "model": self.tr("Model"), "grids": self.tr("Tokens and γ / β"),
                "settings": self.tr("Settings"), "compare": self.tr("A/B compare")}

    def explanation(self, key: str) -> str:
        return {
            "row_stats": self.tr(
                "Four bars per token: its mean μ and standard deviation σ before the norm (blue) and after it "
                "(yellow, orange). LayerNorm brings every token to μ = 0 and σ = 1 before γ and β; RMSNorm fixes "
                "only the size, so under RMSNorm the last bar is the RMS after the norm, which it sets to 1; under "
                "BatchNorm the plot switches to dimensions, the groups BatchNorm normalizes. The title says what "
                "the chosen norm sets to 1."),
            "depth": self.tr(
                "How big the hidden state gets (its RMS) after each of N stacked blocks: without a norm the "
                "residual sums keep growing, Pre-Norm grows slowly, Post-Norm stays put. Beside them the seed's "
                "toy v ← a·v + b, which explodes, and its normalized twin, which doesn't. The stacks run on the "
                "first 32 tokens (the plot says so when there are more); the no-norm stack has no norm at all, "
                "QK-Norm included."),
            "grad": self.tr(
                "The size of each layer's weight gradient (‖∂L/∂W‖) and input gradient (‖∂L/∂x‖) at "
                "initialization. Post-Norm's grow towards the output layers, Pre-Norm's stay even, the reason "
                "Post-Norm needs a warm-up (Xiong et al., 2020)."),
            "stages": self.tr(
                "The token matrix at four points of one block, on one colour scale: the input, after the first "
                "norm, after attention and its residual add, after the FFN and its residual add. Rows are tokens, "
                "columns dimensions; hover a cell for its value."),
            "hand_calc": self.tr(
                "The four steps of the norm done by hand for the selected row (column under BatchNorm), with "
                "its own numbers: the row, μ and σ, x̂ = (x − μ) / σ, and y = γ·x̂ + β."),
            "block": self.tr(
                "One Transformer block drawn for the chosen placement, with its residual bypasses. Click a step, "
                "or walk with Step ▶, to see the matrix at that point as a heatmap and a table."),
            "groups": self.tr(
                "Which numbers are normalized together: LayerNorm takes each row (one token), BatchNorm each "
                "column (one dimension across the tokens). Hover a group for its μ and σ before and after."),
            "batchnorm": self.tr(
                "Why Transformers avoid BatchNorm: a token's BatchNorm output changes as the batch around it "
                "grows (its LayerNorm output doesn't), one token alone can't be normalized in training, and eval "
                "mode depends on running statistics that take many steps to settle."),
            "scale": self.tr(
                "LayerNorm gives rows that differ only by a shift and a positive scale the same output, so the "
                "scale is lost and γ/β can't bring it back; rows with another pattern stay different. Edit the "
                "vectors to try your own."),
            "activations": self.tr(
                "The FFN's activation functions of seed 004: Sigmoid, Tanh, ReLU, Softmax of a small vector you "
                "type, Swish/SiLU, GELU and SwiGLU, each drawn with its derivative and with its pros and cons."),
            "training": self.tr(
                "Small character-level Transformers trained live in NumPy, to see Post-Norm stall where Pre-Norm "
                "learns. Pick a preset or set the recipe, press Train: each run's loss is drawn over the steps "
                "(dots: validation loss; dashed: the loss of a model that learned nothing), and for the chosen "
                "run four layer × step heatmaps show gradient norms, update sizes, residual RMS and the largest "
                "attention logit."),
            "model": self.tr(
                "A real trained model (MiniLM, SmolLM2, or a folder or GGUF file of their families) run offline "
                "on a sentence you type: its tokens, the size of its residual stream layer by layer beside "
                "simulated Pre-Norm and Post-Norm stacks, the outlier dimensions beside each head's attention "
                "sink on token 0, and a norm's input → output. What if edits γ, β or a dimension, or freezes a "
                "norm, runs the layers above again and, for a language model, shows what it costs in next-token "
                "loss; Ctrl+Z takes it back. Show in the token grid brings a real hidden state into every other "
                "view."),
            "grids": self.tr(
                "The token matrix (one row per token, one column per dimension) and the norm's γ and β, as "
                "spreadsheets: type into a cell, paste a block, right-click to insert or remove tokens and "
                "dimensions, double-click a token to rename it. Every plot follows each edit; Ctrl+Z undoes it."),
            "settings": self.tr(
                "The norm, where it sits in the block, ε, the number of stacked layers and the rest of the "
                "block's settings; each choice's tooltip gives its formula. Every change is one undo step."),
            "compare": self.tr(
                "Compare → Pin as A keeps the current settings and their results as A. Change anything: the depth "
                "and gradient plots draw A's curves in short dashes (\"A: …\") beside the current ones (B), the μ/σ "
                "plot A's bars as dashed outlines, the stage heatmaps B − A, and the Differences tab lists each "
                "setting that differs and the numbers that tell A and B apart. Swap A and B is one undo step."),
        }[key]

    def explain(self, key: str) -> None:
        QMessageBox.information(self._window, self.view_titles()[key], self.explanation(key))
