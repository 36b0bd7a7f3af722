"""The A/B differences: each setting that differs between the pinned scenario (A) and the current one
(B), then the measured numbers that tell them apart (the last layer's RMS and the gradient skew of each
stack, the largest row mean after the norm). Before anything is pinned it says how to pin."""

from __future__ import annotations

from typing import Callable

import numpy as np
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QStackedLayout, QTableWidget,
                               QTableWidgetItem, QWidget)

from engine.results.comparison import key_numbers, setting_differences, values_changed
from engine.results.compute import Result
from widgets.common.retranslation import Retranslating
from widgets.plots.placement_names import placement_names

#: A setting's label and a value's text, as the settings panel shows them (None: it has no editor for it).
SettingText = Callable[[str, object], "tuple[str, str] | None"]


class DifferencesView(Retranslating, QWidget):
    """A three-column table (what, A, B); ``show_result`` gives B, ``show_pinned`` A (None: unpinned)."""

    def __init__(self, setting_text: SettingText | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("differencesView")
        self._setting_text = setting_text or (lambda field, value: None)
        self._a: Result | None = None
        self._b: Result | None = None
        self._pin_keys = ""
        self.empty = QLabel()
        self.empty.setObjectName("differencesEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.empty.setMargin(8)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("differencesTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.verticalHeader().hide()
        # Three equal columns that wrap: the dock is narrow (a third of a 1024-pixel screen at most).
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._pages = QStackedLayout(self)
        self._pages.addWidget(self.empty)
        self._pages.addWidget(self.table)
        self.retranslate()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.Resize and self.table.rowCount():
            self.table.resizeRowsToContents()  # wrapped text needs other heights at another width
        return super().event(event)

    def set_pin_keys(self, keys: str) -> None:
        """The keys of "Pin as A", named in the empty state."""
        self._pin_keys = keys
        self.retranslate()

    def show_result(self, result: Result) -> None:
        self._b = result
        self._fill()

    def show_pinned(self, result: Result | None) -> None:
        self._a = result
        self._fill()

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([self.tr("What"), self.tr("A (pinned)"), self.tr("B (current)")])
        keys = f" ({self._pin_keys})" if self._pin_keys else ""
        self.empty.setText(self.tr(
            "Nothing is pinned. Compare → Pin as A{keys} keeps the current settings and their curves as A; "
            "then change anything: every plot draws A dashed beside the current curves (B), and this table "
            "lists what differs.").format(keys=keys))
        self._fill()

    def rows(self) -> list[tuple[str, str, str]]:
        """The table's rows (what, A, B), settings first, then the measured numbers."""
        if self._a is None or self._b is None:
            return []
        a, b = self._a.scenario, self._b.scenario
        rows = [self._setting_row(field, getattr(a, field), getattr(b, field)) for field in setting_differences(a, b)]
        if not rows:
            rows.append((self.tr("Settings"), self.tr("the same"), self.tr("the same")))
        return rows + self._number_rows()

    def _setting_row(self, field: str, a, b) -> tuple[str, str, str]:
        described = self._setting_text(field, a)
        if described is not None:
            return described[0], described[1], self._setting_text(field, b)[1]
        names = {"matrix": self.tr("Token matrix"), "labels": self.tr("Token names"), "gamma": "γ", "beta": "β",
                 "dtype": self.tr("Precision"), "stack_tokens": self.tr("Simulated tokens"), "toy_v0": self.tr("Toy v₀")}
        name = names.get(field, field)
        if isinstance(a, np.ndarray):
            changed = values_changed(a, b)
            shape = " × ".join(map(str, np.shape(a))), " × ".join(map(str, np.shape(b)))
            if changed is None:
                return name, shape[0], shape[1]
            return name, shape[0], self.tr("{shape}, {n} of {total} values differ").format(
                shape=shape[1], n=changed, total=np.size(b))
        if isinstance(a, tuple):
            return name, _shortened(a), _shortened(b)
        return name, _number(a) if isinstance(a, float) else str(a), _number(b) if isinstance(b, float) else str(b)

    def _number_rows(self) -> list[tuple[str, str, str]]:
        numbers = key_numbers(self._a), key_numbers(self._b)
        waiting = self.tr("computing…")
        names = {"none": self.tr("no norm"), **placement_names()}
        rows = [(self.tr("Largest |μ| of a row after the norm"),
                 *(_number(n[("max_mean_out", "")]) for n in numbers))]
        stacks = [p for p in names if any(("last_rms", p) in n for n in numbers)]

        def value(which: int, key: tuple[str, str]) -> str:
            result = (self._a, self._b)[which]
            if key in numbers[which]:
                return _number(numbers[which][key])
            return waiting if result.stack_stale else "—"

        for stack in stacks:
            rows.append((self.tr("RMS after the last layer, {stack}").format(stack=names[stack]),
                         value(0, ("last_rms", stack)), value(1, ("last_rms", stack))))
        for stack in [p for p in stacks if p != "none"]:  # no norm has no weights of its own to compare
            rows.append((self.tr("Gradient last / first layer, {stack}").format(stack=names[stack]),
                         value(0, ("grad_skew", stack)), value(1, ("grad_skew", stack))))
        if not stacks and (self._a.stack_stale or self._b.stack_stale):
            rows.append((self.tr("Depth and gradients"), *(waiting if r.stack_stale else "—" for r in (self._a, self._b))))
        return rows

    def _fill(self) -> None:
        rows = self.rows()
        self._pages.setCurrentWidget(self.table if self._a is not None else self.empty)
        if not rows:
            return
        self.table.setRowCount(len(rows))
        bold = QFont(self.table.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if c > 0 and row[1] != row[2]:
                    item.setFont(bold)  # the columns that differ stand out
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()


def _number(value: float) -> str:
    return "—" if value is None or not np.isfinite(value) else f"{value:.4g}"


def _shortened(names: tuple[str, ...], shown: int = 4) -> str:
    text = " ".join(names[:shown])
    return text + (f" … ({len(names)})" if len(names) > shown else "")


if __name__ == "__main__":
    from widgets.common.preview import preview

    preview(DifferencesView, (360, 400))
