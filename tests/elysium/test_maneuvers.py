"""Disarm (EL7, EL Part 3.4), trip and overrun (EL8, EL6.3, EL Part 3.7) and feint (EL9)
through the real CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.elysium.support import (
    FISTS,
    fighter,
    ok,
    refused,
    refused_records_nothing,
    status_row,
    sword,
    write,
)

WHIP = {
    "name": "whip",
    "skill": "whip",
    "ap": 2,
    "damage_score": 1,
    "disarm_bonus": 3,
    "trip_bonus": 1,
}
SCYTHE = {"name": "scythe", "skill": "scythe", "ap": 4, "damage_score": 3, "disarm_resist": 2}


@pytest.fixture
def pair(tmp_path: Path) -> Path:
    a = fighter(
        "A",
        abilities={"cunning": 4, "muscle": 2},
        skills={"whip": 3, "hand-to-hand": 2, "bluff": 4},
        weapons=[WHIP, FISTS],
    )
    d = fighter(
        "D",
        abilities={"cunning": 3, "muscle": 3, "agility": 2, "insight": 1},
        skills={"scythe": 4, "dodge": 1, "athletics": 2, "discern": 2},
        weapons=[FISTS, SCYTHE],
    )
    return write(tmp_path, a, d)


def test_disarm_rolls_both_sides_terms(erc: Any, pair: Path) -> None:
    """EL7: attacker "Cunning + Weapon Skill + Muscle + Weapon's disarm bonus", defender
    "Cunning + Weapon Skill + Muscle + Weapon's disarm resistance bonus"."""
    result = ok(erc, pair, "disarm", "A", "D", "--rolls", "2,3")
    assert result["initiator"]["parts"] == {"cunning": 4, "whip": 3, "muscle": 2, "disarm_bonus": 3}
    assert result["opponent"]["parts"] == {
        "cunning": 3,
        "scythe": 4,
        "muscle": 3,
        "disarm_resist": 2,
    }


def test_disarm_strictly_higher_drops_the_weapon(erc: Any, pair: Path) -> None:
    """EL7: "If the attacker's result is greater than the defender's result, the defender's
    weapon is dropped to the ground"; EL1.5: a tie changes nothing."""
    tie = ok(erc, pair, "disarm", "A", "D", "--rolls", "10,10")  # 22 against 22
    assert tie["margin"] == 0 and tie["outcome"] == "kept"
    won = ok(erc, pair, "disarm", "A", "D", "--rolls", "10,9", "--apply")
    assert won["outcome"] == "dropped"
    row = status_row(erc, pair, "D")
    assert row["weapons"] == ["fists"] and row["lost_weapons"] == ["scythe"]
    # nothing left to disarm: its fists are part of it
    error = refused_records_nothing(erc, pair, "disarm", "A", "D", "--rolls", "1,1")
    assert error["code"] == "nothing-to-disarm"


def test_a_dropped_weapon_is_picked_up_for_the_ap_given(erc: Any, tmp_path: Path) -> None:
    """EL7: "the defender's weapon is dropped to the ground"; CONTRACT ``erc pick-up``
    "recovers a disarmed weapon": no ruling gives its cost, so ``--ap N`` does (required);
    the weapon is back in the owner's hands, in the file's order."""
    a = fighter("A", abilities={"cunning": 4}, skills={"whip": 3}, weapons=[WHIP])
    d = fighter("D", weapons=[SCYTHE, FISTS])
    path = write(tmp_path, a, d)
    nothing = refused(erc, path, "pick-up", "D", "scythe", "--ap", "1")
    assert nothing["code"] == "nothing-to-pick-up"  # still in its hands
    ok(erc, path, "disarm", "A", "D", "--rolls", "9,1", "--apply")
    row = status_row(erc, path, "D")
    assert row["weapons"] == ["fists"] and row["dropped_weapons"] == ["scythe"]
    assert refused(erc, path, "pick-up", "D", "scythe")["code"] == "bad-option"  # no --ap
    assert refused(erc, path, "pick-up", "A", "scythe", "--ap", "1")["code"] == "nothing-to-pick-up"
    error = refused_records_nothing(erc, path, "pick-up", "D", "axe", "--ap", "1")
    assert error["code"] == "nothing-to-pick-up" and "scythe" in error["message"]
    picked = ok(erc, path, "pick-up", "D", "--ap", "2", "--apply")  # the only one there
    assert picked["weapon"] == "scythe"
    assert picked["ap"] == {"name": "D", "cost": 2, "before": 6, "after": 4}
    row = status_row(erc, path, "D")
    assert row["weapons"] == ["scythe", "fists"] and row["lost_weapons"] == []
    assert row["dropped_weapons"] == [] and row["ap_left"] == 4
    again = refused_records_nothing(erc, path, "pick-up", "D", "scythe", "--ap", "1")
    assert again["code"] == "nothing-to-pick-up"


