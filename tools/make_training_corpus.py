"""Write resources/corpus/stdlib.txt.gz: the Training tab's default text for a build without Python's
standard-library sources (a one-folder bundle ships compiled modules only).

It is the text ``engine.training.data.stdlib_text()`` reads from the sources of the Python running this
script (the first 1,000,000 characters of the top-level ``*.py`` files, sorted by name), so a bundle trains
on the same characters as a venv of that Python version. Gzip without a timestamp: the same bytes each run.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.training.data import BUNDLED_STDLIB, stdlib_files, stdlib_text  # noqa: E402


def write_corpus(path: Path) -> str:
    """Write this Python's standard-library text, gzipped, to ``path``; the text."""
    assert stdlib_files(), "this Python has no standard-library sources to read"
    text = stdlib_text()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    return text


def main() -> int:
    text = write_corpus(BUNDLED_STDLIB)
    print(f"{BUNDLED_STDLIB}: {len(text):,} characters of Python {sys.version.split()[0]}'s standard library, "
          f"{BUNDLED_STDLIB.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
