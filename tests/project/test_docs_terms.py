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
- Journals out of git: the GM's guide's ``.gitignore`` lines ignore every journal erc names.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

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


def test_the_gitignore_lines_cover_every_journal_erc_names(tmp_path: Path) -> None:
    """The GM's guide, "Keep journals out of git": the lines it gives make git ignore every
    journal erc names by itself (beside ``.yaml``, ``.yml`` and other names) and the fights
    ``erc new-fight`` moves aside (``NAME.1``, ``NAME.12``), checked by git itself."""
    from erc.core.journal import default_path

    page = (ROOT / "docs" / "gm-guide.md").read_text(encoding="utf-8")
    section = page.split("### Keep journals out of git", 1)[1].split("\n### ", 1)[0]
    lines = section.split("```text\n", 1)[1].split("```", 1)[0]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text(lines, encoding="utf-8")
    journals = [default_path(name) for name in ("duel.yaml", "duel.yml", "fight", "x.yml.yaml")]
    names = [*journals, *(f"{journal}.{n}" for journal in journals for n in (1, 12))]
    names = [f"encounters/{name}" for name in names]
    check = ["git", "-C", str(tmp_path), "check-ignore", "--no-index"]
    ran = subprocess.run(
        [*check, "--verbose", "--non-matching", *names],
        capture_output=True,
        text=True,
        check=False,
    )
    not_ignored = [line for line in ran.stdout.splitlines() if line.startswith("::")]
    assert not_ignored == [] and len(ran.stdout.splitlines()) == len(names) == 12
    kept = subprocess.run([*check, "encounters/duel.yaml"], capture_output=True, check=False)
    assert kept.returncode == 1  # the encounter file itself stays in git


def test_what_erc_prints_spells_each_rulesets_terms_as_its_chapter(erc: Any) -> None:
    """As the pages do: Enchanted Realms' initiative breakdown and `erc movement --help` say
    "armor", Elysium's sheet says "defense"."""
    er = ROOT / "encounters" / "duel.yaml"
    elysium = ROOT / "encounters" / "elysium-ogre.yaml"
    printed = [
        erc("roll-init", "-e", er, "--seed", "9", "--journal", "/dev/null").out,
        erc("movement", "--help", "-e", er).out,
        erc("show", "Kharza", "-e", elysium, "--journal", "/dev/null").out,
    ]
    assert all(ran.strip() for ran in printed)
    wrong = [w for out in printed for w in re.findall(r"(?i)\barmour\b|\bdefence\b", out)]
    assert wrong == []