def test_a_weapon_taken_is_not_on_the_ground(erc: Any, pair: Path) -> None:
    """EL7: "he or she can opt to grab the weapon away instead of it falling": nothing to
    pick up."""
    ok(erc, pair, "disarm", "A", "D", "--with", "fists", "--take", "--rolls", "10,1", "--apply")
    error = refused(erc, pair, "pick-up", "D", "scythe", "--ap", "1")
    assert error["code"] == "nothing-to-pick-up" and "taken" in error["message"]


def test_disarm_of_a_natural_weapon_is_refused(erc: Any, pair: Path) -> None:
    """EL7: "This obviously only works on manufactured weapons, and not those that are part
    of an opponent's body"; EL Part 3.4: the defender's first manufactured weapon."""
    assert ok(erc, pair, "disarm", "A", "D", "--rolls", "1,1")["defender_weapon"] == "scythe"
    error = refused_records_nothing(
        erc, pair, "disarm", "A", "D", "--victim-weapon", "fists", "--rolls", "1,1"
    )
    assert error["code"] == "natural-weapon"


def test_a_natural_weapon_may_disarm(erc: Any, pair: Path) -> None:
    """EL Part 3.4: "A natural weapon may disarm"."""
    result = ok(erc, pair, "disarm", "A", "D", "--with", "fists", "--rolls", "1,1")
    assert result["weapon"] == "fists" and result["initiator"]["parts"]["hand-to-hand"] == 2


def test_take_needs_hand_to_hand_and_is_refused_before_any_die(erc: Any, pair: Path) -> None:
    """EL7: "If the attacker is using the Hand-To-Hand skill, he or she can opt to grab the
    weapon away"; EL Part 3.4: otherwise refused before any die."""
    error = refused_records_nothing(erc, pair, "disarm", "A", "D", "--take", "--rolls", "9,1")
    assert error["code"] == "take-needs-hand-to-hand"
    taken = ok(
        erc, pair, "disarm", "A", "D", "--with", "fists", "--take", "--rolls", "10,1", "--apply"
    )
    assert taken["outcome"] == "taken"
    assert status_row(erc, pair, "A")["weapons"] == ["whip", "fists", "scythe"]
    assert status_row(erc, pair, "D")["weapons"] == ["fists"]
    ok(erc, pair, "roll-init", "--rolls", "1,2", "--apply")
    used = ok(erc, pair, "attack", "A", "D", "--with", "scythe", "--rolls", "1,1")
    assert used["initiator"]["parts"]["damage_score"] == 3


def test_trip_rolls_both_sides_and_a_tripped_defender_is_prone(erc: Any, pair: Path) -> None:
    """EL8: attacker "Cunning + Weapon Skill + Muscle + Weapon's Trip Bonus", defender
    "Agility + Dodge + Athletics + Muscle"; "If the attacker's result is higher ... the
    defender is tripped. No damage is incurred by a trip"; EL5.7."""
    result = ok(erc, pair, "trip", "A", "D", "--rolls", "9,2", "--apply")
    assert result["initiator"]["parts"] == {"cunning": 4, "whip": 3, "muscle": 2, "trip_bonus": 1}
    assert result["opponent"]["parts"] == {"agility": 2, "dodge": 1, "athletics": 2, "muscle": 3}
    assert result["tripped"] is True and "damage" not in result
    row = status_row(erc, pair, "D")
    assert [c["name"] for c in row["conditions"]] == ["prone"]
    assert row["conditions"][0]["by"] == "A" and row["hp"] == 30


