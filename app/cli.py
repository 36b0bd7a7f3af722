"""Command-line entry: the GUI by default, ``export`` to render tables and figures headless, ``train``
to train a small Transformer headless, ``lesson`` to list the lessons or print one as a handout."""

from __future__ import annotations

import argparse
import sys

from app.headless.figure_args import DRAWABLE_STACKS, add_figure_arguments, drawn_stacks
from app.headless.lesson_args import add_lesson_parser
from app.headless.model_args import add_model_arguments
from app.headless.models_command import add_models_parser
from app.headless.train_command import add_train_parser
from app.startup_collector import resume_collection
from engine.core.activations import ACTIVATIONS
from engine.setup.limits import NORM_KINDS, PLACEMENTS, SETTINGS, check_setting
from engine.setup.presets import PRESETS
from engine.core.weights import INITS

__version__ = "0.1.0"


class _CommandParser(argparse.ArgumentParser):
    """A command's parser whose bad arguments give one line on stderr and status 2 (as its bad files do),
    not argparse's usage block."""

    def error(self, message: str):
        self.exit(2, f"normscope {self.prog.split()[-1]}: {message}\n")


def _setting(name: str, parse):
    """An argparse type: the text parsed by ``parse``, then checked against the setting's declared range
    (engine.setup.limits), so an out-of-range value is refused before anything is loaded or computed."""

    def convert(text: str):
        try:
            value = parse(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid {parse.__name__} value: {text!r}") from None
        try:
            return check_setting(name, value)
        except ValueError as problem:
            raise argparse.ArgumentTypeError(str(problem)) from None

    convert.__name__ = name
    return convert


def _add_export_parser(commands) -> None:
    export = commands.add_parser(
        "export", help="write tables (CSV) and figures of a scenario without a display",
        description="Render a scenario headless: normalized.csv, row_stats.csv, depth.csv, grad.csv, "
                    "one figure per plot in each format, and window.png.",
    )
    export.add_argument("--out", required=True, metavar="DIR", help="folder to write into (created if needed)")
    source = export.add_mutually_exclusive_group()
    source.add_argument("--preset", choices=list(PRESETS), default="xian", help="start from a preset (default xian)")
    source.add_argument("--session", metavar="FILE", help="start from a saved .normscope.json session")
    export.add_argument("--matrix", metavar="FILE",
                        help="token matrix from CSV, NPY or NPZ (γ = 1, β = 0 unless --gamma/--beta are given)")
    export.add_argument("--gamma", metavar="FILE[:TENSOR]", help="γ from CSV, NPY or safetensors")
    export.add_argument("--beta", metavar="FILE[:TENSOR]", help="β from CSV, NPY or safetensors")
    export.add_argument("--norm", choices=NORM_KINDS)
    export.add_argument("--alpha", type=float, metavar="A", dest="dyt_alpha", help="DyT's α (default 0.5)")
    export.add_argument("--placement", choices=PLACEMENTS,
                        help="pre, post, peri (sandwich), deepnorm or mixln (Post-Norm in the first quarter)")
    export.add_argument("--qk-norm", action="store_true", default=None, help="normalize q and k of each head")
    export.add_argument("--ln-scaling", action="store_true", default=None,
                        help="scale Pre-Norm's norms by 1/√l in layer l (LayerNorm scaling)")
    export.add_argument("--init", choices=INITS, help="weight initialisation (default fan_in)")
    export.add_argument("--activation", choices=ACTIVATIONS, help="the FFN's activation (default relu)")
    eps, layers = SETTINGS["eps"], SETTINGS["layers"]
    export.add_argument("--eps", type=_setting("eps", float), metavar="E",
                        help=f"ε of the norm, {eps.low:g} to {eps.high:g}")
    export.add_argument("--layers", type=_setting("layers", int), metavar="N",
                        help=f"stacked blocks in the depth and gradient tables, {layers.low} to {layers.high}")
    export.add_argument("--format", default="png,svg,pdf", metavar="LIST",
                        help="figure formats, comma-separated (default png,svg,pdf)")
    export.add_argument("--bom", action="store_true",
                        help="start each CSV with a UTF-8 byte order mark, so that Excel shows 今天 correctly")
    add_figure_arguments(export)
    export.add_argument("--draw", type=drawn_stacks, metavar="LIST",
                        help=f"the stacks the depth and gradient figures draw, comma-separated from "
                             f"{', '.join(DRAWABLE_STACKS)} (default none,pre,post; the scenario's placement is "
                             f"always drawn; the CSVs hold every placement)")
    add_model_arguments(export)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="normscope",
        description="NormScope: a desktop lab for LayerNorm, RMSNorm and BatchNorm inside a Transformer block.",
    )
    parser.add_argument("--version", action="version", version=f"NormScope {__version__}")
    parser.add_argument(
        "--preset", choices=list(PRESETS), default="xian",
        help="scenario to open with (default: xian, seed 000's 今天西安的天气怎么样)",
    )
    parser.add_argument("--smoke-test", action="store_true",
                        help="build the window, paint it once and exit 0 (checks the font and translations too)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    _add_export_parser(commands)
    add_train_parser(commands)
    add_lesson_parser(commands)
    add_models_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is not None:
        resume_collection()  # a headless command may run long: it collects as usual (see app.startup_collector)
    if args.command == "export" and args.model is None and args.text is not None:
        print("normscope export: --text needs --model (the real model to run the sentence through)", file=sys.stderr)
        return 2
    if args.command == "export" and args.model is None and (args.freeze_norms or args.zero_dim):
        print("normscope export: --freeze-norms and --zero-dim need --model (the real model whose loss they cost)",
              file=sys.stderr)
        return 2
    # Qt is imported only once the arguments are valid, so --help answers without a display.
    if args.command is not None:
        from app.headless.headless_messages import quiet_known_qt_noise

        quiet_known_qt_noise()  # a headless run prints its own lines only
    if args.command == "export" and args.model is not None:
        from app.headless.model_export import run_model_export

        return run_model_export(args)
    if args.command == "export":
        from app.headless.export_command import run_export

        return run_export(args)
    if args.command == "train":
        from app.headless.train_command import run_train

        return run_train(args)
    if args.command == "lesson":
        from app.headless.lesson_command import run_lesson

        return run_lesson(args)
    if args.command == "models":
        from app.headless.models_command import run_models

        return run_models(args)
    if args.smoke_test:
        from app.headless.smoke_test import run_smoke_test

        return run_smoke_test(args.preset, shown=resume_collection)
    from app.gui import run_gui

    return run_gui(args.preset, sys.argv[:1])
