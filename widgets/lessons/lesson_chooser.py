"""The lesson chooser: a list that opens with every lesson's whole title, and shows only the chosen
lesson's short name ("Article 000", "第 000 篇") on its face.

A lesson's title is its name, a colon and what it is about ("Article 000: why normalize, …"). On a
projector a whole title is wider than the lesson dock, so a plain combo box cuts it; the panel
shows what the chosen lesson is about beneath the chooser instead, word-wrapped (``split_title``).
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget

#: The colon between a title's name and what it is about: ASCII (then a space) or the full-width "：".
_NAME_END = re.compile(r":\s+|：")


def split_title(title: str) -> tuple[str, str]:
    """(name, what it is about) of a lesson title; a title without a colon is all name."""
    match = _NAME_END.search(title)
    if match is None or match.start() == 0:
        return title, ""
    return title[:match.start()], title[match.end():]


class LessonChooser(QComboBox):
    """Items are (whole title, lesson name); the face shows the chosen title's name part only."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        # Sized by a few characters, not by the longest title: the dock may be narrow.
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(8)

    def face_text(self) -> str:
        return split_title(self.currentText())[0]

    def paintEvent(self, _event) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        option.currentText = self.face_text()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