def test_trip_tie_changes_nothing(erc: Any, pair: Path) -> None:
    """EL1.5 and EL8: "If the attacker's result is higher"."""
    result = ok(erc, pair, "trip", "A", "D", "--rolls", "1,3")  # 11 against 11
    assert result["margin"] == 0 and result["tripped"] is False and result["winner"] is None


def test_overrun_adds_the_charge_bonus_to_muscle_as_its_own_part(erc: Any, pair: Path) -> None:
    """EL6.3: "The bonus to damage normally offered from charging can go towards the Trip
    attempt as a bonus to Muscle"; EL Part 3.7: "Overrun costs the same, its +2 shown as its
    own ``overrun`` part"."""
    result = ok(erc, pair, "trip", "A", "D", "--overrun", "--move-ft", "10", "--rolls", "1,1")
    assert result["initiator"]["parts"]["overrun"] == 2 and result["overrun"] is True
    assert result["ap"]["cost"] == 2 + 2
    assert refused(erc, pair, "trip", "A", "D", "--overrun")["code"] == "bad-option"


def test_an_overrun_needs_a_run(erc: Any, pair: Path) -> None:
    """EL6.3: an overrun is the trip "at the end of the charge", and EL6.1 a charge moves
    "the distance between you and the opponent": ``--move-ft 0`` is refused (EL Part
    3.7), not a trip with a free +2."""
    error = refused_records_nothing(erc, pair, "trip", "A", "D", "--overrun", "--move-ft", "0")
    assert error["code"] == "bad-option" and "--move-ft" in error["message"]


def test_a_prone_overrunner_stands_up_first(erc: Any, tmp_path: Path) -> None:
    """EL5.7 and EL Part 3.13: a prone mover pays ``stand_up_ap`` and stands; EL6.3: the
    overrun's run is a move."""
    a = fighter("A", abilities={"cunning": 4}, skills={"whip": 3}, weapons=[WHIP])
    path = write(tmp_path, {**a, "conditions": ["prone"]}, fighter("D"), rules={"stand_up_ap": 1})
    result = ok(erc, path, "trip", "A", "D", "--overrun", "--move-ft", "10", "--rolls", "1,9")
    assert result["ap"]["cost"] == 2 + 1 + 2 and result["stand_up"] is True
    ok(erc, path, "trip", "A", "D", "--overrun", "--move-ft", "10", "--rolls", "1,9", "--apply")
    assert status_row(erc, path, "A")["conditions"] == []
    ok(erc, path, "roll-init", "--rolls", "1,2", "--apply")
    plain = ok(erc, path, "trip", "A", "D", "--rolls", "1,9")  # standing now: no cost
    assert plain["stand_up"] is False and plain["ap"]["cost"] == 2


def test_a_trip_defender_in_a_grab_adds_neither_agility_nor_dodge(erc: Any, tmp_path: Path) -> None:
    """EL5.8: "while in a Grab, the attacker and the defender adds neither Agility nor Dodge
    to their defense rolls", "against anyone": the trip's defense (EL8: "Agility + Dodge +
    Athletics + Muscle") too."""
    a = fighter("A", abilities={"cunning": 4, "muscle": 2}, skills={"whip": 3}, weapons=[WHIP])
    d = fighter("D", abilities={"agility": 2, "muscle": 3}, skills={"dodge": 1, "athletics": 2})
    grabber = fighter("G", abilities={"muscle": 9}, skills={"hand-to-hand": 5})
    path = write(tmp_path, a, d, grabber)
    free = ok(erc, path, "trip", "A", "D", "--rolls", "5,5")
    assert free["opponent"]["parts"] == {"agility": 2, "dodge": 1, "athletics": 2, "muscle": 3}
    ok(erc, path, "grab", "G", "D", "--no-damage", "--rolls", "10,1", "--apply")
    pinned = ok(erc, path, "trip", "A", "D", "--rolls", "5,5")
    assert pinned["opponent"] == {
        "name": "D",
        "roll": 5,
        "parts": {"athletics": 2, "muscle": 3},
        "total": 10,
    }
    grabbing = ok(erc, path, "trip", "A", "G", "--rolls", "5,5")  # the grabber too
    assert "agility" not in grabbing["opponent"]["parts"]
    assert "dodge" not in grabbing["opponent"]["parts"]


