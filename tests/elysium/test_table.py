"""Elysium at the table (Part 3.16, Part 3.17): `erc skill`, `erc show`, `erc join`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from tests.cli.test_table_checks import _error, _ok
from tests.cli.test_table_commands import _add, _copy, _ok as _applied
from tests.conftest import encounter_path

AMBUSH = encounter_path("ambush.yaml")
WAREHOUSE = encounter_path("spellchrome-warehouse.yaml")
OGRE = encounter_path("elysium-ogre.yaml")


def test_skill_check_is_the_die_plus_ranks_and_key_ability(erc: Any) -> None:
    """Part 3.16: "a skill check (EL1.3: d10 + ranks + the key ability, the file's die)
    against a fixed number"; athletics' key ability is muscle (EL1.3); an ability named
    rolls it alone (Part 3.10)."""
    athletics = _ok(erc, "skill", "Kharza", "athletics", "--vs", "11", "-e", OGRE, "--rolls", "8")
    assert athletics["parts"] == {"athletics": 1, "muscle": 2}
    assert (athletics["total"], athletics["success"]) == (11, True)
    alone = _ok(erc, "skill", "Kharza", "agility", "--vs", "12", "-e", OGRE, "--rolls", "8")
    assert alone["parts"] == {"agility": 3} and alone["success"] is False
    lore = _ok(erc, "skill", "Beldo", "lore", "--vs", "5", "-e", OGRE, "--rolls", "1")
    assert lore["parts"] == {"lore": 2, "insight": 1}  # the file's skill_abilities


def test_skill_check_costs_ap_only_when_told(erc: Any, tmp_path: Path) -> None:
    """Part 3.16: "It costs no AP unless `--ap N` says so"; EL3.2: paid whole, else refused
    before any die and nothing recorded."""
    path = tmp_path / "elysium-ogre.yaml"
    shutil.copy(OGRE, path)
    free = erc(
        "skill", "Kharza", "bluff", "--vs", "9", "-e", path, "--rolls", "5", "--apply", "--json"
    )
    assert free.code == 0 and free.json["result"]["ap"] is None
    paid = erc(
        "skill",
        "Kharza",
        "bluff",
        "--vs",
        "9",
        "--ap",
        "4",
        "-e",
        path,
        "--rolls",
        "5",
        "--apply",
        "--json",
    )
    assert paid.json["result"]["ap"] == {"name": "Kharza", "cost": 4, "before": 6, "after": 2}
    journal = path.with_name("elysium-ogre.journal.jsonl")
    before = journal.read_bytes()
    short = erc(
        "skill",
        "Kharza",
        "bluff",
        "--vs",
        "9",
        "--ap",
        "3",
        "-e",
        path,
        "--rolls",
        "5",
        "--apply",
        "--json",
    )
    assert short.code == 2 and json.loads(short.err)["error"]["code"] == "not-enough-ap"
    assert journal.read_bytes() == before
    kharza = erc("status", "-e", path, "--json").json["result"]["combatants"][0]
    assert kharza["ap_left"] == 2


def test_skill_odds_use_the_file_die(erc: Any) -> None:
    """d10 + 3 >= 11: faces 8-10, 3/10; no natural rule (EL1.4)."""
    odds = erc("skill", "Kharza", "athletics", "--vs", "11", "-e", OGRE, "--odds", "--json")
    assert odds.json["result"]["odds"]["exact"]["p_success"] == "3/10"
    assert _error(erc, "skill", "Kharza", "flying", "--vs", "5", "-e", OGRE)["code"] == "bad-option"


def test_elysium_sheet(erc: Any) -> None:
    """EL5.2 Dodge = AGI + dodge + END + armour (Kharza 3 + 2 + 2 + 1 = 8); EL4.1 the whip:
    CUN 4 + whip 3 + MUS 2 + damage score 1 = 10."""
    kharza = _ok(erc, "show", "Kharza", "-e", OGRE)
    assert kharza["defense"]["Dodge"] == 8
    assert kharza["weapon_lines"][0]["numbers"]["bonus"] == 10
    assert kharza["resources"] == {"ap_left": 6, "ap": 6}


def test_elysium_join_rolls_its_reaction_check(erc: Any, tmp_path: Path) -> None:
    """Part 3.17: it rolls its Reaction check at once (EL2: die + AGI + CUN), acts this
    round with full AP if its place has not been passed; a passed place gives up its AP."""
    path = _copy(tmp_path, "elysium-ogre.yaml")
    _applied(erc, "roll-init", "-e", path, "--rolls", "8,7,4", "--apply")
    _applied(erc, "spend", "Ogre", "--ap", "2", "-e", path, "--apply")
    _add(
        path,
        "  - name: Ogre\n",
        "  - name: Goblin\n    side: foes\n    hp: 10\n    abilities: {agility: 3, cunning: 2}\n",
    )
    joined = _applied(erc, "join", "Goblin", "-e", path, "--rolls", "9", "--apply")["result"]
    assert joined["total"] == 14 and joined["waits"] is True  # before the Ogre, who acted
    status = _applied(erc, "status", "-e", path)["result"]
    goblin = next(c for c in status["combatants"] if c["name"] == "Goblin")
    assert goblin["ap_left"] == 0


def test_elysium_sheet_keeps_each_name_with_its_number_at_80_columns(erc: Any) -> None:
    """The human output is read in an 80-column terminal: every ability and skill of
    ``erc show`` stays on one line with its number (EL1.2: the raw numbers are the terms)."""
    out = erc("show", "Kharza", "-e", OGRE).out
    lines = [line.rstrip() for line in out.splitlines()]
    assert all(len(line) <= 80 for line in lines)
    for name in ("self_control", "hand-to-hand", "cunning", "whip"):
        assert any(
            f"{name} " in line and line.split(f"{name} ", 1)[1][:1].isdigit() for line in lines
        ), name
