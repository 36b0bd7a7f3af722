"""``python main.py train``: train one model headless and write its log and summary.

Writes ``train_log.csv`` (``step,loss,val_loss,lr,grad_norm,grad_L1,…,grad_LN``; val_loss empty
on steps without a validation pass), ``layer_log.csv`` (per step and layer: gradient norm,
update-to-weight ratio, residual RMS, largest attention logit), ``summary.json``, the Training tab's
figures (loss and the four layer × step heatmaps, drawn offscreen once the run is over) and, with
``--sample N``, ``sample.txt``. Qt is loaded only to draw the figures (``--format ""``: none).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

PROG = "normscope train"
NO_MEMORY = "not enough memory for this run: lower batch, seq, layers or width"
#: The figures' size: the Training tab's plots in a 1400 × 860 window (measured), as the tab exports them.
TAB_PLOTS_SIZE = (1042, 838)


def _one_line_error(message: str):
    print(f"{PROG}: {message}", file=sys.stderr)
    sys.exit(2)


def _range_help(name: str, default) -> str:
    """A flag's help: its declared range and its default."""
    from engine.training.settings import RANGES

    low, high = RANGES[name]
    return f"{low:g} to {high:g} (default {default})"


def add_train_parser(commands) -> None:
    """Register ``train`` and its options on the command line's subcommands."""
    from app.headless.figure_args import add_figure_arguments
    from engine.training.settings import (ACTIVATIONS, INITS, NORMS, PLACEMENTS, POSITIONS, QKV_XAVIER, SCHEDULES,
                                          TrainSettings)

    d = TrainSettings()
    train = commands.add_parser(
        "train", help="train a small character-level Transformer headless",
        description="Train a small decoder-only character Transformer in NumPy and write train_log.csv, "
                    "layer_log.csv and summary.json. Defaults: the original Transformer's recipe "
                    "(√d embedding scale, Xavier-uniform init with q/k/v packed as one in-projection, "
                    "Adam β₂ = 0.98, ε = 1e-9). A run that would not fit in 1 GiB of memory is refused "
                    "before it starts, with what to lower.")
    train.error = _one_line_error  # bad settings: exit 2 with one line, not argparse's usage block
    train.add_argument("--out", required=True, metavar="DIR",
                       help="folder to write into (created if needed); an earlier run's files there are "
                            "replaced only once the new run's are complete")
    train.add_argument("--data", default=d.data, metavar="SOURCE",
                       help="stdlib (this Python's standard-library sources), copy, reverse, sort, modadd, "
                            "or a UTF-8 text file (default stdlib)")
    train.add_argument("--norm", choices=NORMS, default=d.norm)
    train.add_argument("--placement", choices=PLACEMENTS, default=d.placement,
                       help="deepnorm: N(α·x + F(x)) with α = (2N)^¼ and β = (8N)^−¼ on the value, output and "
                            "FFN init (Wang et al. 2022); peri: x + N(F(N(x))) (default %(default)s)")
    train.add_argument("--schedule", choices=SCHEDULES, default=d.schedule,
                       help="after the linear warmup: hold the peak, or decay as 1/√step as the original "
                            "Transformer (default %(default)s)")
    for name, kind in (("layers", int), ("width", int), ("heads", int), ("ffn-mult", int), ("lr", float),
                       ("warmup", int), ("steps", int), ("batch", int), ("seq", int), ("seed", int),
                       ("beta1", float), ("beta2", float), ("adam-eps", float), ("clip", float), ("eps", float),
                       ("val-every", int)):
        field = name.replace("-", "_")
        train.add_argument(f"--{name}", type=kind, default=getattr(d, field), metavar="N" if kind is int else "X",
                           help=_range_help(field, getattr(d, field)))
    train.add_argument("--embed-scale", type=float, default=None, metavar="X",
                       help="factor on the token embeddings, " + _range_help("embed_scale", "√width"))
    train.add_argument("--init", choices=INITS, default=d.init)
    train.add_argument("--qkv-xavier", choices=QKV_XAVIER, default=d.qkv_xavier,
                       help="Xavier fans of the q/k/v projections: one packed (d, 3d) in-projection as "
                            "torch.nn.MultiheadAttention and fairseq, or three (d, d) matrices (default %(default)s)")
    train.add_argument("--position", choices=POSITIONS, default=d.position)
    train.add_argument("--activation", choices=ACTIVATIONS, default=d.activation)
    train.add_argument("--untied", action="store_true", help="a head of its own instead of the embeddings")
    train.add_argument("--format", default="png,svg", metavar="LIST",
                       help='figure formats, comma-separated, "" for none (default png,svg)')
    add_figure_arguments(train)
    train.add_argument("--sample", type=int, default=0, metavar="N",
                       help="after training, write N sampled characters to sample.txt, " + _range_help("sample", 0)
                            + "; refused before training when it would take more than 30 s")


