"""The front door speaks the users' language (issue 33): each ruleset's pages spell its terms
as that ruleset's combat chapter does, and nothing a user reads points at the spec files a
clone does not have.

- Terms: Elysium's chapter writes "Defense" (the Defense Roll, Spell Defense) and "Armor";
  Enchanted Realms' writes "armor"; Spellchrome's writes "flat footed" (and "Armour", which
  the pages already use). Checked in prose only: code spans, code blocks and anchors name
  erc's options and keys (``--flat-footed``, ``armor_bonus``), which are spelled once in the
  code.
- Spec files: the rule files (``RULES.md``, ``RULES-elysium.md``) and the chapters ("seed
  001") are erc's sources, not in the repository; a page cites the ruling's ID on
  docs/rules/ instead (``R8.2``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

CODE = re.compile(r"```.*?```|`[^`\n]*`|\{#[^}]*\}|\]\([^)]*\)", re.S)
"""Code blocks, code spans, heading anchors and link targets: not prose."""

WRONG = {
    "elysium": (r"\b[Dd]efence\b", r"\b[Aa]rmour\b"),
    "er": (r"\b[Aa]rmour\b",),
    "spellchrome": (r"\b[Ff]lat-footed\b",),
}
PAGES = {
    "elysium": ("rules/elysium.md", "rulesets/elysium.md"),
    "er": ("rules/er.md", "rulesets/enchanted-realms.md"),
    "spellchrome": ("rules/spellchrome.md", "rulesets/spellchrome.md"),
}

FRONT_DOOR = [
    ROOT / "README.md",
    ROOT / ".pre-commit-hooks.yaml",
    *sorted((ROOT / "docs").glob("**/*.md")),
    *sorted((ROOT / "examples").iterdir()),
]
SPEC = re.compile(r"RULES(?:-\w+)?(?:\.md)?\b|\bseeds?\s+00\d|\.\./shared|\bchapter 00\d")


def prose(path: Path) -> str:
    return CODE.sub(" ", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset", sorted(PAGES))
def test_each_ruleset_page_spells_its_terms_as_its_chapter(ruleset: str) -> None:
    wrong = [
        f"{page}: {found.group()!r}"
        for page in PAGES[ruleset]
        for pattern in WRONG[ruleset]
        for found in re.finditer(pattern, prose(ROOT / "docs" / page))
    ]
    assert wrong == []


def test_the_term_check_sees_prose_and_skips_code(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("`--flat-footed` and `armor_bonus`\n\nflat-footed defence\n")
    text = prose(page)
    assert "--flat-footed" not in text and "armor_bonus" not in text
    assert re.search(WRONG["spellchrome"][0], text) and re.search(WRONG["elysium"][0], text)


def test_nothing_a_user_reads_points_at_the_spec_files() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in FRONT_DOOR
        if path.is_file()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SPEC.search(line)
    ]
    assert cited == []
