"""Issue 29, "wiring by strings": a ruleset's parts and commands, the shared commands, the
renderers and the output classes are reached through typed references (functions whose
imports mypy and a reader follow), never through module-path strings; and every
registration resolves to the right kind of object."""

from __future__ import annotations

import ast
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from erc import rulesets
from erc.cli import outputs, registry
from erc.core.ruleset import Ruleset
from erc.core.value import Value
from tests.conftest import ENCOUNTERS, ROOT
from tests.project.test_layout import MODULE_NAMES, MODULES, module_name, runtime_imports

ERC = ROOT / "erc"

ALLOWED = {
    # the ruleset registry: its names are what an encounter's ``ruleset:`` picks; an import
    # there would close a circle (core.session -> rulesets -> a ruleset -> its commands ->
    # core.session)
    ("rulesets/__init__.py", "erc.rulesets.er"),
    ("rulesets/__init__.py", "erc.rulesets.spellchrome"),
    ("rulesets/__init__.py", "erc.rulesets.elysium"),
    # erc batch runs its lines through the dispatcher, which imports the registry: the one
    # command reached by name (erc/cli/registry.py says why)
    ("cli/registry.py", "erc.cli.commands.batch"),
}
TARGET = re.compile(r"(?P<module>[A-Za-z_][\w.]*):[A-Za-z_][\w.]*")
"""``"module:function"``, the module absolute or relative to a package."""
EMBEDDED = re.compile(r"\berc(\.[A-Za-z_]\w*)+:[A-Za-z_]")
"""An ``erc.x.y:Name`` anywhere in a text (a JSON document's enum class, say)."""


def names_a_module(text: str) -> bool:
    """Whether ``text`` is a module path (``erc.x.y``, ``erc.x.``) or a ``module:object``
    reference to an erc module, or holds one."""
    module = text.rstrip(".")
    if "." in module and module in MODULE_NAMES:  # not "erc." (a prefix check)
        return True
    target = TARGET.fullmatch(text)
    if target is not None:
        module = target["module"]
        if any(m == module or m.endswith(f".{module}") for m in MODULE_NAMES):
            return True
    return EMBEDDED.search(text) is not None


def _probes(tree: ast.AST) -> set[int]:
    """The ids of the strings a ``sys.modules`` lookup names (``sys.modules.get("erc.x")``):
    a check whether a module is loaded, which wires nothing."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) == "sys.modules.get"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(id(node.args[0]))
        if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "sys.modules":
            found.add(id(node.slice))
    return found


def _built(tree: ast.AST) -> set[int]:
    """The ids of the f-strings' leading parts that name a module's package
    (``f"erc.cli.render.check_{kind}"``): a module path built at run time."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                package = head.value.rpartition(".")[0]
                if "." in package and package in MODULE_NAMES:
                    found.add(id(head))
    return found


def module_path_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of ``path`` that name an erc module, with their lines, in the
    order they are written."""
    tree = ast.parse(path.read_text())
    probes, built = _probes(tree), _built(tree)
    found = [
        (node.lineno, node.col_offset, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in probes
        and (id(node) in built or names_a_module(node.value))
    ]
    return [(line, text) for line, _, text in sorted(found)]


def test_no_module_path_strings_outside_the_ruleset_registry() -> None:
    """Issue 29: "no module-path strings outside the registries" (f-strings' parts too)."""
    found = []
    for path in MODULES:
        where = str(path.relative_to(ERC))
        found += [
            f"{where}:{line}: {text!r}"
            for line, text in module_path_strings(path)
            if (where, text) not in ALLOWED
        ]
    assert found == []


def test_the_walk_sees_module_path_strings(tmp_path: Path) -> None:
    """The walk itself: a module path, a ``module:function`` (absolute, relative to a
    package, in an f-string, in a JSON text) are seen; a file name, a prefix check, a docstring
    and a ``sys.modules`` probe are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Drawn by ``erc.core.human``."""\n'
        "import sys\n"
        'A = "erc.rulesets.er.render.attack"\n'
        'B = ("attack", "attack:attack")\n'
        'C = "rules.attack:Attack"\n'
        'D = f"erc.cli.render.check_{x}"\n'
        'E = \'{"enum": "erc.cli.commands.check:Format"}\'\n'
        'F = "erc.fish", "erc.", "utf-8", "a:b"\n'
        'G = sys.modules.get("erc.cli.reuse")\n'
    )
    seen = [text for _, text in module_path_strings(sample)]
    assert seen == [
        "erc.rulesets.er.render.attack",
        "attack:attack",
        "rules.attack:Attack",
        "erc.cli.render.check_",
        '{"enum": "erc.cli.commands.check:Format"}',
    ]


