"""The BPE merges a vocabulary implies when its file lists none (Gemma's GGUF files).

A merge is every way of cutting a token in two whose halves are tokens too; they rank by the token's
place in the vocabulary (earlier first), then the longer left half first. This is the rule transformers
follows for these files (``generate_merges`` with the tokens' positions as their scores), so the ids
match its tokenizer's.

Trying each cut as Python strings takes 1.3 s of CPU for Gemma's 262,144 tokens (1.2 M cuts). Here
all cuts are hashed at once with NumPy (a polynomial hash of the code points, from one prefix sum) and
looked up among the tokens' sorted hashes; every pair found is then checked as strings (left + right
is the token), so a hash collision never adds a merge. A collision among the tokens' own hashes, which
could hide a merge, sends the vocabulary the exact string-by-string way instead.
"""

from __future__ import annotations

import numpy as np

_MASK = (1 << 64) - 1
#: An odd base (invertible modulo 2⁶⁴) and the constant that mixes a string's length into its key.
_BASE = 0x9E3779B97F4A7C15
_BASE_INVERSE = pow(_BASE, -1, 1 << 64)
_LENGTH_MIX = 0xC2B2AE3D27D4EB4F
#: Cuts hashed and looked up at once (Gemma's 1.2 M in 5 blocks: about 10 MB of arrays each).
_CUTS_AT_ONCE = 1 << 18


def implied_merges(tokens: list[str], last: dict[str, int]) -> list[tuple[str, str]]:
    """The merges ``tokens`` imply, best first; ``last`` maps each token to its last index (the
    vocabulary as the BPE model takes it: a token listed twice counts at its last place)."""
    return merges_of(tokens, implied_merge_indices(tokens, last))


def implied_merge_indices(tokens: list[str], last: dict[str, int]) -> np.ndarray:
    """The implied merges as (left, right) token indices, an int32 array of shape (merges, 2)."""
    found = _hashed_cuts(tokens, last)
    return found if found is not None else _string_cuts(tokens, last)


def merges_of(tokens: list[str], pairs: np.ndarray) -> list[tuple[str, str]]:
    """Index pairs as the merges of strings the BPE model takes."""
    return list(zip(map(tokens.__getitem__, pairs[:, 0].tolist()), map(tokens.__getitem__, pairs[:, 1].tolist())))


def _string_cuts(tokens: list[str], last: dict[str, int]) -> np.ndarray:
    """The merges found cut by cut as strings: exact, and the way taken when hashes collide."""
    pairs = []
    for index, token in enumerate(tokens):
        if last[token] != index:
            continue
        for cut in range(len(token) - 1, 0, -1):
            left, right = token[:cut], token[cut:]
            if left in last and right in last:
                pairs.append((last[left], last[right]))
    return np.array(pairs, dtype=np.int32).reshape(-1, 2)


def _hashed_cuts(tokens: list[str], last: dict[str, int]) -> np.ndarray | None:
    """The merges found with hashed cuts, or None when two different tokens hash alike."""
    count = len(tokens)
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=count)
    ends = np.cumsum(lengths)
    starts = ends - lengths
    points = np.frombuffer("".join(tokens).encode("utf-32-le"), dtype=np.uint32)
    with np.errstate(over="ignore"):  # uint64 arithmetic wraps modulo 2⁶⁴ by design
        sums = np.zeros(len(points) + 1, dtype=np.uint64)  # Σ (c_i + 1) B^-i over the first j code points
        terms = points.astype(np.uint64)
        terms += np.uint64(1)
        terms *= _powers(_BASE_INVERSE, len(points))
        np.cumsum(terms, out=sums[1:])
        del terms
        powers = _powers(_BASE, len(sums))  # B^a moves a substring that starts at a back to position 0

        def key(first: np.ndarray, end: np.ndarray) -> np.ndarray:
            """Each substring [first, end)'s hash with its length mixed in, the same wherever it lies."""
            return _mixed((sums[end] - sums[first]) * powers[first] + (end - first).astype(np.uint64) * np.uint64(_LENGTH_MIX))

        table = _KeyTable(key(starts, ends))
        order = table.order
        if any(tokens[order[i]] != tokens[order[i + 1]] for i in table.alike().tolist()):
            return None
        kept = np.zeros(count, dtype=bool)
        kept[np.fromiter(last.values(), dtype=np.int64, count=len(last))] = True
        rows = np.flatnonzero(kept & (lengths >= 2))
        # In blocks of rows of about _CUTS_AT_ONCE cuts: the memory stays bounded whatever the vocabulary.
        block = np.searchsorted(np.cumsum(lengths[rows] - 1), np.arange(_CUTS_AT_ONCE, int(lengths.sum()) + 1,
                                                                        _CUTS_AT_ONCE), side="right")
        pairs = [_block_cuts(table, key, points, starts, ends, lengths, part)
                 for part in np.split(rows, block) if len(part)]
    return np.concatenate(pairs) if pairs else np.zeros((0, 2), dtype=np.int32)


