"""float32 values' shortest round-trip text as CSV bytes, made by array arithmetic: no Python object per value.

NumPy's cast of a float32 array to text (Dragon4, in C) costs about 0.6 µs a value, more than
``np.savetxt``'s whole row formatting; this finds the same digits in a few dozen array operations:

- the shortest text of a float32 ``x`` is the nearest multiple ``N·10ⁿ`` of the coarsest power ``10ⁿ``
  whose nearest multiple reads back to ``x``; a finer grid's nearest multiple is never farther, so
  "reads back" is monotone in ``n`` and a binary search over the 11 possible ``n`` takes 4 steps;
- ``N·10ⁿ`` with ``|n| ≤ 22`` and ``N < 2⁵³`` is one correctly rounded float64 operation (10²² is the
  largest exact power), so "reads back" is the float64 value cast to float32, except where that value
  lands exactly on a float32 midpoint (double rounding) or ``x·10⁻ⁿ`` is within its rounding error of
  a tie: those values, and the ones outside the exact range (|x| < 1e-12, ≥ 1e20), inf and NaN are
  left to ``format_number``. (A power of two's lower neighbour is nearer than its upper, which the
  argument above does not cover: tests/test_float32_text.py checks every float32 power of two instead.)
- the digits become characters with integer division, and each cell's characters are laid out by a
  template per decimal exponent in a fixed-width byte matrix whose padding one boolean mask squeezes out.
"""

from __future__ import annotations

import numpy as np

from engine.files.table_text import format_number

#: Exact float64 powers 10⁰ … 10²² (10²² = 2²²·5²², and 5²² < 2⁵³): for n = -22 … 22 (index n + _SHIFT),
#: x·10⁻ⁿ is x·_DOWN[n] / _UP[n] and one of the two is 1, so it is one correctly rounded operation.
_SHIFT = 22
_UP = np.array([1.0] * _SHIFT + [float(10 ** m) for m in range(23)])
_DOWN = np.array([float(10 ** -n) for n in range(-_SHIFT, 0)] + [1.0] * 23)
#: 10⁰ … 10⁹ as integers: the digit count of N is how many of them it reaches.
_INT_POWERS = 10 ** np.arange(10, dtype=np.uint32)
#: Where the exact arithmetic holds (see the module's docstring).
_FAST_RANGE = (1e-12, 1e20)
#: Decimal exponents of the first digit that can occur in the fast range, and which of them are positional.
_EXPONENTS = range(-12, 20)
_POSITIONAL = range(-4, 16)  # format_number: positional for 1e-4 ≤ |x| < 1e16
#: A cell: its sign, the rest of its text (16 characters at most: "9999999000000000"), the separator.
_BODY = 16
_CELL = _BODY + 2
#: Characters a template picks from: the nine digits (columns 0–8), then these.
_CHARS = b".e-+0123456789"
_NEVER = 99  # a column no digit count keeps


def _templates() -> tuple[np.ndarray, np.ndarray]:
    """Per first-digit exponent E: which character each body column shows (an index into the nine digits
    then ``_CHARS``), and the fewest digits a number must have for that column to be kept."""
    picks = np.zeros((len(_EXPONENTS), _BODY), np.intp)
    needs = np.full((len(_EXPONENTS), _BODY), _NEVER, np.uint8)

    def char(ch: str) -> int:
        return 9 + _CHARS.index(ch.encode())

    for row, e in enumerate(_EXPONENTS):
        if e in _POSITIONAL:
            point = e + 1 if e >= 0 else 1  # "123.45", or "0.0012"
            width = max(point, 9 - min(e, 0) + 1)
            for c in range(min(width, _BODY)):
                if c == point:
                    picks[row, c], needs[row, c] = char("."), max(e + 2, 0)  # only when a digit follows
                    continue
                j = c - (c > point) + min(e, 0)  # which digit; before the first or after the ninth: a 0
                picks[row, c] = j if 0 <= j < 9 else char("0")
                needs[row, c] = max(j + 1, 0) if c > point else 0
        else:  # "1.2345e-05": the digits, then the exponent, always two digits for float32
            exponent = f"e{'-' if e < 0 else '+'}{abs(e):02d}"
            layout = [(0, 0), (char("."), 2)] + [(j, j + 1) for j in range(1, 9)]
            layout += [(char(ch), 0) for ch in exponent]
            for c, (pick, need) in enumerate(layout):
                picks[row, c], needs[row, c] = pick, need
    return picks, needs


_PICKS, _NEEDS = _templates()


