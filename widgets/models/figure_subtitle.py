"""What a Model figure shows, as its subtitle: the model and the text it ran on."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

QUOTE_CHARACTERS = 80  # a longer text is quoted by its beginning (the token table has it whole)


def model_subtitle(model: str, text: str) -> str:
    """'MiniLM · “The cat sat on the mat”' for the figures of a model's run on ``text``."""
    text = " ".join(text.split())
    quoted = text if len(text) <= QUOTE_CHARACTERS else text[:QUOTE_CHARACTERS].rstrip() + "…"
    return QCoreApplication.translate("ModelFigures", "{model} · “{text}”").format(model=model, text=quoted)


def show_subtitle(views, subtitle: str) -> None:
    """Give each of ``views`` the subtitle its exported figure carries (see figure_export)."""
    for view in views:
        view.figure_subtitle = subtitle
