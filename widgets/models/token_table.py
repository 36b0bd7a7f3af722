"""The tokens of the sentence as the model sees them: one column per token, its label above its id."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from engine.models.tokenizer import Tokens
from widgets.common.retranslation import Retranslating

#: WordPiece's token for text outside its vocabulary (MiniLM's is English: Chinese characters become it).
UNKNOWN = "[UNK]"


class TokenTable(Retranslating, QTableWidget):
    """Read-only, two rows (token, id) and as many columns as tokens, scrolling sideways when long."""

    def __init__(self, parent=None):
        super().__init__(2, 0, parent)
        self.setObjectName("modelTokens")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._tokens: Tokens | None = None
        self.retranslate()

    def sizeHint(self):  # noqa: N802 (Qt's name)
        hint = super().sizeHint()
        hint.setHeight(self._rows_height())
        return hint

    def minimumSizeHint(self):  # noqa: N802
        hint = super().minimumSizeHint()
        hint.setHeight(self._rows_height())
        return hint

    def _rows_height(self) -> int:
        """The header and both rows, and the sideways scroll bar under them."""
        rows = sum(self.verticalHeader().sectionSize(i) for i in range(self.rowCount()))
        return (rows + self.horizontalHeader().sizeHint().height() + self.horizontalScrollBar().sizeHint().height()
                + 2 * self.frameWidth())

    def retranslate(self) -> None:
        self.setVerticalHeaderLabels([self.tr("token"), self.tr("id")])
        self.setToolTip(self.tr("The sentence's tokens as the model sees them, with their vocabulary ids"))
        self.show_tokens(self._tokens)

    def show_tokens(self, tokens: Tokens | None) -> None:
        """Show ``tokens`` (None: none)."""
        self._tokens = tokens
        self.setColumnCount(0 if tokens is None else len(tokens.ids))
        if tokens is None:
            return
        self.setHorizontalHeaderLabels([str(i) for i in range(len(tokens.ids))])
        for column, (label, token_id) in enumerate(zip(tokens.labels, tokens.ids)):
            cell = QTableWidgetItem(label)
            if label == UNKNOWN:
                cell.setToolTip(self.tr("Not in the model's vocabulary: the model sees only [UNK] here "
                                        "(MiniLM's vocabulary is English)"))
            self.setItem(0, column, cell)
            self.setItem(1, column, QTableWidgetItem(str(token_id)))

    def cells(self) -> list[tuple[str, int]]:
        """(label, id) per token shown (for tests)."""
        return [(self.item(0, c).text(), int(self.item(1, c).text())) for c in range(self.columnCount())]
