"""The figure options every headless command takes (``export``, ``export --model``, ``train``):
``--size`` (``WxH`` in px, cm or in, or a named target), ``--dpi`` and ``--publication``, parsed in
one place; bad values are refused by argparse (one line, status 2) before anything is loaded."""

from __future__ import annotations

import argparse
import re

from widgets.plotkit.figure_sizes import SIZE_PRESETS

#: The smallest figure the depth, gradient and row-statistics plots still lay out readably at, with
#: text at its point size, publication style too (no "…", 3 ticks per axis, the data ≥ 35% of the
#: figure; 8.5 × 6 cm left the depth plot's data 33%): measured in tests/test_figure_reading.py.
SMALLEST_CM = (8.5, 6.4)
#: A figure a page wide may be shorter: its keys go beside the data (17 × 6 cm, the README's example,
#: meets every check of tests/test_figure_reading.py, the stage heatmaps' too).
WIDE_SMALLEST_CM = (17.0, 6.0)
DEFAULT_DPI = 300.0
#: The stacks ``export --draw`` picks from, as right-click → Draw does in the window.
DRAWABLE_STACKS = ("none", "pre", "post", "peri", "deepnorm", "mixln")
_SIZE = re.compile(r"(\d+(?:\.\d*)?)x(\d+(?:\.\d*)?)(px|cm|in)?")
_CM_PER = {"cm": 1.0, "in": 2.54}


def figure_size(text: str) -> tuple[float, float, str]:
    """An argparse type: ``column``, ``page``, ``slide`` or ``WxH[px|cm|in]`` as (width, height, unit)."""
    name = text.strip().lower().replace("×", "x")
    if name in SIZE_PRESETS:
        return SIZE_PRESETS[name]
    match = _SIZE.fullmatch(name)
    if match is None or not (float(match.group(1)) > 0 and float(match.group(2)) > 0):
        raise argparse.ArgumentTypeError(f"{text!r}: give {', '.join(SIZE_PRESETS)} or WIDTHxHEIGHT with px, cm or "
                                         "in, e.g. 17x6cm")
    return float(match.group(1)), float(match.group(2)), match.group(3) or "px"


def figure_dpi(text: str) -> float:
    """An argparse type: a positive number of pixels per inch."""
    try:
        dpi = float(text)
    except ValueError:
        dpi = float("nan")
    if not 0 < dpi <= 2400:
        raise argparse.ArgumentTypeError(f"{text!r}: give the PNG's pixels per inch, a number from 1 to 2400")
    return dpi


def drawn_stacks(text: str) -> tuple[str, ...]:
    """An argparse type: ``pre,post`` as ("pre", "post"), in the stacks' own order; "" for none drawn."""
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in DRAWABLE_STACKS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown stack {unknown[0]!r}; use {', '.join(DRAWABLE_STACKS)}")
    return tuple(stack for stack in DRAWABLE_STACKS if stack in names)


def add_figure_arguments(parser: argparse.ArgumentParser) -> None:
    """``--size``, ``--dpi`` and ``--publication`` on ``parser``."""
    parser.add_argument("--size", type=figure_size, metavar="WxH[px|cm|in]|column|page|slide",
                        help="every figure at this size: e.g. 17x6cm or 1600x900 (px), or column (8.5 × 6.4 cm), "
                             "page (17.5 × 8.75 cm), slide (1920 × 1080 px); default: as on screen")
    parser.add_argument("--dpi", type=figure_dpi, default=DEFAULT_DPI, metavar="N",
                        help="pixels per inch of the PNGs (and of --size in px); default 300")
    parser.add_argument("--publication", action="store_true",
                        help="publication style: larger text and thicker lines")


def figure_options(args: argparse.Namespace):
    """The FigureOptions of the parsed ``--size``, ``--dpi`` and ``--publication``; a ValueError
    when the size is too small to hold a figure (naming the smallest that works)."""
    from widgets.plotkit.figure_export import FigureOptions

    width, height, unit = args.size or (None, None, "px")
    if width is not None:
        per_cm = {"px": args.dpi / 2.54}.get(unit, 1 / _CM_PER.get(unit, 1.0))
        if not any(width / per_cm >= w - 1e-9 and height / per_cm >= h - 1e-9 for w, h in (SMALLEST_CM, WIDE_SMALLEST_CM)):
            smallest = [f"{v * per_cm:.4g}" for v in SMALLEST_CM]
            wide = [f"{v * per_cm:.4g}" for v in WIDE_SMALLEST_CM]
            raise ValueError(f"--size {width:g}x{height:g}{unit} is too small to hold a figure with its text at "
                             f"{args.dpi:g} dpi; the smallest that works is {smallest[0]}x{smallest[1]}{unit} "
                             f"({SMALLEST_CM[0]:g} × {SMALLEST_CM[1]:g} cm), or {wide[0]}x{wide[1]}{unit} for a "
                             f"page-wide one ({WIDE_SMALLEST_CM[0]:g} × {WIDE_SMALLEST_CM[1]:g} cm); a lower --dpi "
                             "for a size in px")
    return FigureOptions(width, height, unit, args.dpi, args.publication)
