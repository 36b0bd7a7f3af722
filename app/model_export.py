"""``python main.py export --model NAME|PATH --text TEXT --out DIR``: a real model's tables, headless.

Writes tokens.csv, model_hidden.npz (``hidden``: float32, (L + 1, T, d)), model_depth.csv and
model_norms.csv. Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np

from engine.io import atomic_write
from engine.models.forward import run_model
from engine.models.loading import load_model
from engine.models.model_tables import depth_table, norms_table, tokens_table
from engine.problem import Problem
from engine.tables import to_csv

#: The scenario options of ``export`` that a model export does not take.
SCENARIO_OPTIONS = ("session", "matrix", "gamma", "beta", "norm", "placement", "eps", "layers")


def add_model_arguments(export) -> None:
    """Add ``--model`` and ``--text`` to the ``export`` sub-command's parser."""
    export.add_argument("--model", metavar="NAME|PATH",
                        help="export a real model's run instead: minilm, smollm2, a Hugging Face folder or a .gguf "
                             "file (writes tokens.csv, model_hidden.npz, model_depth.csv, model_norms.csv)")
    export.add_argument("--text", metavar="TEXT", help="the sentence to run the model on (with --model)")


def _fail(message) -> int:
    print(f"normscope export: {message}", file=sys.stderr)
    return 2


def run_model_export(args) -> int:
    """Load the model, run it on the text and write the four files; 0, or 2 on bad input."""
    clashing = [f"--{name}" for name in SCENARIO_OPTIONS if getattr(args, name, None) is not None]
    if clashing:
        return _fail(f"--model can't be combined with {', '.join(clashing)}")
    if args.text is None:
        return _fail("--model needs --text TEXT")
    try:
        model = load_model(args.model)
        tokens = model.tokenizer.encode(args.text)
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
    except (Problem, OSError) as error:
        return _fail(error)
    if tokens.truncated:
        print(f"normscope export: note: the text was cut to its first {len(tokens.ids)} tokens", file=sys.stderr)
    trace = run_model(model, tokens.ids)
    buffer = io.BytesIO()
    np.savez(buffer, hidden=trace.states.astype(np.float32))
    written = [out / "model_hidden.npz"]
    atomic_write(written[0], buffer.getvalue())
    for table in (tokens_table(tokens), depth_table(trace), norms_table(trace)):
        path = out / f"{table.name}.csv"
        atomic_write(path, to_csv(table).encode("utf-8"))
        written.append(path)
    for path in written:
        print(path)
    return 0