def _settings(args):
    from engine.training.settings import TrainSettings

    return TrainSettings(
        norm=args.norm, placement=args.placement, layers=args.layers, width=args.width, heads=args.heads,
        ffn_mult=args.ffn_mult, activation=args.activation, eps=args.eps, lr=args.lr, warmup=args.warmup,
        schedule=args.schedule, qkv_xavier=args.qkv_xavier,
        beta1=args.beta1, beta2=args.beta2, adam_eps=args.adam_eps, clip=args.clip, steps=args.steps,
        batch=args.batch, seq=args.seq, seed=args.seed, init=args.init, embed_scale=args.embed_scale,
        position=args.position, tied=not args.untied, data=args.data, val_every=args.val_every)


def _file_names(formats: list[str], sample: bool) -> tuple[list[str], list[str]]:
    """The files this run writes (summary.json last: it says the set is complete) and every file a run may write."""
    from app.window.teaching_tabs import TRAINING_FIGURES
    from widgets.plotkit.figure_export import FORMATS

    logs = ["train_log.csv", "layer_log.csv"]
    figures = [f"{name}.{fmt}" for name in TRAINING_FIGURES for fmt in formats]
    names = logs + figures + (["sample.txt"] if sample else []) + ["summary.json"]
    owned = logs + [f"{name}.{fmt}" for name in TRAINING_FIGURES for fmt in FORMATS] + ["sample.txt", "summary.json"]
    return names, owned


def _prepare(args):
    """Everything a run needs before its first step, or the Problem/OSError/ValueError that refuses it."""
    from app.headless.export_command import figure_formats
    from app.headless.figure_args import figure_options
    from engine.files.file_set import FileSet
    from engine.problem import QT_TRANSLATE_NOOP, Problem
    from engine.training.budget import check_sample
    from engine.training.settings import check_range
    from engine.training.trainer import Trainer

    formats = figure_formats(args.format)
    if not args.out.strip():
        raise Problem(QT_TRANSLATE_NOOP("Problem", "--out must name a folder"))
    check_range("sample", args.sample)
    settings = _settings(args)
    trainer = Trainer(settings)  # reads the data and checks the memory budget before any weight exists
    if args.sample:
        check_sample(settings, trainer.corpus.vocab_size, args.sample)
    names, owned = _file_names(formats, args.sample > 0)
    return trainer, formats, figure_options(args), FileSet(Path(args.out), names, owned)


