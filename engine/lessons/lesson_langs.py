"""The languages a lesson file is written in (``NAME.LANG.json``), in the order lessons are listed."""

LANGS = ("en", "zh")
