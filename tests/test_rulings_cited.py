"""Issues 16 and 17 "Done when": "Every SC (EL) ruling has a test citing it": each numbered
ruling of RULES-spellchrome and RULES-elysium Part 1 (``EL4.2``; a ruling without sub-items
as ``EL7``) and each settled point of Part 3 (``Part 3.7``) is named by some test's
docstring in that ruleset's tests (tests/test_sc_*.py, tests/test_el_*.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

SHARED = ROOT.parent / "shared"
RULESETS = {
    "EL": (SHARED / "RULES-elysium.md", "test_el_*.py", "EL5.8", "Part 3.15"),
    "SC": (SHARED / "RULES-spellchrome.md", "test_sc_*.py", "SC8.3", "Part 3.5"),
}


def rulings(text: str, prefix: str = "EL") -> list[str]:
    part1, _, rest = text.partition("## Part 2.")
    _, _, part3 = rest.partition("## Part 3.")
    found: list[str] = []
    for section in re.split(r"^### ", part1, flags=re.M)[1:]:
        head = re.match(rf"({prefix}\d+)\.", section)
        if head is None:
            continue
        items = re.findall(r"^(\d+)\. ", section, flags=re.M)
        found += [f"{head.group(1)}.{n}" for n in items] or [head.group(1)]
    found += [f"Part 3.{n}" for n in re.findall(r"^(\d+)\. ", part3, flags=re.M)]
    return found


def cited(pattern: str = "test_el_*.py") -> str:
    texts = []
    for path in sorted(Path(__file__).parent.glob(pattern)):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.Module)):
                texts.append(ast.get_docstring(node) or "")
    return "\n".join(texts)


@pytest.mark.parametrize("prefix", sorted(RULESETS))
def test_every_ruling_and_settled_point_is_cited_by_a_test(prefix: str) -> None:
    rules, pattern, a_ruling, a_settled_point = RULESETS[prefix]
    if not rules.exists():
        pytest.skip("../shared is not beside the project")
    found = rulings(rules.read_text(), prefix)
    assert len(found) >= 40 and a_ruling in found and a_settled_point in found
    docs = cited(pattern)
    missing = [r for r in found if not re.search(re.escape(r) + r"(?![\d])", docs)]
    assert missing == []
