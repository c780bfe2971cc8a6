"""Spellchrome at the table (Part 3.15): `erc ability`, `erc show`, `erc join`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.test_table_checks import _error, _ok
from tests.cli.test_table_commands import _add, _copy, _ok as _applied
from tests.conftest import encounter_path

AMBUSH = encounter_path("ambush.yaml")
WAREHOUSE = encounter_path("spellchrome-warehouse.yaml")
OGRE = encounter_path("elysium-ogre.yaml")


def test_ability_check_is_d20_plus_the_modifier_with_no_natural_rule(erc: Any) -> None:
    """Part 3.15: "d20 + the ability's modifier against DC, a success when the total is at
    least DC; a natural 1 or 20 decides nothing on a check" (Vex: Dexterity 16, +3)."""
    made = _ok(erc, "ability", "Vex", "dexterity", "--dc", "15", "-e", WAREHOUSE, "--rolls", "12")
    assert (made["modifier"], made["total"], made["success"]) == (3, 15, True)
    twenty = _ok(erc, "ability", "Vex", "str", "--dc", "25", "-e", WAREHOUSE, "--rolls", "20")
    assert twenty["total"] == 21 and twenty["success"] is False and twenty["natural"] is False
    one = _ok(
        erc, "ability", "Vex", "dex", "--dc", "3", "--mod", "-1", "-e", WAREHOUSE, "--rolls", "1"
    )
    assert one["total"] == 3 and one["success"] is True


def test_ability_check_of_who_cannot_act_has_no_die(erc: Any) -> None:
    """Part 3.15: "Who cannot act fails with no die (`no_roll`)" (the Lookout is asleep)."""
    asleep = _ok(erc, "ability", "Lookout", "dexterity", "--dc", "5", "-e", WAREHOUSE)
    assert asleep["no_roll"] == "asleep" and asleep["success"] is False and asleep["dice"] == []


def test_ability_odds_and_bad_input(erc: Any) -> None:
    odds = erc("ability", "Vex", "strength", "--dc", "15", "-e", WAREHOUSE, "--odds", "--json")
    assert odds.json["result"]["odds"]["exact"]["p_success"] == "7/20"  # 14..20 with +1
    assert (
        _error(erc, "ability", "Vex", "wisdom", "--dc", "5", "-e", WAREHOUSE)["code"]
        == "bad-option"
    )
    assert (
        _error(erc, "ability", "Thorin", "strength", "--dc", "5", "-e", AMBUSH)["code"]
        == "not-in-ruleset"
    )


def test_spellchrome_sheet(erc: Any) -> None:
    """SC5.1 AC = 10 + armour + shield + natural + Dex + ac_bonus (Vex: 10 + 4 + 3 = 17);
    SC5.4 touch 13; SC5.3 flat-footed 14; SC4.3/4.4 ranged BAB [6, 1] + Dex +3."""
    vex = _ok(erc, "show", "Vex", "-e", WAREHOUSE)
    assert vex["defense"] == {"AC": 17, "touch AC": 13, "flat-footed AC": 14}
    assert vex["weapon_lines"][0]["numbers"]["bonuses"] == [9, 4]
    assert vex["pools"] == {"EX-HP": [8, 10]} and vex["health_word"] == "HP"


def test_spellchrome_join_keeps_its_row_for_keep(erc: Any, tmp_path: Path) -> None:
    """Part 3.15: it rolls its initiative at once (SC2) and under `initiative: keep` its
    total stays for later rounds."""
    path = _copy(tmp_path, "spellchrome-warehouse.yaml")
    _applied(erc, "roll-init", "-e", path, "--seed", "1", "--apply")
    _add(
        path,
        "  - name: Sentinel\n",
        "  - name: Drone\n    side: corp\n    hp: 8\n    abilities: {dexterity: 14}\n"
        "    weapons:\n      - {name: taser, kind: melee, damage: 1d4}\n",
    )
    joined = _applied(erc, "join", "Drone", "-e", path, "--rolls", "12", "--apply")["result"]
    assert joined["total"] == 14 and joined["parts"] == {"dexterity": 2, "initiative": 0}
    second = _applied(erc, "roll-init", "-e", path, "--apply")["result"]
    drone = next(p for p in second["order"] if p["name"] == "Drone")
    assert second["kept"] is True and drone["total"] == 14
