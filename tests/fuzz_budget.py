"""How many cases a hypothesis test draws: a fifth of its full count in the default run (it stays
under 3 minutes), the full count under ``--slow`` (CI). tests/conftest.py sets ``FULL`` before any
test module is imported, so ``@settings(max_examples=cases(400))`` reads it in time."""

FULL = False

#: The fewest cases a property gets in the default run.
FLOOR = 20


def cases(full: int) -> int:
    """``full`` under --slow, else a fifth of it (at least FLOOR, at most ``full``)."""
    return full if FULL else min(full, max(FLOOR, full // 5))