# --- every registration resolves --------------------------------------------------------

PARTS = {
    "loader": ("build", ("SPEC", "cross_checks", "build", "warnings")),
    "model_module": ("model", ("Encounter",)),
    "events": ("events", ("Tracker",)),
    "conditions": ("conditions", ("fight",)),
    "status": ("status", ("status",)),
    "vocabulary": ("vocabulary", ("values",)),
    "simulate": ("simulate", ("MODEL",)),
    "outputs": ("outputs", ("RESULTS", "ODDS")),
}
"""``Ruleset`` field -> the module of the package it imports, and what callers use of it
(``erc.core.parts``)."""
RULESETS = [rulesets.get(name) for name in rulesets.NAMES]


def test_every_field_of_a_ruleset_is_a_checked_reference() -> None:
    """Every part a ``Ruleset`` declares is here, so none escapes the next test."""
    from erc.core.value import fields

    declared = set(fields(Ruleset)) - {"name", "title", "package", "commands", "command"}
    assert declared - {"sources", "fold_sources"} == set(PARTS)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_every_part_of_a_ruleset_resolves_to_its_module(ruleset: Ruleset) -> None:
    assert ruleset.package == f"erc.rulesets.{ruleset.name}"
    for field, (module, members) in PARTS.items():
        found = getattr(ruleset, field)()
        assert isinstance(found, ModuleType), field
        assert found.__name__ == f"{ruleset.package}.{module}", field
        missing = [m for m in members if not hasattr(found, m)]
        assert missing == [], f"{ruleset.name} {module}: {missing}"


def _command_module(ruleset: Ruleset, name: str) -> str:
    function = ruleset.command(name)
    assert function is not None and inspect.isfunction(function), name
    return function.__module__


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_every_command_of_a_ruleset_resolves_to_its_command_function(ruleset: Ruleset) -> None:
    """Each name resolves to a function of the ruleset's commands, marked with the shared
    options it takes; every arm of the ``match`` is a listed name; an unknown name is None."""
    for name in ruleset.commands:
        assert _command_module(ruleset, name).startswith(f"{ruleset.package}.commands."), name
        assert hasattr(ruleset.command(name), "erc_traits"), name
        assert ruleset.command(name) is registry.load_command(ruleset, name).erc_wrapped
    assert len(set(ruleset.commands)) == len(ruleset.commands)
    assert ruleset.command("no-such-command") is None
    source = inspect.getsource(ruleset.command)
    arms = re.findall(r'case "([\w-]+)":', source)
    assert arms == list(ruleset.commands)


def test_every_shared_command_resolves_and_has_its_outputs_declared() -> None:
    for name in registry.SHARED:
        function = registry.shared(name)
        assert inspect.isfunction(function), name
        assert function.__module__.startswith("erc.cli.commands."), name
    assert registry.shared("no-such-command") is None
    arms = re.findall(r'case "([\w-]+)":', inspect.getsource(registry.shared))
    assert arms == list(registry.SHARED)
    assert list(outputs._SHARED_RESULTS) == list(registry.SHARED)
    from erc.cli import RECORDING

    assert set(RECORDING) <= set(outputs._APPLYING)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.name)
