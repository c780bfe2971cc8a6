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
