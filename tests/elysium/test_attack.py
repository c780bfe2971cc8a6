"""Elysium weapon attacks, defense and charges through the real CLI (EL4, EL5, EL6,
EL Part 3.2, 3.3, 3.5, 3.6, 3.7, 3.14)."""

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

ATTACKER = fighter(
    "A",
    abilities={"cunning": 4, "muscle": 3, "agility": 1},
    skills={"sword": 5, "hand-to-hand": 2},
    weapons=[sword(damage_score=3), FISTS],
)  # sword attack: 4 + 5 + 3 + 3 = 15


def defender(**fields: Any) -> dict[str, Any]:
    base = {
        "abilities": {"agility": 2, "endurance": 2, "cunning": 3},
        "skills": {"dodge": 3, "sword": 1},
        "armor_bonus": 2,
    }  # dodge 2 + 3 + 2 + 2 = 9
    return fighter("D", **{**base, **fields})


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    return write(tmp_path, ATTACKER, defender())


def test_attack_roll_is_cunning_skill_muscle_damage_score(erc: Any, duel: Path) -> None:
    """EL4.1: "CUN + Weapon Skill Ranks + MUS + Weapon Damage Score"; EL Part 3.2: each
    term named in ``parts``."""
    result = ok(erc, duel, "attack", "A", "D", "--rolls", "6,2")
    assert result["initiator"] == {
        "name": "A",
        "roll": 6,
        "parts": {"cunning": 4, "sword": 5, "muscle": 3, "damage_score": 3},
        "total": 21,
    }


def test_dodge_is_agility_dodge_endurance_armor(erc: Any, duel: Path) -> None:
    """EL5.2: "AGI + Dodge + END + Armor Bonus"."""
    result = ok(erc, duel, "attack", "A", "D", "--defense", "dodge", "--rolls", "6,2")
    assert result["opponent"] == {
        "name": "D",
        "roll": 2,
        "parts": {"agility": 2, "dodge": 3, "endurance": 2, "armor_bonus": 2},
        "total": 11,
    }
    assert result["defense_kind"] == "dodge"


def test_negative_difference_deals_no_damage(erc: Any, duel: Path) -> None:
    """EL4.2: "if negative, the defender takes 0 damage"; EL1.5 a tie changes nothing."""
    lost = ok(erc, duel, "attack", "A", "D", "--rolls", "1,10")  # 16 against 19
    assert lost["margin"] == -3 and lost["damage"] == 0 and lost["winner"] == "D"
    tie = ok(erc, duel, "attack", "A", "D", "--rolls", "4,10")  # 19 against 19
    assert tie["margin"] == 0 and tie["winner"] is None and tie["damage"] == 0


def test_parry_is_cunning_weapon_skill_endurance_armor_and_the_parry_bonus(
    erc: Any, tmp_path: Path
) -> None:
    """EL5.3: "CUN + Weapon Skill + END + Armor Bonus", the weapon's parry bonus (a penalty
    too), its own magic (EL Part 3.3), no damage score."""
    guard = defender(weapons=[sword(parry_bonus=-1, magic=2, damage_score=4)])
    path = write(tmp_path, ATTACKER, guard)
    result = ok(erc, path, "attack", "A", "D", "--defense", "parry", "--rolls", "6,2")
    assert result["opponent"]["parts"] == {
        "cunning": 3,
        "sword": 1,
        "endurance": 2,
        "armor_bonus": 2,
        "parry_bonus": -1,
        "magic": 2,
    }
    assert result["defense_kind"] == "parry" and result["parry_with"] == "sword"


