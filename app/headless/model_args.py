"""The ``export`` command's options for a real model's run, apart from that run's code: the command
line is built at every start of the window too, and the model engine loads only when it runs."""

from __future__ import annotations


def add_model_arguments(export) -> None:
    """Add ``--model`` and ``--text`` to the ``export`` sub-command's parser."""
    export.add_argument("--model", metavar="NAME|PATH",
                        help="export a real model's run instead: minilm, smollm2, gemma3, a Hugging Face folder or a .gguf "
                             "file (writes tokens.csv, model_hidden.npz, model_depth.csv, model_norms.csv)")
    export.add_argument("--text", metavar="TEXT", help="the sentence to run the model on (with --model)")
    export.add_argument("--freeze-norms", action="append", metavar="SPEC",
                        help="with --model: also cost freezing norms (final, all, or blocks A-B, 0-based): each "
                             "multiplies its input by its mean 1/RMS over the text instead of each token's own; "
                             "a row of model_loss.csv (repeatable)")
    export.add_argument("--zero-dim", action="append", metavar="LAYER:DIM",
                        help="with --model: also cost zeroing dimension DIM of the stream entering block LAYER; "
                             "a row of model_loss.csv (repeatable)")
