"""``python main.py export --model NAME|PATH --text TEXT --out DIR``: a real model's tables, headless.

Writes tokens.csv, model_hidden.npz (``hidden``: float32, (L + 1, T, d)), model_depth.csv,
model_norms.csv, model_attention.csv (each head's sink mass, largest logit and entropy) and, for a causal
model, model_loss.csv (the next-token loss, and its change under each ``--freeze-norms`` and ``--zero-dim``),
and the figures model_depth, model_outliers, model_norm_fit (the block norm whose input holds the
largest |x|) and model_sinks (each head's sink mass) in each ``--format``. The files go in as one set (engine.files.file_set): a run that fails
leaves the folder's earlier files as they were. Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

from app.headless.figure_args import figure_options
from engine.files.file_set import FileSet
from engine.models.analysis import analyse_run, loudest_norm
from engine.models.forward import run_model
from engine.models.interventions import intervention_costs, parse_freeze_norms, parse_zero_dim
from engine.models.loading import load_model
from engine.models.model_tables import attention_table, depth_table, loss_table, norms_table, tokens_table
from engine.models.next_token_loss import has_loss
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.files.tables import to_csv

from app.headless.export_command import one_line

#: The scenario options of ``export`` that a model export does not take.
SCENARIO_OPTIONS = ("session", "matrix", "gamma", "beta", "norm", "placement", "eps", "layers")
#: The options that cost an intervention's loss (only with --model).
INTERVENTION_OPTIONS = ("freeze_norms", "zero_dim")
#: The tables a model export writes, model_loss.csv only for a causal model; the figures follow them.
TABLES = ("model_hidden.npz", "tokens.csv", "model_depth.csv", "model_norms.csv", "model_attention.csv")
LOSS_TABLE = "model_loss.csv"
FIGURES = ("model_depth", "model_outliers", "model_norm_fit", "model_sinks")


def _figure_formats(text: str) -> list[str]:
    return [f.strip().lower() for f in text.split(",") if f.strip()]


def render_model_figures(model, analysis, out: Path, formats: list[str], options=None) -> list[Path]:
    """Draw the Model tab's plots of ``analysis`` (engine.models.analysis.ModelAnalysis) offscreen, on white,
    as the tab draws them, and save each in ``formats`` (none: no Qt) with ``options`` (FigureOptions; None:
    as on screen at 300 dpi)."""
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
    from widgets.models.sink_mass_map import SinkMassMap
    from widgets.models.real_depth_view import RealDepthView

    depth, outliers, scatter, sinks = RealDepthView(), OutlierStripView(), NormScatterView(), SinkMassMap()
    draw_analysis(depth, outliers, scatter, sinks, analysis)
    depth.show_simulated(simulated_beside(model, analysis.base))
    written = []
    for name, widget in zip(FIGURES, (depth, outliers, scatter, sinks)):
        apply_plot_theme(widget, dark=False)
        widget.resize(560 if widget is sinks else 900, 560)
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


def _interventions(args, model) -> tuple:
    """The --freeze-norms specs, then the --zero-dim ones, each in the order given, parsed against
    ``model``; a Problem when the model has no next-token loss to cost them by, a ValueError naming the
    option when one is bad."""
    freeze, zero = args.freeze_norms or [], args.zero_dim or []
    if (freeze or zero) and not has_loss(model):
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "{model} does not predict the next token, so it has no loss to cost an intervention by"),
            model=model.name)
    spec = model.spec
    parsed = []
    for option, texts, parse in (("--freeze-norms", freeze, lambda t: parse_freeze_norms(t, spec.layers)),
                                 ("--zero-dim", zero, lambda t: parse_zero_dim(t, spec.layers, spec.dims))):
        for text in texts:
            try:
                parsed.append(parse(text))
            except Problem as problem:  # the command line's own wording: which option it was
                raise ValueError(f"{option}: {problem}") from None
    return tuple(parsed)


def run_model_export(args) -> int:
    """Load the model, run it on the text and write its files as one set; 0, or 2 on bad input."""
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
        interventions = _interventions(args, model)
        with _native_stderr_held():
            tokens = model.tokenizer.encode(args.text)
        trace = run_model(model, tokens.ids)
        # What the Model tab shows of this run; the norm-fit figure at the block norm with the largest input.
        analysis = analyse_run(model, tokens, trace, trace, loudest_norm(trace), args.text)
        costs = intervention_costs(model, trace, interventions) if has_loss(model) else None
        # What the Model tab shows of this run; the norm-fit figure at the block norm with the largest input.
        analysis = analyse_run(model, tokens, trace, trace, loudest_norm(trace), args.text)
        names = list(TABLES) + ([LOSS_TABLE] if has_loss(model) else [])
        owned = list(TABLES) + [LOSS_TABLE] + [f"{name}.{fmt}" for name in FIGURES for fmt in FORMATS]
        files = FileSet(out, names + [f"{name}.{fmt}" for name in FIGURES for fmt in formats], owned)
    except (Problem, ValueError) as error:  # ValueError: a figure size too small, a bad intervention
        return _fail(error)
    except OSError as error:
        return _fail(f"{out}: can't be written ({error.strerror or error})")
    if tokens.truncated:
        print(f"normscope export: note: the text was cut to its first {len(tokens.ids)} tokens", file=sys.stderr)
    try:
        _write_tables(model, tokens, trace, costs, files)
        with warnings.catch_warnings():  # pyqtgraph's own about all-NaN curves: the note below says it once
            warnings.simplefilter("ignore", RuntimeWarning)
            render_model_figures(model, analysis, files.temp, formats, options)
        files.commit()
    except OSError as error:  # a read-only or full --out: the folder's earlier files stay as they were
        files.discard()
        return _fail(f"{error.filename or out}: can't be written ({error.strerror or error})")
    except BaseException:  # Ctrl+C or a bug: no hidden folder left behind either
        files.discard()
        raise
    for note in analysis.notes:
        print(f"normscope export: note: {note}", file=sys.stderr)
    for name in files.names:
        print(out / name)
    return 0


def _write_tables(model, tokens, trace, costs, files: FileSet) -> None:
    np.savez(files.path("model_hidden.npz"), hidden=trace.states.astype(np.float32))
    tables = [tokens_table(tokens), depth_table(trace), norms_table(trace, model.spec), attention_table(trace)]
    for table in tables + ([loss_table(costs)] if costs is not None else []):
        files.path(f"{table.name}.csv").write_bytes(to_csv(table).encode("utf-8"))
