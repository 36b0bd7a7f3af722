"""Command-line entry: parse the options, then open the window."""

from __future__ import annotations

import argparse
import sys

from engine.presets import PRESETS

__version__ = "0.1.0"


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
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # Qt is imported only once the arguments are valid, so --help answers without a display.
    from app.gui import run_gui

    return run_gui(args.preset, sys.argv[:1])