def test_feint_is_bluff_against_discern_for_the_weapons_ap(erc: Any, pair: Path) -> None:
    """EL9: "It takes as many AP to make a feint attempt as it does to use the weapon
    normally. Roll a Bluff check. The opponent should oppose it with a Discern check";
    EL1.3: bluff with cunning, discern with insight."""
    result = ok(erc, pair, "feint", "A", "D", "--rolls", "5,5")
    assert result["initiator"]["parts"] == {"bluff": 4, "cunning": 4}
    assert result["opponent"]["parts"] == {"discern": 2, "insight": 1}
    assert result["bonus"] == 5 and result["ap"]["cost"] == 2
    scythe = ok(erc, pair, "feint", "D", "A", "--with", "scythe", "--rolls", "5,5")
    assert scythe["ap"]["cost"] == 4 and scythe["bonus"] == 3  # 0 + 3 + 5 against 0 + 5


def test_feint_bonus_is_for_that_opponent_this_round_or_the_next(erc: Any, tmp_path: Path) -> None:
    """EL9: "added to the feinter's next Attack Roll against that opponent this round or the
    next" (the ruling's choice on scope and expiry)."""
    a = fighter("A", abilities={"cunning": 4}, skills={"bluff": 6}, weapons=[sword(ap=1)])
    path = write(tmp_path, a, fighter("D"), fighter("E"))
    ok(erc, path, "roll-init", "--rolls", "5,3,1", "--apply")
    assert ok(erc, path, "feint", "A", "D", "--rolls", "5,1", "--apply")["bonus"] == 14
    other = ok(erc, path, "attack", "A", "E", "--rolls", "1,1")
    assert "feint" not in other["initiator"]["parts"]
    ok(erc, path, "roll-init", "--apply")
    assert status_row(erc, path, "A")["feints"] == [{"target": "D", "bonus": 14, "until_round": 2}]
    assert ok(erc, path, "attack", "A", "D", "--rolls", "1,1")["feint_used"] == 14
    ok(erc, path, "roll-init", "--apply")
    late = ok(erc, path, "attack", "A", "D", "--rolls", "1,1")
    assert late["feint_used"] == 0 and status_row(erc, path, "A")["feints"] == []


def test_a_failed_feint_gives_nothing(erc: Any, pair: Path) -> None:
    """EL9: "If the attacker's result is higher"; a tie or less adds nothing."""
    result = ok(erc, pair, "feint", "A", "D", "--rolls", "1,10", "--apply")
    assert result["bonus"] == 0 and result["winner"] == "D"
    assert status_row(erc, pair, "A")["feints"] == []


@pytest.mark.parametrize(
    "args",
    [
        ["disarm", "A", "D"],
        ["trip", "A", "D"],
        ["feint", "A", "D"],
        ["social", "taunt", "A", "D"],
        ["competition", "A", "D", "--check", "A=hold", "--check", "D=hold"],
    ],
    ids=lambda a: a[0],
)
def test_helplessness_is_not_for_these_opposed_rolls(
    erc: Any, tmp_path: Path, args: list[str]
) -> None:
    """EL Part 3.5: "Helplessness covers weapon attacks, sneak, grab and spell defence, not
    the opposed rolls of disarm, trip, feint, social checks and competitions": an asleep
    defender rolls its die."""
    a = fighter("A", weapons=[WHIP], skills={"whip": 1})
    d = fighter("D", conditions=["asleep"], weapons=[SCYTHE])
    path = write(tmp_path, a, d)
    result = ok(erc, path, *args, "--rolls", "4,6")
    assert result["opponent"]["roll"] == 6
