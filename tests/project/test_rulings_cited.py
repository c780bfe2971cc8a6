"""Issues 16 and 17 "Done when": "Every SC (EL) ruling has a test citing it": each numbered
ruling of RULES-spellchrome and RULES-elysium Part 1 (``EL4.2``; a ruling without sub-items
as ``EL7``) and each settled point of Part 3 (``Part 3.7``) is named by some test's
docstring in that ruleset's tests (tests/spellchrome/, tests/elysium/)."""

from __future__ import annotations

import ast
import re

import pytest

from tests.conftest import ROOT

SHARED = ROOT.parent / "shared"
RULESETS = {
    "EL": (SHARED / "RULES-elysium.md", "elysium/test_*.py", "EL5.8", "Part 3.15"),
    "SC": (SHARED / "RULES-spellchrome.md", "spellchrome/test_*.py", "SC8.3", "Part 3.5"),
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


def docstrings(pattern: str) -> list[str]:
    """The docstrings of the test modules and functions in tests/ matching ``pattern``."""
    texts = []
    for path in sorted((ROOT / "tests").glob(pattern)):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.Module)):
                texts.append(ast.get_docstring(node) or "")
    return texts


def cited(pattern: str = "elysium/test_*.py") -> str:
    return "\n".join(docstrings(pattern))


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


ER_RULES = SHARED / "RULES.md"


def er_fight_clauses(text: str) -> tuple[list[str], list[str]]:
    """The numbered clauses of R10-R13 (``R11.2``) and the rows of R10's conditions table."""
    clauses: list[str] = []
    rows: list[str] = []
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        head = re.match(r"(R1[0-3])\.", section)
        if head is None:
            continue
        clauses += [f"{head.group(1)}.{n}" for n in re.findall(r"^(\d+)\. ", section, flags=re.M)]
        if head.group(1) == "R10":
            for line in section.splitlines()[1:]:
                cell = line.split("|")[1].strip() if line.startswith("| ") else ""
                if cell and cell != "condition" and not cell.startswith("-"):
                    rows.append(cell.split(" (")[0])
    return clauses, rows


def test_every_er_fight_clause_and_condition_row_is_cited_by_a_test() -> None:
    """Issue 14 "Done when": "Every R10 row and every R11, R12 and R13 clause has a test
    citing it": each clause id in some test's docstring, and each condition of the R10
    table in a docstring that cites R10."""
    if not ER_RULES.exists():
        pytest.skip("../shared is not beside the project")
    clauses, rows = er_fight_clauses(ER_RULES.read_text())
    assert "R11.5" in clauses and "R13.6" in clauses and len(rows) == 14
    docs = cited("**/test_*.py")
    missing = [c for c in clauses if not re.search(re.escape(c) + r"(?![\d])", docs)]
    assert missing == []
    r10 = [d for d in docstrings("**/test_*.py") if "R10" in d]
    uncited = [r for r in rows if not any(r in d for d in r10)]
    assert uncited == []
