"""The architecture (issue 13, STYLE "A layout that shows the architecture"): dependencies
point one way, ``cli -> rulesets/* -> core``; no ruleset imports another; nothing outside a
ruleset's package imports its insides (the core and the CLI reach rulesets through the one
registry, ``erc.rulesets``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

ERC = ROOT / "erc"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth (lazy and TYPE_CHECKING imports too)."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in found if name == "erc" or name.startswith("erc.")}


RULESETS = {p.name for p in (ERC / "rulesets").iterdir() if (p / "__init__.py").exists()}


def ruleset_of(module: str) -> str | None:
    """The ruleset package ``module`` belongs to (the registry itself belongs to none)."""
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["erc", "rulesets"] and parts[2] in RULESETS:
        return parts[2]
    return None


MODULES = sorted(ERC.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ERC)))
def test_dependencies_point_one_way(path: Path) -> None:
    me = module_name(path)
    mine = ruleset_of(me)
    for target in imports(path):
        theirs = ruleset_of(target)
        if theirs is None:
            if me.startswith("erc.core") and target.startswith("erc.cli"):
                pytest.fail(f"{me} (core) imports {target} (the CLI)")
            if me.startswith("erc.rulesets.") and target.startswith("erc.cli"):
                pytest.fail(f"{me} (a ruleset) imports {target} (the CLI)")
            continue
        if mine is None:
            pytest.fail(f"{me} reaches into the {theirs} ruleset ({target}): use erc.rulesets")
        if mine != theirs:
            pytest.fail(f"{me} (ruleset {mine}) imports ruleset {theirs} ({target})")


def test_the_walk_sees_imports() -> None:
    """The walker itself: lazy, TYPE_CHECKING and relative imports are all seen."""
    found = imports(ERC / "rulesets" / "er" / "commands" / "attack.py")
    assert "erc.rulesets.er.rules.attack" in found  # a lazy import inside the function
    assert "erc.core.session" in found  # a TYPE_CHECKING import
    assert any(t.startswith("erc.core") for t in imports(ERC / "cli" / "boundary.py"))


# --- no import circle (issue 29) ----------------------------------------------------------
#
# An edge is an import of one erc module by another, at a module's top or inside a function
# (a lazy import still means each module needs the other); imports under ``if
# TYPE_CHECKING:`` are left out (they never run). Importing ``erc.a.b`` runs ``erc.a`` too,
# but that edge from a module to its own packages is left out: every submodule has it.


def _runtime_imports(
    nodes: list[ast.stmt] | list[ast.AST], out: list[ast.AST], *, checker: bool = False
) -> None:
    for node in nodes:
        if (
            not checker
            and isinstance(node, ast.If)
            and ast.unparse(node.test).endswith("TYPE_CHECKING")
        ):
            _runtime_imports(node.orelse, out)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        else:
            _runtime_imports(list(ast.iter_child_nodes(node)), out, checker=checker)


MODULE_NAMES = {module_name(p) for p in MODULES}


def runtime_imports(path: Path, *, checker: bool = False) -> set[str]:
    """The erc modules ``path`` imports when it runs (with ``checker``, for the type checker
    too): each import's target, the submodule where ``from package import name`` names one."""
    nodes: list[ast.AST] = []
    _runtime_imports(ast.parse(path.read_text()).body, nodes, checker=checker)
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            assert isinstance(node, ast.ImportFrom)
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in MODULE_NAMES else base
                for a in node.names
            ]
        for target in targets:
            while target and target not in MODULE_NAMES:  # erc.x.y.Name: module erc.x.y
                target = target.rpartition(".")[0]
            if target and target != me:
                found.add(target)
    return found


def import_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports in ``graph`` (module -> modules it imports), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_no_import_circle() -> None:
    """Issue 29: no two erc modules need each other, directly or around a circle, at run
    time (``app -> completion -> dispatch -> app`` was one)."""
    graph = {module_name(p): runtime_imports(p) for p in MODULES}
    circle = import_circle(graph)
    assert circle is None, "import circle: " + " -> ".join(circle or ())


CHECKER_EDGE_LEFT = ("erc.core.events", "erc.core.fold")
"""The one circle only the type checker walks that is not yet broken: each journal effect
tells the fold's ``Tracker`` what to do (``Effect.apply(tracker: Tracker)``, this import),
and the fold decodes the effects (at run time); a ``Protocol`` of the tracker would repeat
its methods."""


TYPES_ONLY = frozenset({"erc.core.parts"})
"""Modules of protocols that exist for the type checker alone (nothing imports them at run
time): the shapes of a ruleset's parts name the core's types, and the core names the shapes,
as a stub file would. They are left out of the type checker's graph."""


def test_the_types_only_modules_are_never_imported_at_run_time() -> None:
    runtime = {module_name(p): runtime_imports(p) for p in MODULES}
    assert all(module in MODULE_NAMES for module in TYPES_ONLY)
    assert [m for m, targets in runtime.items() if targets & TYPES_ONLY] == []


def test_no_import_circle_for_the_type_checker_either() -> None:
    """Issue 29: a circle through ``if TYPE_CHECKING:`` imports is one a reader and mypy
    see (``fields <-> model`` in every ruleset was one, ``roller.roll <-> roller.text``
    another), so it counts too; only ``CHECKER_EDGE_LEFT`` is left out, and it must still
    close a circle (else it goes from this list), and ``TYPES_ONLY``'s protocols."""
    graph = {
        module_name(p): runtime_imports(p, checker=True) - TYPES_ONLY
        for p in MODULES
        if module_name(p) not in TYPES_ONLY
    }
    source, target = CHECKER_EDGE_LEFT
    assert target in graph[source] and import_circle(graph), "CHECKER_EDGE_LEFT: no circle now"
    graph[source] = graph[source] - {target}
    circle = import_circle(graph)
    assert circle is None, "import circle (type checker's imports included): " + " -> ".join(
        circle or ()
    )


def test_the_circle_walk_sees_circles() -> None:
    """The walk itself: lazy imports are edges, the type checker's are not (unless asked
    for), and a circle is found wherever it closes."""
    attack = runtime_imports(ERC / "rulesets" / "er" / "commands" / "attack.py")
    assert "erc.rulesets.er.rules.attack" in attack  # a lazy import inside the function
    assert "erc.core.session" not in attack  # under TYPE_CHECKING
    checked = runtime_imports(ERC / "rulesets" / "er" / "commands" / "attack.py", checker=True)
    assert "erc.core.session" in checked  # the type checker's import, when asked for
    assert import_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_circle({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"d"}}) == ["d", "d"]
    assert import_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
