"""``python main.py export``: tables and figures of one scenario, rendered without a display."""

from __future__ import annotations

import dataclasses
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from app.headless.figure_args import figure_options
from engine.results.compute import compute, depth, stack_note
from engine.core.depth import STACK_PLACEMENTS
from engine.files.io import FileProblem, atomic_write_with, load_matrix, vector_candidates
from engine.files.file_set import create_folder
from engine.problem import Problem
from engine.setup.presets import load_preset
from engine.setup.scenario import Scenario
from engine.state.session import read_session
from engine.files.tables import result_tables, write_csv

WINDOW_SIZE = (1400, 860)


def one_line(message) -> str:
    """``message`` on one line: a refusal is one line on stderr, whatever a library's reason held."""
    return " ".join(str(message).split())


def pick_vector(spec: str, length: int, what: str) -> np.ndarray:
    """The vector in ``FILE`` or ``FILE:TENSOR`` (a safetensors file with several fitting tensors)."""
    path, name = spec, None
    if not Path(spec).exists() and ":" in spec:
        path, name = spec.rsplit(":", 1)
    candidates = vector_candidates(path, length)
    if name is not None:
        if name not in candidates:
            raise FileProblem(path, "has no 1-D tensor {name} of length {length}; it has {names}",
                              name=repr(name), length=length, names=", ".join(candidates))
        return candidates[name]
    if len(candidates) > 1:
        raise FileProblem(path, "has several tensors that fit {what} ({names}); choose one as {spec}:NAME",
                          what=what, names=", ".join(candidates), spec=path)
    return next(iter(candidates.values()))


def build_scenario(args) -> tuple[Scenario, list[Problem]]:
    """The scenario the options describe: a session or preset, then files and settings on top."""
    warnings: list[Problem] = []
    if args.session:
        scenario, warnings = read_session(args.session)
    else:
        scenario = load_preset(args.preset)
    changes = {}
    if args.matrix:
        matrix, labels = load_matrix(args.matrix)
        changes.update(matrix=matrix, labels=labels or tuple(f"t{i + 1}" for i in range(matrix.shape[0])),
                       gamma=None, beta=None)  # γ = 1, β = 0: the preset's belong to its own matrix
        if matrix.shape[1] != scenario.dims:
            changes.update(heads=1)
    dims = changes["matrix"].shape[1] if "matrix" in changes else scenario.dims
    if args.gamma:
        changes["gamma"] = pick_vector(args.gamma, dims, "γ")
    if args.beta:
        changes["beta"] = pick_vector(args.beta, dims, "β")
    for field in ("norm", "dyt_alpha", "placement", "qk_norm", "ln_scaling", "init", "activation", "eps", "layers"):
        value = getattr(args, field)
        if value is not None:
            changes[field] = value
    return scenario.replace(**changes), warnings


@contextmanager
def headless_window(scenario: Scenario, stacks: tuple[str, ...] | None = None):
    """The main window on ``scenario``, shown offscreen at ``WINDOW_SIZE`` with its finished result drawn
    (``settle``), the depth and gradient plots drawing ``stacks`` (None: the window's default), on a
    throwaway settings file (the user's stay untouched); closed afterwards."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from widgets.common.fonts import register_bundled_fonts
    from app.window.main_window import MainWindow
    from app.window.placement_choice import NOTHING as NOTHING_DRAWN, SETTINGS_KEY as STACKS_KEY

    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "export.ini"), QSettings.Format.IniFormat)
        if stacks is not None:  # as right-click → Draw would have remembered them
            settings.setValue(STACKS_KEY, ",".join(stacks) or NOTHING_DRAWN)
        window = MainWindow(settings=settings, scenario=scenario)
        window.resize(*WINDOW_SIZE)
        window.show()
        settle(window.document)
        QTest.qWait(100)  # settle the layouts
        try:
            yield window
        finally:
            window.close()
            window.deleteLater()  # the export may run in a process that goes on (the tests): it keeps no window
    app.processEvents()


def render_figures(scenario: Scenario, out: Path, formats: list[str], options=None,
                   stacks: tuple[str, ...] | None = None) -> list[Path]:
    """Draw the main window offscreen and save every plot in ``formats`` with ``options`` (a
    FigureOptions; None: as on screen at 300 DPI), plus window.png; the depth and gradient plots draw
    ``stacks`` (None: the window's default)."""
    from widgets.plotkit.figure_export import LAYOUT_DPI, FigureOptions, export_widget

    written = []
    with headless_window(scenario, stacks) as window:
        for name, widget in window.figures().items():
            for fmt in formats:
                written.append(export_widget(widget, out / f"{name}.{fmt}", options or FigureOptions(),
                                             title=f"NormScope: {name}"))
        written.append(export_widget(window, out / "window.png", FigureOptions(dpi=LAYOUT_DPI), title="NormScope"))
    return written


def settle(document) -> None:
    """Wait until ``document``'s stack simulation has finished and its Result reached the views: a
    figure is drawn from the finished result, never from the partial one (which says "Computing…").
    The worker's answer comes as a queued signal, and a first answer may start more work (the stacks
    the plots draw), so this waits and delivers until nothing is pending."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtTest import QTest

    while True:
        document.wait_until_idle()
        QCoreApplication.processEvents()
        if not document.busy and not (document.result is not None and document.result.stack_stale):
            return
        QTest.qWait(20)


def figure_formats(text: str) -> list[str]:
    """The figure formats of a comma-separated list such as ``png,svg`` (ValueError naming an unknown one)."""
    from widgets.plotkit.figure_export import FORMATS

    formats = [f.strip().lower() for f in text.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown format {unknown[0]!r}; use {', '.join(FORMATS)}")
    return formats


def run_export(args) -> int:
    try:
        formats = figure_formats(args.format)
    except ValueError as error:
        print(f"normscope export: {error}", file=sys.stderr)
        return 2
    try:
        options = figure_options(args)
        scenario, warnings = build_scenario(args)
        out = Path(args.out)
        create_folder(out)
    except (FileProblem, ValueError, KeyError, OSError, MemoryError) as error:
        message = error.args[0] if isinstance(error, KeyError) else error
        if isinstance(error, MemoryError):
            message = "not enough memory to read the input"
        print(f"normscope export: {one_line(message)}", file=sys.stderr)
        return 2
    for warning in warnings:
        print(f"normscope export: warning: {warning}", file=sys.stderr)
    # The tables need no block stages; depth.csv and grad.csv hold every placement, whichever ones the
    # window draws (its own Result, in render_figures, runs the usual ones).
    profile, depth_message = depth(scenario, STACK_PLACEMENTS)
    result = dataclasses.replace(compute(scenario, stack=False), depth=profile, depth_message=depth_message,
                                 stack_note=stack_note(scenario))
    for message in (*result.messages, *filter(None, [result.stack_tokens_note])):
        print(f"normscope export: note: {message}", file=sys.stderr)
    written = []
    for name, table in result_tables(result).items():
        path = out / f"{name}.csv"
        try:  # streamed into a temporary file: a full disk leaves the file that was there
            atomic_write_with(path, lambda stream: write_csv(table, stream, bom=args.bom))
        except OSError as error:
            print(f"normscope export: {path}: can't be written ({error.strerror or error})", file=sys.stderr)
            return 2
        written.append(path)
    written += render_figures(scenario, out, formats, options, args.draw)
    for path in written:
        print(path)
    return 0
