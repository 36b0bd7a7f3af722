"""The BatchNorm lab's lesson (b): one token alone. Training mode refuses it, eval mode answers with the
running statistics. Shows ``engine.results.batch_lessons.SingleToken`` as text and a small table."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea

from engine.results.batch_lessons import SingleToken
from widgets.teaching.batchnorm_numbers import lab_number

#: Columns of the table (dimensions) before it is cut.
MAX_TABLE_DIMENSIONS = 8


class OneTokenLesson(QScrollArea):
    """Why training mode refuses a lone token, what eval mode gives it instead, and the numbers."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._lesson: SingleToken | None = None
        self._tokens = 0
        self._note = ""
        self.text = QLabel()
        self.text.setObjectName("singleTokenText")
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setMargin(8)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidget(self.text)

    def retranslate(self, note: str) -> None:
        """Re-read every text; ``note`` is the lab's word on capped tokens (or "")."""
        self._note = note
        self._write()

    def show_lesson(self, lesson: SingleToken, tokens: int, note: str) -> None:
        """Show ``lesson``, whose batch (training mode) held ``tokens`` tokens."""
        self._lesson, self._tokens, self._note = lesson, tokens, note
        self._write()

    def _write(self) -> None:
        lesson = self._lesson
        if lesson is None:
            self.text.setText(self.tr("No scenario yet."))
            return
        d = lesson.input.size
        shown = min(d, MAX_TABLE_DIMENSIONS)
        rows = (
            (self.tr("x (the token)"), lesson.input),
            (self.tr("running mean"), lesson.running_mean),
            (self.tr("running variance"), lesson.running_var),
            (self.tr("eval mode (alone)"), lesson.eval_output),
            (self.tr("training mode (batch of {n})").format(n=self._tokens), lesson.batch_output),
            (self.tr("difference"), lesson.difference),
        )
        cell = 'style="padding: 2px 10px; text-align: right;"'
        header = "".join(f"<th {cell}>d{i + 1}</th>" for i in range(shown))
        body = "".join(
            f"<tr><th style='padding: 2px 10px; text-align: left;'>{html.escape(name)}</th>"
            + "".join(f"<td {cell}>{lab_number(v)}</td>" for v in values[:shown]) + "</tr>"
            for name, values in rows
        )
        cut = ""
        if shown < d:
            cut = "<p>" + html.escape(self.tr("Showing the first {shown} of {d} dimensions.").format(
                shown=shown, d=d)) + "</p>"
        texts = {
            "refused_title": self.tr("Training mode: refused"),
            "why": self.tr("Alone, {token} gives each dimension a single value: its batch variance is 0, so "
                           "there is nothing to normalize against. BatchNorm says:").format(token=lesson.label),
            "eval_title": self.tr("Eval mode: running statistics"),
            "eval": self.tr("After {steps} training steps over all {n} tokens (momentum {m}), eval mode "
                            "normalizes {token} alone with the stored running mean and variance: "
                            "(x − running mean) / √(running variance + ε) · γ + β.").format(
                steps=lesson.steps, n=self._tokens, m=f"{lesson.momentum:g}", token=lesson.label),
            "gap": self.tr("Largest difference from its output inside the batch: {diff}. More steps shrink it, "
                           "but not to 0: the running variance is the unbiased one (÷ (n − 1)), training mode "
                           "divides by n.").format(diff=lab_number(lesson.max_abs_difference)),
            "layer": self.tr("LayerNorm needs none of this: it normalizes one token with its own row's mean and "
                             "standard deviation, the same in training and at generation time."),
            "cap": self._note,
        }
        t = {key: html.escape(value) for key, value in texts.items()}
        self.text.setText(
            f"<h3>{t['refused_title']}</h3><p>{t['why']}</p>"
            f"<blockquote><i>“{html.escape(lesson.training_message)}”</i></blockquote>"
            f"<h3>{t['eval_title']}</h3><p>{t['eval']}</p>"
            f"<table cellspacing='0' border='0'><tr><th></th>{header}</tr>{body}</table>{cut}"
            f"<p>{t['gap']}</p><p><b>{t['layer']}</b></p>"
            + (f"<p>{t['cap']}</p>" if t["cap"] else "")
        )
