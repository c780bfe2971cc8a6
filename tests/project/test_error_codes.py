"""One registry of error codes (issue 33): every code erc can raise is in ``erc.core.codes``
with its meaning, and every code there is raised somewhere.

The test walks the syntax tree of every module of ``erc/`` for ``ErcError(...)`` calls. A
code is a string literal at the raise site; where a helper passes one through (``one_of``'s
``code`` parameter, ``code = "a" if ... else "b"``), the walk follows the name to its
assignments, or to the parameter's default and the literal every caller passes. A code it
cannot follow to literals fails the test: keep codes as literals, so this list stays whole.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from erc.core.codes import CODES
from tests.conftest import ROOT

ERC = ROOT / "erc"
KEBAB = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")

Function = ast.FunctionDef | ast.AsyncFunctionDef


class Source:
    """Every module of erc/, parsed once, with each node's enclosing function."""

    def __init__(self) -> None:
        self.trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in ERC.rglob("*.py")}
        self.owner: dict[ast.AST, Function] = {}
        """Each node's innermost enclosing function (``ast.walk`` meets outer ones first)."""
        for tree in self.trees.values():
            for func in (n for n in ast.walk(tree) if isinstance(n, Function)):
                for inner in ast.walk(func):
                    if inner is not func:
                        self.owner[inner] = func

    def calls(self, name: str) -> Iterator[tuple[Path, ast.Call]]:
        for path, tree in self.trees.items():
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and _called(node) == name:
                    yield path, node


def _called(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    for given in call.keywords:
        if given.arg == keyword:
            return given.value
    if position < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args):
        return call.args[position]
    return None


class Walk:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.unresolved: list[str] = []
        self.seen: set[tuple[int, str]] = set()

    def codes(self, expr: ast.expr, where: str) -> set[str]:
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.IfExp):
            return self.codes(expr.body, where) | self.codes(expr.orelse, where)
        func = self.source.owner.get(expr)
        if isinstance(expr, ast.Name) and func is not None:
            return self.named(expr.id, func, where)
        self.unresolved.append(f"{where}: {ast.unparse(expr)}")
        return set()

    def named(self, name: str, func: Function, where: str) -> set[str]:
        if (id(func), name) in self.seen:
            return set()
        self.seen.add((id(func), name))
        assigned = [
            node.value
            for node in ast.walk(func)
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
        ]
        if assigned:
            return set().union(*(self.codes(value, where) for value in assigned))
        params = [*func.args.posonlyargs, *func.args.args]
        names = [p.arg for p in params]
        found: set[str] = set()
        if name in names:
            position = names.index(name)
            defaults = func.args.defaults
            first_default = len(params) - len(defaults)
            if position >= first_default:
                found |= self.codes(defaults[position - first_default], where)
        elif name in (p.arg for p in func.args.kwonlyargs):
            position = -1
            index = [p.arg for p in func.args.kwonlyargs].index(name)
            default = func.args.kw_defaults[index]
            if default is not None:
                found |= self.codes(default, where)
        else:
            self.unresolved.append(f"{where}: {name} (neither assigned nor a parameter)")
            return found
        for path, call in self.source.calls(func.name):
            passed = _argument(call, position, name) if position >= 0 else None
            if position < 0:
                passed = next((k.value for k in call.keywords if k.arg == name), None)
            if passed is not None:
                found |= self.codes(passed, f"{path.relative_to(ROOT)}:{call.lineno}")
        return found


def raised() -> tuple[dict[str, list[str]], list[str]]:
    """Every code ``ErcError(...)`` can be given, with where, and what could not be followed."""
    source = Source()
    walk = Walk(source)
    found: dict[str, list[str]] = {}
    for path, call in source.calls("ErcError"):
        where = f"{path.relative_to(ROOT)}:{call.lineno}"
        code = _argument(call, 0, "code")
        if code is None:
            walk.unresolved.append(f"{where}: no code")
            continue
        for name in walk.codes(code, where):
            found.setdefault(name, []).append(where)
    return found, walk.unresolved


def test_every_code_is_followed_to_string_literals() -> None:
    _, unresolved = raised()
    assert unresolved == [], "keep error codes as string literals at the raise site"


def test_every_raised_code_is_in_the_registry() -> None:
    found, _ = raised()
    missing = {code: sites[:3] for code, sites in found.items() if code not in CODES}
    assert missing == {}, "add each to erc/core/codes.py with its meaning"


def test_every_registered_code_is_raised() -> None:
    found, _ = raised()
    assert sorted(set(CODES) - set(found)) == []


def test_the_walk_sees_codes_passed_through_helpers() -> None:
    """The walk is not vacuous: codes only a helper's caller names are found (one_of's
    default, chosen's callers, a conditional code)."""
    found, _ = raised()
    for code in ("bad-option", "unknown-condition", "unknown-cost", "cannot-react", "bad-bonus"):
        assert code in found, code
    assert len(found) >= 80


def test_codes_are_kebab_case_with_a_one_line_meaning() -> None:
    for code, meaning in CODES.items():
        assert KEBAB.match(code), code
        assert meaning.strip() and "\n" not in meaning and meaning.endswith("."), code
