"""The shape of erc's code (issue 29; the guide: "keyword arguments for anything with more
than four values; functions <= 80 lines"), checked by walking erc's syntax trees."""

from __future__ import annotations

import ast

from tests.conftest import ROOT

ERC = ROOT / "erc"
MODULES = sorted(ERC.rglob("*.py"))
TREES = {path: ast.parse(path.read_text()) for path in MODULES}
MAX_POSITIONAL_VALUES = 4


def project_classes() -> set[str]:
    """The name of every class erc defines."""
    return {
        node.name
        for tree in TREES.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def foreign_names(tree: ast.Module) -> set[str]:
    """Names a module imports from outside erc (rich's ``Table`` is not erc's)."""
    return {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and not node.level
        if not (node.module or "").startswith("erc")
        for alias in node.names
    }


def wide_positional_calls(tree: ast.Module, classes: set[str]) -> list[str]:
    """Calls of an erc class (by name, or as ``module.Class``) with more than four values,
    some of them positional: ``Class(a, b, c, d, e)``, ``Class(a, b=1, c=2, d=3, e=4)``."""
    foreign = foreign_names(tree) - {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        callee = node.func
        if isinstance(callee, ast.Name) and callee.id not in foreign:
            name = callee.id
        elif isinstance(callee, ast.Attribute):
            name = callee.attr
        else:
            continue
        values = len(node.args) + len(node.keywords)
        if name in classes and values > MAX_POSITIONAL_VALUES:
            found.append(
                f"line {node.lineno}: {name}() with {len(node.args)} positional of {values}"
            )
    return found


def test_a_constructor_of_more_than_four_values_takes_keywords() -> None:
    """A field inserted in a value class must not shift its callers' values silently."""
    classes = project_classes()
    wide = [
        f"{path.relative_to(ROOT)} {call}"
        for path, tree in TREES.items()
        for call in wide_positional_calls(tree, classes)
    ]
    assert wide == []


def test_the_call_walk_sees_wide_calls() -> None:
    sample = ast.parse(
        "from rich.table import Table\n"
        "class Point: ...\n"
        "Point(1, 2, 3, 4, 5)\n"  # too wide
        "Point(1, b=2, c=3, d=4, e=5)\n"  # too wide: one positional
        "Point(a=1, b=2, c=3, d=4, e=5)\n"
        "Point(1, 2, 3, 4)\n"
        "model.Point(1, 2, 3, 4, 5)\n"  # too wide
        "Table(1, 2, 3, 4, 5)\n"  # not erc's
    )
    assert [c.split(":")[0] for c in wide_positional_calls(sample, {"Point", "Table"})] == [
        "line 3",
        "line 4",
        "line 7",
    ]


MAX_FUNCTION_LINES = 80


def long_functions(tree: ast.Module) -> list[str]:
    """Functions (methods and nested ones too) longer than 80 lines, decorators and
    docstring included."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines = (node.end_lineno or node.lineno) - first + 1
            if lines > MAX_FUNCTION_LINES:
                found.append(f"{node.name} ({lines} lines, line {first})")
    return found


def test_no_function_is_longer_than_80_lines() -> None:
    long = [
        f"{path.relative_to(ROOT)}: {function}"
        for path, tree in TREES.items()
        for function in long_functions(tree)
    ]
    assert long == []


def test_the_length_walk_counts_lines() -> None:
    body = "".join(f"    x = {n}\n" for n in range(80))
    assert long_functions(ast.parse(f"def short():\n{body[: -len('    x = 79') - 1]}")) == []
    assert long_functions(ast.parse(f"@decorated\ndef long():\n{body}")) == [
        "long (82 lines, line 1)"
    ]
