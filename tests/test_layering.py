"""The house's rules, read from the source: engine/ below widgets/ below app/, no import cycles between
modules nor between rooms (folders), and widgets/plotkit the lowest room of widgets/.

Every import counts, also those inside functions and under ``if TYPE_CHECKING``: a type-only cycle is
still two modules that must change together.
"""

import ast
import functools
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "widgets", "app")
QT = ("PySide6", "pyqtgraph", "shiboken6")


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache  # each rule reads the whole house: parsed once per run (1.4 s of CPU each otherwise)
def imports_of(path: pathlib.Path) -> frozenset[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(names)


def project_modules() -> dict[str, set[str]]:
    modules = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    return {name: {i for i in imports_of(path) if i in modules and i != name} for name, path in modules.items()}


def test_engine_imports_neither_qt_nor_the_app_or_widgets():
    for path in (ROOT / "engine").rglob("*.py"):
        bad = {i for i in imports_of(path) if i.split(".")[0] in QT + ("app", "widgets")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_widgets_never_import_the_app_shell():
    for path in (ROOT / "widgets").rglob("*.py"):
        bad = {i for i in imports_of(path) if i.split(".")[0] == "app"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_no_import_cycles_between_modules():
    graph = project_modules()
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycle = path[path.index(target):] + [target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def room_of(module: str) -> str:
    """The folder a module lives in: ``engine`` for engine's top level, ``engine.training``,
    ``widgets.plotkit``, ``app``, ..."""
    parts = module.split(".")
    if len(parts) == 2 and parts[0] in ("engine", "app") and not (ROOT / parts[0] / parts[1]).is_dir():
        return parts[0]
    return ".".join(parts[:2])


def room_imports() -> dict[str, dict[str, list[str]]]:
    """For each room, the rooms it imports and, for each, the module imports that make the edge."""
    rooms: dict[str, dict[str, list[str]]] = {}
    for name, targets in project_modules().items():
        edges = rooms.setdefault(room_of(name), {})
        for target in sorted(targets):
            if room_of(target) != room_of(name):
                edges.setdefault(room_of(target), []).append(f"{name} -> {target}")
    return rooms


def test_no_import_cycles_between_rooms():
    # Two folders importing each other are one room in two places: neither can be read, tested or
    # moved alone (the loop plotkit <-> common went through fonts; engine <-> engine.training through
    # the session file).
    rooms = room_imports()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(room: str) -> None:
        state[room] = 1
        path.append(room)
        for target in sorted(rooms.get(room, {})):
            if state.get(target) == 1:
                loop = path[path.index(target):] + [target]
                why = [rooms[a][b][0] for a, b in zip(loop, loop[1:])]
                raise AssertionError("rooms import each other: " + " -> ".join(loop) + " (" + "; ".join(why) + ")")
            if target not in state:
                visit(target)
        path.pop()
        state[room] = 2

    for room in sorted(rooms):
        if room not in state:
            visit(room)


def test_plotkit_imports_no_other_widgets_room():
    # plotkit is the plotting toolkit every view draws with: common, plots, editors, teaching, models,
    # training, compare (and any room added later) sit above it.
    above = {room: why for room, why in room_imports()["widgets.plotkit"].items() if room.startswith("widgets.")}
    assert not above, f"widgets.plotkit imports rooms above it: {above}"


#: engine's rooms from the lowest up: each imports only rooms before it (the base, engine's top level, holds
#: problem, progress and resources; models, training and lessons sit side by side on the files room).
ENGINE_ORDER = ("engine", "engine.core", "engine.setup", "engine.results", "engine.files", "engine.models",
                "engine.training", "engine.lessons", "engine.state")


def test_engine_rooms_import_only_rooms_below_them():
    rooms = room_imports()
    engine_rooms = {room for room in rooms if room.split(".")[0] == "engine"}
    assert engine_rooms <= set(ENGINE_ORDER), f"engine rooms with no place in ENGINE_ORDER: {engine_rooms - set(ENGINE_ORDER)}"
    for room in engine_rooms:
        below = set(ENGINE_ORDER[:ENGINE_ORDER.index(room)])
        upward = {target: why for target, why in rooms[room].items() if target not in below}
        assert not upward, f"{room} imports rooms at or above it: {upward}"


def test_app_rooms_entry_above_headless_above_window():
    # The window shell never reaches for a headless command; the commands build the window offscreen.
    rooms = room_imports()
    assert "app.headless" not in rooms["app.window"], rooms["app.window"].get("app.headless")
    assert "app" not in rooms["app.window"] and "app" not in rooms["app.headless"]


def test_engine_top_level_is_only_the_base():
    top = sorted(p.stem for p in (ROOT / "engine").glob("*.py") if p.stem != "__init__")
    assert top == ["problem", "progress", "resources"], top


def test_the_rules_see_the_whole_house():
    graph = project_modules()
    assert "widgets.editors.matrix_view" in graph and "app.window.document" in graph
    assert "engine.results.compute" in graph["app.window.document"]
    rooms = room_imports()
    assert {"engine", "engine.training", "engine.models", "widgets.plotkit", "widgets.common", "app"} <= set(rooms)
    assert "engine" in rooms["engine.training"] and "widgets.plotkit" in rooms["widgets.plots"]
