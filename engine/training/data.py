"""Character-level text for the training lab, read or generated at run time; nothing downloaded.

Sources: the running interpreter's standard-library sources (a sorted, fixed list of files; where
there are none, as in a one-folder build, the same text of Python 3.11 shipped in resources/corpus/),
any UTF-8 text file (every character is a token, so Chinese works), or generated tasks (copy,
reverse, sort, modular addition). The last tenth of the text is the validation split.
"""

from __future__ import annotations

import functools
import gzip
import os
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.files.bounded_read import read_regular_file
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem
from engine.resources import resource_path
from engine.training.budget import CORPUS_BYTES_PER_BYTE, MAX_TRAINING_BYTES, max_text_bytes
from engine.training.settings import TASKS

#: Characters of stdlib source used: about 1 MB, read in a few ms.
STDLIB_CHARS = 1_000_000
#: The stdlib text of Python 3.11 (tools/make_training_corpus.py), for a build that has no stdlib sources.
BUNDLED_STDLIB = resource_path("corpus", "stdlib.txt.gz")
#: Bytes of a text file decoded per step (and token ids mapped per step).
PIECE_BYTES = 4 << 20
VALIDATION_FRACTION = 0.1
#: Examples generated for a task (fixed: the data never depend on the run's seed).
TASK_EXAMPLES = 20_000
TASK_SEED = 20_170_612


@dataclass(frozen=True)
class Corpus:
    """A text as token ids over its own sorted character vocabulary, split for training and validation."""

    name: str
    chars: str  # the vocabulary, sorted; token i is chars[i]
    train: np.ndarray  # int32 token ids
    val: np.ndarray

    @property
    def vocab_size(self) -> int:
        return len(self.chars)

    def decode(self, ids) -> str:
        return "".join(self.chars[i] for i in ids)

    def encode(self, text: str) -> np.ndarray:
        index = {c: i for i, c in enumerate(self.chars)}
        return np.array([index[c] for c in text if c in index], np.int32)


def stdlib_files() -> list[Path]:
    """The top-level ``*.py`` files of the standard library, sorted by name."""
    root = Path(sysconfig.get_paths()["stdlib"])
    return sorted(root.glob("*.py"), key=lambda p: p.name)


@functools.lru_cache(maxsize=2)  # read once per process: the GUI's runs share it
def stdlib_text(limit: int = STDLIB_CHARS) -> str:
    """The first ``limit`` characters of the stdlib sources, concatenated in sorted order (the shipped
    copy's where this Python has no sources: a one-folder build ships compiled modules only)."""
    parts, total = [], 0
    for path in stdlib_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # a file that can't be read is left out on every run alike
        parts.append(text)
        total += len(text)
        if total >= limit:
            break
    if not parts:
        return gzip.decompress(BUNDLED_STDLIB.read_bytes()).decode("utf-8")[:limit]
    return "".join(parts)[:limit]


def file_code_points(path: str | Path) -> np.ndarray:
    """The characters of a UTF-8 text file as code points (uint32), or a FileProblem: not a regular file,
    empty, too big for the memory budget as a corpus, not UTF-8, or binary (NUL bytes).

    Decoded a piece at a time into one array of a code point per byte at most: the file's bytes and
    4 bytes per character are all it takes (a whole ``str`` and its UTF-32 copy would take up to 8 more).
    """
    path = Path(path)
    limit = max_text_bytes()
    try:
        size = os.stat(path).st_size
    except OSError:
        size = 0  # read_regular_file says why it can't be read
    if size > limit:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "is {size} MB: as training text it needs about {need} MB of memory (limit {budget} MB); "
                       "use a text of at most {limit} MB"),
            size=f"{size / 2**20:.1f}", need=f"{size * CORPUS_BYTES_PER_BYTE / 2**20:.0f}",
            budget=f"{MAX_TRAINING_BYTES / 2**20:.0f}", limit=f"{limit / 2**20:.0f}")
    data = read_regular_file(path, limit)
    codes = np.empty(len(data), np.uint32)
    count, start = 0, 3 if data[:3] == b"\xef\xbb\xbf" else 0  # a byte-order mark is not text
    while start < len(data):
        end = min(len(data), start + PIECE_BYTES)
        while end < len(data) and 0x80 <= data[end] < 0xC0:  # never cut inside a character
            end += 1
        try:
            piece = data[start:end].decode("utf-8")
        except UnicodeDecodeError as error:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "can't be read as UTF-8 text ({reason})"),
                              reason=f"{error.reason} at byte {start + error.start}") from None
        if "\x00" in piece:
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a text file (it contains NUL bytes)"))
        piece_codes = np.frombuffer(piece.encode("utf-32-le"), np.uint32)
        codes[count:count + len(piece_codes)] = piece_codes
        count += len(piece_codes)
        start = end
    codes.resize(count, refcheck=False)  # shrinks in place: no second copy
    return codes


