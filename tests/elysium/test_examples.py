"""The Elysium chapter's worked examples (seed 004), each with the chapter's numbers, dice
forced with ``--rolls`` through the real CLI (issue 17 "Done when")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.elysium.support import (
    SHIPPED,
    fighter,
    ok,
    refused_records_nothing,
    sword,
    write,
)


def test_akare_attack_19_against_defense_14_deals_5(erc: Any, tmp_path: Path) -> None:
    """Seed 004 "Using a weapon": "Jon's attack roll is 19. Dustin's defense roll is 14. X
    takes 5 points of damage" (EL4.2)."""
    akare = fighter(
        "Akare",
        abilities={"cunning": 4, "muscle": 3},
        skills={"sword": 5},
        weapons=[sword(damage_score=3)],
    )  # 4 + 5 + 3 + 3 = 15
    x = fighter(
        "X", abilities={"agility": 2, "endurance": 2}, skills={"dodge": 3}, armor_bonus=2
    )  # 2 + 3 + 2 + 2 = 9
    path = write(tmp_path, akare, x)
    result = ok(erc, path, "attack", "Akare", "X", "--rolls", "4,5", "--apply")
    assert result["initiator"]["total"] == 19 and result["opponent"]["total"] == 14
    assert result["defense_kind"] == "dodge"
    assert result["margin"] == 5 and result["winner"] == "Akare" and result["damage"] == 5
    assert result["targets"] == [
        {"name": "X", "damage": 5, "hp_before": 30, "hp_after": 25, "down": False}
    ]
    assert ok(erc, path, "status")["combatants"][1]["hp"] == 25


def test_kharza_whip_15_against_beldo_scythe_21_beldo_keeps_it(erc: Any) -> None:
    """Seed 004 "Disarm" example: "Dustin's result is 15, Jon's result is 21. Beldo keeps
    his scythe" (EL7); the whip's +3 and the scythe's +2 are the chapter's."""
    result = ok(
        erc,
        SHIPPED,
        "disarm",
        "Kharza",
        "Beldo",
        "--with",
        "whip",
        "--rolls",
        "3,9",
        "--journal",
        "/dev/null",
    )
    assert result["initiator"]["parts"]["disarm_bonus"] == 3
    assert result["opponent"]["parts"]["disarm_resist"] == 2
    assert (result["initiator"]["total"], result["opponent"]["total"]) == (15, 21)
    assert result["margin"] == -6 and result["winner"] == "Beldo"
    assert result["outcome"] == "kept" and result["defender_weapon"] == "scythe"


def test_kharza_feint_17_against_ogre_5_adds_12_to_the_next_attack(
    erc: Any, tmp_path: Path
) -> None:
    """Seed 004 "Feints" example: "Kharza makes a Bluff check and gets 17 on the roll. Ogre
    botches and only gets a 5. Kharza can add 12 to his next Attack Roll" (EL9)."""
    path = tmp_path / "ogre.yaml"
    path.write_text(SHIPPED.read_text())
    feint = ok(erc, path, "feint", "Kharza", "Ogre", "--rolls", "9,4", "--apply")
    assert (feint["initiator"]["total"], feint["opponent"]["total"]) == (17, 5)
    assert feint["bonus"] == 12
    attack = ok(erc, path, "attack", "Kharza", "Ogre", "--rolls", "1,1", "--apply")
    assert attack["initiator"]["parts"]["feint"] == 12 and attack["feint_used"] == 12
    # spent: the attack after it has no feint
    again = ok(erc, path, "attack", "Kharza", "Ogre", "--rolls", "1,1")
    assert "feint" not in again["initiator"]["parts"] and again["feint_used"] == 0


def test_the_ogre_cannot_charge_with_4_ap_to_close_and_a_5_ap_greatsword(
    erc: Any, tmp_path: Path
) -> None:
    """Seed 004 "Charging": "Ogre must use 4 AP to close the distance ... but using his
    greatsword takes 5 AP. James decides to have Ogre charge, using one turn to close the
    distance, and his second turn to make the attack" (EL6.1): 20 ft at 5 ft per AP is 4
    AP, 4 + 5 > 6, so the charge is refused; the Ogre moves, and attacks next round, without
    the charge's +2."""
    path = tmp_path / "ogre.yaml"
    path.write_text(SHIPPED.read_text())
    ok(erc, path, "roll-init", "--rolls", "5,7,2", "--apply")
    error = refused_records_nothing(
        erc, path, "attack", "Ogre", "Kharza", "--charge", "--move-ft", "20", "--rolls", "9,1"
    )
    assert error["code"] == "not-enough-ap"
    assert "6 AP left" in error["message"] and "costs 9 AP" in error["message"]
    moved = ok(erc, path, "movement", "Ogre", "--ft", "20", "--apply")
    assert moved["ap_cost"] == 4 and moved["ap"] == {
        "name": "Ogre",
        "cost": 4,
        "before": 6,
        "after": 2,
    }
    assert (
        refused_records_nothing(erc, path, "attack", "Ogre", "Kharza", "--rolls", "9,1")["code"]
        == "not-enough-ap"
    )
    ok(erc, path, "roll-init", "--apply")  # initiative: keep - the first round's dice
    attack = ok(erc, path, "attack", "Ogre", "Kharza", "--rolls", "9,1", "--apply")
    assert attack["ap"]["cost"] == 5 and attack["charge"] is False
    assert attack["charge_bonus"] == 0 and attack["damage"] == attack["margin"]