def run_train(args: argparse.Namespace) -> int:
    from engine.problem import Problem

    from app.headless.export_command import one_line

    try:
        trainer, formats, options, files = _prepare(args)
    except (Problem, OSError, ValueError) as error:
        print(f"{PROG}: {one_line(error)}", file=sys.stderr)
        return 2
    except MemoryError:  # the estimate is an upper bound: this is a machine with less than the budget free
        print(f"{PROG}: {NO_MEMORY}", file=sys.stderr)
        return 2
    try:
        summary, history = _train(trainer, args.sample, files)
        if formats:
            _write_figures(trainer.settings, trainer.unigram_entropy, history, files, formats, options)
        files.commit()
    except (OSError, MemoryError) as error:  # a full disk, a machine short of memory: the earlier files stay
        files.discard()
        print(f"{PROG}: {NO_MEMORY if isinstance(error, MemoryError) else one_line(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C: nothing half-written is left behind either
        files.discard()
        print(f"{PROG}: interrupted; the folder's earlier files are as they were", file=sys.stderr)
        return 130
    except BaseException:  # a bug: its traceback, and still no hidden folder left behind
        files.discard()
        raise
    if summary["diverged"]:
        print(f"diverged at step {summary['diverged_at']}")
    else:
        print(f"final loss {summary['final_loss']:.4f} (unigram entropy {summary['unigram_entropy']:.4f}), "
              f"{summary['seconds_per_step'] * 1000:.1f} ms/step")
    return 0


def _train(trainer, sample: int, files) -> tuple[dict, object]:
    """Train to the end, writing the logs, the sample and the summary into ``files``; the summary and
    the run's history (what the figures draw)."""
    import numpy as np

    from engine.training.history import RunHistory
    from engine.training.train_log import LAYER_LOG_HEADER, layer_log_lines, train_log_header, train_log_line

    settings = trainer.settings
    history = RunHistory(settings.steps, settings.layers)
    seconds = 0.0
    with open(files.path("train_log.csv"), "w", encoding="utf-8", newline="") as log, \
            open(files.path("layer_log.csv"), "w", encoding="utf-8", newline="") as layer_log:
        log.write(train_log_header(settings.layers))
        layer_log.write(LAYER_LOG_HEADER)
        while not trainer.finished:
            r = trainer.step()
            seconds += r.seconds
            history.append(r)
            log.write(train_log_line(r.step, r.loss, r.val_loss, r.lr, r.grad_norm, r.layer_grad_norm))
            layer_log.write(layer_log_lines(r.step, r.layer_grad_norm, r.update_ratio, r.residual_rms, r.max_logit))
    diverged = trainer.diverged_at is not None
    summary = {
        "final_loss": None if diverged else history.final_loss(),
        "final_val_loss": None if diverged else trainer.validation_loss(),
        "unigram_entropy": trainer.unigram_entropy,
        "diverged": diverged,
        "diverged_at": trainer.diverged_at,
        "steps_done": trainer.steps_done,
        "seconds_per_step": seconds / max(1, trainer.steps_done),
        "vocab_size": trainer.corpus.vocab_size,
        "settings": settings.as_dict(),
    }
    if sample > 0 and not diverged:
        from engine.training.budget import SAMPLE_DEADLINE
        from engine.training.sampling import sample_text

        text = sample_text(trainer.params, settings, trainer.corpus, "\n", sample,
                           np.random.default_rng([settings.seed, 2]), seconds=SAMPLE_DEADLINE)
        files.path("sample.txt").write_text(text, encoding="utf-8")
        summary["sample_chars"] = len(text) - 1  # after the one-character prompt
        if summary["sample_chars"] < sample:
            print(f"sampling stopped after {SAMPLE_DEADLINE:.0f} s at {summary['sample_chars']} of {sample} "
                  f"characters (this machine is slower than estimated)")
    elif sample > 0:
        files.leave_out("sample.txt")  # a diverged model samples nothing worth reading
    # A path named in a non-UTF-8 encoding holds lone surrogates: written as JSON escapes, not refused.
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    files.path("summary.json").write_bytes(text.encode("utf-8", "backslashreplace"))
    return summary, history


def _write_figures(settings, entropy: float, history, files, formats: list[str], options) -> None:
    """The run's curves as the Training tab draws them (its plots, offscreen, fed by the same
    ``training_curves``), one file per figure and format, with ``options`` (FigureOptions)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from engine.training.run_curves import training_curves
    from engine.training.run_record import RunRecord
    from widgets.common.fonts import register_bundled_fonts
    from widgets.plotkit.figure_export import export_widget
    from widgets.plotkit.plot_style import use_light_theme
    from widgets.training.run_names import run_name
    from widgets.training.training_plots import TrainingPlots

    app = QApplication.instance() or QApplication(sys.argv[:1])
    register_bundled_fonts()
    use_light_theme()  # as the window draws them: figures on white
    plots = TrainingPlots()
    plots.resize(*TAB_PLOTS_SIZE)
    plots.show()
    app.processEvents()
    plots.show_curves(training_curves({0: RunRecord(settings, entropy, history)}, 0, plots.smoothing_steps()),
                      {0: run_name(settings)})
    app.processEvents()
    try:
        for name, view in plots.views().items():
            for fmt in formats:
                export_widget(view, files.path(f"{name}.{fmt}"), options, title=f"NormScope: {name}")
    finally:
        plots.close()
        app.processEvents()
