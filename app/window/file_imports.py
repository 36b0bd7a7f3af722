"""File → Import: a token matrix (CSV, TSV, text, .npy, .npz) or γ/β (also a tensor of a safetensors
file), each one undo step; a file that can't be used changes nothing and says why."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog

if TYPE_CHECKING:
    from app.window.file_dialogs import FileDialogs
    from app.window.recent_files import RecentFiles

MATRIX_FILTER = "Matrices (*.csv *.tsv *.txt *.npy *.npz)"
VECTOR_FILTER = "Vectors (*.csv *.tsv *.txt *.npy *.safetensors)"


class FileImports(QObject):
    def __init__(self, dialogs: FileDialogs, recent: RecentFiles):
        super().__init__(dialogs)
        self._dialogs, self._recent = dialogs, recent
        self._window = dialogs.window
        self._document = dialogs.window.document

    def import_matrix(self, path) -> bool:
        from engine.files.io import load_matrix

        path = Path(path)
        loaded = self._dialogs.load(path, lambda progress: load_matrix(path, progress))
        if loaded is None:
            return False
        matrix, labels = loaded
        s = self._document.scenario
        changes = {"matrix": matrix, "labels": labels or tuple(f"t{i + 1}" for i in range(matrix.shape[0]))}
        if matrix.shape[1] != s.dims:
            changes.update(gamma=np.ones(matrix.shape[1]), beta=np.zeros(matrix.shape[1]), heads=1)
        if not self._document.set_fields(changes, self.tr("Import {name}").format(name=path.name)):
            return False
        self._recent.remember(path)
        self._dialogs.remember_folder(path.parent)
        self._dialogs.status(self.tr("Imported a {rows} × {cols} matrix from {name}").format(
            rows=matrix.shape[0], cols=matrix.shape[1], name=path.name))
        return True

    def import_vector(self, path, which: str, tensor: str | None = None, candidates=None) -> bool:
        """Set γ or β (``which``) from a file; ``tensor`` picks one of several in a safetensors file
        (``candidates``: the file's fitting vectors, when they were read already)."""
        path = Path(path)
        if candidates is None and (candidates := self._vector_candidates(path)) is None:
            return False
        if tensor is None and len(candidates) == 1:
            tensor = next(iter(candidates))
        if tensor not in candidates:
            return self._dialogs.refuse(self.tr("{name}: choose one of {tensors}").format(
                name=path.name, tensors=", ".join(candidates)))
        symbol = "γ" if which == "gamma" else "β"
        if self._document.set_fields({which: candidates[tensor]},
                                     self.tr("Import {symbol} from {name}").format(symbol=symbol, name=path.name)):
            self._dialogs.status(self.tr("{symbol} ← {tensor} from {name}").format(symbol=symbol, tensor=tensor,
                                                                                  name=path.name))
            return True
        return False

    def ask_and_import_vector(self, path) -> bool:
        """Ask whether the file is γ or β, then import it."""
        which, ok = QInputDialog.getItem(self._window, self.tr("Import vector"),
                                         self.tr("Use {name} as:").format(name=Path(path).name), ["γ", "β"], 0, False)
        return ok and self._import_vector_choosing(path, "gamma" if which == "γ" else "beta")

    def import_matrix_dialog(self) -> None:
        if path := self._dialogs.ask_open(self.tr("Import token matrix"), MATRIX_FILTER):
            self.import_matrix(path)

    def import_vector_dialog(self, which: str) -> None:
        if path := self._dialogs.ask_open(self.tr("Import {symbol}").format(symbol="γ" if which == "gamma" else "β"),
                                          VECTOR_FILTER):
            self._import_vector_choosing(path, which)

    def _import_vector_choosing(self, path, which: str) -> bool:
        if (candidates := self._vector_candidates(Path(path))) is None:
            return False
        tensor = next(iter(candidates))
        if len(candidates) > 1:
            tensor, ok = QInputDialog.getItem(
                self._window, self.tr("Choose a tensor"),
                self.tr("Tensors of length {d}:").format(d=self._document.scenario.dims), list(candidates), 0, False)
            if not ok:
                return False
        return self.import_vector(path, which, tensor, candidates)

    def _vector_candidates(self, path: Path) -> dict | None:
        from engine.files.io import vector_candidates

        dims = self._document.scenario.dims
        return self._dialogs.load(path, lambda progress: vector_candidates(path, dims, progress))
