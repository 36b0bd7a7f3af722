"""Command-line entry: the GUI by default, ``export`` to render tables and figures headless, ``train``
to train a small Transformer headless."""

from __future__ import annotations

import argparse
import sys

from app.train_command import add_train_parser
from engine.presets import PRESETS
from engine.scenario import NORM_KINDS, PLACEMENTS

__version__ = "0.1.0"


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
    export.add_argument("--matrix", metavar="FILE", help="token matrix from CSV, NPY or NPZ")
    export.add_argument("--gamma", metavar="FILE[:TENSOR]", help="γ from CSV, NPY or safetensors")
    export.add_argument("--beta", metavar="FILE[:TENSOR]", help="β from CSV, NPY or safetensors")
    export.add_argument("--norm", choices=NORM_KINDS)
    export.add_argument("--placement", choices=PLACEMENTS)
    export.add_argument("--eps", type=float, metavar="E")
    export.add_argument("--layers", type=int, metavar="N")
    export.add_argument("--format", default="png,svg,pdf", metavar="LIST",
                        help="figure formats, comma-separated (default png,svg,pdf)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description="NormScope: a desktop lab for LayerNorm, RMSNorm and BatchNorm inside a Transformer block.",
    )
    parser.add_argument("--version", action="version", version=f"NormScope {__version__}")
    parser.add_argument(
        "--preset", choices=list(PRESETS), default="xian",
        help="scenario to open with (default: xian, seed 000's 今天西安的天气怎么样)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_export_parser(commands)
    add_train_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # Qt is imported only once the arguments are valid, so --help answers without a display.
    if args.command == "export":
        from app.export_command import run_export

        return run_export(args)
    if args.command == "train":
        from app.train_command import run_train

        return run_train(args)
    from app.gui import run_gui

    return run_gui(args.preset, sys.argv[:1])