def _block_cuts(table: "_KeyTable", key, points: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                lengths: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The merges of tokens ``rows``, as int32 (left, right) index pairs, in rank order."""
    cuts = lengths[rows] - 1
    owner = np.repeat(rows, cuts)
    # Each row's cuts from its right end leftwards: the longer left half first.
    cut = ends[owner] - 1 - (np.arange(len(owner)) - np.repeat(np.cumsum(cuts) - cuts, cuts))
    left = table.find(key(starts[owner], cut))
    found = np.flatnonzero(left >= 0)
    owner, cut, left = owner[found], cut[found], left[found]
    right = table.find(key(cut, ends[owner]))
    found = np.flatnonzero(right >= 0)
    owner, cut, left, right = owner[found], cut[found], left[found], right[found]
    same = _spelled_alike(points, starts, lengths, owner, cut - starts[owner], left, right)
    return np.stack([left[same], right[same]], axis=1).astype(np.int32)


def _spelled_alike(points: np.ndarray, starts: np.ndarray, lengths: np.ndarray, owner: np.ndarray, size: np.ndarray,
                   left: np.ndarray, right: np.ndarray, chunk: int = 1 << 16) -> np.ndarray:
    """Where token ``left`` followed by token ``right`` spells token ``owner`` exactly, cut after ``size``
    code points: the check that makes a hash match a fact (done in chunks to bound the memory)."""
    same = (lengths[left] == size) & (lengths[right] == lengths[owner] - size)
    for first in range(0, len(owner), chunk):
        part = slice(first, first + chunk)
        span = lengths[owner[part]]
        which = np.repeat(np.arange(len(span)), span)
        step = np.arange(len(which)) - np.repeat(np.cumsum(span) - span, span)
        k = size[part][which]
        halves = np.where(step < k, starts[left[part]][which] + step, starts[right[part]][which] + step - k)
        wrong = points[np.minimum(halves, len(points) - 1)] != points[starts[owner[part]][which] + step]
        same[part] &= np.bincount(which[wrong], minlength=len(span)) == 0
    return same


def _mixed(values: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser: every bit of a value moves the top bits, which pick a key's bucket (a
    short string's polynomial hash differs from its neighbours' only in the low bits)."""
    values = values ^ (values >> np.uint64(30))
    values *= np.uint64(0xBF58476D1CE4E5B9)
    values ^= values >> np.uint64(27)
    values *= np.uint64(0x94D049BB133111EB)
    return values ^ (values >> np.uint64(31))


def _powers(base: int, count: int) -> np.ndarray:
    """base⁰, base¹, … modulo 2⁶⁴ (``count`` of them)."""
    powers = np.full(count, base, dtype=np.uint64)
    if count:
        powers[0] = 1
    return np.cumprod(powers, dtype=np.uint64)


class _KeyTable:
    """The tokens' keys sorted, with a directory by their top bits: finding a key is one look in its
    bucket (a quarter of a token per bucket on average) instead of a binary search."""

    def __init__(self, keys: np.ndarray):
        self.order = np.argsort(keys, kind="stable")
        self.keys = keys[self.order]
        self.bits = max(4, int(len(keys)).bit_length() + 2)
        buckets = np.bincount((self.keys >> np.uint64(64 - self.bits)).astype(np.int64), minlength=1 << self.bits)
        self.first = np.zeros(len(buckets) + 1, dtype=np.int32 if len(keys) < 1 << 31 else np.int64)
        np.cumsum(buckets, out=self.first[1:])

    def alike(self) -> np.ndarray:
        """Indices i in sorted order whose key equals the next one's."""
        return np.flatnonzero(self.keys[1:] == self.keys[:-1])

    def find(self, keys: np.ndarray) -> np.ndarray:
        """The index of the token with each key, or -1 where no token has it."""
        bucket = (keys >> np.uint64(64 - self.bits)).astype(np.int64)
        place, end = self.first[bucket], self.first[bucket + 1]
        found = np.full(len(keys), -1, dtype=np.int64)
        active = np.flatnonzero(place < end)
        while len(active):
            at = place[active]
            hit = self.keys[at] == keys[active]
            found[active[hit]] = self.order[at[hit]]
            place[active] += 1
            active = active[~hit & (place[active] < end[active])]
        return found
