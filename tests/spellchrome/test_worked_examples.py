"""The worked examples of the Spellchrome chapter (seeds/002_ef504805c53c3809.txt) that no
other ``tests/spellchrome/test_*.py`` test reproduced with the chapter's own numbers, dice forced
through ``--rolls`` in the order RULES-spellchrome.md Part 2 documents.

Already covered elsewhere: the door guard (``spellchrome/test_initiative``
``test_chapter_the_door_guard_rolls_1_and_still_acts_second``), A at 23 waiting for B at 8
(``test_chapter_a_at_23_delays_for_b_at_8``), the Ceburx 44's 2d10
(``spellchrome/test_attack`` ``test_chapter_the_ceburx_44_does_2d10``),
three hits of 10 against DR 5
(``test_chapter_three_hits_of_10_against_dr_5_deal_15``), the Eldlandrian Heavy Shield's +1
(``test_sc5_1_ac_is_10_armour_shield_natural_dex_and_ac_bonus``), 6 seconds a round
(``spellchrome/test_turns`` ``test_sc1_2_a_round_is_6_seconds_10_to_a_minute``) and moving 30 ft
around a spell (``test_chapter_move_then_cast_or_cast_then_move_up_to_30_ft``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ATTACKING = """erc: 1
ruleset: spellchrome
combatants:
  - name: Ash
    side: party
    hp: 20
    bab: {ranged: 2}
    weapons: [{name: Ceburx 44, kind: ranged, damage: 2d10, range: 60}]
  - name: Bo
    side: party
    hp: 20
    bab: {ranged: 2}
    weapons: [{name: Ceburx 44, kind: ranged, damage: 2d10, range: 60}]
  - name: Swift
    side: party
    hp: 20
    speed: 40
    bab: {ranged: 2}
    weapons: [{name: Ceburx 44, kind: ranged, damage: 2d10, range: 60}]
  - name: Dummy
    side: foes
    hp: 100
"""
"""Three shooters at +2 (BAB 2, Dex 10) against Dummy, AC 10 and no armour; Swift's base
rate is modified to 40 ft."""


def test_chapter_attacking_move_30_ft_then_attack_or_attack_then_move(
    erc: Any, tmp_path: Path
) -> None:
    """Seed 002_ef504805c53c3809.txt, "Attacking": "Attacking with a ranged or melee weapon
    is usually a standard action.. This means that you can move your base rate (30 feet,
    unless modified) and then attack. Or you could cast a attack and then move up to 30
    feet." (SC1.3, SC10.2.) Ash moves 30 ft, then shoots; Bo shoots, then moves 30 ft and
    not 31; Swift, whose base rate is modified to 40 ft, moves 40 and shoots."""
    path = tmp_path / "attacking.yaml"
    path.write_text(ATTACKING)
    where = ("-e", str(path), "--journal", str(tmp_path / "attacking.journal.jsonl"), "--json")

    def ok(*args: str) -> dict[str, Any]:
        ran = erc(*args, *where)
        assert ran.code == 0, ran.err
        result: dict[str, Any] = ran.json["result"]
        return result

    def error(*args: str) -> dict[str, Any]:
        ran = erc(*args, *where)
        assert ran.code == 2, ran.out
        found: dict[str, Any] = ran.error
        return found

    ok("roll-init", "--rolls", "10,9,8,1", "--apply")

    # Move the base rate (30 feet), and then attack.
    moved = ok("movement", "Ash", "--ft", "30", "--apply")
    assert (moved["available_ft"], moved["spent_ft"], moved["remaining_ft"]) == (30, 30, 0)
    assert moved["actions"] == ["move"]
    shot = ok("attack", "Ash", "Dummy", "--rolls", "12,4,5", "--apply")
    assert shot["actions"] == ["standard"]
    (attack,) = shot["attacks"]
    assert (attack["total"], attack["hit"], attack["damage"]) == (14, True, 9)
    assert shot["targets"][0]["hp_after"] == 91
    assert "1 ft short" in error("movement", "Ash", "--ft", "1")["message"]

    # Or attack, and then move up to 30 feet.
    shot = ok("attack", "Bo", "Dummy", "--rolls", "12,4,5", "--apply")
    assert shot["actions"] == ["standard"]
    too_far = error("movement", "Bo", "--ft", "31")
    assert too_far["code"] == "not-enough-movement" and "1 ft short" in too_far["message"]
    moved = ok("movement", "Bo", "--ft", "30", "--apply")
    assert (moved["available_ft"], moved["spent_ft"], moved["remaining_ft"]) == (30, 30, 0)

    # "30 feet, unless modified": a base rate of 40 ft gives 40.
    moved = ok("movement", "Swift", "--ft", "40", "--apply")
    assert (moved["available_ft"], moved["remaining_ft"]) == (40, 0)
    assert ok("attack", "Swift", "Dummy", "--rolls", "2", "--apply")["actions"] == ["standard"]

    rows = {row["name"]: row for row in ok("status")["combatants"]}
    for name, feet in (("Ash", 30), ("Bo", 30), ("Swift", 40)):
        row = rows[name]
        assert (row["standard_used"], row["move_used"], row["movement_spent_ft"]) == (
            True,
            True,
            feet,
        )
    assert rows["Dummy"]["hp"] == 100 - 9 - 9
