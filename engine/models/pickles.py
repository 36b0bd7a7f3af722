"""Checkpoints that are pickles (PyTorch .bin/.pt/.pth): refused, because unpickling runs code."""

from __future__ import annotations

from pathlib import Path

from engine.problem import QT_TRANSLATE_NOOP, FileProblem

PICKLE_SUFFIXES = (".bin", ".pt", ".pth", ".pkl", ".pickle", ".ckpt")


def refuse_pickle(path) -> FileProblem:
    """The refusal of a pickled checkpoint, saying why and how to convert it."""
    return FileProblem(Path(path), QT_TRANSLATE_NOOP(
        "Problem", "is a pickle (PyTorch checkpoint); NormScope never unpickles, because loading a pickle can run "
                   "any code. Convert it where you trust it: model.save_pretrained(folder, safe_serialization=True) "
                   "in transformers, or safetensors.torch.save_file(state_dict, \"model.safetensors\")"))
