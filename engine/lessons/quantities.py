"""The quantities a lesson question may ask for, and their values computed from a Result.

A quantity is written as a name and 0-based indices in brackets: ``mu[1]``, ``normalized[1][0]``,
``depth_rms[pre][10]``, ``grad_ratio[post]``, ``toy[10]``. Each is read from the same arrays the
views draw (the row plot's statistics, the norm's output, the depth profile and the caption's laws,
the toy curves), so an answer is always the number on screen, never one typed into a file.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.results.compute import Result, depth
from engine.core.depth_laws import depth_laws
from engine.setup.limits import PLACEMENTS
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.setup.scenario import Scenario

#: The stacks a depth quantity may name: the placements, and ``none`` (no norm) for depth_rms only.
STACKS = (*PLACEMENTS, "none")

#: Each quantity's index kinds, in order: ``row`` (a token), ``column`` (a dimension), ``stack``
#: (a placement or none), ``state`` (0 = the input … N, after N blocks), ``layer`` (0 … N − 1).
QUANTITIES: dict[str, tuple[str, ...]] = {
    "mu": ("row",), "sigma": ("row",), "mu_out": ("row",), "sigma_out": ("row",),
    "col_mu": ("column",), "col_sigma": ("column",),
    "normalized": ("row", "column"),
    "depth_rms": ("stack", "state"), "weight_grad": ("placement", "layer"), "grad_ratio": ("placement",),
    "toy": ("state",), "toy_normalized": ("state",),
}

#: One template per index kind, so that each reads in the UI's language (a state l is "after l layers").
_OUT_OF_RANGE = {
    "row": QT_TRANSLATE_NOOP("Problem", "quantity {quantity}: row {index} is out of range (0 to {last})"),
    "column": QT_TRANSLATE_NOOP("Problem", "quantity {quantity}: column {index} is out of range (0 to {last})"),
    "state": QT_TRANSLATE_NOOP("Problem", "quantity {quantity}: layer {index} is out of range (0, the input, "
                                          "to {last})"),
    "layer": QT_TRANSLATE_NOOP("Problem", "quantity {quantity}: layer {index} is out of range (0 to {last})"),
}
_SYNTAX = re.compile(r"([a-z_]+)((?:\[[^\[\]]*\])*)")
_INDEX = re.compile(r"\[([^\[\]]*)\]")


@dataclass(frozen=True)
class Quantity:
    """A parsed quantity: its name and indices (ints, or a stack's name)."""

    name: str
    indices: tuple

    def __str__(self) -> str:
        return self.name + "".join(f"[{i}]" for i in self.indices)


def parse_quantity(text) -> Quantity:
    """The Quantity ``text`` names; a Problem says what is wrong with it (unknown name, wrong
    number of indices, an index that is not a number or a stack)."""
    match = _SYNTAX.fullmatch(text.replace(" ", "")) if isinstance(text, str) else None
    if match is None or match.group(1) not in QUANTITIES:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "unknown quantity {quantity}; use one of {known}"),
                      quantity=repr(text), known=", ".join(QUANTITIES))
    name = match.group(1)
    kinds = QUANTITIES[name]
    raw = _INDEX.findall(match.group(2))
    if len(raw) != len(kinds):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "quantity {quantity} needs {count} index(es): {name}[{kinds}]"),
                      quantity=text, count=len(kinds), name=name, kinds="][".join(kinds))
    indices = []
    for kind, index in zip(kinds, raw):
        if kind in ("stack", "placement"):
            allowed = STACKS if kind == "stack" else PLACEMENTS
            if index not in allowed:
                raise Problem(QT_TRANSLATE_NOOP("Problem", "quantity {quantity}: {index} is not one of {allowed}"),
                              quantity=text, index=repr(index), allowed=", ".join(allowed))
            indices.append(index)
        elif re.fullmatch(r"\d{1,7}", index):
            indices.append(int(index))
        else:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "quantity {quantity}: index {index} is not a whole number "
                                                       "from 0"), quantity=text, index=repr(index))
    return Quantity(name, tuple(indices))


def check_in_range(quantity: Quantity, scenario: Scenario) -> None:
    """A Problem when an index of ``quantity`` lies outside ``scenario`` (a row past the last
    token, a layer past the stack)."""
    limits = {"row": scenario.tokens, "column": scenario.dims, "state": scenario.layers + 1,
              "layer": scenario.layers}
    for kind, index in zip(QUANTITIES[quantity.name], quantity.indices):
        if kind in limits and index >= limits[kind]:
            raise Problem(_OUT_OF_RANGE[kind], quantity=str(quantity), index=index, last=limits[kind] - 1)


def stacks_needed(quantity: Quantity) -> tuple[str, ...]:
    """The placements whose stacks must be simulated for ``quantity`` (besides the usual ones)."""
    if quantity.name in ("depth_rms", "weight_grad", "grad_ratio") and quantity.indices[0] in PLACEMENTS:
        return (quantity.indices[0],)
    return ()


def evaluate(quantity: Quantity, result: Result) -> float:
    """The value of ``quantity`` in ``result`` (NaN where it can't be had: a simulation skipped
    for memory, an overflowed curve). A stack the result did not simulate is simulated here, on
    the same weights, so the number is the one the depth plot would draw."""
    name, idx = quantity.name, quantity.indices
    norm = result.norm
    if name in ("mu", "sigma", "mu_out", "sigma_out"):
        stats = norm.row_stats
        array = {"mu": stats.mean_in, "sigma": stats.std_in, "mu_out": stats.mean_out, "sigma_out": stats.std_out}[name]
        return float(array[idx[0]])
    if name in ("col_mu", "col_sigma"):
        stats = norm.col_stats
        return float((stats.mean_in if name == "col_mu" else stats.std_in)[idx[0]])
    if name == "normalized":
        return float(norm.normalized[idx[0], idx[1]])
    if name in ("toy", "toy_normalized"):
        toy, toy_normalized = result.toy_curves()
        return float((toy if name == "toy" else toy_normalized)[idx[0]])
    profile = result.depth
    stack = idx[0]
    if profile is None or result.stack_stale or (stack != "none" and stack not in profile.runs):
        profile, _ = depth(result.scenario, tuple(dict.fromkeys((*profile_runs(result), *stacks_needed(quantity)))))
        if profile is None:
            return math.nan
    if name == "depth_rms":
        run = profile.none if stack == "none" else profile.runs[stack]
        return float(run.rms[idx[1]])
    if name == "weight_grad":
        return float(profile.runs[stack].weight_grad[idx[1]])
    law = next(law for law in depth_laws(profile) if law.placement == stack)
    return float(law.grad_skew)


def profile_runs(result: Result) -> tuple[str, ...]:
    """The stacks ``result``'s depth profile holds (the usual ones when it has none)."""
    if result.depth is None:
        return ("pre", "post", result.scenario.placement)
    return tuple(result.depth.runs)
