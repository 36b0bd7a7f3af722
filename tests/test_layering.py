"""The house's rules, read from the source: engine/ below widgets/ below app/, and no import cycles.

Every import counts, also those inside functions and under ``if TYPE_CHECKING``: a type-only cycle is
still two modules that must change together.
"""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "widgets", "app")
QT = ("PySide6", "pyqtgraph", "shiboken6")


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: pathlib.Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


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


def test_the_rules_see_the_whole_house():
    graph = project_modules()
    assert "widgets.editors.matrix_view" in graph and "app.document" in graph
    assert "engine.compute" in graph["app.document"]