def test_parry_with_names_the_weapon_and_bare_hands_need_hand_to_hand(
    erc: Any, tmp_path: Path
) -> None:
    """EL Part 3.3: ``--parry-with WEAPON``, else the first listed (a natural one counts);
    with no weapon, parrying needs hand-to-hand ranks and has no parry bonus; EL5.3 "It
    needs a weapon or the hand-to-hand skill"."""
    armed = defender(weapons=[FISTS, sword(parry_bonus=2)])
    path = write(tmp_path, ATTACKER, armed)
    first = ok(erc, path, "attack", "A", "D", "--defense", "parry", "--rolls", "6,2")
    assert first["parry_with"] == "fists" and first["opponent"]["parts"]["parry_bonus"] == 0
    named = ok(erc, path, "attack", "A", "D", "--parry-with", "sword", "--rolls", "6,2")
    assert named["defense_kind"] == "parry" and named["opponent"]["parts"]["parry_bonus"] == 2
    bare = write(tmp_path, ATTACKER, defender(skills={"hand-to-hand": 4, "dodge": 0}))
    result = ok(erc, bare, "attack", "A", "D", "--defense", "parry", "--rolls", "6,2")
    assert result["parry_with"] is None
    assert result["opponent"]["parts"] == {
        "cunning": 3,
        "hand-to-hand": 4,
        "endurance": 2,
        "armor_bonus": 2,
    }
    unable = write(tmp_path, ATTACKER, defender())
    error = refused(erc, unable, "attack", "A", "D", "--defense", "parry", "--rolls", "6,2")
    assert error["code"] == "cannot-parry"


def test_default_defense_is_the_higher_without_the_die_dodge_on_a_tie(
    erc: Any, tmp_path: Path
) -> None:
    """EL5.1: by default the one with the higher total without the die, Dodge on a tie."""
    # parry: 3 + 1 + 2 + 2 + parry_bonus; dodge 9
    better = write(tmp_path, ATTACKER, defender(weapons=[sword(parry_bonus=2)]))  # 10
    assert ok(erc, better, "attack", "A", "D", "--rolls", "1,1")["defense_kind"] == "parry"
    tied = write(tmp_path, ATTACKER, defender(weapons=[sword(parry_bonus=1)]))  # 9
    assert ok(erc, tied, "attack", "A", "D", "--rolls", "1,1")["defense_kind"] == "dodge"


def test_magic_weapon_bonus_less_mdef_never_negative(erc: Any, tmp_path: Path) -> None:
    """EL5.4: "the magic bonus the attacker receives is subtracted from the defender's MDEF
    ... the bonus to the attack is never negative", for any defense."""
    magic = {**ATTACKER, "weapons": [sword(magic=3)]}
    for mdef, expected in ((0, 3), (1, 2), (3, 0), (5, 0)):
        path = write(tmp_path, magic, defender(mdef=mdef))
        result = ok(erc, path, "attack", "A", "D", "--rolls", "5,5")
        assert result["initiator"]["parts"]["magic"] == expected, mdef


def test_hand_to_hand_uses_the_natural_weapon_and_its_skill(erc: Any, duel: Path) -> None:
    """EL4.3: hand-to-hand uses the hand-to-hand skill and the bare-hand weapon the file
    gives (``natural: true``)."""
    result = ok(erc, duel, "attack", "A", "D", "--with", "fists", "--rolls", "5,5")
    assert result["weapon"] == "fists" and result["ap"]["cost"] == 2
    assert result["initiator"]["parts"] == {
        "cunning": 4,
        "hand-to-hand": 2,
        "muscle": 3,
        "damage_score": 1,
    }


