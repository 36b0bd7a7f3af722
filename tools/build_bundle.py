"""``./dev bundle``: NormScope's one-folder build (PyInstaller), a .tgz of it, and the build's own smoke run.

PyInstaller is installed into a build venv of its own (build/bundle-venv), never into the runtime
dependencies: that venv reaches the running environment's packages through a .pth file, so the build
sees exactly the dependencies NormScope runs with. Output: build/bundle/dist/normscope/ (run
``normscope`` in it) and build/bundle/normscope-VERSION-PLATFORM.tgz.

The smoke run uses a clean environment (``env -i``: no Python on PATH, no PYTHONPATH) and checks the
window paints with the font and translation (``--smoke-test``, offscreen), ``--version``, a headless
export and a short headless training on the default data, and that Qt's xcb plugin is in the folder.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "bundle"
VENV = ROOT / "build" / "bundle-venv"
SPEC = ROOT / "packaging" / "normscope.spec"
PYINSTALLER = "pyinstaller==6.22.3"


def step(text: str) -> None:
    print(f"==> {text}", file=sys.stderr, flush=True)


def build_python() -> Path:
    """The build venv's Python, with PyInstaller, seeing this environment's packages."""
    python = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        step(f"Creating the build environment {VENV.relative_to(ROOT)} (PyInstaller only; the rest is shared)")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    shared = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "normscope-runtime.pth").write_text("\n".join(sorted(shared)) + "\n")
    if subprocess.run([str(python), "-c", "import PyInstaller"], capture_output=True).returncode != 0:
        step(f"Installing {PYINSTALLER} into the build environment")
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "on",
                        PYINSTALLER], check=True)
    return python


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def smoke_run(folder: Path) -> None:
    """The build's own test, in a clean environment."""
    executable = folder / ("normscope.exe" if os.name == "nt" else "normscope")
    xcb = list(folder.rglob("libqxcb.so"))
    if sys.platform.startswith("linux") and not xcb:
        raise SystemExit("bundle: Qt's xcb platform plugin (libqxcb.so) is missing from the folder")
    clean = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"} if os.name != "nt" else dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="normscope-bundle-") as scratch:
        clean["HOME"] = scratch  # a fresh user: no settings, no caches
        for argv in (["--version"], ["--smoke-test"],
                     ["export", "--out", f"{scratch}/export", "--preset", "apple", "--format", "png,svg,pdf"],
                     ["train", "--out", f"{scratch}/train", "--steps", "3", "--layers", "2", "--width", "16",
                      "--batch", "2", "--seq", "16", "--format", "png"]):
            started = time.perf_counter()
            run = subprocess.run([str(executable), *argv], env=clean, cwd=scratch, capture_output=True, text=True,
                                 timeout=600)
            took = time.perf_counter() - started
            if run.returncode != 0:
                raise SystemExit(f"bundle: `normscope {' '.join(argv)}` failed ({run.returncode}):\n"
                                 f"{run.stdout}{run.stderr}")
            step(f"normscope {argv[0]}: ok in {took:.2f} s ({(run.stdout.strip().splitlines() or [''])[-1]})")
        for made in ("export/window.png", "export/depth.pdf", "train/train_log.csv"):
            if not Path(scratch, made).is_file():
                raise SystemExit(f"bundle: the smoke run wrote no {made}")


def main() -> int:
    python = build_python()
    step("Writing the Training tab's default text for the bundle (resources/corpus/stdlib.txt.gz)")
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_training_corpus.py")], check=True, cwd=ROOT)
    step("Building the one-folder bundle with PyInstaller (about 2 minutes)")
    started = time.perf_counter()
    subprocess.run([str(python), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(BUILD / "dist"), "--workpath", str(BUILD / "work"), str(SPEC)],
                   check=True, cwd=ROOT, env={**os.environ, "PYTHONNOUSERSITE": "1"})
    folder = BUILD / "dist" / "normscope"
    step(f"Built {folder.relative_to(ROOT)} in {time.perf_counter() - started:.0f} s: "
         f"{folder_size(folder) / 1e6:.0f} MB unpacked")
    sys.path.insert(0, str(ROOT))
    from app.cli import __version__

    archive = BUILD / f"normscope-{__version__}-{sys.platform}-{platform.machine()}.tgz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname="normscope")
    step(f"Packed {archive.relative_to(ROOT)}: {archive.stat().st_size / 1e6:.0f} MB")
    step("Smoke run of the bundle in a clean environment")
    smoke_run(folder)
    step("Bundle ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