@functools.lru_cache(maxsize=8)
def task_text(task: str, examples: int = TASK_EXAMPLES) -> str:
    """``examples`` lines of a generated task, e.g. copy ``abc=abc``, modadd ``17+45=62`` (mod 97)."""
    rng = np.random.default_rng(TASK_SEED)
    letters = np.array(list("abcdefghij"))
    lines = []
    for _ in range(examples):
        if task == "modadd":
            a, b = rng.integers(0, 97, 2)
            lines.append(f"{a}+{b}={(a + b) % 97}")
            continue
        n = int(rng.integers(1, 9))
        if task == "sort":
            digits = rng.integers(0, 10, n)
            lines.append("".join(map(str, digits)) + "=" + "".join(map(str, np.sort(digits))))
            continue
        word = "".join(letters[rng.integers(0, len(letters), n)])
        lines.append(f"{word}={word if task == 'copy' else word[::-1]}")
    return "\n".join(lines) + "\n"


def load_corpus(source: str, seq: int) -> Corpus:
    """The corpus for ``--data``: ``stdlib``, a task name, or a UTF-8 file's path."""
    if source == "stdlib":
        return corpus_from_text(stdlib_text(), source, seq)
    if source in TASKS:
        return corpus_from_text(task_text(source), source, seq)
    return corpus_from_code_points(file_code_points(source), source, seq)


def corpus_from_text(text: str, name: str, seq: int) -> Corpus:
    """``text`` as a corpus (its last tenth the validation split)."""
    return corpus_from_code_points(np.frombuffer(text.encode("utf-32-le"), np.uint32).copy(), name, seq)


def corpus_from_code_points(codes: np.ndarray, name: str, seq: int) -> Corpus:
    """A text's code points (a writable uint32 array, turned into the token ids in place) as a corpus."""
    split = int(len(codes) * (1 - VALIDATION_FRACTION))
    if min(split, len(codes) - split) < seq + 1:
        raise Problem(QT_TRANSLATE_NOOP(
            "Problem", "the text has {n} characters: too short for sequences of {seq} (each split needs {seq} + 1)"),
            n=len(codes), seq=seq)
    # Code points as one array: a million characters map to ids in milliseconds, not a Python loop.
    present = np.zeros(int(codes.max(initial=0)) + 1, bool)  # at most 0x110000 code points
    present[codes] = True
    index = np.cumsum(present, dtype=np.int32) - 1
    # The vocabulary from its code points in one call: a million one-character strings would take 60 MB.
    chars = np.flatnonzero(present).astype("<u4").tobytes().decode("utf-32-le")
    ids = codes.view(np.int32)  # ids < 0x110000: the same bits as int32
    for start in range(0, len(codes), PIECE_BYTES):  # in place, a piece at a time: no second array
        piece = slice(start, start + PIECE_BYTES)
        ids[piece] = index[codes[piece]]
    return Corpus(name, chars, ids[:split], ids[split:])


def unigram_entropy(ids: np.ndarray, vocab_size: int) -> float:
    """Entropy of the character frequencies, in nats: the loss of a model that learned nothing else."""
    counts = np.bincount(ids, minlength=vocab_size).astype(np.float64)
    p = counts[counts > 0] / counts.sum()
    return float(-(p * np.log(p)).sum())


def sample_batch(ids: np.ndarray, batch: int, seq: int, rng: np.random.Generator) -> np.ndarray:
    """``batch`` windows of ``seq`` + 1 consecutive tokens at random offsets: (batch, seq + 1) int32."""
    starts = rng.integers(0, len(ids) - seq, batch)
    return ids[starts[:, None] + np.arange(seq + 1)]


def validation_batches(ids: np.ndarray, batch: int, seq: int, count: int) -> list[np.ndarray]:
    """``count`` fixed batches spread evenly over the validation split (the same at every evaluation)."""
    windows = batch * count
    starts = np.linspace(0, len(ids) - seq - 1, windows).astype(np.int64)
    all_windows = ids[starts[:, None] + np.arange(seq + 1)]
    return [all_windows[i * batch:(i + 1) * batch] for i in range(count)]

