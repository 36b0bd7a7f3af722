"""A spreadsheet-like view of an ArrayTableModel: edit, copy, paste, insert and remove."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QInputDialog, QMessageBox, QTableView

from widgets.editors.editor import Editor
from widgets.common.retranslation import Retranslating, TextBinder
from engine.files.bounded_read import Cancelled
from engine.files.table_text import format_block, parse_block
from widgets.common.background_work import run_in_background
from widgets.editors.matrix_model import ArrayTableModel
from widgets.common.problem_text import describe


#: Pasted text longer than this (about 100,000 cells) is parsed on a worker: the window stays live.
BACKGROUND_PASTE_CHARS = 1 << 20


class MatrixView(Retranslating, QTableView):
    """Table of numbers; pasting a block is one undo step, a bad block is refused whole."""

    def __init__(self, document: Editor, target: str, object_name: str, parent=None):
        super().__init__(parent)
        self._document = document
        self.setObjectName(object_name)
        self.setAccessibleName(object_name)
        self.setModel(ArrayTableModel(document, target, self))
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # O(1) layout at 2048 × 4096
        self.horizontalHeader().setDefaultSectionSize(72)
        self.verticalHeader().setDefaultSectionSize(24)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self._texts = TextBinder()
        self._add_action(lambda: self.tr("Copy"), QKeySequence.StandardKey.Copy, self.copy_selection)
        self._add_action(lambda: self.tr("Paste"), QKeySequence.StandardKey.Paste, self.paste)
        if target == "matrix":
            self.verticalHeader().sectionDoubleClicked.connect(self._rename_token)
            self._add_action(lambda: self.tr("Insert token above"), None, lambda: self.insert_tokens(0))
            self._add_action(lambda: self.tr("Insert token below"), None, lambda: self.insert_tokens(1))
            self._add_action(lambda: self.tr("Remove selected tokens"), None, self._remove_tokens)
            self._add_action(lambda: self.tr("Insert dimension left"), None, lambda: self.insert_dims(0))
            self._add_action(lambda: self.tr("Insert dimension right"), None, lambda: self.insert_dims(1))
            self._add_action(lambda: self.tr("Remove selected dimensions"), None, self._remove_dims)
        else:
            self._add_action(lambda: self.tr("Reset γ to 1 and β to 0"), None, document.reset_affine)
        self.retranslate()

    def retranslate(self) -> None:
        self._texts.apply()
        if self.target == "matrix":
            self.verticalHeader().setToolTip(self.tr("Double-click a token to rename it"))

    def _add_action(self, text, shortcut, slot) -> QAction:
        action = self._texts.bind(QAction(self), text)
        if shortcut is not None:
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    @property
    def target(self) -> str:
        return self.model().target

    def _selected_span(self, orientation: str) -> list[int]:
        indexes = self.selectedIndexes() or [self.currentIndex()]
        attr = "row" if orientation == "rows" else "column"
        return sorted({getattr(i, attr)() for i in indexes if i.isValid()})

    def copy_selection(self) -> None:
        ranges = self.selectionModel().selection()
        if ranges.isEmpty():
            return
        r = ranges[0]
        text = format_block(self.model().block(r.top(), r.left(), r.bottom(), r.right()))
        QGuiApplication.clipboard().setText(text)

    def paste(self) -> None:
        self.paste_text(QGuiApplication.clipboard().text())

    def paste_text(self, text: str) -> bool:
        """Paste a tab- or comma-separated block at the current cell (top-left if none); a big block
        is parsed on a worker, with a progress dialog that cancels."""
        dtype = self._document.scenario.dtype
        try:
            if len(text) < BACKGROUND_PASTE_CHARS:
                block = parse_block(text, dtype)
            else:
                block = run_in_background(self, self.tr("Reading the pasted block…"),
                                           lambda progress: parse_block(text, dtype, progress))
        except Cancelled:
            self._document.statusMessage.emit(self.tr("Paste cancelled; nothing changed."))
            return False
        except ValueError as error:
            self._document.report(self.tr("Paste refused: {reason}").format(reason=describe(error)))
            return False
        current = self.currentIndex()
        row, col = (current.row(), current.column()) if current.isValid() else (0, 0)
        rows, cols = self.model().rowCount(), self.model().columnCount()
        need_rows, need_cols = row + block.shape[0], col + block.shape[1]
        if need_rows > rows or need_cols > cols:
            if self.target != "matrix" and need_rows > rows:
                self._document.report(self.tr("Paste refused: the γ/β grid has two rows."))
                return False
            if not self._confirm_growth(need_rows, need_cols, rows, cols):
                return False
            return self._document.set_cells(self.target, row, col, block, grow=True)
        return self._document.set_cells(self.target, row, col, block)

    def _confirm_growth(self, need_rows: int, need_cols: int, rows: int, cols: int) -> bool:
        answer = QMessageBox.question(
            self, self.tr("Grow the matrix?"),
            self.tr("The pasted block reaches {nr} × {nc}, beyond the {rows} × {cols} grid. "
                    "Grow the matrix (new cells 0, new γ 1, new β 0)?").format(
                nr=need_rows, nc=need_cols, rows=rows, cols=cols),
        )
        return answer == QMessageBox.StandardButton.Yes

    def _rename_token(self, row: int) -> None:
        old = self.model().headerData(row, Qt.Orientation.Vertical)
        label, ok = QInputDialog.getText(self, self.tr("Rename token"), self.tr("Token label:"), text=old)
        if ok and label.strip():
            self._document.set_label(row, label.strip())

    def insert_tokens(self, offset: int) -> None:
        """Insert a zero token above (``offset`` 0) or below (1) the selected rows."""
        rows = self._selected_span("rows")
        at = (rows[-1] + 1) if (offset and rows) else (rows[0] if rows else 0)
        self._document.insert_tokens(at)

    def _remove_tokens(self) -> None:
        rows = self._selected_span("rows")
        if rows:
            self._document.remove_tokens(rows)

    def insert_dims(self, offset: int) -> None:
        """Insert a dimension left (``offset`` 0) or right (1) of the selected columns (γ 1, β 0)."""
        cols = self._selected_span("columns")
        at = (cols[-1] + 1) if (offset and cols) else (cols[0] if cols else 0)
        self._document.insert_dims(at)

    def _remove_dims(self) -> None:
        cols = self._selected_span("columns")
        if cols:
            self._document.remove_dims(cols)