def test_every_output_class_is_declared_for_every_command(ruleset: Ruleset) -> None:
    """``erc schema --output``: each command's result classes and odds class are classes of
    values (the generator describes their fields)."""
    declared = ruleset.outputs()
    assert set(declared.RESULTS) == {*ruleset.commands, "status"}
    assert set(declared.ODDS) <= set(ruleset.commands)
    for command, classes in declared.RESULTS.items():
        assert classes and all(issubclass(c, Value) for c in classes), command
    for command, odds in declared.ODDS.items():
        assert isinstance(odds, type) and issubclass(odds, Value), command
    for command, shared in outputs._SHARED_RESULTS.items():
        assert shared is None or all(issubclass(c, Value) for c in shared), command
    assert all(issubclass(c, Value) for c in outputs._SHARED_ODDS.values())


def _renderer_functions() -> list[tuple[str, Any, str]]:
    """Every function of erc annotated to return a renderer: (where, function, kind)."""
    import importlib

    found = []
    for path in MODULES:
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.returns is not None:
                kind = ast.unparse(node.returns)
                if kind in ("Drawing", "Lines"):
                    module = importlib.import_module(module_name(path))
                    found.append(
                        (f"{module.__name__}.{node.name}", getattr(module, node.name), kind)
                    )
    return found


RENDERERS = _renderer_functions()


def test_the_renderers_are_found() -> None:
    """Every command module of every ruleset has its renderer, and the shared ones theirs."""
    where = {w.rpartition(".")[0] for w, _, _ in RENDERERS}
    assert "erc.rulesets.er.commands.attack" in where
    assert "erc.cli.commands.check" in where and "erc.cli.boundary" in where
    assert len(RENDERERS) >= 40


@pytest.mark.parametrize("where,function,kind", RENDERERS, ids=[w for w, _, _ in RENDERERS])
def test_every_renderer_resolves_to_a_renderer_module(where: str, function: Any, kind: str) -> None:
    """A ``Drawing`` is a module of rich parts (``render``), a ``Lines`` one of plain lines
    (``lines``), each in a render package of its own layer."""
    module = function()
    assert isinstance(module, ModuleType)
    assert callable(getattr(module, "render" if kind == "Drawing" else "lines", None)), where
    layer = where.split(".")[1] if where.startswith("erc.core") else where.split(".")[2]
    assert ".render." in module.__name__, module.__name__
    if where.startswith("erc.rulesets."):
        assert module.__name__.startswith((f"erc.rulesets.{layer}.render.", "erc.core.render.")), (
            module.__name__
        )


def test_the_parts_protocols_are_for_the_type_checker_alone() -> None:
    """``erc.core.parts`` imports typing and half the core: nothing imports it at run time."""
    users = [module_name(p) for p in MODULES if "erc.core.parts" in runtime_imports(p)]
    assert users == []


# --- a command imports no more than it needs -------------------------------------------

PROBE = """
import io, contextlib, sys
from erc.cli import run
with contextlib.redirect_stdout(io.StringIO()):
    code = run(sys.argv[1:])
print(code, ' '.join(sorted(m for m in sys.modules if m.startswith('erc.') or m == 'rich')))
"""


def _imported(*argv: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={**os.environ},
    )
    code, _, modules = done.stdout.strip().partition(" ")
    assert code == "0", done.stderr
    return set(modules.split())


def test_a_command_imports_its_own_command_module_and_no_renderer_for_json() -> None:
    """Issue 29: references are lazy: `attack --json` imports the attack command's module
    (and the helpers it imports), none of the ruleset's other commands, no renderer, no
    output declarations, no rich; its human table imports its own renderer alone."""
    duel = str(ENCOUNTERS / "duel.yaml")
    line = ("attack", "Kaela", "Ogre", "-e", duel, "--journal", os.devnull, "--seed", "1")
    as_json = _imported(*line, "--json")
    commands = {m for m in as_json if m.startswith("erc.rulesets.er.commands.")}
    assert commands == {"erc.rulesets.er.commands.attack", "erc.rulesets.er.commands.acting"}
    assert not {m for m in as_json if ".render" in m or m.endswith(".outputs")}
    assert "rich" not in as_json and "erc.cli.registry" in as_json
    human = _imported(*line)
    renderers = {m for m in human if ".render." in m}
    assert renderers == {"erc.rulesets.er.render.attack"}
