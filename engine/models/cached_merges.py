"""The merges a vocabulary implies, kept in the cache folder after the first time: finding Gemma 3's
515 k merges costs about 0.6–0.9 s of CPU, reading them back about 0.05 s.

The cache file is named by the SHA-256 of the vocabulary (its tokens' lengths and UTF-8 bytes), so a
changed vocabulary never meets another's merges; it holds only token indices (int32 pairs, an .npy
read without pickles), checked for shape and range before use. A cache that can't be written or read
is no failure: the merges are found again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os

import numpy as np

from engine.models.implied_merges import implied_merge_indices, merges_of
from engine.models.joined_parts import cache_folder


def cached_implied_merges(tokens: list[str], vocab: dict[str, int]) -> list[tuple[str, str]]:
    """engine.models.implied_merges' merges of ``tokens``, from the cache when this vocabulary's are there."""
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    digest = hashlib.sha256(lengths.tobytes())
    digest.update("".join(tokens).encode("utf-8", "surrogatepass"))
    path = cache_folder() / "merges" / f"{digest.hexdigest()}.npy"
    pairs = _read(path, len(tokens), int(lengths.sum()))
    if pairs is None:
        pairs = implied_merge_indices(tokens, vocab)
        _write(path, pairs)
    return merges_of(tokens, pairs)


def _read(path, count: int, most: int) -> np.ndarray | None:
    """The cached index pairs, or None when absent or not what a cache of this vocabulary can hold
    (a token has fewer cuts than code points, so there are fewer merges than code points)."""
    try:
        if not path.is_file() or path.stat().st_size > 128 + 8 * most:
            return None
        pairs = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    if pairs.dtype != np.int32 or pairs.ndim != 2 or pairs.shape[1] != 2 or len(pairs) > most \
            or (len(pairs) and (pairs.min() < 0 or pairs.max() >= count)):
        return None
    return pairs


def _write(path, pairs: np.ndarray) -> None:
    """Store ``pairs`` atomically (a half-written file is never read); failing to is no failure."""
    partial = path.with_name(f"{path.name}.partial-{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(partial, "wb") as file:
            np.save(file, pairs, allow_pickle=False)
        os.replace(partial, path)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
