"""Shared access to the installed models and the transformers reference values (no torch needed)."""

from __future__ import annotations

import functools
import pathlib

import numpy as np
import pytest

from engine.models.installed import installed_path

REFERENCE = pathlib.Path(__file__).resolve().parent / "reference"


@functools.cache
def reference() -> dict[str, np.ndarray]:
    with np.load(REFERENCE / "model_reference.npz", allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def needs_model(name: str):
    """Skip a test when model package ``name`` is missing (./dev installs both)."""
    return pytest.mark.skipif(installed_path(name) is None, reason=f"model {name} is not installed")


@functools.cache
def loaded(name: str):
    from engine.models.loading import load_model

    return load_model(name)


def model_page(qtbot):
    """A Model tab page on a ModelSession of its own (no MainWindow), as app/window/model_tab.py wires them."""
    from app.window.model_session import ModelSession
    from widgets.models.model_page import ModelPage

    session = ModelSession()
    page = ModelPage(session)
    session.setParent(page)  # the session goes with the page
    qtbot.addWidget(page)
    return page