def test_no_weapon_no_attack_and_an_unknown_weapon_is_named(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.14: the first listed weapon by default; a combatant with no weapon at all
    cannot attack."""
    path = write(tmp_path, fighter("Bare"), defender())
    assert refused(erc, path, "attack", "Bare", "D")["code"] == "no-weapon"
    duel = write(tmp_path, ATTACKER, defender())
    error = refused(erc, duel, "attack", "A", "D", "--with", "axe")
    assert error["code"] == "unknown-weapon" and "sword, fists" in error["message"]
    assert ok(erc, duel, "attack", "A", "D", "--rolls", "1,1")["weapon"] == "sword"


def test_hp_never_below_zero_and_down_cannot_act_or_defend(erc: Any, tmp_path: Path) -> None:
    """EL4.4: HP never go below 0; at 0 a combatant is down and cannot act or defend."""
    path = write(tmp_path, ATTACKER, defender(hp=3))
    result = ok(erc, path, "attack", "A", "D", "--rolls", "10,1", "--apply")
    assert result["targets"][0]["hp_after"] == 0 and result["targets"][0]["down"] is True
    row = status_row(erc, path, "D")
    assert row["hp"] == 0 and row["down"] is True and row["can_act"] is False
    assert refused(erc, path, "attack", "D", "A")["code"] == "cannot-act"
    again = ok(erc, path, "attack", "A", "D", "--rolls", "1")
    assert again["defense_kind"] == "helpless" and again["opponent"]["roll"] is None


@pytest.mark.parametrize("condition", ["unaware", "paralyzed", "bound", "asleep", "unconscious"])
def test_helpless_defender_rolls_no_die_and_defends_at_0(
    erc: Any, tmp_path: Path, condition: str
) -> None:
    """EL5.5: "any impending attack allows for a Defense Roll unless your character is
    somehow unable to move or unaware of the danger"; EL Part 3.5: ``opponent.roll`` null,
    ``defense_kind`` "helpless", total 0; one die only."""
    path = write(tmp_path, ATTACKER, defender(conditions=[condition]))
    ran = erc("attack", "A", "D", "-e", str(path), "--json", "--rolls", "4")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["opponent"] == {"name": "D", "roll": None, "parts": {}, "total": 0}
    assert result["defense_kind"] == "helpless" and result["damage"] == 19
    assert [r["for"] for r in ran.json["rolls"]] == ["A attack"]


def test_helpless_defense_static_house_rule(erc: Any, tmp_path: Path) -> None:
    """EL5.5 house rule ``helpless_defense: static``: the defense without the die."""
    path = write(
        tmp_path, ATTACKER, defender(conditions=["asleep"]), rules={"helpless_defense": "static"}
    )
    result = ok(erc, path, "attack", "A", "D", "--rolls", "4")
    assert result["opponent"]["roll"] is None and result["opponent"]["total"] == 9
    assert result["defense_kind"] == "helpless" and result["damage"] == 10


def test_a_helpless_defender_cannot_be_given_a_defense(erc: Any, tmp_path: Path) -> None:
    path = write(tmp_path, ATTACKER, defender(conditions=["asleep"]))
    assert refused(erc, path, "attack", "A", "D", "--defense", "dodge")["code"] == "helpless"


def test_sneak_is_the_attack_against_an_unaware_defender(erc: Any, duel: Path) -> None:
    """EL Part 2 ``sneak``: "the same attack against an unaware defender (EL5.5)"."""
    ran = erc("sneak", "A", "D", "-e", str(duel), "--json", "--rolls", "4")
    result = ran.json["result"]
    assert ran.code == 0 and result["defense_kind"] == "helpless"
    assert result["sneak"] == {"unaware": True, "helpless_defense": "none"}
    assert result["opponent"]["roll"] is None and result["damage"] == 19
    assert result["ap"]["cost"] == 3


def test_pinned_defender_still_defends(erc: Any, tmp_path: Path) -> None:
    """EL5.5: "a pinned defender still defends, as EL5.8 says": it rolls, without AGI and
    dodge."""
    third = fighter("G", abilities={"muscle": 9, "cunning": 9}, skills={"hand-to-hand": 5})
    path = write(tmp_path, ATTACKER, defender(), third)
    assert ok(erc, path, "grab", "G", "D", "--rolls", "10,1", "--apply")["outcome"] == "pinned"
    result = ok(erc, path, "attack", "A", "D", "--rolls", "5,5")
    assert result["opponent"]["roll"] == 5 and result["defense_kind"] == "dodge"
    assert result["opponent"]["parts"] == {"endurance": 2, "armor_bonus": 2}


def test_going_on_the_defensive_adds_n_to_every_defense_roll(erc: Any, duel: Path) -> None:
    """EL5.6: "For every Action Point you spend ... you can add 1 to your defensive rolls for
    that round"; the seed's "spend 4 AP defending, you can add +4"."""
    done = ok(erc, duel, "defend", "D", "--ap", "4", "--apply")
    assert done["bonus"] == 4 and done["ap"] == {"name": "D", "cost": 4, "before": 6, "after": 2}
    result = ok(erc, duel, "attack", "A", "D", "--defense", "dodge", "--rolls", "5,5")
    assert result["opponent"]["parts"]["defensive"] == 4 and result["opponent"]["total"] == 18
    assert ok(erc, duel, "defend", "D", "--ap", "1", "--apply")["defensive_bonus"] == 5


def test_going_on_the_defensive_adds_n_to_parry_spell_defense_and_the_grab_defense(
    erc: Any, tmp_path: Path
) -> None:
    """EL5.6: "+N to every Defense Roll for the rest of the round" (the seed: "you can add 1
    to your defensive rolls for that round"): not the Dodge alone but the Parry (EL5.3),
    the Spell Defense (EL12) and the Defense Roll against a grab and a squeeze (EL10.1,
    EL10.3)."""
    caster = {**ATTACKER, "ap": 30, "mp": 5, "spells": [BURN]}
    path = write(tmp_path, caster, defender(weapons=[sword()]))
    ok(erc, path, "defend", "D", "--ap", "4", "--apply")
    parry = ok(erc, path, "attack", "A", "D", "--defense", "parry", "--rolls", "5,5")
    assert parry["opponent"]["parts"] == {
        "cunning": 3,
        "sword": 1,
        "endurance": 2,
        "armor_bonus": 2,
        "parry_bonus": 0,
        "defensive": 4,
    }
    assert parry["opponent"]["total"] == 5 + 8 + 4
    spell = ok(erc, path, "cast", "A", "D", "--spell", "Burn", "--level", "1", "--rolls", "5,5")
    assert spell["defense_kind"] == "spell"
    assert spell["opponent"]["parts"] == {
        "agility": 2,
        "dodge": 3,
        "endurance": 2,
        "armor_bonus": 2,
        "mdef": 0,
        "defensive": 4,
    }
    for kind in ("dodge", "parry"):
        grab = ok(erc, path, "grab", "A", "D", "--defense", kind, "--rolls", "5,5")
        assert grab["opponent"]["parts"]["defensive"] == 4, kind
    pinned = ok(erc, path, "grab", "A", "D", "--no-damage", "--rolls", "10,1", "--apply")
    assert pinned["outcome"] == "pinned"  # 10 + 10 against 1 + 9 + 4
    squeeze = ok(erc, path, "grab", "A", "D", "--squeeze", "--rolls", "5,5")
    assert squeeze["opponent"]["parts"] == {"endurance": 2, "armor_bonus": 2, "defensive": 4}
    assert squeeze["opponent"]["total"] == 5 + 4 + 4


def test_defend_is_refused_after_an_offensive_action_and_forbids_them_after(
    erc: Any, duel: Path
) -> None:
    """EL5.6: "Going on the Defensive requires you to make no offensive actions for that
    round": refused after an attack; after defending, attacks are refused; a new round
    lifts both."""
    ok(erc, duel, "attack", "A", "D", "--rolls", "1,1", "--apply")
    error = refused_records_nothing(erc, duel, "defend", "A", "--ap", "2")
    assert error["code"] == "offensive-taken"
    ok(erc, duel, "defend", "D", "--ap", "1", "--apply")
    for command in (
        ["attack", "D", "A"],
        ["feint", "D", "A"],
        ["trip", "D", "A"],
        ["grab", "D", "A"],
        ["social", "taunt", "D", "A"],
    ):
        assert refused_records_nothing(erc, duel, *command)["code"] == "defensive", command
    assert ok(erc, duel, "social", "negotiate", "D", "A", "--rolls", "1,1")["action"] == "negotiate"
    ok(erc, duel, "roll-init", "--apply", "--rolls", "1,2")
    assert status_row(erc, duel, "D")["defensive_bonus"] == 0
    ok(erc, duel, "defend", "A", "--ap", "2")
    ok(erc, duel, "grab", "D", "A", "--rolls", "1,1")


BURN = {
    "name": "Burn",
    "school": "fire",
    "ability": "cunning",
    "ap": 2,
    "levels": [{"mp": 1, "bonus": 0}],
}


def test_after_defend_every_offensive_action_is_refused(erc: Any, tmp_path: Path) -> None:
    """EL5.6: "Going on the Defensive requires you to make no offensive actions for that
    round"; offensive: "attack, charge, overrun, disarm, trip, feint, grab and its actions,
    intimidate, taunt, a damaging spell" (and sneak, the attack on an unaware defender)."""
    d = defender(
        ap=20,
        mp=5,
        skills={"dodge": 3, "sword": 1, "hand-to-hand": 1, "intimidate": 1, "taunt": 1},
        weapons=[sword(), FISTS],
        spells=[BURN],
        schools={"fire": 1},
    )
    path = write(tmp_path, ATTACKER, d)
    ok(erc, path, "roll-init", "--rolls", "1,2", "--apply")
    pin = ok(erc, path, "grab", "D", "A", "--no-damage", "--defense", "dodge", "--rolls", "10,1")
    assert pin["outcome"] == "pinned"
    ok(
        erc,
        path,
        "grab",
        "D",
        "A",
        "--no-damage",
        "--defense",
        "dodge",
        "--rolls",
        "10,1",
        "--apply",
    )
    ok(erc, path, "roll-init", "--apply")
    squeeze = ok(erc, path, "grab", "D", "A", "--squeeze", "--rolls", "5,5")
    assert squeeze["action"] == "squeeze"  # the pin holds: only defending stops what follows
    ok(erc, path, "defend", "D", "--ap", "1", "--apply")
    for command in (
        ["attack", "D", "A"],
        ["attack", "D", "A", "--charge", "--move-ft", "5"],
        ["sneak", "D", "A"],
        ["disarm", "D", "A"],
        ["trip", "D", "A"],
        ["trip", "D", "A", "--overrun", "--move-ft", "5"],
        ["feint", "D", "A"],
        ["grab", "D", "A", "--squeeze"],
        ["grab", "D", "A", "--throw"],
        ["grab", "D", "A", "--pry", "sword"],
        ["grab", "D", "A", "--move", "5"],
        ["social", "intimidate", "D", "A"],
        ["social", "taunt", "D", "A"],
        ["cast", "D", "A", "--spell", "Burn", "--level", "1"],
    ):
        assert refused_records_nothing(erc, path, *command)["code"] == "defensive", command
    assert ok(erc, path, "social", "negotiate", "D", "A", "--rolls", "1,1")["action"] == "negotiate"
    assert ok(erc, path, "grab", "D", "A", "--release")["outcome"] == "released"


def test_prone_is_minus_4_to_every_defense_roll(erc: Any, tmp_path: Path) -> None:
    """EL5.7: "the character takes a -4 penalty to any Defense Rolls"; EL Part 3.5: Dodge,
    Parry and spell defence."""
    path = write(tmp_path, ATTACKER, defender(conditions=["prone"], weapons=[sword()]))
    for kind in ("dodge", "parry"):
        result = ok(erc, path, "attack", "A", "D", "--defense", kind, "--rolls", "5,5")
        assert result["opponent"]["parts"]["prone"] == -4, kind


def test_in_a_grab_neither_agility_nor_dodge_and_no_parry_for_both(
    erc: Any, tmp_path: Path
) -> None:
    """EL5.8: "while in a Grab, the attacker and the defender adds neither Agility nor Dodge
    to their defense rolls, nor can they parry", against anyone."""
    grabber = fighter(
        "G",
        abilities={"muscle": 9, "cunning": 9, "agility": 4, "endurance": 1},
        skills={"hand-to-hand": 5, "dodge": 2},
        weapons=[sword()],
    )
    path = write(tmp_path, ATTACKER, defender(weapons=[sword()]), grabber)
    ok(erc, path, "grab", "G", "D", "--rolls", "10,1", "--apply")
    for who, parts in (
        ("D", {"endurance": 2, "armor_bonus": 2}),
        ("G", {"endurance": 1, "armor_bonus": 0}),
    ):
        result = ok(erc, path, "attack", "A", who, "--rolls", "5,5")
        assert result["defense_kind"] == "dodge" and result["opponent"]["parts"] == parts
        assert refused(erc, path, "attack", "A", who, "--defense", "parry")["code"] == (
            "cannot-parry"
        )


def test_charge_pays_move_and_weapon_and_adds_2_damage_on_a_hit(erc: Any, duel: Path) -> None:
    """EL6.1: "you must have enough AP to use your weapon and move the distance"; EL6.2
    "Charging adds +2 to the damage dealt"; no damage, no bonus; EL Part 3.7."""
    hit = ok(erc, duel, "attack", "A", "D", "--charge", "--move-ft", "11", "--rolls", "5,5")
    assert hit["ap"]["cost"] == 3 + 3  # ceil(11 / 5) + the sword's 3
    assert hit["charge"] is True and hit["margin"] == 6 and hit["damage"] == 8
    assert hit["charge_bonus"] == 2 and hit["move_ft"] == 11
    miss = ok(erc, duel, "attack", "A", "D", "--charge", "--move-ft", "5", "--rolls", "1,10")
    assert miss["damage"] == 0 and miss["charge_bonus"] == 0


def test_charge_needs_move_ft_and_move_ft_needs_charge(erc: Any, duel: Path) -> None:
    """EL Part 3.7: "``--charge`` needs ``--move-ft N``"."""
    assert refused(erc, duel, "attack", "A", "D", "--charge")["code"] == "bad-option"
    assert refused(erc, duel, "attack", "A", "D", "--move-ft", "5")["code"] == "bad-option"


def test_charge_bonus_is_not_part_of_the_parry(erc: Any, tmp_path: Path) -> None:
    """EL5.3: parry "may use any attack-related bonuses but not damage related bonuses":
    the charge's +2 is damage; EL Part 3.6: the polearm counter needs a real parry."""
    path = write(tmp_path, ATTACKER, defender(weapons=[sword(polearm=True)]))
    result = ok(
        erc,
        path,
        "attack",
        "A",
        "D",
        "--charge",
        "--move-ft",
        "5",
        "--defense",
        "parry",
        "--rolls",
        "1,10",
    )
    # parry: cunning 3 + sword 1 + endurance 2 + armor 2 + parry_bonus 0, and the die
    assert result["opponent"] == {
        "name": "D",
        "roll": 10,
        "parts": {"cunning": 3, "sword": 1, "endurance": 2, "armor_bonus": 2, "parry_bonus": 0},
        "total": 18,
    }
    assert result["margin"] == 16 - 18 and result["charge_bonus"] == 0


def test_polearm_parry_of_a_charge_deals_minus_the_margin(erc: Any, tmp_path: Path) -> None:
    """EL6.4: "If the parry is successful (i.e. the difference between the Attack Roll and
    Defense Roll is negative) this number is taken from the attacker's Health Points"; EL
    Part 3.6: floored at the attacker's 0 HP; other weapons deal nothing back."""
    pole = defender(weapons=[sword(name="spear", skill="sword", polearm=True, parry_bonus=4)])
    path = write(tmp_path, {**ATTACKER, "hp": 5}, pole)
    args = ("attack", "A", "D", "--charge", "--move-ft", "5", "--defense", "parry")
    result = ok(erc, path, *args, "--rolls", "1,10", "--apply")  # 16 against 10 + 12
    assert result["margin"] == -6 and result["counter_damage"] == 5  # A has 5 HP
    assert result["attacker_hp_after"] == 0 and status_row(erc, path, "A")["hp"] == 0
    plain = write(tmp_path, ATTACKER, defender(weapons=[sword(parry_bonus=4)]))
    assert ok(erc, plain, *args, "--rolls", "1,10")["counter_damage"] == 0
    no_charge = write(tmp_path, ATTACKER, pole)
    unmoved = ok(erc, no_charge, "attack", "A", "D", "--defense", "parry", "--rolls", "1,10")
    assert unmoved["counter_damage"] == 0


def test_default_defense_ignores_tactics(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.6: "The default Dodge or Parry ignores tactics (no parry chosen just to
    counter a charge)"."""
    pole = defender(weapons=[sword(polearm=True, parry_bonus=-5)])
    path = write(tmp_path, ATTACKER, pole)
    result = ok(erc, path, "attack", "A", "D", "--charge", "--move-ft", "5", "--rolls", "1,10")
    assert result["defense_kind"] == "dodge" and result["counter_damage"] == 0


def test_sidestep_reports_a_free_trip_after_dodging_a_charge(erc: Any, tmp_path: Path) -> None:
    """EL6.5: "If a defending character with the Sidestep trump manages to completely dodge
    out of the way of a charge, he or she can make a free trip attempt"; EL Part 3.6:
    ``sidestep_trip: true`` when a charge is dodged for 0 damage."""
    path = write(tmp_path, ATTACKER, defender(trumps=["sidestep"], weapons=[FISTS]))
    args = ("attack", "A", "D", "--charge", "--move-ft", "5", "--defense", "dodge")
    missed = ok(erc, path, *args, "--rolls", "1,10")  # 16 against 19
    assert missed["sidestep_trip"] is True and missed["damage"] == 0
    assert ok(erc, path, *args, "--rolls", "10,1")["sidestep_trip"] is False  # 25 against 10
    parry = ("attack", "A", "D", "--charge", "--move-ft", "5", "--defense", "parry")
    parried = ok(erc, path, *parry, "--rolls", "1,10")
    assert parried["damage"] == 0 and parried["sidestep_trip"] is False  # not a dodge
    plain = write(tmp_path, ATTACKER, defender(weapons=[FISTS]))
    assert ok(erc, plain, *args, "--rolls", "1,10")["sidestep_trip"] is False
    assert refused(erc, plain, "trip", "D", "A", "--sidestep")["code"] == "no-sidestep"


def test_the_sidestep_trip_follows_a_dodged_charge_once(erc: Any, tmp_path: Path) -> None:
    """EL6.5: "If a defending character with the Sidestep trump manages to completely dodge
    out of the way of a charge, he or she can make a free trip attempt against the
    attacker": one free trip (0 AP), against that charger, after a charge applied this
    round that it dodged for 0 damage."""
    third = fighter("C", abilities={"agility": 1})
    path = write(tmp_path, ATTACKER, defender(trumps=["sidestep"], weapons=[FISTS]), third)
    charge = ("attack", "A", "D", "--charge", "--move-ft", "5", "--defense", "dodge")
    ok(erc, path, *charge, "--rolls", "1,10")  # dodged, but not applied: no free trip
    assert refused(erc, path, "trip", "D", "A", "--sidestep")["code"] == "no-sidestep"
    ok(erc, path, *charge, "--rolls", "10,1", "--apply")  # a hit: no free trip
    assert refused(erc, path, "trip", "D", "A", "--sidestep")["code"] == "no-sidestep"
    ok(erc, path, "roll-init", "--rolls", "1,2,3", "--apply")
    ok(erc, path, *charge, "--rolls", "1,10", "--apply")
    assert status_row(erc, path, "D")["sidestep_trips"] == ["A"]
    assert refused(erc, path, "trip", "D", "C", "--sidestep")["code"] == "no-sidestep"
    trip = ok(erc, path, "trip", "D", "A", "--sidestep", "--rolls", "5,5", "--apply")
    assert trip["sidestep"] is True and trip["ap"] == {
        "name": "D",
        "cost": 0,
        "before": 6,
        "after": 6,
    }
    assert status_row(erc, path, "D")["sidestep_trips"] == []
    once = refused_records_nothing(erc, path, "trip", "D", "A", "--sidestep")
    assert once["code"] == "no-sidestep"
    ok(erc, path, "roll-init", "--apply")
    ok(erc, path, *charge, "--rolls", "1,10", "--apply")
    ok(erc, path, "roll-init", "--apply")  # the free trip is for the round of the charge
    assert refused(erc, path, "trip", "D", "A", "--sidestep")["code"] == "no-sidestep"


def test_the_sidestep_note_offers_no_trip_to_a_defender_on_the_defensive(
    erc: Any, tmp_path: Path
) -> None:
    """EL6.5 gives a free trip to a defender with Sidestep that dodged a charge for 0
    damage; EL5.6 forbids one that went on the defensive any offensive action for the rest
    of the round, a trip among them. The charge still reports ``sidestep_trip`` (EL Part
    3.6), but its note no longer tells the GM to run the trip erc then refuses."""
    path = write(tmp_path, ATTACKER, defender(trumps=["sidestep"], weapons=[FISTS]))
    charge = ("attack", "A", "D", "--charge", "--move-ft", "5", "--defense", "dodge")
    ok(erc, path, "defend", "D", "--ap", "2", "--apply")
    dodged = ok(erc, path, *charge, "--rolls", "1,10", "--apply")  # 16 against 19 + 2
    assert dodged["sidestep_trip"] is True and dodged["damage"] == 0
    (note,) = [n for n in dodged["notes"] if "sidesteps" in n]
    assert "may not take its free trip" in note and "EL5.6" in note
    assert "erc trip" not in note
    assert refused(erc, path, "trip", "D", "A", "--sidestep")["code"] == "defensive"
    fresh = write(tmp_path, ATTACKER, defender(trumps=["sidestep"], weapons=[FISTS]))
    (offer,) = [n for n in ok(erc, fresh, *charge, "--rolls", "1,10")["notes"] if "sides" in n]
    assert offer.endswith("erc trip D A --sidestep")


def test_a_pinned_combatant_cannot_charge(erc: Any, tmp_path: Path) -> None:
    """EL10.2: "D cannot move"."""
    grabber = fighter("G", abilities={"muscle": 9, "cunning": 9}, skills={"hand-to-hand": 5})
    path = write(tmp_path, ATTACKER, defender(), grabber)
    ok(erc, path, "grab", "G", "A", "--rolls", "10,1", "--apply")
    error = refused(erc, path, "attack", "A", "D", "--charge", "--move-ft", "5")
    assert error["code"] == "cannot-move"


def test_a_charge_needs_a_run(erc: Any, duel: Path) -> None:
    """EL6.1: "To charge, you must have enough AP to use your weapon and move the distance
    between you and the opponent at full speed"; EL Part 3.7: ``--charge`` needs
    ``--move-ft N``: a run of 0 ft is no charge and earns no +2."""
    error = refused_records_nothing(erc, duel, "attack", "A", "D", "--charge", "--move-ft", "0")
    assert error["code"] == "bad-option" and "--move-ft" in error["message"]
    sneak = refused(erc, duel, "sneak", "A", "D", "--charge", "--move-ft", "0")
    assert sneak["code"] == "bad-option"
    one = ok(erc, duel, "attack", "A", "D", "--charge", "--move-ft", "1", "--rolls", "5,5")
    assert one["ap"]["cost"] == 1 + 3 and one["charge_bonus"] == 2


def test_a_prone_charger_stands_up_first(erc: Any, tmp_path: Path) -> None:
    """EL5.7: prone "until the combatant stands up"; EL Part 3.13: "A prone mover pays
    ``stand_up_ap``"; EL6.1: a charge moves, so a prone charger stands first and is no
    longer prone."""
    path = write(tmp_path, {**ATTACKER, "conditions": ["prone"]}, defender())
    args = ("attack", "A", "D", "--charge", "--move-ft", "5", "--rolls", "5,5")
    charged = ok(erc, path, *args, "--apply")
    assert charged["ap"]["cost"] == 1 + 2 + 3  # 5 ft, stand_up_ap 2, the sword's 3
    assert charged["stand_up"] is True
    assert status_row(erc, path, "A")["conditions"] == []
    short = write(tmp_path, {**ATTACKER, "conditions": ["prone"], "ap": 5}, defender())
    assert refused(erc, short, *args)["code"] == "not-enough-ap"  # 6 needed
    still = write(tmp_path, {**ATTACKER, "conditions": ["prone"]}, defender())
    attack = ok(erc, still, "attack", "A", "D", "--rolls", "5,5", "--apply")
    assert attack["stand_up"] is False and attack["ap"]["cost"] == 3  # no move, no standing
    assert [c["name"] for c in status_row(erc, still, "A")["conditions"]] == ["prone"]


def test_mod_adds_to_the_attack(erc: Any, duel: Path) -> None:
    """EL4.1: "plus ``--mod``"."""
    result = ok(erc, duel, "attack", "A", "D", "--mod", "-3", "--rolls", "5,5")
    assert result["initiator"]["parts"]["mod"] == -3 and result["initiator"]["total"] == 17


def test_attacking_oneself_is_refused(erc: Any, duel: Path) -> None:
    assert refused(erc, duel, "attack", "A", "A")["code"] == "bad-option"
