"""A lesson step's state: the complete app state it sets, as a Scenario, the view in front and the row.

A state never depends on the step before: it starts from its ``preset`` (or the defaults) and, as
``python main.py export --matrix`` does, a ``matrix`` of its own comes with γ = 1, β = 0 and labels
t1, t2, … unless ``gamma``, ``beta`` or ``labels`` are given; every other Scenario setting is named
as it is in the Scenario (``norm``, ``placement``, ``eps``, ``layers``, ...). A step whose view is the
Model tab may name the ``model`` it opens (``minilm``, ``smollm2``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.models.installed import INSTALLED_MODELS
from engine.setup.limits import SETTINGS
from engine.setup.presets import PRESETS, load_preset
from engine.problem import QT_TRANSLATE_NOOP, Problem
from engine.setup.scenario import Scenario

#: The views a step may bring to the front: the Plots tab's plots, the hand calculation dock, the
#: teaching tabs, the Training tab and the Model tab.
VIEWS = ("row_stats", "depth", "grad", "stages", "hand_calc", "block", "groups", "batchnorm", "scale",
         "activations", "training", "model")
_ARRAYS = ("matrix", "labels", "gamma", "beta")
STATE_KEYS = ("preset", *_ARRAYS, *SETTINGS, "view", "row", "model")


@dataclass(frozen=True, eq=False)
class StepState:
    """What a step sets: the scenario, the view in front, the token row selected (0-based) and, on the
    Model tab, the model it opens (a name of ``INSTALLED_MODELS``)."""

    scenario: Scenario
    view: str
    row: int | None = None
    model: str | None = None


def read_state(state) -> StepState:
    """The StepState of a step's ``state`` object; a Problem names the key or value that is wrong."""
    if not isinstance(state, dict):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{what} must be an object"), what="state")
    unknown = [key for key in state if key not in STATE_KEYS]
    if unknown:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "state has an unknown key {key}; use {known}"),
                      key=repr(unknown[0]), known=", ".join(STATE_KEYS))
    if state.get("view") not in VIEWS:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "state's view must be one of {choices}; got {value}"),
                      choices=", ".join(VIEWS), value=repr(state.get("view")))
    if "preset" not in state and "matrix" not in state:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "state needs a preset or a matrix"))
    preset = state.get("preset")
    if preset is not None and preset not in PRESETS:
        raise Problem(QT_TRANSLATE_NOOP("Problem", "{name} must be one of {choices}; got {value}"),
                      name="preset", choices=", ".join(PRESETS), value=repr(preset))
    base = load_preset(preset) if preset is not None else None
    changes = {name: state[name] for name in SETTINGS if name in state}
    if "matrix" in state:
        changes.update(matrix=state["matrix"], gamma=None, beta=None, labels=())
        if base is not None and _width(state["matrix"]) != base.dims:
            changes.setdefault("heads", 1)
    for name in ("labels", "gamma", "beta"):
        if name in state:
            changes[name] = tuple(state[name]) if name == "labels" and isinstance(state[name], list) else state[name]
    try:
        scenario = base.replace(**changes) if base is not None else Scenario(**changes)
    except TypeError:  # the Scenario's checks say Problems; a value none of them foresaw is refused alike
        raise Problem(QT_TRANSLATE_NOOP("Problem", "state holds a value of the wrong kind")) from None
    row = state.get("row")
    if row is not None and (type(row) is not int or not 0 <= row < scenario.tokens):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "state's row {row} is out of range (0 to {last})"),
                      row=repr(row), last=scenario.tokens - 1)
    model = state.get("model")
    if model is not None and (state["view"] != "model" or model not in INSTALLED_MODELS):
        raise Problem(QT_TRANSLATE_NOOP("Problem", "state's model must be one of {choices}, with the view model; "
                                                   "got {value}"),
                      choices=", ".join(INSTALLED_MODELS), value=repr(model))
    return StepState(scenario, state["view"], row, model)


def _width(matrix) -> int | None:
    return len(matrix[0]) if isinstance(matrix, list) and matrix and isinstance(matrix[0], list) else None


def complete_state(step: StepState, preset: str | None) -> dict:
    """Every field the step sets, spelled out as a state object (a handout's steps.json): the
    matrix, labels, γ, β, every setting, the view and the row."""
    s = step.scenario
    state = {"preset": preset} if preset is not None else {}
    state.update(matrix=[_plain(row) for row in s.matrix], labels=list(s.labels), gamma=_plain(s.gamma),
                 beta=_plain(s.beta))
    state.update({name: getattr(s, name) for name in SETTINGS})
    state["view"] = step.view
    if step.row is not None:
        state["row"] = step.row
    if step.model is not None:
        state["model"] = step.model
    return state


def _plain(values) -> list[float]:
    """Each value as the shortest decimal that reads back to it in its dtype (0.32, not 0.3199999928)."""
    return [float(str(v)) for v in values]