def _no_hazard(scaled: np.ndarray, count: np.ndarray, value: np.ndarray) -> np.ndarray:
    """Whether ``count = rint(scaled)`` and the float32 cast of ``value`` are exact: ``scaled`` is not
    within its float64 rounding of a tie, and ``value`` is not exactly on a float32 midpoint (where the
    cast from float64 rounds twice)."""
    return ((0.5 - np.abs(scaled - count) > scaled * 2.0 ** -50)
            & (value.view(np.uint64) & np.uint64((1 << 29) - 1) != np.uint64(1 << 28)))


def _shortest(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For positive float32 ``x`` in the fast range: the digits ``N``, the exponent ``n`` of the last one,
    and whether the pair is certain (False: a tie or a double rounding was too close to call)."""
    wide = x.astype(np.float64)
    _, binary = np.frexp(wide)  # |x| in [2^(b-1), 2^b): its first digit's exponent is top or top - 1
    top = np.floor(binary * np.log10(2.0)).astype(np.intp) + 1 + _SHIFT  # n = top - offset, offset 0..10

    def nearest(n: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The nearest multiple of 10ⁿ (``n`` shifted by ``_SHIFT``) as N and its float64 value, and whether
        it reads back to x."""
        up, down = _UP.take(n), _DOWN.take(n)
        scaled = wide * down / up  # one of the two is 1: one rounding
        count = np.rint(scaled)
        value = count * up / down
        return scaled, count, value, value.astype(np.float32) == x

    low, high = np.zeros(x.shape, np.intp), np.full(x.shape, 10, np.intp)
    for _ in range(4):  # 11 offsets; a hazard here is caught by the check below
        middle = (low + high) >> 1
        reads_back = nearest(top - middle)[3]
        high = np.where(reads_back, middle, high)
        low = np.where(reads_back, low, middle + 1)
    # Monotone, so the search's answer is certain if it reads back and the next coarser one doesn't
    # (offset 0 has none), both without a hazard.
    n = top - high
    scaled, digits, value, reads_back = nearest(n)
    certain = reads_back & _no_hazard(scaled, digits, value)
    scaled, count, value, coarser_reads_back = nearest(n + 1)
    certain &= (~coarser_reads_back & _no_hazard(scaled, count, value)) | (high == 0)
    return np.where(certain, digits, 0).astype(np.uint32), n - _SHIFT, certain  # at most 9 digits when certain


def csv_cells(values: np.ndarray, width: int) -> tuple[bytes, np.ndarray]:
    """float32 ``values`` (rows of ``width``) as CSV text in UTF-8: each value's ``format_number``, a comma
    after each but the last of a row, a newline after that; and where each row's text ends."""
    x = np.ravel(values).astype(np.float32, copy=False)
    with np.errstate(invalid="ignore", over="ignore"):
        magnitude = np.abs(x)
        fast = (magnitude >= _FAST_RANGE[0]) & (magnitude < _FAST_RANGE[1])
    count, n = np.zeros(x.size, np.uint32), np.zeros(x.size, np.intp)
    if fast.any():
        count[fast], n[fast], certain = _shortest(magnitude[fast])  # the sign is its own column
        fast[np.flatnonzero(fast)[~certain]] = False
    zero = x == 0
    digits = np.maximum(np.searchsorted(_INT_POWERS, count, side="right"), 1).astype(np.uint8)  # "0" has one
    first = np.where(zero, 0, n + digits - 1)  # its first digit's decimal exponent
    left = count * _INT_POWERS[9 - digits]  # nine digits, left-aligned: a shorter number ends in 0s
    columns = np.empty((x.size, 9 + len(_CHARS)), np.uint8)
    for j in range(9):
        columns[:, j] = left // _INT_POWERS[8 - j] % 10 + ord("0")
    columns[:, 9:] = np.frombuffer(_CHARS, np.uint8)
    row = np.clip(first - _EXPONENTS[0], 0, len(_EXPONENTS) - 1)
    cells = np.empty((x.size, _CELL), np.uint8)
    cells[:, 0] = ord("-")
    starts = np.arange(0, columns.size, columns.shape[1])[:, None]
    cells[:, 1:-1] = columns.reshape(-1).take(_PICKS[row] + starts)
    cells[:, -1] = ord(",")
    cells.reshape(-1, width, _CELL)[:, -1, -1] = ord("\n")
    keep = np.empty(cells.shape, bool)
    keep[:, 0] = np.signbit(x)
    keep[:, 1:-1] = digits[:, None] >= _NEEDS[row]
    keep[:, -1] = True
    for index in np.flatnonzero(~(fast | zero)).tolist():  # the rest, each by format_number
        text = format_number(x[index]).encode("ascii")
        cells[index, :len(text)] = np.frombuffer(text, np.uint8)
        keep[index, :-1] = np.arange(_CELL - 1) < len(text)
    ends = np.cumsum(keep.reshape(-1, width * _CELL).sum(axis=1))
    return cells[keep].tobytes(), ends
