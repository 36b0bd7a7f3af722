"""load_model: a model name, Hugging Face folder or .gguf file → a runnable Model (weights + tokenizer)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.models.checkpoint import ModelWeights
from engine.models.gemma_tokenizer import gemma_tokenizer, is_gemma_vocabulary
from engine.models.gguf_file import Progress, load_gguf_weights, open_gguf
from engine.models.hf_folder import load_folder_weights
from engine.models.installed import resolve_model
from engine.models.pickles import PICKLE_SUFFIXES, refuse_pickle
from engine.models.spec import ModelSpec
from engine.models.tokenizer import ModelTokenizer, tokenizer_from_gguf, tokenizer_from_json
from engine.problem import QT_TRANSLATE_NOOP, FileProblem


@dataclass(frozen=True)
class Model:
    """A loaded model: its ``name`` to show, where it came from, its spec, weights and tokenizer."""

    name: str
    source: Path
    spec: ModelSpec
    weights: ModelWeights
    tokenizer: ModelTokenizer


def load_model(source: str | Path, progress: Progress | None = None) -> Model:
    """Load ``source`` (``minilm``, ``smollm2``, a folder or a .gguf file); bad input is a Problem.

    ``progress(fraction)`` is called while the weights are read; it may raise to cancel.
    """
    path = resolve_model(str(source))
    if path.is_dir() and not (path / "config.json").exists() and path.name.endswith(".gguf"):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is a folder, not a file"))
    if path.is_file() and path.name == "model.safetensors":
        path = path.parent
    if path.is_dir():
        spec, config, weights = load_folder_weights(path)
        tokenizer = tokenizer_from_json(path / "tokenizer.json", spec.max_positions, spec.vocab_size)
        given = config.get("_name_or_path")
        name = (given if isinstance(given, str) and given else path.name).rsplit("/", 1)[-1][:80] or path.name
        if progress is not None:
            progress(1.0)
    elif path.suffix.lower() == ".gguf":
        header = open_gguf(path)
        spec, weights = load_gguf_weights(path, header, progress)
        build = gemma_tokenizer if is_gemma_vocabulary(header) else tokenizer_from_gguf
        tokenizer = build(header, spec.max_positions, spec.vocab_size)
        name = path.stem
    elif path.suffix.lower() in PICKLE_SUFFIXES:
        raise refuse_pickle(path)
    else:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "is not a model; open a folder with config.json, model.safetensors and tokenizer.json, "
                       "or a .gguf file"))
    return Model(name, path, spec, weights, tokenizer)
