"""``python main.py export --model NAME|PATH --text TEXT --out DIR``: a real model's tables, headless.

Writes tokens.csv, model_hidden.npz (``hidden``: float32, (L + 1, T, d)), model_depth.csv and
model_norms.csv, and the figures model_depth, model_outliers and model_norm_fit (the block norm whose
input holds the largest |x|) in each ``--format``. Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

from app.headless.figure_args import figure_options
from engine.files.io import atomic_write
from engine.models.analysis import analyse_run, loudest_norm
from engine.models.forward import run_model
from engine.models.loading import load_model
from engine.models.model_tables import depth_table, norms_table, tokens_table
from engine.problem import Problem
from engine.files.tables import to_csv

from app.headless.export_command import one_line

#: The scenario options of ``export`` that a model export does not take.
SCENARIO_OPTIONS = ("session", "matrix", "gamma", "beta", "norm", "placement", "eps", "layers")


def add_model_arguments(export) -> None:
    """Add ``--model`` and ``--text`` to the ``export`` sub-command's parser."""
    export.add_argument("--model", metavar="NAME|PATH",
                        help="export a real model's run instead: minilm, smollm2, a Hugging Face folder or a .gguf "
                             "file (writes tokens.csv, model_hidden.npz, model_depth.csv, model_norms.csv)")
    export.add_argument("--text", metavar="TEXT", help="the sentence to run the model on (with --model)")


def _figure_formats(text: str) -> list[str]:
    return [f.strip().lower() for f in text.split(",") if f.strip()]


def render_model_figures(model, analysis, out: Path, formats: list[str], options=None) -> list[Path]:
    """Draw the Model tab's three plots of ``analysis`` (engine.models.analysis.ModelAnalysis) offscreen, on
    white, as the tab draws them, and save each in ``formats`` (none: no Qt) with ``options`` (FigureOptions;
    None: as on screen at 300 dpi)."""
    if not formats:
        return []
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from widgets.common.fonts import register_bundled_fonts
    from widgets.plotkit.figure_export import FigureOptions, export_widget
    from widgets.plotkit.plot_style import apply_plot_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    from engine.models.analysis import simulated_beside
    from widgets.models.model_figures import draw_analysis
    from widgets.models.norm_scatter_view import NormScatterView
    from widgets.models.outlier_strip_view import OutlierStripView
    from widgets.models.real_depth_view import RealDepthView

    depth, outliers, scatter = RealDepthView(), OutlierStripView(), NormScatterView()
    draw_analysis(depth, outliers, scatter, analysis)
    depth.show_simulated(simulated_beside(model, analysis.base))
    written = []
    for name, widget in (("model_depth", depth), ("model_outliers", outliers), ("model_norm_fit", scatter)):
        apply_plot_theme(widget, dark=False)
        widget.resize(900, 560)
        widget.show()
        app.processEvents()
        for fmt in formats:
            written.append(export_widget(widget, out / f"{name}.{fmt}", options or FigureOptions(),
                                         title=f"NormScope: {name}"))
        widget.close()
    app.processEvents()
    return written


def _fail(message) -> int:
    print(f"normscope export: {one_line(message)}", file=sys.stderr)
    return 2


@contextlib.contextmanager
def _native_stderr_held():
    """Hold what native code writes to file descriptor 2 (a Rust panic's message and backtrace, which
    the tokenizer prints before its PanicException becomes a Problem) and replay it only if no Problem
    was raised: a refusal stays one line."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        refused = False
        try:
            yield
        except Problem:
            refused = True
            raise
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            if not refused:
                held.seek(0)
                sys.stderr.buffer.write(held.read())
                sys.stderr.flush()


def run_model_export(args) -> int:
    """Load the model, run it on the text and write the four files; 0, or 2 on bad input."""
    clashing = [f"--{name}" for name in SCENARIO_OPTIONS if getattr(args, name, None) is not None]
    if clashing:
        return _fail(f"--model can't be combined with {', '.join(clashing)}")
    if args.text is None:
        return _fail("--model needs --text TEXT")
    from widgets.plotkit.figure_export import FORMATS

    formats = _figure_formats(args.format)
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        return _fail(f"unknown format {unknown[0]!r}; use {', '.join(FORMATS)}")
    out = Path(args.out)
    try:
        options = figure_options(args)
        model = load_model(args.model)
        with _native_stderr_held():
            tokens = model.tokenizer.encode(args.text)
        out.mkdir(parents=True, exist_ok=True)
        trace = run_model(model, tokens.ids)
        # What the Model tab shows of this run; the norm-fit figure at the block norm with the largest input.
        analysis = analyse_run(model, tokens, trace, trace, loudest_norm(trace), args.text)
    except (Problem, ValueError) as error:  # ValueError: a figure size too small
        return _fail(error)
    except OSError as error:
        return _fail(f"{out}: can't be written ({error.strerror or error})")
    if tokens.truncated:
        print(f"normscope export: note: the text was cut to its first {len(tokens.ids)} tokens", file=sys.stderr)
    try:
        written = _write_tables(model, tokens, trace, out)
        with warnings.catch_warnings():  # pyqtgraph's own about all-NaN curves: the note below says it once
            warnings.simplefilter("ignore", RuntimeWarning)
            written += render_model_figures(model, analysis, out, formats, options)
    except OSError as error:  # a read-only or full --out: what was written stays whole (atomic writes)
        return _fail(f"{error.filename or out}: can't be written ({error.strerror or error})")
    for note in analysis.notes:
        print(f"normscope export: note: {note}", file=sys.stderr)
    for path in written:
        print(path)
    return 0


def _write_tables(model, tokens, trace, out: Path) -> list[Path]:
    buffer = io.BytesIO()
    np.savez(buffer, hidden=trace.states.astype(np.float32))
    written = [out / "model_hidden.npz"]
    atomic_write(written[0], buffer.getvalue())
    for table in (tokens_table(tokens), depth_table(trace), norms_table(trace)):
        path = out / f"{table.name}.csv"
        atomic_write(path, to_csv(table).encode("utf-8"))
        written.append(path)
    return written
