"""Issue 17 "Done when": "Every EL ruling has a test citing it": each numbered ruling of
RULES-elysium Part 1 (``EL4.2``; a ruling without sub-items as ``EL7``) and each settled
point of Part 3 (``Part 3.7``) is named by some test's docstring in tests/test_el_*.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

RULES = ROOT.parent / "shared" / "RULES-elysium.md"
TESTS = sorted(Path(__file__).parent.glob("test_el_*.py"))


def rulings(text: str) -> list[str]:
    part1, _, rest = text.partition("## Part 2.")
    _, _, part3 = rest.partition("## Part 3.")
    found: list[str] = []
    for section in re.split(r"^### ", part1, flags=re.M)[1:]:
        head = re.match(r"(EL\d+)\.", section)
        if head is None:
            continue
        items = re.findall(r"^(\d+)\. ", section, flags=re.M)
        found += [f"{head.group(1)}.{n}" for n in items] or [head.group(1)]
    found += [f"Part 3.{n}" for n in re.findall(r"^(\d+)\. ", part3, flags=re.M)]
    return found


def cited() -> str:
    texts = []
    for path in TESTS:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.Module)):
                texts.append(ast.get_docstring(node) or "")
    return "\n".join(texts)


@pytest.mark.skipif(not RULES.exists(), reason="../shared is not beside the project")
def test_every_ruling_and_settled_point_is_cited_by_a_test() -> None:
    found = rulings(RULES.read_text())
    assert len(found) >= 40 and "EL5.8" in found and "Part 3.15" in found
    docs = cited()
    missing = [r for r in found if not re.search(re.escape(r) + r"(?![\d])", docs)]
    assert missing == []
