"""Helpers for the Spellchrome tests (``tests/spellchrome/test_*.py``): encounter files
written on the fly, and the real CLI run in-process against them with a journal of their own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import ENCOUNTERS

WAREHOUSE = str(ENCOUNTERS / "spellchrome-warehouse.yaml")

HEADER = "erc: 1\nruleset: spellchrome\n"

VEX = (
    "  - {name: Vex, side: party, hp: 22, abilities: {strength: 12, dexterity: 16},"
    " bab: {melee: 3, ranged: [6, 1]}, weapons: ["
    "{name: Ceburx 44, kind: ranged, damage: 2d10, range: 60, max_range: 600},"
    " {name: knife, kind: thrown, damage: 1d4, range: 10},"
    " {name: baton, kind: melee, damage: 1d6}]}"
)
"""RULES-spellchrome Part 2's Vex, unarmoured: Str 12 (+1), Dex 16 (+3)."""
DUMMY = "  - {name: Dummy, side: foes, hp: 100}"
"""AC 10, no armour, no DR: every hit's damage comes off its HP."""
GUARD = (
    "  - {name: Guard, side: foes, hp: 40, abilities: {dexterity: 12},"
    " armor: {name: chrome plate, bonus: 5, dr: d6}}"
)
"""AC 16 (10 + 5 + Dex 1), DR d6 rolled at its first hit of a round."""


def encounter(tmp_path: Path, *combatants: str, rules: str = "", name: str = "sc.yaml") -> str:
    """A Spellchrome file with these combatant lines (YAML flow mappings)."""
    path = tmp_path / name
    text = HEADER + (f"rules: {rules}\n" if rules else "") + "combatants:\n"
    path.write_text(text + "\n".join(combatants) + "\n")
    return str(path)


class Table:
    """The CLI on one encounter with its own journal, JSON out: ``table("attack", ...)``."""

    def __init__(self, erc: Any, path: str, journal: str) -> None:
        self.erc, self.path, self.journal = erc, path, journal

    def __call__(self, *args: object) -> Any:
        return self.erc(*map(str, args), "-e", self.path, "--journal", self.journal, "--json")

    def ok(self, *args: object) -> dict[str, Any]:
        """The envelope of a command that must succeed."""
        ran = self(*args)
        assert ran.code == 0, ran.err
        document: dict[str, Any] = ran.json
        return document

    def result(self, *args: object) -> dict[str, Any]:
        found: dict[str, Any] = self.ok(*args)["result"]
        return found

    def error(self, *args: object) -> dict[str, Any]:
        """The JSON error of a command that must fail with exit 2."""
        ran = self(*args)
        assert ran.code == 2, ran.out
        assert "Traceback" not in ran.err
        found: dict[str, Any] = ran.error
        return found

    def status(self, name: str) -> dict[str, Any]:
        rows = self.result("status")["combatants"]
        return next(r for r in rows if r["name"] == name)  # type: ignore[no-any-return]


def table(erc: Any, tmp_path: Path, *combatants: str, rules: str = "") -> Table:
    path = encounter(tmp_path, *combatants, rules=rules)
    return Table(erc, path, str(tmp_path / "journal.jsonl"))
